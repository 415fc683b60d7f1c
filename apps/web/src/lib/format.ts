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

/**
 * The one date format on screen is the spec's YYYY-MM-DD (part 1 §9); a moment adds the UTC time as HH:mm so it
 * reads the same for everyone: formatDateTime('2026-05-01T09:30:12.000Z') === '2026-05-01 09:30 UTC'. An
 * unreadable value is shown as it came rather than as "Invalid Date".
 */
export function formatDateTime(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return `${new Date(time).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
