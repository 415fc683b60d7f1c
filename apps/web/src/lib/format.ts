import { DISPLAY_MONTHS, formatDisplayDate, isCalendarDate } from '@publisher/contract';

/** Number formats every screen shares (feature-specific ones stay in their feature's lib/format.ts). */

const countFormatter = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A whole number with thousands separators. */
export function formatCount(value: number): string {
  return countFormatter.format(value);
}

/** The currencies the API sends amounts in (report 2's commission_eur is the only one in euros). */
export type MoneyCurrency = 'USD' | 'EUR';

export interface MoneyOptions {
  /**
   * Digits after the point, always shown: 2 (cents) by default; report tables pass the spec's 6 (report 1) or 7
   * (report 2) so a screen reads the same figure as its CSV file (part 1 §9).
   */
  decimals?: number;
  currency?: MoneyCurrency;
}

const moneyFormatters = new Map<string, Intl.NumberFormat>();

function moneyFormatter(decimals: number, currency: MoneyCurrency): Intl.NumberFormat {
  const key = `${currency}:${decimals}`;
  let formatter = moneyFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    moneyFormatters.set(key, formatter);
  }
  return formatter;
}

/**
 * The one money format of the web: currency sign and thousands separators, so "36993.49" cannot read as
 * thirty-six million. formatMoney(36993.49) === '$36,993.49'; formatMoney(0.123456789, { decimals: 6 }) ===
 * '$0.123457'. CSV files are built by the API and keep raw values.
 */
export function formatMoney(value: number, { decimals = 2, currency = 'USD' }: MoneyOptions = {}): string {
  return moneyFormatter(decimals, currency).format(value);
}

/*
 * Percentages and ratios: every screen's in one place, one function each, beside money. The API sends rates already
 * multiplied by 100 (conversion rate 2.5 means 2.5%).
 */

const percentFormatter = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A report's rate, always with 2 decimals so a column of them lines up: formatPercent(2.5) === '2.50%'. */
export function formatPercent(value: number): string {
  return `${percentFormatter.format(value)}%`;
}

const shortPercentFormatter = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/**
 * A rate someone set (a commission, a payout, an average CPA rate, a progress): no trailing zeros, at most 2
 * decimals: formatShortPercent(8) === '8%', formatShortPercent(3.14159) === '3.14%'.
 */
export function formatShortPercent(value: number): string {
  return `${shortPercentFormatter.format(value)}%`;
}

const changeFormatter = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});

/** A change between two periods, signed, one decimal: formatPercentChange(0.125) === '+12.5%' (a fraction in). */
export function formatPercentChange(fraction: number): string {
  return `${changeFormatter.format(fraction * 100)}%`;
}

const clickThroughFormatter = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 });

/** A click-through rate as the feeds send it (already in percent, headed "CTR"): 2 to 4 decimals, no sign. */
export function formatClickThroughRate(value: number): string {
  return clickThroughFormatter.format(value);
}

const scoreFormatter = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A score on a scale (the feeds' traffic quality, tq): one decimal: formatScore(7) === '7.0'. */
export function formatScore(value: number): string {
  return scoreFormatter.format(value);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The calendar day a value names as YYYY-MM-DD: `YYYY-MM-DD`, `YYYYMMDD` (search-feed days) or an ISO moment (its UTC day). */
function isoDayOf(value: string): string | null {
  const match = /^(\d{4})-?(\d{2})-?(\d{2})(?:$|T)/.exec(value);
  return match ? `${match[1] ?? ''}-${match[2] ?? ''}-${match[3] ?? ''}` : null;
}

/**
 * The one date format on screen: the contract's formatDisplayDate, which the API's human sentences use too
 * (formatDate('2026-11-26') === '26 Nov 2026'), the same in every table, card, chart and heading. Date fields
 * read and write it too (components/ui/date-input.tsx) and send the spec's YYYY-MM-DD; CSV files keep the raw
 * values. An unreadable value is shown as it came rather than as "Invalid Date".
 */
export function formatDate(value: string): string {
  const day = isoDayOf(value);
  return day !== null && isCalendarDate(day) ? formatDisplayDate(day) : value;
}

/** A day of a year the context gives (the click dashboard's day-wise clicks carry no year): '9 Mar'. */
export function formatDayMonth(day: number, month: number): string {
  const name = DISPLAY_MONTHS[month - 1];
  return name ? `${day} ${name}` : `${day}/${month}`;
}

/** A range of days: '20 Nov 2026 – 26 Nov 2026', or one day when both ends are the same. */
export function formatDateRange(startDate: string, endDate: string): string {
  return startDate === endDate ? formatDate(startDate) : `${formatDate(startDate)} – ${formatDate(endDate)}`;
}

/**
 * A moment: the date in the one format and the UTC time as HH:mm, so it reads the same for everyone:
 * formatDateTime('2026-05-01T09:30:12.000Z') === '1 May 2026, 09:30 UTC'.
 */
export function formatDateTime(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const moment = new Date(time);
  return `${formatDate(moment.toISOString())}, ${pad(moment.getUTCHours())}:${pad(moment.getUTCMinutes())} UTC`;
}
