import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, fieldColumn, RowActionText, type DataColumn } from './data-table';

interface Row {
  name: string;
}

const COLUMNS: readonly DataColumn<Row>[] = [
  { key: 'name', header: 'Merchant', headerTitle: 'MERCHANT_NAME', cell: (row) => row.name },
  { key: 'action', header: 'Action', isSticky: true, cell: (row) => <button type="button">Copy {row.name}</button> },
];

/** jsdom lays nothing out: give the scroll box the sizes a 390 pixel phone would. */
function sizeScrollBox(box: HTMLElement, scrollLeft: number) {
  Object.defineProperty(box, 'scrollWidth', { configurable: true, value: 1000 });
  Object.defineProperty(box, 'clientWidth', { configurable: true, value: 400 });
  Object.defineProperty(box, 'scrollLeft', { configurable: true, value: scrollLeft });
  fireEvent.scroll(box);
}

describe('DataTable', () => {
  it('shows a fade on each edge that hides columns, as the table scrolls sideways', () => {
    const { container } = render(
      <DataTable
        caption="Merchants"
        columns={COLUMNS.slice(0, 1)}
        rows={[{ name: 'Acme' }]}
        rowKey={(row) => row.name}
      />,
    );
    const box = screen.getByRole('region', { name: 'Merchants' });
    expect(container.querySelector('[data-scroll-cue]')).toBeNull();

    sizeScrollBox(box, 0);
    expect(container.querySelector('[data-scroll-cue="right"]')).not.toBeNull();
    expect(container.querySelector('[data-scroll-cue="left"]')).toBeNull();

    sizeScrollBox(box, 600);
    expect(container.querySelector('[data-scroll-cue="right"]')).toBeNull();
    expect(container.querySelector('[data-scroll-cue="left"]')).not.toBeNull();
  });

  it('keeps the action column stuck to the right edge, with its shadow as the cue', () => {
    const { container } = render(
      <DataTable caption="Merchants" columns={COLUMNS} rows={[{ name: 'Acme' }]} rowKey={(row) => row.name} />,
    );
    sizeScrollBox(screen.getByRole('region', { name: 'Merchants' }), 0);
    const actionCell = screen.getByRole('button', { name: 'Copy Acme' }).closest('td');
    expect(actionCell).toHaveClass('sticky', 'right-0');
    expect(actionCell?.className).toContain('shadow-');
    expect(screen.getByRole('columnheader', { name: 'Action' })).toHaveClass('sticky');
    // The action column's shadow is the cue: a fade there would cover its buttons.
    expect(container.querySelector('[data-scroll-cue="right"]')).toBeNull();
  });

  it('gives the action column less padding and no spare width on a phone, and its buttons their first word', () => {
    render(
      <DataTable
        caption="Merchants"
        columns={[
          ...COLUMNS.slice(0, 1),
          {
            key: 'action',
            header: 'Action',
            isSticky: true,
            cell: (row) => (
              <button type="button" aria-label={`Generate Link for ${row.name}`}>
                <RowActionText text="Generate Link" />
              </button>
            ),
          },
        ]}
        rows={[{ name: 'Acme' }]}
        rowKey={(row) => row.name}
      />,
    );
    const button = screen.getByRole('button', { name: 'Generate Link for Acme' });
    expect(button.closest('td')).toHaveClass('max-sm:px-2', 'max-sm:w-px', 'max-sm:[&_button]:px-3');
    expect(screen.getByRole('columnheader', { name: 'Action' })).toHaveClass('max-sm:px-2', 'max-sm:w-px');
    // jsdom applies no media query: the whole text is there, its tail in the part hidden below sm.
    expect(button).toHaveTextContent(/^Generate Link$/);
    const tail = within(button).getByText('Link', { exact: false, selector: '.max-sm\\:hidden' });
    expect(tail.parentElement?.firstChild?.textContent).toBe('Generate');
  });

  it('heads a field column in words, with the field name on hover, focus or tap, and Escape closes it', async () => {
    render(
      <DataTable
        caption="Report"
        columns={[
          fieldColumn<{ date: string }>('REPORT_DATE', (row) => row.date),
          { key: 'action', header: 'Action', cell: () => null },
        ]}
        rows={[{ date: '26 Nov 2026' }]}
        rowKey={(row) => row.date}
      />,
    );
    const header = screen.getByRole('columnheader', { name: 'Report Date' });
    const heading = within(header).getByText('Report Date');
    expect(header).toHaveTextContent(/^Report Date$/);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    // A plain header has no tooltip and no Tab stop of its own.
    expect(within(screen.getByRole('columnheader', { name: 'Action' })).queryByText('Action')).not.toHaveAttribute(
      'tabindex',
    );

    await userEvent.hover(heading);
    expect(screen.getByRole('tooltip')).toHaveTextContent('REPORT_DATE');
    await userEvent.unhover(heading);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    await userEvent.tab();
    await userEvent.tab();
    expect(heading).toHaveFocus();
    expect(screen.getByRole('tooltip')).toHaveTextContent('REPORT_DATE');
    expect(heading).toHaveAccessibleDescription('REPORT_DATE');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('says a failed read with its message and Retry instead of "No records found"', async () => {
    const onRetry = vi.fn();
    render(
      <DataTable
        caption="Merchants"
        columns={COLUMNS}
        rows={[]}
        rowKey={(row) => row.name}
        error={{ status: 500, body: { statusMessages: ['Server busy'], errors: [] } }}
        onRetry={onRetry}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Merchants could not be loaded.');
    expect(alert).toHaveTextContent('Server busy');
    expect(screen.queryByText('No records found.')).not.toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

describe('fieldColumn', () => {
  it('heads a field with words people read and keeps the field name on hover', () => {
    const column = fieldColumn<{ pub_id: number }>('pub_id', (row) => row.pub_id, 'right');
    expect(column).toMatchObject({ key: 'pub_id', header: 'Publisher ID', headerTitle: 'pub_id', align: 'right' });
    expect(column.cell({ pub_id: 5001 })).toBe(5001);
    expect(fieldColumn<{ clicks: number }>('clicks', (row) => row.clicks)).not.toHaveProperty('align');
  });
});

interface Figures {
  date: string;
  merchant: string;
  clicks: number;
  earnings: string;
}

const FIGURE_COLUMNS: readonly DataColumn<Figures>[] = [
  { key: 'date', header: 'Date', priority: 'identity', cell: (row) => row.date },
  { key: 'merchant', header: 'Merchant', cell: (row) => row.merchant },
  { key: 'clicks', header: 'Clicks', priority: 'key', align: 'right', cell: (row) => String(row.clicks) },
  { key: 'earnings', header: 'Earnings', priority: 'key', align: 'right', cell: (row) => row.earnings },
];
const FIGURE_ROWS: readonly Figures[] = [
  { date: '28 Nov 2026', merchant: 'Harbor Outfitters', clicks: 120, earnings: '$416.008605' },
];

/**
 * jsdom lays nothing out: the table's box is `boxWidth` wide (a whole number, as clientWidth is) and the table is
 * drawn as wide as `tableWidth` says for the layout it is drawn in (a compact table takes 13 px text).
 */
function layOut(boxWidth: number, tableWidth: (isCompact: boolean) => number) {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.getAttribute('role') === 'region' ? boxWidth : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    // Everything else keeps jsdom's answer: a rectangle of zeros.
    const width = this.tagName === 'TABLE' ? tableWidth(this.classList.contains('text-[13px]')) : 0;
    return DOMRect.fromRect({ x: 0, y: 0, width, height: 0 });
  });
}

const renderFigures = () =>
  render(<DataTable caption="Report" columns={FIGURE_COLUMNS} rows={FIGURE_ROWS} rowKey={(row) => row.date} />);

describe('DataTable keeps its key figures in view', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('pins the identity column to the left edge and marks each cell with its priority', () => {
    renderFigures();
    const date = screen.getByRole('cell', { name: '28 Nov 2026' });
    expect(date).toHaveClass('sticky', 'left-0');
    expect(date).toHaveAttribute('data-priority', 'identity');
    expect(screen.getByRole('columnheader', { name: 'Date' })).toHaveClass('sticky', 'left-0');
    expect(screen.getByRole('cell', { name: '$416.008605' })).toHaveAttribute('data-priority', 'key');
    expect(screen.getByRole('cell', { name: 'Harbor Outfitters' })).not.toHaveAttribute('data-priority');
  });

  it('stays a table while it fits its box', () => {
    layOut(1118, () => 900);
    renderFigures();
    expect(screen.getByRole('region', { name: 'Report' })).toHaveAttribute('data-table-layout', 'table');
  });

  it('takes the compact layout for a table a fraction of a pixel wider than its box', () => {
    // Nautica's API logs at 768 px: a 719.23 px table in a 718 px box hid a pixel of its key column.
    layOut(718, (isCompact) => (isCompact ? 690 : 719.23));
    renderFigures();
    expect(screen.getByRole('region', { name: 'Report' })).toHaveAttribute('data-table-layout', 'compact');
  });

  it('takes less padding and lets words wrap when only that makes it fit', () => {
    layOut(958, (isCompact) => (isCompact ? 950 : 985));
    renderFigures();
    expect(screen.getByRole('region', { name: 'Report' })).toHaveAttribute('data-table-layout', 'compact');
    expect(screen.getByRole('cell', { name: 'Harbor Outfitters' })).toHaveClass('px-1.5', 'whitespace-normal');
    // Figures and the row's name never break.
    expect(screen.getByRole('cell', { name: '$416.008605' })).toHaveClass('whitespace-nowrap');
  });

  it('stacks its rows as cards when even the compact table is wider than its box: name on top, key figures next', () => {
    layOut(356, (isCompact) => (isCompact ? 700 : 985));
    renderFigures();
    expect(screen.getByRole('region', { name: 'Report' })).toHaveAttribute('data-table-layout', 'cards');
    const table = screen.getByRole('table', { name: 'Report' });
    // Still a table to assistive technology, its headings kept for screen readers only.
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'Merchant', 'Clicks', 'Earnings']);
    expect(table.querySelector('thead')).toHaveClass('sr-only');
    const [date, merchant, clicks, earnings] = within(table).getAllByRole('cell');
    expect(date).toHaveClass('col-span-full', '-order-3');
    expect(date).toHaveTextContent(/^28 Nov 2026$/);
    expect(date).not.toHaveAttribute('data-label');
    // Each figure carries its heading in the card (drawn from data-label, so the cell's text stays the figure);
    // the key figures come first.
    expect(clicks).toHaveAttribute('data-label', 'Clicks');
    expect(clicks).toHaveTextContent(/^120$/);
    expect(clicks).toHaveClass('-order-1');
    expect(earnings).toHaveClass('-order-1');
    expect(merchant).toHaveAttribute('data-label', 'Merchant');
    expect(merchant?.className).not.toContain('order');
    expect(table).not.toHaveAttribute('style');
  });

  it('lays out a Total row as its rows, its label across the leading columns', () => {
    layOut(1280, () => 900);
    render(
      <DataTable
        caption="Report"
        columns={FIGURE_COLUMNS}
        rows={FIGURE_ROWS}
        rowKey={(row) => row.date}
        footer={{ label: 'Total', labelSpan: 2, cells: { clicks: '120', earnings: '$416.01' } }}
      />,
    );
    const total = screen.getByRole('row', { name: /^Total/ });
    expect(within(total).getByRole('rowheader', { name: 'Total' })).toHaveAttribute('colspan', '2');
    expect(
      within(total)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['120', '$416.01']);
  });
});
