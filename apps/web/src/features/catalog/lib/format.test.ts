import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney } from '../../../lib/format';
import { countryName, formatCommission, formatProductTotal } from './format';

describe('formatProductTotal', () => {
  it("shows exactly 10000 as 'Many'", () => {
    expect(formatProductTotal(10_000)).toBe('Many');
  });

  it('shows any other total as a number', () => {
    expect(formatProductTotal(9_999)).toBe('9,999');
    expect(formatProductTotal(0)).toBe('0');
    expect(formatProductTotal(20)).toBe('20');
  });
});

describe('display formats', () => {
  it('formats prices, days, countries and commissions', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    // A coupon's GMT instant shows as its UTC calendar day.
    expect(formatDate('2026-05-01T00:00:00.000Z')).toBe('1 May 2026');
    expect(countryName('gb')).toBe('United Kingdom');
    expect(countryName('xx')).toBe('XX');
    expect(formatCommission(8, 'PERCENTAGE')).toBe('8%');
    expect(formatCommission(5, 'FLAT')).toBe('$5.00');
  });
});
