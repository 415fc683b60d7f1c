import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, eachDate, periodStart, todayUtc } from './report-dates';

describe('report dates', () => {
  it('names weekly periods by their Monday and monthly ones by their first day', () => {
    expect(periodStart('2025-03-05', 'daily')).toBe('2025-03-05');
    expect(periodStart('2025-03-05', 'weekly')).toBe('2025-03-03');
    expect(periodStart('2025-03-03', 'weekly')).toBe('2025-03-03');
    expect(periodStart('2025-03-09', 'weekly')).toBe('2025-03-03');
    expect(periodStart('2025-03-01', 'weekly')).toBe('2025-02-24');
    expect(periodStart('2025-03-31', 'monthly')).toBe('2025-03-01');
  });

  it('walks days and months across boundaries', () => {
    expect(eachDate('2024-02-27', '2024-03-01')).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01']);
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(daysBetween('2025-01-01', '2025-04-03')).toBe(92);
    expect(todayUtc(new Date('2025-05-06T23:59:59Z'))).toBe('2025-05-06');
  });
});
