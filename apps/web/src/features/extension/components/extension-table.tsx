import { EXTENSION_NUMERIC_COLUMNS, type ExtensionDailyRow } from '@publisher/contract';
import { ColumnHeading } from '../../../components/ui/column-heading';
import { ScrollCue } from '../../../components/ui/data-table';
import { Spinner } from '../../../components/ui/spinner';
import { useScrollEdges } from '../../../components/ui/use-scroll-edges';
import { fieldLabel } from '../../../lib/field-label';
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

/** partner_rev_share is the only amount of money among the numbers. */
const formatColumn = (column: (typeof EXTENSION_NUMERIC_COLUMNS)[number], value: number): string =>
  column === 'partner_rev_share' ? formatMoney(value) : numberFormat.format(value);
const TEXT_COLUMNS = ['y_date', 'affiliate', 'user_tag'] as const;

/**
 * One extension revenue table: the columns of part 2 §2 (plus the variant's), and a Total row summing the numeric
 * columns under them. No rows: an explicit empty line instead of a Total of zeros.
 */
export function ExtensionTable<TRow extends ExtensionDailyRow>({
  caption,
  rows,
  extraColumns = [],
  rowKey,
  isLoading,
  hasError = false,
}: ExtensionTableProps<TRow>) {
  const { ref, edges, onScroll } = useScrollEdges<HTMLDivElement>();
  const totals = totalsOf(rows);
  const width = TEXT_COLUMNS.length + extraColumns.length + EXTENSION_NUMERIC_COLUMNS.length;
  const cell = 'whitespace-nowrap px-3 py-2';
  return (
    <div className="relative">
      {/* Scrolls inside its own box (1500 pixels wide): keyboard users reach it with Tab and scroll it with the
        arrows. */}
      <div
        ref={ref}
        onScroll={onScroll}
        role="region"
        aria-label={caption}
        tabIndex={0}
        className="overflow-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-indigo-600"
        style={{ maxHeight: 500 }}
      >
        <table className="w-full border-collapse text-sm" style={{ minWidth: 1500 }} aria-busy={isLoading}>
          <caption className="px-4 py-3 text-left text-sm font-semibold text-slate-900">{caption}</caption>
          <thead className="sticky top-0 bg-slate-50">
            <tr>
              {[...TEXT_COLUMNS, ...extraColumns.map((column) => column.header), ...EXTENSION_NUMERIC_COLUMNS].map(
                (header) => (
                  <th
                    key={header}
                    scope="col"
                    data-field={header}
                    className={`${cell} text-left font-semibold text-slate-700`}
                  >
                    <ColumnHeading label={fieldLabel(header)} field={header} />
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={width} className="px-3 py-6 text-center text-slate-500">
                  {isLoading ? (
                    <Spinner label="Loading" />
                  ) : hasError ? (
                    `${caption} could not be loaded.`
                  ) : (
                    'No records found for this date.'
                  )}
                </td>
              </tr>
            ) : (
              rows.map((row, index) => (
                <tr key={rowKey(row, index)} className="border-t border-slate-100">
                  {TEXT_COLUMNS.map((column) => (
                    <td key={column} className={cell}>
                      {column === 'y_date' ? formatDate(row[column]) : row[column]}
                    </td>
                  ))}
                  {extraColumns.map((column) => (
                    <td key={column.key} className={cell}>
                      {column.cell(row)}
                    </td>
                  ))}
                  {EXTENSION_NUMERIC_COLUMNS.map((column) => (
                    <td key={column} className={`${cell} text-right tabular-nums`}>
                      {formatColumn(column, row[column])}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
          {rows.length > 0 ? (
            <tfoot className="border-t-2 border-slate-300 bg-slate-50 font-semibold">
              <tr>
                <th scope="row" colSpan={TEXT_COLUMNS.length + extraColumns.length} className={`${cell} text-left`}>
                  Total
                </th>
                {EXTENSION_NUMERIC_COLUMNS.map((column) => (
                  <td key={column} className={`${cell} text-right tabular-nums`}>
                    {formatColumn(column, totals[column])}
                  </td>
                ))}
              </tr>
            </tfoot>
          ) : null}
        </table>
      </div>
      <ScrollCue side="left" isVisible={edges.hasHiddenLeft} />
      <ScrollCue side="right" isVisible={edges.hasHiddenRight} />
    </div>
  );
}
