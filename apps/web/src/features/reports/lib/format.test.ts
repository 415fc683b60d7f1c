import { describe, expect, it } from 'vitest';
import { reportMoney } from './format';

describe('reportMoney', () => {
  it('rounds report 1 money to 6 decimals and report 2 money to 7, with sign and grouping', () => {
    expect(reportMoney('report1')(0.123456789)).toBe('$0.123457');
    expect(reportMoney('report2')(0.123456789)).toBe('$0.1234568');
    expect(reportMoney('report1')(36993.49)).toBe('$36,993.490000');
    expect(reportMoney('report2')(0)).toBe('$0.0000000');
    expect(reportMoney('report2', 'EUR')(1234.5)).toBe('€1,234.5000000');
  });
});
