import {
  addDays,
  DATE_RANGE_MESSAGES,
  type DateRange,
  daysBack,
  previousMonth,
  previousWeek,
} from '@publisher/contract';

/**
 * Date presets of the report screens (part 2 §4 "Date presets", part 1 §9). Pure: every function takes `today`
 * as a `YYYY-MM-DD` string, so tests run on a fixed clock; the calendar arithmetic is the contract's calendar's.
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

/** The range a preset stands for, seen from `today`. */
export function presetRange(preset: DatePreset, today: string): DateRange {
  switch (preset) {
    case 'yesterday': {
      const yesterday = addDays(today, -1);
      return { startDate: yesterday, endDate: yesterday };
    }
    case 'lastWeek':
      return previousWeek(today);
    case 'lastMonth':
      return previousMonth(today);
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
