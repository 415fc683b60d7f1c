import { describe, expect, it } from 'vitest';
import { RANGE_MESSAGES } from './date-presets';
import { initialReportRange, reportRangeReducer } from './report-range';

const TODAY = '2026-03-18';

describe('reportRangeReducer', () => {
  it('starts on Last 7 days', () => {
    expect(initialReportRange(TODAY)).toEqual({
      preset: 'last7Days',
      draft: { startDate: '2026-03-11', endDate: '2026-03-18' },
      applied: { startDate: '2026-03-11', endDate: '2026-03-18' },
      error: null,
    });
  });

  it('a preset sets both dates and the range to load', () => {
    const state = reportRangeReducer(initialReportRange(TODAY), { type: 'preset', preset: 'lastMonth', today: TODAY });
    expect(state.preset).toBe('lastMonth');
    expect(state.applied).toEqual({ startDate: '2026-02-01', endDate: '2026-02-28' });
    expect(state.draft).toEqual(state.applied);
  });

  it('a custom date clears the preset and reloads once both dates are set', () => {
    const start = initialReportRange(TODAY);
    const cleared = reportRangeReducer(start, { type: 'edit', field: 'startDate', value: '' });
    expect(cleared.preset).toBeNull();
    // Only one date set: nothing to reload.
    expect(cleared.applied).toBe(start.applied);

    const picked = reportRangeReducer(cleared, { type: 'edit', field: 'startDate', value: '2026-03-01' });
    expect(picked.preset).toBeNull();
    expect(picked.applied).toEqual({ startDate: '2026-03-01', endDate: '2026-03-18' });
  });

  it('refuses a start after the end: the message shows and the loaded range stays', () => {
    const start = initialReportRange(TODAY);
    const refused = reportRangeReducer(start, { type: 'edit', field: 'startDate', value: '2026-03-20' });
    expect(refused.error).toBe(RANGE_MESSAGES.startAfterEnd);
    expect(refused.applied).toBe(start.applied);

    const endRefused = reportRangeReducer(start, { type: 'edit', field: 'endDate', value: '2026-03-01' });
    expect(endRefused.error).toBe(RANGE_MESSAGES.endBeforeStart);
    expect(endRefused.applied).toBe(start.applied);

    const fixed = reportRangeReducer(refused, { type: 'edit', field: 'endDate', value: '2026-03-25' });
    expect(fixed.error).toBeNull();
    expect(fixed.applied).toEqual({ startDate: '2026-03-20', endDate: '2026-03-25' });
  });

  it('Clear all goes back to the last 7 days', () => {
    const custom = reportRangeReducer(initialReportRange(TODAY), {
      type: 'edit',
      field: 'startDate',
      value: '2026-01-01',
    });
    expect(reportRangeReducer(custom, { type: 'reset', today: TODAY })).toEqual(initialReportRange(TODAY));
  });
});
