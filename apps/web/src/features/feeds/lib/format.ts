import { formatMoney } from '../../../lib/format';

/** Money formats of the feed reports, on the web's one formatMoney (rates are in lib/format.ts). */

/** Revenue per click or per thousand impressions: fractions of a cent matter, so 4 decimals. */
export const formatUnitMoney = (value: number): string => formatMoney(value, { decimals: 4 });
