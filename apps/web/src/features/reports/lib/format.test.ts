import { describe, expect, it } from 'vitest';
import { formatCount, formatCurrency } from '../../../lib/format';
import { formatMoney, formatPercent } from './format';

describe('formatMoney', () => {
  it('rounds report 1 money to 6 decimals and report 2 money to 7, for display only', () => {
    expect(formatMoney(0.123456789, 'report1')).toBe('0.123457');
    expect(formatMoney(0.123456789, 'report2')).toBe('0.1234568');
    expect(formatMoney(1234.5, 'report1')).toBe('1234.500000');
    expect(formatMoney(0, 'report2')).toBe('0.0000000');
  });
});

describe('other figures', () => {
  it('formats counts, percentages and order amounts', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatPercent(2.5)).toBe('2.50%');
    expect(formatCurrency(1234.5)).toBe('$1,234.50');
  });
});
