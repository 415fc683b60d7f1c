/** Number formats every screen shares (feature-specific ones stay in their feature's lib/format.ts). */

const countFormatter = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A whole number with thousands separators. */
export function formatCount(value: number): string {
  return countFormatter.format(value);
}

const currencyFormatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** An amount in US dollars and cents (prices, order amounts, flat commissions); not for report money. */
export function formatCurrency(value: number): string {
  return currencyFormatter.format(value);
}
