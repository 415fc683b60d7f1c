import { addDays, type Aggregation, type DateRange, daysBetween, DISPLAY_MONTHS } from '@publisher/contract';
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

/** The first and last day of the week (Monday to Sunday, as the API groups them) or month holding `date`. */
function periodAround(date: string, aggregation: 'weekly' | 'monthly'): { first: string; last: string } {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  if (aggregation === 'weekly') {
    const daysSinceMonday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
    const first = addDays(date, -daysSinceMonday);
    return { first, last: addDays(first, 6) };
  }
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { first: `${date.slice(0, 8)}01`, last: `${date.slice(0, 8)}${String(lastDay).padStart(2, '0')}` };
}

/**
 * A period of the earnings report, from the day the API names it by (its first day inside the range: the range's
 * start for the first period, a Monday or the 1st after), with how much of it the range covers. A range of
 * Wednesday to Sunday makes its first week partial (5 of 7 days): it would otherwise read as a drop in earnings.
 * A week is named by its Monday, as a reader counts weeks.
 */
export function describePeriod(periodDate: string, aggregation: Aggregation, range: DateRange): PeriodView {
  if (aggregation === 'daily') {
    const name = formatDate(periodDate);
    return { name, partial: null, label: name };
  }
  const { first, last } = periodAround(periodDate, aggregation);
  const from = first < range.startDate ? range.startDate : first;
  const to = last > range.endDate ? range.endDate : last;
  const covered = daysBetween(from, to) + 1;
  const length = daysBetween(first, last) + 1;
  const month = DISPLAY_MONTHS[Number(first.slice(5, 7)) - 1] ?? '';
  const name = aggregation === 'weekly' ? `week of ${formatDate(first)}` : `${month} ${first.slice(0, 4)}`;
  const partial = covered < length ? `partial: ${String(covered)} of ${String(length)} days` : null;
  return { name, partial, label: partial ? `${name} (${partial})` : name };
}
