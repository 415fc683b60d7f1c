import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayCount,
  daysBack,
  daysBetween,
  eachDate,
  isIsoDate,
  periodStart,
  previousMonth,
  previousRange,
  previousWeek,
  todayUtc,
  weekdayOf,
  yesterdayUtc,
} from './calendar';

describe('report periods', () => {
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

  it('knows the weekday of a day, 0 = Sunday', () => {
    expect(['2026-03-15', '2026-03-16', '2026-03-21', '1970-01-01', '1969-12-31'].map(weekdayOf)).toEqual([
      0, 1, 6, 4, 3,
    ]);
  });
});

describe('calendar dates', () => {
  it("today is the UTC date, as the API counts report days, not the browser's", () => {
    // 23:30 UTC on 5 January is already 6 January at UTC+14 (a local "today" would ask the API for tomorrow).
    expect(todayUtc(new Date('2026-01-05T23:30:00Z'))).toBe('2026-01-05');
    expect(todayUtc(new Date('2026-01-06T00:10:00Z'))).toBe('2026-01-06');
    expect(yesterdayUtc(new Date('2026-03-01T00:10:00Z'))).toBe('2026-02-28');
  });

  it('adds days across month, year and daylight-saving boundaries', () => {
    expect(addDays('2026-03-09', -1)).toBe('2026-03-08');
    expect(addDays('2026-03-30', -1)).toBe('2026-03-29');
    expect(addDays('2026-11-02', -1)).toBe('2026-11-01');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });

  it('counts the days of a range, both ends included', () => {
    expect(dayCount({ startDate: '2026-03-01', endDate: '2026-03-31' })).toBe(31);
    expect(dayCount({ startDate: '2026-03-18', endDate: '2026-03-18' })).toBe(1);
    expect(daysBack('2026-01-03', 7)).toEqual({ startDate: '2025-12-27', endDate: '2026-01-03' });
  });

  it('knows the previous Monday-to-Sunday week and the previous month', () => {
    // Wednesday 18 March 2026; a Sunday belongs to the week that started the Monday before it.
    expect(previousWeek('2026-03-18')).toEqual({ startDate: '2026-03-09', endDate: '2026-03-15' });
    expect(previousWeek('2026-03-15')).toEqual({ startDate: '2026-03-02', endDate: '2026-03-08' });
    expect(previousMonth('2026-03-31')).toEqual({ startDate: '2026-02-01', endDate: '2026-02-28' });
    expect(previousMonth('2026-01-15')).toEqual({ startDate: '2025-12-01', endDate: '2025-12-31' });
  });
});

describe('previousRange', () => {
  it('is as long as the range and ends the day before it starts', () => {
    expect(previousRange({ startDate: '2026-03-11', endDate: '2026-03-18' })).toEqual({
      startDate: '2026-03-03',
      endDate: '2026-03-10',
    });
    expect(previousRange({ startDate: '2026-03-01', endDate: '2026-03-31' })).toEqual({
      startDate: '2026-01-29',
      endDate: '2026-02-28',
    });
    expect(previousRange({ startDate: '2026-03-17', endDate: '2026-03-17' })).toEqual({
      startDate: '2026-03-16',
      endDate: '2026-03-16',
    });
  });
});

describe('isIsoDate', () => {
  it('takes real calendar dates written YYYY-MM-DD only', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-2-09')).toBe(false);
    expect(isIsoDate('09/02/2026')).toBe(false);
    expect(() => addDays('2026-13-01', 1)).toThrow(RangeError);
  });
});
