import { REPORT_ROUNDING } from '@publisher/contract';
import { formatMoney, type MoneyCurrency } from '../../../lib/format';

/**
 * Display formatting of report figures. The API sends money in full precision; report tables round for display
 * only (part 1 §9): 7 decimals on report 2, 6 everywhere else (conversion report 1, the deep links 3 to 5
 * variants, quality, revenue), matching the API's CSV files. Cards show cents (see MoneyValue).
 */
export type MoneyPrecision = keyof typeof REPORT_ROUNDING;

/** The web's one money format at a report's decimals: reportMoney('report1')(0.123456789) === '$0.123457'. */
export function reportMoney(precision: MoneyPrecision, currency: MoneyCurrency = 'USD'): (value: number) => string {
  const decimals = REPORT_ROUNDING[precision];
  return (value) => formatMoney(value, { decimals, currency });
}
