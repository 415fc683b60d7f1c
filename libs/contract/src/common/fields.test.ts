import { describe, expect, it } from 'vitest';
import { isCalendarDate, isoDateSchema } from './fields';

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

/** The slow, obvious oracle: a date is real when a round trip through Date gives the same text back. */
const roundTrips = (value: string): boolean => {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
};

describe('isCalendarDate', () => {
  it('agrees with a Date round trip on every month and day 00-32 of years around the leap rules', () => {
    for (const year of [1900, 1999, 2000, 2024, 2025, 2026, 2028, 2100, 2400]) {
      for (let month = 0; month <= 13; month += 1) {
        for (let day = 0; day <= 32; day += 1) {
          const value = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
          expect(isCalendarDate(value), value).toBe(roundTrips(value));
        }
      }
    }
  });

  it('is what isoDateSchema refines with', () => {
    expect(isoDateSchema.safeParse('2024-02-29').success).toBe(true);
    expect(isoDateSchema.safeParse('2026-02-29').success).toBe(false);
    expect(isoDateSchema.safeParse('2026-2-01').success).toBe(false);
  });
});
