import type { ReactNode } from 'react';
import { fieldLabel } from '../../lib/field-label';
import { ColumnHeading } from './column-heading';
import { ErrorState } from './error-state';
import { Spinner } from './spinner';
import { useScrollEdges } from './use-scroll-edges';

export interface DataColumn<TRow> {
  /** Unique per table; also the React key of the cells. */
  key: string;
  header: ReactNode;
  /** Shown on hover or focus of the header: the API's field name (and the CSV's column) behind a human header. */
  headerTitle?: string;
  cell: (row: TRow) => ReactNode;
  /** Numbers read better right-aligned. */
  align?: 'left' | 'right';
  /**
   * Row actions (Generate, Copy, Delete): the column sticks to the right edge so its buttons stay in view however
   * far the table scrolls sideways, on a phone or at 1280 pixels. Below sm it takes less padding and its buttons
   * show a shorter text (RowActionText), so that it leaves the row's name readable beside it.
   */
  isSticky?: boolean;
}

/** A column of one API field: a heading people read (fieldLabel) with the field's own name on hover. */
export function fieldColumn<TRow>(
  field: string,
  cell: (row: TRow) => ReactNode,
  align?: DataColumn<TRow>['align'],
): DataColumn<TRow> {
  return { key: field, header: fieldLabel(field), headerTitle: field, cell, ...(align ? { align } : {}) };
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
  /** The read failed: the table says so instead of looking empty. */
  error?: unknown;
  /** Reads again: the table shows the message and Retry. Without it the screen shows them elsewhere (one read
   * behind cards and tables) and the table only says it could not be loaded. */
  onRetry?: () => void;
  /** Horizontal scroll width of wide tables (part 1 §9: 1500 and 1900 pixels). */
  minWidth?: number;
  /** Cap on the visible height; the body scrolls inside it (part 2 §9: 500 pixels). */
  maxHeight?: number;
}

/**
 * Body cells take their row's stripe; the header row has none of its own, so its cell gets the header's. On a phone
 * the column covers the columns scrolling beneath it, the row's name among them: half the padding there and less in
 * its buttons, and no share of a min-width table's spare width (w-px: as narrow as its unwrapped buttons).
 */
const STICKY_CELL = 'sticky right-0 z-[1] bg-inherit max-sm:w-px max-sm:px-2 max-sm:[&_button]:px-3';
const STICKY_HEADER_CELL = 'sticky right-0 z-[1] bg-slate-50 max-sm:w-px max-sm:px-2';
/** The shadow a sticky action column casts over the columns scrolling beneath it. */
const STICKY_SHADOW = 'shadow-[-8px_0_8px_-8px_rgba(15,23,42,0.35)]';

/**
 * A plain data table with loading, refreshing, empty and error states, scrolling inside its own box when wide,
 * with a fade on each edge that hides columns and an optional sticky action column.
 */
export function DataTable<TRow>({
  caption,
  isCaptionVisible = false,
  columns,
  rows,
  rowKey,
  isLoading = false,
  isRefreshing = false,
  emptyMessage = 'No records found.',
  error,
  onRetry,
  minWidth,
  maxHeight,
}: DataTableProps<TRow>) {
  const { ref, edges, onScroll } = useScrollEdges<HTMLDivElement>();
  const hasStickyColumn = columns.some((column) => column.isSticky);
  const hasError = error !== null && error !== undefined;
  const alignClass = (align: DataColumn<TRow>['align']) => (align === 'right' ? 'text-right' : 'text-left');
  const stickyClass = (column: DataColumn<TRow>, base = STICKY_CELL) =>
    column.isSticky ? `${base} ${edges.hasHiddenRight ? STICKY_SHADOW : ''}` : '';

  return (
    <div className="relative">
      {/* A wide or tall table scrolls inside this box: keyboard users reach it with Tab and scroll it with the
          arrows. */}
      <div
        ref={ref}
        onScroll={onScroll}
        role="region"
        aria-label={caption}
        tabIndex={0}
        className="overflow-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-indigo-600"
        style={maxHeight ? { maxHeight } : undefined}
        aria-busy={isLoading || isRefreshing}
      >
        <table className="w-full border-collapse text-sm" style={minWidth ? { minWidth } : undefined}>
          <caption
            className={isCaptionVisible ? 'px-4 py-3 text-left text-sm font-semibold text-slate-900' : 'sr-only'}
          >
            {caption}
          </caption>
          <thead className="sticky top-0 z-[2] bg-slate-50">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  // The field behind a human heading, for browser scripts that read a table by its fields.
                  data-field={column.headerTitle}
                  className={`border-b border-slate-200 px-4 py-2.5 font-semibold whitespace-nowrap text-slate-700 ${alignClass(column.align)} ${stickyClass(column, STICKY_HEADER_CELL)}`}
                >
                  <ColumnHeading label={column.header} field={column.headerTitle} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody className={isRefreshing ? 'opacity-60 transition-opacity' : undefined}>
            {hasError && onRetry ? (
              <tr>
                <td colSpan={columns.length} className="p-4">
                  <div className="sticky left-4 max-w-[calc(100vw-4rem)]">
                    <ErrorState error={error} onRetry={onRetry} isRetrying={isRefreshing || isLoading} what={caption} />
                  </div>
                </td>
              </tr>
            ) : hasError && rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="px-4 py-8 text-center text-rose-700">
                  {caption} could not be loaded.
                </td>
              </tr>
            ) : isLoading && rows.length === 0 ? (
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
                <tr key={rowKey(row, index)} className="odd:bg-white even:bg-slate-50">
                  {columns.map((column) => (
                    <td
                      key={column.key}
                      className={`border-b border-slate-100 px-4 py-2 whitespace-nowrap text-slate-800 tabular-nums ${alignClass(column.align)} ${stickyClass(column)}`}
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
      <ScrollCue side="left" isVisible={edges.hasHiddenLeft} />
      {/* With a sticky action column its own shadow is the cue; a fade there would cover its buttons. */}
      <ScrollCue side="right" isVisible={edges.hasHiddenRight && !hasStickyColumn} />
    </div>
  );
}

/**
 * The text of a button in a sticky action column: its first word alone below sm ("Generate" for "Generate Link"),
 * where the whole text made the column cover most of the row's name on a 390 pixel phone. The button's aria-label
 * names the row and starts with the whole text, so the word shown stays part of its accessible name (WCAG 2.5.3);
 * one text node plus a hidden tail keeps the whole text in the DOM and the desktop look unchanged.
 */
export function RowActionText({ text }: { text: string }) {
  const [first = '', ...rest] = text.split(' ');
  // One span, so the button's flex gap does not fall between the words; the tail's leading space stays inline.
  return (
    <span>
      {first}
      {rest.length > 0 ? <span className="max-sm:hidden"> {rest.join(' ')}</span> : null}
    </span>
  );
}

/** A fade over the edge of a table that hides columns: there is more to scroll to on that side. */
export function ScrollCue({ side, isVisible }: { side: 'left' | 'right'; isVisible: boolean }) {
  if (!isVisible) return null;
  return (
    <div
      aria-hidden="true"
      data-scroll-cue={side}
      className={`pointer-events-none absolute inset-y-px w-8 ${
        side === 'left'
          ? 'left-px rounded-l-xl bg-gradient-to-r from-slate-900/15 to-transparent'
          : 'right-px rounded-r-xl bg-gradient-to-l from-slate-900/15 to-transparent'
      }`}
    />
  );
}
