import { describe, expect, it } from 'vitest';
import { DATE_PRESETS, presetRange } from './date-presets';

// Wednesday 18 March 2026.
const TODAY = '2026-03-18';

describe('presetRange', () => {
  it('gives every preset its part 2 §4 range', () => {
    expect(DATE_PRESETS.map((preset) => [preset, presetRange(preset, TODAY)])).toEqual([
      ['yesterday', { startDate: '2026-03-17', endDate: '2026-03-17' }],
      ['lastWeek', { startDate: '2026-03-09', endDate: '2026-03-15' }],
      ['lastMonth', { startDate: '2026-02-01', endDate: '2026-02-28' }],
      ['last7Days', { startDate: '2026-03-11', endDate: '2026-03-18' }],
      ['last30Days', { startDate: '2026-02-16', endDate: '2026-03-18' }],
      ['last90Days', { startDate: '2025-12-18', endDate: '2026-03-18' }],
    ]);
  });

  it('Yesterday is the single previous day, across month and year boundaries', () => {
    expect(presetRange('yesterday', '2026-03-01')).toEqual({ startDate: '2026-02-28', endDate: '2026-02-28' });
    expect(presetRange('yesterday', '2024-03-01')).toEqual({ startDate: '2024-02-29', endDate: '2024-02-29' });
    expect(presetRange('yesterday', '2026-01-01')).toEqual({ startDate: '2025-12-31', endDate: '2025-12-31' });
  });

  it('Last week is the previous Monday-to-Sunday week whatever the weekday', () => {
    // Monday: the week before, not the one starting today.
    expect(presetRange('lastWeek', '2026-03-16')).toEqual({ startDate: '2026-03-09', endDate: '2026-03-15' });
    // Sunday still belongs to the week that started on Monday the 9th.
    expect(presetRange('lastWeek', '2026-03-15')).toEqual({ startDate: '2026-03-02', endDate: '2026-03-08' });
    // Across a year boundary.
    expect(presetRange('lastWeek', '2026-01-02')).toEqual({ startDate: '2025-12-22', endDate: '2025-12-28' });
  });

  it('Last Month is the previous calendar month, whatever its length', () => {
    expect(presetRange('lastMonth', '2026-01-15')).toEqual({ startDate: '2025-12-01', endDate: '2025-12-31' });
    expect(presetRange('lastMonth', '2024-03-31')).toEqual({ startDate: '2024-02-01', endDate: '2024-02-29' });
    expect(presetRange('lastMonth', '2026-05-01')).toEqual({ startDate: '2026-04-01', endDate: '2026-04-30' });
  });

  it('the N-day presets run from N days ago to today, across year boundaries', () => {
    expect(presetRange('last7Days', '2026-01-03')).toEqual({ startDate: '2025-12-27', endDate: '2026-01-03' });
    expect(presetRange('last30Days', '2026-03-01')).toEqual({ startDate: '2026-01-30', endDate: '2026-03-01' });
    expect(presetRange('last90Days', '2026-01-01')).toEqual({ startDate: '2025-10-03', endDate: '2026-01-01' });
  });
});
