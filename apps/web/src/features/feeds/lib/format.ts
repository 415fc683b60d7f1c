/** Number formats of the feed reports. */

const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const ratio = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 });

/** USD with cents, no symbol (the reports' columns say what they are). */
export const formatMoney = (value: number): string => money.format(value);
/** A rate (ctr in percent, rpc, rpm): 2 to 4 decimals. */
export const formatRate = (value: number): string => ratio.format(value);
