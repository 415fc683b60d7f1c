import { describe, expect, it } from 'vitest';
import { formatDisplayDate, parseDisplayDate } from './display-date';

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

describe('parseDisplayDate', () => {
  it('reads the display format back, whatever the case and separators', () => {
    for (const text of [
      '25 Nov 2026',
      '25 nov 2026',
      ' 25 NOV 2026 ',
      '25 November 2026',
      '25-Nov-2026',
      '25 Nov. 2026',
    ]) {
      expect(parseDisplayDate(text), text).toBe('2026-11-25');
    }
    expect(parseDisplayDate('5 Sept 2026')).toBe('2026-09-05');
    expect(parseDisplayDate(formatDisplayDate('2024-02-29'))).toBe('2024-02-29');
  });

  it('reads the month first and YYYY-MM-DD', () => {
    expect(parseDisplayDate('Nov 25, 2026')).toBe('2026-11-25');
    expect(parseDisplayDate('November 5 2026')).toBe('2026-11-05');
    expect(parseDisplayDate('2026-11-25')).toBe('2026-11-25');
  });

  it('refuses numbers alone, days that do not exist and anything else', () => {
    for (const text of [
      '11/12/2026',
      '12.11.2026',
      '20261125',
      '30 Feb 2026',
      '2026-02-30',
      '32 Jan 2026',
      '25 No 2026',
      '25 Nov 26',
      '2026 Nov 25',
      'Nov 2026',
      '25 Nov 2026 10:00',
      '',
      'today',
    ]) {
      expect(parseDisplayDate(text), text).toBeNull();
    }
  });
});
