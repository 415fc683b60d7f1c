import { describe, expect, it } from 'vitest';
import { describePeriod } from './periods';

// Wednesday 18 March 2026 back to Thursday 12 March: the first week (Monday 9 March) is covered from Thursday on.
const RANGE = { startDate: '2026-03-12', endDate: '2026-03-18' };

describe('describePeriod', () => {
  it('names a week by its Monday and says how many of its days a range covers at either end', () => {
    expect(describePeriod('2026-03-09', 'weekly', RANGE)).toEqual({
      name: 'week of 9 Mar 2026',
      partial: 'partial: 4 of 7 days',
      label: 'week of 9 Mar 2026 (partial: 4 of 7 days)',
    });
    expect(describePeriod('2026-03-16', 'weekly', RANGE).label).toBe('week of 16 Mar 2026 (partial: 3 of 7 days)');
    expect(describePeriod('2026-03-02', 'weekly', { startDate: '2026-03-02', endDate: '2026-03-15' })).toEqual({
      name: 'week of 2 Mar 2026',
      partial: null,
      label: 'week of 2 Mar 2026',
    });
  });

  it('reads a first period named by the range start (as the API names it) as the week or month around it', () => {
    // The API's first weekly row of a range from Thursday 12 March is dated 2026-03-12, not its Monday.
    expect(describePeriod('2026-03-12', 'weekly', RANGE).label).toBe('week of 9 Mar 2026 (partial: 4 of 7 days)');
    expect(describePeriod('2026-02-10', 'monthly', { startDate: '2026-02-10', endDate: '2026-03-31' }).label).toBe(
      'Feb 2026 (partial: 19 of 28 days)',
    );
  });

  it('names a month and counts its own length (February, a leap year)', () => {
    expect(describePeriod('2026-02-01', 'monthly', { startDate: '2026-02-10', endDate: '2026-03-31' }).label).toBe(
      'Feb 2026 (partial: 19 of 28 days)',
    );
    expect(describePeriod('2028-02-01', 'monthly', { startDate: '2028-01-01', endDate: '2028-02-10' }).label).toBe(
      'Feb 2028 (partial: 10 of 29 days)',
    );
    expect(describePeriod('2026-03-01', 'monthly', { startDate: '2026-02-10', endDate: '2026-03-31' }).partial).toBe(
      null,
    );
  });

  it('leaves a day a day', () => {
    expect(describePeriod('2026-03-12', 'daily', RANGE)).toEqual({
      name: '12 Mar 2026',
      partial: null,
      label: '12 Mar 2026',
    });
  });
});
