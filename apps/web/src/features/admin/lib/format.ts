import { formatDateTime } from '../../../lib/format';

/** A run's start or end time in the screen's one format; a run still going has no end. */
export function formatRunTime(iso: string | null): string {
  return iso === null ? '—' : formatDateTime(iso);
}
