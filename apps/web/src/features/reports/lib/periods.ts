import { DISPLAY_MONTHS, type Aggregation } from '@publisher/contract';
import { addDays, daysBetween, type DateRange } from '../../../lib/dates';
import { formatDate } from '../../../lib/format';

/** One period of a weekly or monthly view, as a reader should take it. */
export interface PeriodView {
  /** 'week of 23 Nov 2026', 'Nov 2026', or the day itself in a daily view. */
  name: string;
  /** Set when the range covers only part of the period: 'partial: 3 of 7 days'. */
  partial: string | null;
  /** The name with the partial note: 'week of 23 Nov 2026 (partial: 3 of 7 days)'. */
  label: string;
}

/** The last day of the period that starts on `periodStart` (weeks start on Monday, part 1 §9 as the API reads it). */
function periodEnd(periodStart: string, aggregation: Aggregation): string {
  if (aggregation === 'daily') return periodStart;
  if (aggregation === 'weekly') return addDays(periodStart, 6);
  const [year, month] = periodStart.split('-').map(Number);
  const last = new Date(Date.UTC(year ?? 1970, month ?? 1, 0)).getUTCDate();
  return `${periodStart.slice(0, 8)}${String(last).padStart(2, '0')}`;
}

/**
 * A period of the earnings report by its first day (the API names weeks by their Monday and months by their first
 * day, even when the range starts later), with how much of it the range covers. A range of Wednesday to Sunday
 * makes its first week partial (5 of 7 days): it would otherwise read as a drop in earnings.
 */
export function describePeriod(periodStart: string, aggregation: Aggregation, range: DateRange): PeriodView {
  if (aggregation === 'daily') {
    const name = formatDate(periodStart);
    return { name, partial: null, label: name };
  }
  const end = periodEnd(periodStart, aggregation);
  const from = periodStart < range.startDate ? range.startDate : periodStart;
  const to = end > range.endDate ? range.endDate : end;
  const covered = daysBetween(from, to) + 1;
  const length = daysBetween(periodStart, end) + 1;
  const month = DISPLAY_MONTHS[Number(periodStart.slice(5, 7)) - 1] ?? '';
  const name = aggregation === 'weekly' ? `week of ${formatDate(periodStart)}` : `${month} ${periodStart.slice(0, 4)}`;
  const partial = covered < length ? `partial: ${String(covered)} of ${String(length)} days` : null;
  return { name, partial, label: partial ? `${name} (${partial})` : name };
}
