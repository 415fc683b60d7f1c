import { useRef, type ReactNode } from 'react';
import { fieldLabel } from '../../lib/field-label';
import { ColumnHeading } from './column-heading';
import { ErrorState } from './error-state';
import { Spinner } from './spinner';
import { useScrollEdges } from './use-scroll-edges';
import { useTableLayout, type TableLayout } from './use-table-layout';

/**
 * What a column is to someone reading a row: `identity` names the row (its date, merchant or name; pinned to the
 * left edge, the title of the row's card when the rows stack); `key` is a money or count figure the row is read for
 * (shown first in a card). Every table marks at least one of each: the browser route walk checks both are in view at
 * 390, 768 and 1280 pixels.
 */
export type ColumnPriority = 'identity' | 'key';

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
  priority?: ColumnPriority;
}

/** A column of one API field: a heading people read (fieldLabel) with the field's own name on hover. */
export function fieldColumn<TRow>(
  field: string,
  cell: (row: TRow) => ReactNode,
  align?: DataColumn<TRow>['align'],
  priority?: ColumnPriority,
): DataColumn<TRow> {
  return {
    key: field,
    header: fieldLabel(field),
    headerTitle: field,
    cell,
    ...(align ? { align } : {}),
    ...(priority ? { priority } : {}),
  };
}

/** A table's last row (a Total): its label across the first columns, then cells by column key (blank without one). */
export interface DataTableFooter {
  label: ReactNode;
  /** How many leading columns the label spans. */
  labelSpan: number;
  cells: Readonly<Record<string, ReactNode>>;
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
  /**
   * Horizontal scroll width of wide tables (part 1 §9: 1500 and 1900 pixels), kept while the box is that wide; in a
   * narrower box the rows stack as cards rather than hide their figures off the edge.
   */
  minWidth?: number;
  /** A last row under the body (the extension tables' Total), laid out as the rows are. */
  footer?: DataTableFooter;
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
/** The row's name stays at the left edge while a table wider than its box scrolls (before it stacks). */
const IDENTITY_CELL = 'sticky left-0 z-[1] bg-inherit';
const IDENTITY_HEADER_CELL = 'sticky left-0 z-[1] bg-slate-50';

/**
 * Cell padding by layout: the compact table takes less than half (and a point smaller text), so a report of ten
 * figures fits a laptop's box (conversion report 1: 985 px wide with half the padding in a 958 px box).
 */
const CELL_PADDING: Readonly<Record<TableLayout, string>> = {
  table: 'px-4 py-2',
  compact: 'px-1.5 py-2',
  cards: 'p-0',
};

/**
 * A stacked row: a grid of labelled figures, the row's name across the top, its key figures next, then the rest;
 * the grid's `order` moves them, so the DOM (and a screen reader's reading order) keeps the table's column order.
 */
const CARD_ROW = 'grid grid-cols-[repeat(auto-fill,minmax(8.5rem,1fr))] gap-x-4 gap-y-2 px-4 py-3';
/**
 * A stacked cell's heading, from its `data-label`; nothing where there is none (the title, the actions). A cell with
 * nothing in it (a run without an error) leaves the card rather than show a heading over nothing.
 */
const CARD_LABEL =
  'empty:hidden before:block before:text-xs before:font-medium before:text-slate-500 before:content-[attr(data-label)]';
const CARD_ORDER: Readonly<Record<ColumnPriority | 'title' | 'other', string>> = {
  title: 'col-span-full -order-3 text-base font-semibold text-slate-900',
  /** A second name of the row (the device beside the extension's tag) comes first among the labelled cells. */
  identity: '-order-2',
  key: '-order-1',
  other: '',
};

/**
 * A plain data table with loading, refreshing, empty and error states and an optional sticky action column. It
 * never hides figures off its edge: a table wider than its box first takes less padding, then stacks its rows as
 * cards (useTableLayout); while it is still a table its identity column is pinned to the left.
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
  footer,
}: DataTableProps<TRow>) {
  const { ref, edges, onScroll } = useScrollEdges<HTMLDivElement>();
  const tableRef = useRef<HTMLTableElement>(null);
  // What the table shows, as a string: a new array of the same rows (a screen's `?? []`) is not new content.
  const firstRow = rows[0];
  const lastRow = rows.at(-1);
  const content = [
    columns.map((column) => column.key).join(','),
    rows.length,
    firstRow === undefined ? '' : rowKey(firstRow, 0),
    lastRow === undefined ? '' : rowKey(lastRow, rows.length - 1),
    footer ? 'footer' : '',
  ].join('|');
  const layout = useTableLayout(ref, tableRef, content);
  const isCards = layout === 'cards';
  const hasStickyColumn = columns.some((column) => column.isSticky);
  /** The first identity column is a card's title; any other is its first labelled cell. */
  const titleKey = columns.find((column) => column.priority === 'identity')?.key;
  const cardPlace = (column: DataColumn<TRow>) =>
    column.key === titleKey ? CARD_ORDER.title : CARD_ORDER[column.priority ?? 'other'];
  const hasError = error !== null && error !== undefined;
  const alignClass = (align: DataColumn<TRow>['align']) => (align === 'right' ? 'text-right' : 'text-left');
  const pinClass = (column: DataColumn<TRow>, isHeader: boolean) => {
    if (isCards) return '';
    if (column.isSticky) {
      return `${isHeader ? STICKY_HEADER_CELL : STICKY_CELL} ${edges.hasHiddenRight ? STICKY_SHADOW : ''}`;
    }
    if (column.priority === 'identity') return isHeader ? IDENTITY_HEADER_CELL : IDENTITY_CELL;
    return '';
  };
  /** Compact tables let their words wrap at spaces (a merchant's name over two lines); figures, names of rows
   * and buttons never break. */
  const wrapClass = (column: DataColumn<TRow>) =>
    layout === 'compact' && column.align !== 'right' && column.priority === undefined && !column.isSticky
      ? 'whitespace-normal'
      : 'whitespace-nowrap';
  const bodyCellClass = (column: DataColumn<TRow>) =>
    isCards
      ? `block min-w-0 text-slate-800 tabular-nums [overflow-wrap:anywhere] ${CARD_LABEL} ${cardPlace(column)} ${column.isSticky ? 'col-span-full' : ''}`
      : `border-b border-slate-100 ${CELL_PADDING[layout]} ${wrapClass(column)} text-slate-800 tabular-nums ${alignClass(column.align)} ${pinClass(column, false)}`;
  /**
   * In a card each figure carries its heading, drawn by CSS from `data-label` (the table's own headings stay for
   * screen readers): the cell's text stays the figure alone, for scripts that read a table by its cells.
   */
  const cardLabel = (column: DataColumn<TRow>): { 'data-label'?: string } =>
    isCards && column.key !== titleKey && !column.isSticky
      ? { 'data-label': typeof column.header === 'string' ? column.header : (column.headerTitle ?? column.key) }
      : {};
  const statusRow = (content: ReactNode, className: string) => (
    <tr className={isCards ? 'block' : undefined}>
      <td colSpan={columns.length} className={`${isCards ? 'block' : ''} ${className}`}>
        {content}
      </td>
    </tr>
  );

