import { describe, expect, it } from 'vitest';
import { formatDisplayDate } from './display-date';

describe('formatDisplayDate', () => {
  it('writes day, short month name and year, the day without a leading zero', () => {
    expect(formatDisplayDate('2026-11-25')).toBe('25 Nov 2026');
    expect(formatDisplayDate('2026-01-05')).toBe('5 Jan 2026');
    expect(formatDisplayDate('2024-02-29')).toBe('29 Feb 2024');
    expect(formatDisplayDate('1999-12-31')).toBe('31 Dec 1999');
  });

  it('gives back what is not a real YYYY-MM-DD day as it came', () => {
    for (const value of ['2026-02-30', '2026-13-01', '2026-00-10', '20261125', '2026-11-25T10:00:00Z', '', 'today']) {
      expect(formatDisplayDate(value)).toBe(value);
    }
  });
});
