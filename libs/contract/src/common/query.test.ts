import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clickDashboardQuerySchema, feedListQuerySchema, mediaNetReportBodySchema } from '../feeds/feeds.schema';
import { extensionRangeSchema } from '../extension/extension.schema';
import { reportRangeBodySchema } from '../reports/reports.schema';
import { DATE_RANGE_MESSAGES, MAX_DATE_RANGE_DAYS, rangeTooLongMessage, withDateRange } from './query';

const issuesOf = (schema: z.ZodTypeAny, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('withDateRange', () => {
  const schema = withDateRange(z.object({ from: z.string().optional(), to: z.string().optional() }), {
    startField: 'from',
    endField: 'to',
    maxDays: 7,
  });

  it('takes a range of at most maxDays days, both ends counted, and a range with an end missing', () => {
    expect(issuesOf(schema, { from: '2026-03-01', to: '2026-03-07' })).toEqual([]);
    expect(issuesOf(schema, { from: '2026-03-01', to: '2026-03-01' })).toEqual([]);
    expect(issuesOf(schema, { from: '2026-03-01' })).toEqual([]);
  });

  it('names the start when it is after the end, and the end when the range is too long', () => {
    expect(issuesOf(schema, { from: '2026-03-02', to: '2026-03-01' })).toEqual([
      ['from', DATE_RANGE_MESSAGES.startAfterEnd],
    ]);
    expect(issuesOf(schema, { from: '2026-03-01', to: '2026-03-08' })).toEqual([['to', rangeTooLongMessage(7)]]);
  });

  it('states its rule in the description the OpenAPI document carries', () => {
    expect(schema.description).toBe(
      'from and to name a range of calendar days, both included: from on or before to, and at most 7 days long ' +
        '(HTTP 400 otherwise).',
    );
  });

  it('is the rule of every call with a start and an end day, each with its own length and words', () => {
    const day = (offset: number) => new Date(Date.UTC(2026, 0, 1 + offset)).toISOString().slice(0, 10);
    const cases: [z.ZodTypeAny, (from: string, to: string) => object, number, string, string][] = [
      [
        reportRangeBodySchema,
        (startDate, endDate) => ({ startDate, endDate }),
        MAX_DATE_RANGE_DAYS,
        'startDate',
        'Start Date cannot be after End Date',
      ],
      [
        clickDashboardQuerySchema,
        (startDate, endDate) => ({ startDate, endDate }),
        92,
        'startDate',
        'Start Date cannot be after End Date',
      ],
      [
        feedListQuerySchema,
        (startDate, endDate) => ({ startDate, endDate }),
        92,
        'startDate',
        'startDate cannot be after endDate',
      ],
      [
        mediaNetReportBodySchema,
        (start_date, end_date) => ({ start_date, end_date }),
        92,
        'start_date',
        'start_date cannot be after end_date',
      ],
      [
        extensionRangeSchema,
        (startDate, endDate) => ({ startDate, endDate }),
        31,
        'startDate',
        'Start Date cannot be after End Date',
      ],
    ];
    for (const [schema, range, maxDays, startField, reversed] of cases) {
      expect(issuesOf(schema, range(day(0), day(maxDays - 1)))).toEqual([]);
      expect(issuesOf(schema, range(day(0), day(maxDays)))).toEqual([
        [expect.any(String), rangeTooLongMessage(maxDays)],
      ]);
      expect(issuesOf(schema, range(day(1), day(0)))).toEqual([[startField, reversed]]);
    }
  });
});
