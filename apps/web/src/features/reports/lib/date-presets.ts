import { DATE_RANGE_MESSAGES } from '@publisher/contract';

/**
 * Date presets of the report screens (part 2 §4 "Date presets", part 1 §9). Pure: every function takes `today`
 * as a `YYYY-MM-DD` string, so tests run on a fixed clock and the screens decide what "today" is.
 *
 * Arithmetic runs on UTC midnights of calendar dates, so daylight-saving changes never shift a day.
 */

export const DATE_PRESETS = ['yesterday', 'lastWeek', 'lastMonth', 'last7Days', 'last30Days', 'last90Days'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/** The spec's button labels. */
export const DATE_PRESET_LABELS: Readonly<Record<DatePreset, string>> = {
  yesterday: 'Yesterday',
  lastWeek: 'Last week',
  lastMonth: 'Last Month',
  last7Days: 'Last 7 days',
  last30Days: 'Last 30 days',
  last90Days: 'Last 90 days',
};

/** Part 1 §9: the default range is the last 7 days to today. */
export const DEFAULT_DATE_PRESET: DatePreset = 'last7Days';

export interface DateRange {
  startDate: string;
  endDate: string;
}

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseIsoDate(value: string): Date {
  const match = ISO_DATE.exec(value);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${value}`);
  const [, year, month, day] = match;
  return new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
}

function formatUtcDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The local calendar date of `now` as YYYY-MM-DD (what the vendor calls "today"). */
export function toIsoDate(now: Date): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/** `date` moved by `days` (negative goes back). */
export function addDays(date: string, days: number): string {
  return formatUtcDate(new Date(parseIsoDate(date).getTime() + days * DAY_MS));
}

/** Monday = 0 ... Sunday = 6: weeks start on Monday, like the API's weekly aggregation. */
function mondayBasedWeekday(date: string): number {
  return (parseIsoDate(date).getUTCDay() + 6) % 7;
}

function daysBack(today: string, days: number): DateRange {
  return { startDate: addDays(today, -days), endDate: today };
}

/** The range a preset stands for, seen from `today`. */
export function presetRange(preset: DatePreset, today: string): DateRange {
  switch (preset) {
    case 'yesterday': {
      const yesterday = addDays(today, -1);
      return { startDate: yesterday, endDate: yesterday };
    }
    case 'lastWeek': {
      // The previous calendar week, Monday to Sunday.
      const thisMonday = addDays(today, -mondayBasedWeekday(today));
      return { startDate: addDays(thisMonday, -7), endDate: addDays(thisMonday, -1) };
    }
    case 'lastMonth': {
      const current = parseIsoDate(today);
      const firstOfThisMonth = new Date(Date.UTC(current.getUTCFullYear(), current.getUTCMonth(), 1));
      const firstOfLastMonth = new Date(Date.UTC(current.getUTCFullYear(), current.getUTCMonth() - 1, 1));
      return {
        startDate: formatUtcDate(firstOfLastMonth),
        endDate: addDays(formatUtcDate(firstOfThisMonth), -1),
      };
    }
    case 'last7Days':
      return daysBack(today, 7);
    case 'last30Days':
      return daysBack(today, 30);
    case 'last90Days':
      return daysBack(today, 90);
  }
}

export const RANGE_MESSAGES = {
  /** The API's own 400 message for the same rule. */
  startAfterEnd: DATE_RANGE_MESSAGES.startAfterEnd,
  endBeforeStart: 'End Date cannot be before Start Date',
} as const;

export type RangeField = 'startDate' | 'endDate';

/**
 * Part 1 §5: start cannot be after end, end cannot be before start. `changed` says which field the user just
 * edited, so the message names the field that broke the rule. Returns null when the range is acceptable (or not
 * complete yet).
 */
export function rangeError(range: Partial<DateRange>, changed: RangeField = 'startDate'): string | null {
  const { startDate, endDate } = range;
  if (!startDate || !endDate || startDate <= endDate) return null;
  return changed === 'startDate' ? RANGE_MESSAGES.startAfterEnd : RANGE_MESSAGES.endBeforeStart;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((parseIsoDate(to).getTime() - parseIsoDate(from).getTime()) / DAY_MS);
}

/**
 * The period of the same length that ends the day before `range` starts, for "compared with the previous period":
 * 2026-03-11..2026-03-18 (8 days) gives 2026-03-03..2026-03-10.
 */
export function previousRange(range: DateRange): DateRange {
  const length = daysBetween(range.startDate, range.endDate) + 1;
  const endDate = addDays(range.startDate, -1);
  return { startDate: addDays(endDate, -(length - 1)), endDate };
}
