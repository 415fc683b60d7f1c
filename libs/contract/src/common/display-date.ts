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

const FULL_MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;

/** The month a word names, 1-12: a full English month name or its first three letters or more ('Sept'). */
function monthOf(word: string): number | null {
  if (word.length < 3) return null;
  const index = FULL_MONTHS.findIndex((name) => name.startsWith(word));
  return index === -1 ? null : index + 1;
}

/**
 * The inverse of formatDisplayDate, for what people type into a date field: the display format ('25 Nov 2026',
 * '25 November 2026', any case, with commas, dots or dashes between the parts), the month first ('Nov 25, 2026')
 * and YYYY-MM-DD. Answers the YYYY-MM-DD day, or null for anything else: all-number forms such as 11/12/2026 are
 * refused because they read differently in different countries, and so is a day that does not exist
 * ('30 Feb 2026').
 */
export function parseDisplayDate(text: string): string | null {
  const trimmed = text.trim();
  if (ISO_DAY.test(trimmed)) return isCalendarDate(trimmed) ? trimmed : null;
  const parts = trimmed
    .toLowerCase()
    .split(/[\s,.\-/]+/)
    .filter((part) => part !== '');
  if (parts.length !== 3) return null;
  const monthIndex = parts.findIndex((part) => /^[a-z]+$/.test(part));
  const month = monthIndex === -1 ? null : monthOf(parts[monthIndex] ?? '');
  const numbers = parts.filter((_, index) => index !== monthIndex);
  const year = numbers.find((part) => /^\d{4}$/.test(part));
  const day = numbers.find((part) => /^\d{1,2}$/.test(part));
  // The year is the last part whichever order the day and month come in.
  if (month === null || year === undefined || day === undefined || parts[2] !== year) return null;
  const iso = `${year}-${String(month).padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isCalendarDate(iso) ? iso : null;
}
