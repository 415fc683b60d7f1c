import { addDays, formatDisplayDate } from '@publisher/contract';
import { format, parseISO } from 'date-fns';
import { describe, expect, it } from 'vitest';
import {
  formatClickThroughRate,
  formatCount,
  formatDate,
  formatDateRange,
  formatDateTime,
  formatDayMonth,
  formatMoney,
  formatPercent,
  formatPercentChange,
  formatScore,
  formatShortPercent,
} from './format';

describe('formatMoney', () => {
  it('shows dollars and cents with a sign and thousands separators by default', () => {
    expect(formatMoney(36993.49)).toBe('$36,993.49');
    expect(formatMoney(140844.94)).toBe('$140,844.94');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(0.905)).toBe('$0.91');
  });

  it("keeps a report's decimals, padding with zeros", () => {
    expect(formatMoney(18512.530557, { decimals: 6 })).toBe('$18,512.530557');
    expect(formatMoney(0.123456789, { decimals: 7 })).toBe('$0.1234568');
    expect(formatMoney(5, { decimals: 6 })).toBe('$5.000000');
  });

  it('shows euros with the euro sign and a loss with a minus', () => {
    expect(formatMoney(1234.5, { currency: 'EUR' })).toBe('€1,234.50');
    expect(formatMoney(-12.3)).toBe('-$12.30');
  });
});

describe('formatCount', () => {
  it('groups whole numbers', () => {
    expect(formatCount(38444)).toBe('38,444');
  });
});

describe('formatDate', () => {
  it('shows a day as day, short month and year, whichever way the API writes it', () => {
    expect(formatDate('2026-11-26')).toBe('26 Nov 2026');
    expect(formatDate('2026-01-05')).toBe('5 Jan 2026');
    expect(formatDate('20240510')).toBe('10 May 2024');
    expect(formatDate('2026-09-30T23:59:59.000Z')).toBe('30 Sep 2026');
  });

  it('shows an unreadable value as it came', () => {
    expect(formatDate('not a date')).toBe('not a date');
    expect(formatDate('2026-13-01')).toBe('2026-13-01');
    expect(formatDate('2026-02-30')).toBe('2026-02-30');
    expect(formatDate('')).toBe('');
  });

  it("writes every day as the API's sentences do, and as date-fns writes 'd MMM yyyy', 2019 to 2032", () => {
    const mismatches: string[] = [];
    for (let day = '2019-01-01'; day <= '2032-12-31'; day = addDays(day, 1)) {
      const shown = formatDate(day);
      const expected = format(parseISO(day), 'd MMM yyyy');
      if (shown !== formatDisplayDate(day) || shown !== expected) mismatches.push(`${day}: ${shown} ≠ ${expected}`);
    }
    expect(mismatches).toEqual([]);
  });
});

describe('formatDayMonth and formatDateRange', () => {
  it('name the month and join a range with a dash, one day alone', () => {
    expect(formatDayMonth(9, 3)).toBe('9 Mar');
    expect(formatDayMonth(9, 13)).toBe('9/13');
    expect(formatDateRange('2026-11-20', '2026-11-26')).toBe('20 Nov 2026 – 26 Nov 2026');
    expect(formatDateRange('2026-11-26', '2026-11-26')).toBe('26 Nov 2026');
  });
});

describe('formatDateTime', () => {
  it('shows a moment as the date in the one format and the UTC time', () => {
    expect(formatDateTime('2026-05-01T09:30:12.000Z')).toBe('1 May 2026, 09:30 UTC');
    expect(formatDateTime('2026-05-01T23:05:00.000-02:00')).toBe('2 May 2026, 01:05 UTC');
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});

describe('percentages and ratios', () => {
  it("shows a report's rate with 2 decimals, so a column of them lines up", () => {
    expect(formatPercent(2.5)).toBe('2.50%');
    expect(formatPercent(1234.5)).toBe('1,234.50%');
  });

  it('shows a rate someone set without trailing zeros', () => {
    expect(formatShortPercent(8)).toBe('8%');
    expect(formatShortPercent(3.14159)).toBe('3.14%');
  });

  it('signs a change between periods, one decimal', () => {
    expect(formatPercentChange(0.125)).toBe('+12.5%');
    expect(formatPercentChange(-0.5)).toBe('-50.0%');
    expect(formatPercentChange(0)).toBe('0.0%');
  });

  it('shows a click-through rate with 2 to 4 decimals and a score with one', () => {
    expect(formatClickThroughRate(1.5)).toBe('1.50');
    expect(formatClickThroughRate(0.123456)).toBe('0.1235');
    expect(formatScore(7)).toBe('7.0');
  });
});
