import { formatDateTime } from '../../../lib/format';

/**
 * Part 2 §2's "Created Date" of the API logs, in the screen's one date format (lib/format.ts): the spec's
 * "DD/MM/YYYY h:mm A" reads differently from every other date on screen. An unreadable value is shown as it came.
 */
export function formatCreatedDate(iso: string): string {
  return Number.isNaN(new Date(iso).getTime()) ? iso : formatDateTime(iso);
}

/** A run's start or end time in the screen's one format; a run still going has no end. */
export function formatRunTime(iso: string | null): string {
  return iso === null ? '—' : formatDateTime(iso);
}
