import { formatMoney } from '../../../lib/format';

/** Number formats of the feed reports (money itself goes through the web's one formatMoney). */

const ratio = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 });

/** A click-through rate in percent: 2 to 4 decimals. */
export const formatRate = (value: number): string => ratio.format(value);

/** Revenue per click or per thousand impressions: fractions of a cent matter, so 4 decimals. */
export const formatUnitMoney = (value: number): string => formatMoney(value, { decimals: 4 });
