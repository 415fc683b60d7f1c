import { describe, expect, it } from 'vitest';
import { formatCount, formatDateTime, formatMoney } from './format';

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

describe('formatDateTime', () => {
  it('shows a moment as the day in YYYY-MM-DD and the UTC time', () => {
    expect(formatDateTime('2026-05-01T09:30:12.000Z')).toBe('2026-05-01 09:30 UTC');
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});
