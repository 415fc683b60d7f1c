import { COUNTRY_NAMES, PRODUCT_SEARCH_WINDOW } from '@publisher/contract';
import { formatCount, formatMoney, formatShortPercent } from '../../../lib/format';

/**
 * The products total. The search engine stops counting at PRODUCT_SEARCH_WINDOW, so a total of exactly 10000
 * means "at least that many" and reads 'Many' (part 2 §9).
 */
export function formatProductTotal(total: number): string {
  return total === PRODUCT_SEARCH_WINDOW ? 'Many' : formatCount(total);
}

/** A country's name from its lower-case code, or the code in capitals when it is not one of the 51. */
export function countryName(code: string): string {
  return code in COUNTRY_NAMES ? COUNTRY_NAMES[code as keyof typeof COUNTRY_NAMES] : code.toUpperCase();
}

/** A cashback commission: a percent of the sale or a flat dollar amount. */
export function formatCommission(commission: number, commissionType: 'PERCENTAGE' | 'FLAT'): string {
  return commissionType === 'PERCENTAGE' ? formatShortPercent(commission) : formatMoney(commission);
}
