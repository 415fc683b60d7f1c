const pad = (value: number) => String(value).padStart(2, '0');

/**
 * Part 2 §2's "DD/MM/YYYY h:mm A" for the Created Date of the Vendors List and the API access logs and the run
 * times beside them, read in UTC and saying so ("29/11/2026 9:07 AM UTC"): the server's instants are UTC and the
 * admin reads vendors from every time zone. An unreadable value is shown as it came.
 */
export function formatSpecDateTime(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const moment = new Date(time);
  const hours = moment.getUTCHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  const date = `${pad(moment.getUTCDate())}/${pad(moment.getUTCMonth() + 1)}/${String(moment.getUTCFullYear())}`;
  return `${date} ${String(hour12)}:${pad(moment.getUTCMinutes())} ${hours < 12 ? 'AM' : 'PM'} UTC`;
}

/** The Created Date of the API logs and the Vendors List (part 2 §2). */
export function formatCreatedDate(iso: string): string {
  return formatSpecDateTime(iso);
}

/** A run's start or end time, in the table's one format; a run still going has no end. */
export function formatRunTime(iso: string | null): string {
  return iso === null ? '—' : formatSpecDateTime(iso);
}