  return (
    <div className="relative">
      {/* A tall table (or a wide one, before it stacks) scrolls inside this box: keyboard users reach it with Tab
          and scroll it with the arrows. */}
      <div
        ref={ref}
        onScroll={onScroll}
        role="region"
        aria-label={caption}
        tabIndex={0}
        data-table-layout={layout}
        className="overflow-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-indigo-600"
        style={maxHeight ? { maxHeight } : undefined}
        aria-busy={isLoading || isRefreshing}
      >
        {/* Explicit roles: a stacked table is display block and grid, which would otherwise drop its table
            semantics in some browsers. */}
        <table
          ref={tableRef}
          role="table"
          className={`w-full border-collapse ${layout === 'compact' ? 'text-[13px]' : 'text-sm'} ${isCards ? 'block' : ''}`}
          style={minWidth && !isCards ? { minWidth } : undefined}
        >
          <caption
            className={
              isCaptionVisible
                ? `px-4 py-3 text-left text-sm font-semibold text-slate-900 ${isCards ? 'block' : ''}`
                : 'sr-only'
            }
          >
            {caption}
          </caption>
          <thead role="rowgroup" className={isCards ? 'sr-only' : 'sticky top-0 z-[2] bg-slate-50'}>
            <tr role="row">
              {columns.map((column) => (
                <th
                  key={column.key}
                  role="columnheader"
                  scope="col"
                  // The field behind a human heading, for browser scripts that read a table by its fields.
                  data-field={column.headerTitle}
                  className={`border-b border-slate-200 ${layout === 'compact' ? 'px-1.5' : 'px-4'} py-2.5 font-semibold text-slate-700 ${layout === 'compact' ? 'align-bottom' : 'whitespace-nowrap'} ${alignClass(column.align)} ${pinClass(column, true)}`}
                >
                  <ColumnHeading label={column.header} field={column.headerTitle} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody
            role="rowgroup"
            className={`${isCards ? 'block divide-y divide-slate-200' : ''} ${isRefreshing ? 'opacity-60 transition-opacity' : ''}`}
          >
            {hasError && onRetry
              ? statusRow(
                  <div className="sticky left-4 max-w-[calc(100vw-4rem)]">
                    <ErrorState error={error} onRetry={onRetry} isRetrying={isRefreshing || isLoading} what={caption} />
                  </div>,
                  'p-4',
                )
              : hasError && rows.length === 0
                ? statusRow(`${caption} could not be loaded.`, 'px-4 py-8 text-center text-rose-700')
                : isLoading && rows.length === 0
                  ? statusRow(<Spinner label={`Loading ${caption}`} />, 'px-4 py-8 text-center')
                  : rows.length === 0
                    ? statusRow(emptyMessage, 'px-4 py-8 text-center text-slate-500')
                    : rows.map((row, index) => (
                        <tr
                          key={rowKey(row, index)}
                          role="row"
                          data-row=""
                          className={`odd:bg-white even:bg-slate-50 ${isCards ? CARD_ROW : ''}`}
                        >
                          {columns.map((column) => (
                            <td
                              key={column.key}
                              role="cell"
                              data-priority={column.priority}
                              className={bodyCellClass(column)}
                              {...cardLabel(column)}
                            >
                              {column.cell(row)}
                            </td>
                          ))}
                        </tr>
                      ))}
          </tbody>
          {footer && rows.length > 0 ? (
            <tfoot
              role="rowgroup"
              className={`border-t-2 border-slate-300 bg-slate-50 font-semibold ${isCards ? 'block' : ''}`}
            >
              <tr role="row" className={isCards ? CARD_ROW : undefined}>
                <th
                  role="rowheader"
                  scope="row"
                  colSpan={footer.labelSpan}
                  className={
                    isCards
                      ? `block ${CARD_ORDER.title}`
                      : `${CELL_PADDING[layout]} text-left whitespace-nowrap ${IDENTITY_CELL}`
                  }
                >
                  {footer.label}
                </th>
                {columns.slice(footer.labelSpan).map((column) => {
                  const content = footer.cells[column.key];
                  if (isCards && content === undefined) return null;
                  return (
                    <td key={column.key} role="cell" className={bodyCellClass(column)} {...cardLabel(column)}>
                      {content}
                    </td>
                  );
                })}
              </tr>
            </tfoot>
          ) : null}
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
