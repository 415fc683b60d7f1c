import { describe, expect, it } from 'vitest';
import { formatCreatedDate, formatRunTime } from './format';

describe('the admin tables dates (part 2 §2: DD/MM/YYYY h:mm A, in UTC)', () => {
  it('writes the day first, a 12-hour clock with AM/PM, and says UTC', () => {
    expect(formatCreatedDate('2026-01-05T09:07:00.000Z')).toBe('05/01/2026 9:07 AM UTC');
    expect(formatCreatedDate('2026-11-29T00:00:00.000Z')).toBe('29/11/2026 12:00 AM UTC');
    expect(formatCreatedDate('2026-11-29T12:30:00.000Z')).toBe('29/11/2026 12:30 PM UTC');
    expect(formatCreatedDate('2026-11-29T23:59:00.000Z')).toBe('29/11/2026 11:59 PM UTC');
    expect(formatCreatedDate('not a date')).toBe('not a date');
  });

  it("shows a run's time the same way, and a dash for a run without an end", () => {
    expect(formatRunTime('2026-01-05T21:07:00.000Z')).toBe('05/01/2026 9:07 PM UTC');
    expect(formatRunTime(null)).toBe('—');
  });
});
