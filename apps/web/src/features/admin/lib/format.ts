const pad = (value: number) => String(value).padStart(2, '0');

/**
 * Part 2 §2 "Created Date (DD/MM/YYYY h:mm A)", in the viewer's time zone: `05/01/2026 9:30 AM`. An unreadable
 * value is shown as it came rather than as "Invalid Date".
 */
export function formatCreatedDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const hours = date.getHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  const meridiem = hours < 12 ? 'AM' : 'PM';
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${hour12}:${pad(date.getMinutes())} ${meridiem}`;
}

/** A run's start or end time in the same format; a run still going has no end. */
export function formatRunTime(iso: string | null): string {
  return iso === null ? '—' : formatCreatedDate(iso);
}
