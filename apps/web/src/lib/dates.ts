import { CALENDAR_DAY_REGEX } from '@publisher/contract';
import {
  addDays as addCalendarDays,
  differenceInCalendarDays,
  endOfMonth,
  formatISO,
  isValid,
  parseISO,
  startOfISOWeek,
  startOfMonth,
  subMonths,
} from 'date-fns';

/**
 * The one place that knows calendar dates (date-fns underneath). Dates are `YYYY-MM-DD` strings, the contract's
 * wire format, and carry no time zone: they are read as local midnights and written back the same way, so the
 * arithmetic is plain calendar arithmetic and daylight-saving changes never shift a day.
 *
 * "Today" is the UTC date, everywhere: the API counts report, click and extension days in UTC
 * (apps/api/src/reports/report-dates.ts), and its "today" bounds what a range may ask for. A local today would be
 * tomorrow's date (with no data) east of UTC in the evening, and would disagree with the API's own default ranges.
 * How a date is shown is lib/format.ts's business, not this module's.
 */

/** A `YYYY-MM-DD` calendar date. */
export type IsoDate = string;

/** A range of calendar dates, both ends included. */
export interface DateRange {
  startDate: IsoDate;
  endDate: IsoDate;
}

/** True for a real calendar date written `YYYY-MM-DD` (2026-02-30 is not one). */
export function isIsoDate(value: string): boolean {
  // parseISO reads a date-only string as local midnight (what toIsoDate writes back) and refuses 2026-02-30.
  // parseISO also takes weeks, ordinal days and times: the wire format (the contract's) is the calendar date alone.
  return CALENDAR_DAY_REGEX.test(value) && isValid(parseISO(value));
}

function toDate(date: IsoDate): Date {
  if (!isIsoDate(date)) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return parseISO(date);
}

// formatISO, not format: the same local calendar date without format's locale tables in the bundle.
function toIsoDate(date: Date): IsoDate {
  return formatISO(date, { representation: 'date' });
}

/** Today's UTC date (see above why UTC). */
export function todayUtc(now: Date = new Date()): IsoDate {
  return now.toISOString().slice(0, 10);
}

/** Yesterday's UTC date: the default day of the extension screens and the daily saves (part 2 §9). */
export function yesterdayUtc(now: Date = new Date()): IsoDate {
  return addDays(todayUtc(now), -1);
}

/** `date` moved by `days` (negative goes back). */
export function addDays(date: IsoDate, days: number): IsoDate {
  return toIsoDate(addCalendarDays(toDate(date), days));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return differenceInCalendarDays(toDate(to), toDate(from));
}

/** Days from start to end, both included. */
export function dayCount(range: DateRange): number {
  return daysBetween(range.startDate, range.endDate) + 1;
}

/** From `days` days before `endDate` to `endDate` (the report presets' "Last 7 days" is today-7 to today). */
export function daysBack(endDate: IsoDate, days: number): DateRange {
  return { startDate: addDays(endDate, -days), endDate };
}

/** The calendar week before the one holding `date`, Monday to Sunday, like the API's weekly rows. */
export function previousWeek(date: IsoDate): DateRange {
  const monday = startOfISOWeek(toDate(date));
  return { startDate: toIsoDate(addCalendarDays(monday, -7)), endDate: toIsoDate(addCalendarDays(monday, -1)) };
}

/** The calendar month before the one holding `date`. */
export function previousMonth(date: IsoDate): DateRange {
  const lastMonth = subMonths(toDate(date), 1);
  return { startDate: toIsoDate(startOfMonth(lastMonth)), endDate: toIsoDate(endOfMonth(lastMonth)) };
}

/**
 * The period of the same length that ends the day before `range` starts, for "compared with the previous period":
 * 2026-03-11..2026-03-18 (8 days) gives 2026-03-03..2026-03-10.
 */
export function previousRange(range: DateRange): DateRange {
  const endDate = addDays(range.startDate, -1);
  return { startDate: addDays(endDate, -(dayCount(range) - 1)), endDate };
}
