import type { Aggregation } from '@publisher/contract';

/** Calendar arithmetic on `YYYY-MM-DD` strings, all in UTC: report dates carry no time zone. */

const DAY_MS = 86_400_000;

function toEpochDay(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

function fromEpochDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Today's date in UTC: of `now`, an app's clock (shared/clock.ts) or, by default, the real time. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return fromEpochDay(toEpochDay(date) + days);
}

/** Whole days from `start` to `end` (0 when equal, negative when end is earlier). */
export function daysBetween(start: string, end: string): number {
  return toEpochDay(end) - toEpochDay(start);
}

/** Every date from start to end, both included, ascending. */
export function eachDate(start: string, end: string): string[] {
  const dates: string[] = [];
  for (let day = toEpochDay(start), last = toEpochDay(end); day <= last; day += 1) dates.push(fromEpochDay(day));
  return dates;
}

/** `YYYY-MM` of a date. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/**
 * The first day of the period holding `date`: the date itself (daily), its Monday (weekly) or the first of
 * its month (monthly). Periods are named by their first day even when the requested range starts later.
 */
export function periodStart(date: string, aggregation: Aggregation): string {
  if (aggregation === 'daily') return date;
  if (aggregation === 'monthly') return `${monthOf(date)}-01`;
  const sinceMonday = (weekdayOf(date) + 6) % 7;
  return addDays(date, -sinceMonday);
}
