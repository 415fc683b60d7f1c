import type { ReactNode } from 'react';
import { Spinner } from './spinner';

export interface DataColumn<TRow> {
  /** Unique per table; also the React key of the cells. */
  key: string;
  header: ReactNode;
  cell: (row: TRow) => ReactNode;
  /** Numbers read better right-aligned. */
  align?: 'left' | 'right';
}

interface DataTableProps<TRow> {
  /** The table's accessible name (its caption, visually hidden unless `isCaptionVisible`). */
  caption: string;
  isCaptionVisible?: boolean;
  columns: readonly DataColumn<TRow>[];
  rows: readonly TRow[];
  rowKey: (row: TRow, index: number) => string;
  /** First load: no rows yet. */
  isLoading?: boolean;
  /** A reload with the previous rows still on screen. */
  isRefreshing?: boolean;
  emptyMessage?: string;
  /** Horizontal scroll width of wide tables (part 1 §9: 1500 and 1900 pixels). */
  minWidth?: number;
  /** Cap on the visible height; the body scrolls inside it (part 2 §9: 500 pixels). */
  maxHeight?: number;
}

/** A plain data table with loading, refreshing and empty states, scrolling inside its own box when wide. */
export function DataTable<TRow>({
  caption,
  isCaptionVisible = false,
  columns,
  rows,
  rowKey,
  isLoading = false,
  isRefreshing = false,
  emptyMessage = 'No records found.',
  minWidth,
  maxHeight,
}: DataTableProps<TRow>) {
  const alignClass = (align: DataColumn<TRow>['align']) => (align === 'right' ? 'text-right' : 'text-left');
  return (
    // A wide or tall table scrolls inside this box: keyboard users reach it with Tab and scroll it with the arrows.
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="overflow-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-indigo-600"
      style={maxHeight ? { maxHeight } : undefined}
      aria-busy={isLoading || isRefreshing}
    >
      <table className="w-full border-collapse text-sm" style={minWidth ? { minWidth } : undefined}>
        <caption className={isCaptionVisible ? 'px-4 py-3 text-left text-sm font-semibold text-slate-900' : 'sr-only'}>
          {caption}
        </caption>
        <thead className="sticky top-0 bg-slate-50">
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={`border-b border-slate-200 px-4 py-2.5 font-semibold whitespace-nowrap text-slate-700 ${alignClass(column.align)}`}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={isRefreshing ? 'opacity-60 transition-opacity' : undefined}>
          {isLoading && rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-8 text-center">
                <Spinner label={`Loading ${caption}`} />
              </td>
            </tr>
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-8 text-center text-slate-500">
                {emptyMessage}
              </td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr key={rowKey(row, index)} className="odd:bg-white even:bg-slate-50/60">
                {columns.map((column) => (
                  <td
                    key={column.key}
                    className={`border-b border-slate-100 px-4 py-2 whitespace-nowrap text-slate-800 tabular-nums ${alignClass(column.align)}`}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
