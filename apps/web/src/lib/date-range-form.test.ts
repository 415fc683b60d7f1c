import { DATE_RANGE_MESSAGES } from '@publisher/contract';
import { describe, expect, it } from 'vitest';
import { CHOOSE_BOTH_DATES, dateRangeFormSchema, UNREADABLE_DATE } from './date-range-form';

const issuesOf = (schema: ReturnType<typeof dateRangeFormSchema>, startDate: string, endDate: string) => {
  const result = schema.safeParse({ startDate, endDate });
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('dateRangeFormSchema', () => {
  const schema = dateRangeFormSchema({ maxDays: 7, endBeforeStartMessage: 'End Date cannot be before Start Date' });

  it('takes an ordered range within the limit, both ends counted', () => {
    expect(issuesOf(schema, '2026-03-01', '2026-03-07')).toEqual([]);
    expect(issuesOf(schema, '2026-03-01', '2026-03-01')).toEqual([]);
  });

  it('names an empty date alone, without a range message', () => {
    expect(issuesOf(schema, '2026-03-01', '')).toEqual([['endDate', CHOOSE_BOTH_DATES]]);
  });

  it('refuses text that is not a real day, saying how to write one', () => {
    expect(issuesOf(schema, '2026-02-30', '2026-03-01')).toEqual([['startDate', UNREADABLE_DATE]]);
    expect(issuesOf(schema, '2026-03-01', 'tomorrow')).toEqual([['endDate', UNREADABLE_DATE]]);
  });

  it('puts a start after the end on both fields, each in its own words', () => {
    expect(issuesOf(schema, '2026-03-05', '2026-03-01')).toEqual([
      ['startDate', DATE_RANGE_MESSAGES.startAfterEnd],
      ['endDate', 'End Date cannot be before Start Date'],
    ]);
  });

  it('refuses a range longer than the limit on the end date', () => {
    expect(issuesOf(schema, '2026-03-01', '2026-03-08')).toEqual([['endDate', 'The date range can be at most 7 days']]);
  });
});
