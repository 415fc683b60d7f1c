import { EXTENSION_NUMERIC_COLUMNS, type ExtensionDailyRow } from '@publisher/contract';
import { useMemo } from 'react';
import { DataTable, fieldColumn, type DataColumn } from '../../../components/ui/data-table';
import { formatDate, formatMoney } from '../../../lib/format';
import { totalsOf } from '../lib/totals';

/** A column the variant tables add in front of the numbers (device_type; user_country and market). */
export interface ExtraColumn<TRow> {
  key: string;
  header: string;
  cell: (row: TRow) => string;
}

interface ExtensionTableProps<TRow extends ExtensionDailyRow> {
  caption: string;
  rows: readonly TRow[];
  extraColumns?: readonly ExtraColumn<TRow>[];
  rowKey: (row: TRow, index: number) => string;
  isLoading: boolean;
  /** The read failed (the screen shows the message and Retry): say so rather than "No records". */
  hasError?: boolean;
}

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

type NumericColumn = (typeof EXTENSION_NUMERIC_COLUMNS)[number];

/** partner_rev_share is the only amount of money among the numbers. */
const formatColumn = (column: NumericColumn, value: number): string =>
  column === 'partner_rev_share' ? formatMoney(value) : numberFormat.format(value);

/** The figures a row is read for, first in its card on a phone: the money, the clicks and the searches. */
const KEY_COLUMNS: ReadonlySet<NumericColumn> = new Set(['partner_rev_share', 'bidded_clicks', 'searches']);

/**
 * One extension revenue table: the columns of part 2 §2 (plus the variant's), and a Total row summing the numeric
 * columns under them. The row is named by its user_tag (and the variant's device or market); all rows share the
 * date. No rows: an explicit empty line instead of a Total of zeros.
 */
export function ExtensionTable<TRow extends ExtensionDailyRow>({
  caption,
  rows,
  extraColumns = [],
  rowKey,
  isLoading,
  hasError = false,
}: ExtensionTableProps<TRow>) {
  const columns = useMemo<DataColumn<TRow>[]>(
    () => [
      fieldColumn('y_date', (row) => formatDate(row.y_date)),
      fieldColumn('affiliate', (row) => row.affiliate),
      fieldColumn('user_tag', (row) => row.user_tag, 'left', 'identity'),
      ...extraColumns.map((column) => fieldColumn(column.header, column.cell, 'left', 'identity')),
      ...EXTENSION_NUMERIC_COLUMNS.map((column) =>
        fieldColumn<TRow>(
          column,
          (row) => formatColumn(column, row[column]),
          'right',
          KEY_COLUMNS.has(column) ? 'key' : undefined,
        ),
      ),
    ],
    [extraColumns],
  );
  const totals = totalsOf(rows);
  const footer = {
    label: 'Total',
    labelSpan: 3 + extraColumns.length,
    cells: Object.fromEntries(
      EXTENSION_NUMERIC_COLUMNS.map((column) => [column, formatColumn(column, totals[column])]),
    ),
  };
  return (
    <DataTable
      caption={caption}
      isCaptionVisible
      columns={columns}
      rows={rows}
      rowKey={rowKey}
      isLoading={isLoading}
      error={hasError ? true : undefined}
      emptyMessage="No records found for this date."
      minWidth={1500}
      maxHeight={500}
      footer={footer}
    />
  );
}
