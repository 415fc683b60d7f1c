import { CALENDAR_DAY_REGEX, isCalendarDate } from './fields';

/**
 * The one calendar of the workspace: arithmetic on `YYYY-MM-DD` days (the wire's dates), in UTC, shared by the API,
 * the web app and the verifier. Days carry no time zone: each is a count of days since 1970-01-01, so daylight
 * saving never moves one. "Today" is the UTC date everywhere: the API counts report, click and extension days in
 * UTC, and a browser's local today would be tomorrow (with no data) east of UTC in the evening.
 * How a day is shown is the web's display format's business (common/display-date.ts), not this module's.
 */

/** A `YYYY-MM-DD` calendar day. */
export type IsoDate = string;

/** A range of calendar days, both ends included. */
export interface DateRange {
  startDate: IsoDate;
  endDate: IsoDate;
}

/** The periods report rows are summed over: the day itself, its Monday-to-Sunday week, its month. */
export type CalendarPeriod = 'daily' | 'weekly' | 'monthly';

const DAY_MS = 86_400_000;

/** True for a real calendar day written `YYYY-MM-DD` (2026-02-30 is not one). */
export function isIsoDate(value: string): boolean {
  return CALENDAR_DAY_REGEX.test(value) && isCalendarDate(value);
}

/**
 * Days since 1970-01-01. It checks nothing, so it throws nowhere: a range rule may ask about days that failed
 * their own check (common/query.ts). Not a day at all gives NaN, and writing NaN days back throws a RangeError.
 */
function toEpochDay(date: IsoDate): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

function fromEpochDay(day: number): IsoDate {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Today's UTC date: of `now` (an app's clock, a test's instant) or, by default, the real time. */
export function todayUtc(now: Date = new Date()): IsoDate {
  return now.toISOString().slice(0, 10);
}

/** Yesterday's UTC date: the default day of the extension screens and the daily saves (part 2 §9). */
export function yesterdayUtc(now: Date = new Date()): IsoDate {
  return addDays(todayUtc(now), -1);
}

/** `date` moved by `days` (negative goes back). */
export function addDays(date: IsoDate, days: number): IsoDate {
  return fromEpochDay(toEpochDay(date) + days);
}

/** Whole days from `start` to `end` (0 when equal, negative when end is earlier). */
export function daysBetween(start: IsoDate, end: IsoDate): number {
  return toEpochDay(end) - toEpochDay(start);
}

/** Days from start to end, both included. */
export function daysInRange(startDate: IsoDate, endDate: IsoDate): number {
  return daysBetween(startDate, endDate) + 1;
}

/** Days of a range, both ends included. */
export function dayCount(range: DateRange): number {
  return daysInRange(range.startDate, range.endDate);
}

/** Every day from start to end, both included, ascending. */
export function eachDate(start: IsoDate, end: IsoDate): IsoDate[] {
  const dates: IsoDate[] = [];
  for (let day = toEpochDay(start), last = toEpochDay(end); day <= last; day += 1) dates.push(fromEpochDay(day));
  return dates;
}

/** `YYYY-MM` of a day. */
export function monthOf(date: IsoDate): string {
  return date.slice(0, 7);
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekdayOf(date: IsoDate): number {
  return (((toEpochDay(date) + 4) % 7) + 7) % 7;
}

/**
 * The first day of the period holding `date`: the day itself (daily), its Monday (weekly) or the first of its
 * month (monthly). Periods are named by their first day even when a requested range starts later.
 */
export function periodStart(date: IsoDate, period: CalendarPeriod): IsoDate {
  if (period === 'daily') return date;
  if (period === 'monthly') return `${monthOf(date)}-01`;
  return addDays(date, -((weekdayOf(date) + 6) % 7));
}

/** From `days` days before `endDate` to `endDate` (the report presets' "Last 7 days" is today-7 to today). */
export function daysBack(endDate: IsoDate, days: number): DateRange {
  return { startDate: addDays(endDate, -days), endDate };
}

/** The calendar week before the one holding `date`, Monday to Sunday, like the API's weekly rows. */
export function previousWeek(date: IsoDate): DateRange {
  const monday = periodStart(date, 'weekly');
  return { startDate: addDays(monday, -7), endDate: addDays(monday, -1) };
}

/** The calendar month before the one holding `date`. */
export function previousMonth(date: IsoDate): DateRange {
  const endDate = addDays(periodStart(date, 'monthly'), -1);
  return { startDate: periodStart(endDate, 'monthly'), endDate };
}

/**
 * The period of the same length that ends the day before `range` starts, for "compared with the previous period":
 * 2026-03-11..2026-03-18 (8 days) gives 2026-03-03..2026-03-10.
 */
export function previousRange(range: DateRange): DateRange {
  const endDate = addDays(range.startDate, -1);
  return { startDate: addDays(endDate, -(dayCount(range) - 1)), endDate };
}
