/**
 * Hands a downloaded file to the browser under `fileName` (the spec's CSV names). The object URL is revoked on
 * the next tick, after the click has started the save.
 */
export function saveFile(content: string | Blob, fileName: string, type = 'text/csv;charset=utf-8'): void {
  saveBlob(typeof content === 'string' ? new Blob([content], { type }) : content, fileName);
}

/** Starts the browser's save of a blob; the object URL is revoked on the next tick, after the click started it. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
