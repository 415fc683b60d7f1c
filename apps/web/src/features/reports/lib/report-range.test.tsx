import { DATE_RANGE_MESSAGES } from '@publisher/contract';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CHOOSE_BOTH_DATES } from '../../../lib/date-range-form';
import { RANGE_MESSAGES } from './date-presets';
import { reportRangeFormSchema, useReportRange } from './report-range';

const TODAY = '2026-03-18';

const issuesOf = (startDate: string, endDate: string) => {
  const result = reportRangeFormSchema.safeParse({ startDate, endDate });
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('reportRangeFormSchema', () => {
  it("takes the contract's range rules in the report screens' words", () => {
    expect(issuesOf('2026-03-01', '2026-03-18')).toEqual([]);
    expect(issuesOf('', '2026-03-18')).toEqual([['startDate', CHOOSE_BOTH_DATES]]);
    expect(issuesOf('2026-03-19', '2026-03-18')).toEqual([
      ['startDate', DATE_RANGE_MESSAGES.startAfterEnd],
      ['endDate', RANGE_MESSAGES.endBeforeStart],
    ]);
    expect(issuesOf('2000-01-01', '2026-03-18')).toEqual([['endDate', DATE_RANGE_MESSAGES.rangeTooLong]]);
  });
});

describe('useReportRange', () => {
  it('starts on Last 7 days, in the form and in the range to load', () => {
    const { result } = renderHook(() => useReportRange(TODAY));
    expect(result.current.preset).toBe('last7Days');
    expect(result.current.applied).toEqual({ startDate: '2026-03-11', endDate: '2026-03-18' });
    expect(result.current.form.getValues()).toEqual(result.current.applied);
  });

  it('a preset sets both dates and the range to load', () => {
    const { result } = renderHook(() => useReportRange(TODAY));
    act(() => result.current.selectPreset('lastMonth'));
    expect(result.current.preset).toBe('lastMonth');
    expect(result.current.applied).toEqual({ startDate: '2026-02-01', endDate: '2026-02-28' });
    expect(result.current.form.getValues()).toEqual(result.current.applied);
  });

  it('an edit lets go of the preset; a valid range is loaded, the same range again changes nothing', () => {
    const { result } = renderHook(() => useReportRange(TODAY));
    act(() => result.current.clearPreset());
    expect(result.current.preset).toBeNull();
    const before = result.current.applied;
    act(() => result.current.apply({ ...before }));
    expect(result.current.applied).toBe(before);
    act(() => result.current.apply({ startDate: '2026-03-01', endDate: '2026-03-18' }));
    expect(result.current.applied).toEqual({ startDate: '2026-03-01', endDate: '2026-03-18' });
  });

  it('Clear all goes back to the last 7 days and drops the messages', async () => {
    const { result } = renderHook(() => useReportRange(TODAY, 'yesterday'));
    act(() => result.current.form.setValue('startDate', '2026-03-20'));
    await act(() => result.current.form.trigger('startDate'));
    expect(result.current.form.getFieldState('startDate').error?.message).toBe(DATE_RANGE_MESSAGES.startAfterEnd);
    act(() => result.current.reset());
    expect(result.current.preset).toBe('last7Days');
    expect(result.current.applied).toEqual({ startDate: '2026-03-11', endDate: '2026-03-18' });
    expect(result.current.form.getValues()).toEqual(result.current.applied);
    expect(result.current.form.getFieldState('startDate').error).toBeUndefined();
  });
});
