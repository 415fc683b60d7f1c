import { isCalendarDate } from './fields';

/** Short English month names, January first: the months of the one display format. */
export const DISPLAY_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The project's one display format for a day, for screens and for the API's human sentences alike:
 * formatDisplayDate('2026-11-25') === '25 Nov 2026'. It cannot be read the wrong way round as 11/25 and 25/11 can.
 * Machine-readable fields and CSV files keep YYYY-MM-DD; a value that is not a real YYYY-MM-DD day is returned as
 * it came rather than as a made-up date.
 */
export function formatDisplayDate(isoDay: string): string {
  const match = ISO_DAY.exec(isoDay);
  if (!match || !isCalendarDate(isoDay)) return isoDay;
  return `${Number(match[3])} ${DISPLAY_MONTHS[Number(match[2]) - 1] ?? ''} ${match[1] ?? ''}`;
}
