/**
 * Hands a downloaded CSV to the browser under `fileName`. The reports feature has the same helper; features do not
 * import each other (docs/ARCHITECTURE.md), so this screen family keeps its own few lines.
 */
export function saveFile(content: string | Blob, fileName: string): void {
  const blob = typeof content === 'string' ? new Blob([content], { type: 'text/csv;charset=utf-8' }) : content;
  saveBlob(blob, fileName);
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
