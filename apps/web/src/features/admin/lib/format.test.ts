import { describe, expect, it } from 'vitest';
import { formatRunTime } from './format';

describe('formatRunTime', () => {
  it("shows a run's time in the one date format, and a dash for a run without an end", () => {
    expect(formatRunTime('2026-01-05T09:07:00.000Z')).toBe('5 Jan 2026, 09:07 UTC');
    expect(formatRunTime(null)).toBe('—');
  });
});
