import { describe, expect, it } from 'vitest';
import { formatCreatedDate, formatRunTime } from './format';

describe('formatCreatedDate (DD/MM/YYYY h:mm A)', () => {
  it.each([
    [new Date(2026, 0, 5, 9, 7).toISOString(), '05/01/2026 9:07 AM'],
    [new Date(2026, 11, 31, 0, 0).toISOString(), '31/12/2026 12:00 AM'],
    [new Date(2026, 5, 1, 12, 30).toISOString(), '01/06/2026 12:30 PM'],
    [new Date(2026, 5, 1, 23, 59).toISOString(), '01/06/2026 11:59 PM'],
    ['not a date', 'not a date'],
  ])('%s -> %s', (iso, expected) => {
    expect(formatCreatedDate(iso)).toBe(expected);
  });

  it('shows a dash for a run without an end', () => {
    expect(formatRunTime(null)).toBe('—');
  });
});
