import { EXTENSION_NUMERIC_COLUMNS, type ExtensionDailyRow } from '@publisher/contract';

export type ExtensionNumericColumn = (typeof EXTENSION_NUMERIC_COLUMNS)[number];
export type ExtensionTotals = Record<ExtensionNumericColumn, number>;

/**
 * The totals row (part 2 §2: "the extension report rows are summed into a totals row"): every numeric column
 * summed, rates included as the spec says, rounded to 2 decimals against float noise.
 */
export function totalsOf(rows: readonly Pick<ExtensionDailyRow, ExtensionNumericColumn>[]): ExtensionTotals {
  const totals = Object.fromEntries(EXTENSION_NUMERIC_COLUMNS.map((column) => [column, 0])) as ExtensionTotals;
  for (const row of rows) for (const column of EXTENSION_NUMERIC_COLUMNS) totals[column] += row[column];
  for (const column of EXTENSION_NUMERIC_COLUMNS) totals[column] = Math.round(totals[column] * 100) / 100;
  return totals;
}
