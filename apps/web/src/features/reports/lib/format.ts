import { REPORT_ROUNDING } from '@publisher/contract';

/**
 * Display formatting of report figures. The API sends money in full precision; screens round for display only
 * (part 1 §9): 7 decimals on report 2, 6 everywhere else (dashboard, conversion report 1 and the deep links 3 to 5
 * variants, quality, revenue), matching the API's CSV files.
 */
export type MoneyPrecision = keyof typeof REPORT_ROUNDING;

const moneyFormatters = new Map<number, Intl.NumberFormat>();

function moneyFormatter(decimals: number): Intl.NumberFormat {
  let formatter = moneyFormatters.get(decimals);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: false,
    });
    moneyFormatters.set(decimals, formatter);
  }
  return formatter;
}

/** An amount rounded to the report's decimals, e.g. formatMoney(0.123456789, 'report1') === '0.123457'. */
export function formatMoney(value: number, precision: MoneyPrecision): string {
  return moneyFormatter(REPORT_ROUNDING[precision]).format(value);
}

const percentFormatter = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A percentage the API already multiplied by 100 (conversion rate, cost of sale). */
export function formatPercent(value: number): string {
  return `${percentFormatter.format(value)}%`;
}
