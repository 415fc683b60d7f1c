import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { buildUser } from '@publisher/contract/testing';
import {
  apiFor,
  deferred,
  errorBody,
  answerApi,
  type MockResponse,
  type RecordedRequest,
} from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';
import { buildEarningsReport, buildEarningsRow, buildTopPerformers } from '../testing/report-fixtures';

const user = buildUser();
const isEarnings = (request: RecordedRequest) => request.url.pathname === '/home/getEarningsReport';
const isTop = (request: RecordedRequest) => request.url.pathname === '/home/getTopPerformers';
/** The browser's own calendar of a date field (DateInput keeps it beside the typed field). */
const calendarOf = (field: HTMLElement) => field.parentElement?.querySelector('input[type="date"]');
const bodyOf = (request: RecordedRequest | undefined) =>
  request?.body as { startDate: string; endDate: string } | undefined;

function earningsApi(
  respond: (request: RecordedRequest) => ReturnType<typeof buildEarningsReport> = () => buildEarningsReport(),
) {
  return answerApi(
    apiFor(user, (request) =>
      isEarnings(request)
        ? { status: 200, body: respond(request) }
        : isTop(request)
          ? { status: 200, body: buildTopPerformers() }
          : undefined,
    ),
  );
}

/**
 * The body of the latest call for the range on screen. Every change asks for that range and for the period before
 * it (which ends earlier): of the last two calls, the current range's is the one that ends later.
 */
function lastEarningsBody(requests: RecordedRequest[]) {
  const [first, second] = requests.filter(isEarnings).slice(-2);
  const [a, b] = [bodyOf(first), bodyOf(second)];
  if (!a || !b) return a ?? b;
  return a.endDate > b.endDate ? a : b;
}

beforeEach(() => {
  // Wednesday 18 March 2026, local time; only Date is faked so timers and promises run normally.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 2, 18, 10, 0, 0));
});

describe('DashboardPage', () => {
  it('loads the last 7 days daily and fills the cards from the totals, each saying what it counts', async () => {
    const api = earningsApi(() =>
      buildEarningsReport(
        [
          buildEarningsRow({
            date: '2026-03-16',
            redirects: 1000,
            estimatedEarnings: 500,
            salesCount: 20,
            salesAmount: 2000,
          }),
          buildEarningsRow({
            date: '2026-03-17',
            redirects: 3000,
            estimatedEarnings: 1100,
            salesCount: 40,
            salesAmount: 4400,
          }),
        ],
        0.25,
      ),
    );
    renderApp(paths.dashboard, { user });

    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    const totals = screen.getByLabelText('Totals');
    await waitFor(() => expect(within(totals).getByText('4,000')).toBeInTheDocument());
    expect(lastEarningsBody(api.requests)).toEqual({
      startDate: '2026-03-11',
      endDate: '2026-03-18',
      aggregation: 'daily',
      apiKey: user.apiKey,
    });
    const card = (label: string) => within(totals).getByText(label).parentElement;
    expect(card('Total Clicks')).toHaveTextContent('4,000');
    expect(card('Total Clicks')).toHaveTextContent('3,000 CPC + 1,000 CPA clicks');
    // CPC and CPA apart and together; cards show cents, the report's 6 decimals on hover or focus.
    const amount = (text: string) => within(totals).getByText(text, { selector: '[tabindex="0"]' });
    expect(card('CPC Earnings')).toHaveTextContent('$1,200.00');
    expect(card('CPC Earnings')).toHaveTextContent('From 3,000 CPC clicks only');
    expect(card('CPA Earnings')).toHaveTextContent('$400.00');
    expect(card('CPA Earnings')).toHaveTextContent('From 1,000 CPA clicks only');
    expect(card('Total Earnings')).toHaveTextContent('$1,600.00');
    expect(amount('$1,600.00')).toHaveAccessibleDescription('Exact: $1,600.000000');
    expect(amount('$0.40')).toHaveAccessibleDescription('Exact: $0.400000');
    // Total Sales is the order count, as on the conversion reports; the amount is named as such.
    expect(card('Total Sales')).toHaveTextContent('60');
    expect(card('Total Sales')).toHaveTextContent('Orders, worth $6,400.00');
    expect(card('Total Conversion Rate')).toHaveTextContent('1.50%');
    expect(amount('$106.67')).toHaveAccessibleDescription('Exact: $106.666667');
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'CPC + CPA' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('draws a time chart with a y axis, gridlines and dated x labels; focus or a tap shows a value', async () => {
    earningsApi(() =>
      buildEarningsReport([
        buildEarningsRow({ date: '2026-03-16', redirects: 1000, estimatedEarnings: 500 }),
        buildEarningsRow({ date: '2026-03-17', redirects: 3000, estimatedEarnings: 1100.123456 }),
      ]),
    );
    renderApp(paths.dashboard, { user });

    const chart = await screen.findByRole('img', { name: /Bar chart of clicks by date, 11 Mar 2026 – 18 Mar 2026/ });
    expect(chart.querySelectorAll('rect')).toHaveLength(2);
    const yLabels = [...chart.querySelectorAll('[data-axis="y"] text')].map((text) => text.textContent);
    expect(yLabels).toEqual(['0', '1,000', '2,000', '3,000']);
    expect(chart.querySelectorAll('[data-gridline]')).toHaveLength(4);
    expect([...chart.querySelectorAll('[data-axis="x"] text')].map((text) => text.textContent)).toEqual([
      '16 Mar 2026',
      '17 Mar 2026',
    ]);
    expect(screen.queryByRole('tooltip', { name: /Clicks/ })).not.toBeInTheDocument();

    const second = screen.getByRole('button', { name: '17 Mar 2026: Clicks 3,000' });
    second.focus();
    expect(await screen.findByText('Clicks: 3,000')).toBeInTheDocument();
    expect(second).toHaveAccessibleDescription('17 Mar 2026Clicks: 3,000');

    // A tap (a click without hover) shows the tapped period; another metric redraws with its own values.
    await userEvent.click(screen.getByRole('button', { name: 'Estimated Earnings' }));
    await userEvent.click(screen.getByRole('button', { name: '17 Mar 2026: Estimated Earnings $1,100.123456' }));
    expect(screen.getByText('Estimated Earnings: $1,100.123456')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Bar chart of estimated earnings by date/ })).toBeInTheDocument();
  });

  it('compares each card with the previous period of the same length', async () => {
    const api = earningsApi((request) =>
      bodyOf(request)?.endDate === '2026-03-10'
        ? buildEarningsReport([buildEarningsRow({ redirects: 3200, estimatedEarnings: 2000, salesCount: 0 })])
        : buildEarningsReport([buildEarningsRow({ redirects: 4000, estimatedEarnings: 1500, salesCount: 30 })]),
    );
    renderApp(paths.dashboard, { user });
    const totals = await screen.findByLabelText('Totals');
    await waitFor(() => expect(within(totals).getAllByTestId('change')).toHaveLength(8));
    expect(api.requests.filter(isEarnings).map((request) => bodyOf(request))).toContainEqual(
      expect.objectContaining({ startDate: '2026-03-03', endDate: '2026-03-10' }),
    );
    const card = (label: string) => within(totals).getByText(label).parentElement;
    expect(card('Total Clicks')).toHaveTextContent('+25.0% vs previous period');
    expect(card('Total Earnings')).toHaveTextContent('-25.0% vs previous period');
    expect(card('Total Sales')).toHaveTextContent('New (nothing before) vs previous period');
    expect(card('CPA Earnings')).toHaveTextContent('No change vs previous period');
  });

  it('lists the top merchants with a link to make a deep link for each, and the top placements', async () => {
    const api = earningsApi();
    renderApp(paths.dashboard, { user });
    const merchants = await screen.findByRole('list', { name: 'Top merchants' });
    expect(
      within(merchants)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Acme OutdoorGet link$420.50 · 900 clicks · 12 orders',
      'Blue & Co "Home"Get link$119.25 · 300 clicks · 3 orders',
    ]);
    expect(within(merchants).getByRole('link', { name: 'Get link for Blue & Co "Home"' })).toHaveAttribute(
      'href',
      `${paths.deepLinksAPI}?merchant=Blue%20%26%20Co%20%22Home%22`,
    );
    const placements = screen.getByRole('list', { name: 'Top placements' });
    expect(within(placements).getByRole('listitem')).toHaveTextContent('homepage$539.75 · 1,200 clicks · 15 orders');
    expect(api.requests.filter(isTop).at(-1)?.body).toEqual({
      startDate: '2026-03-11',
      endDate: '2026-03-18',
      apiKey: user.apiKey,
    });

    // The type goes to every call.
    await userEvent.click(screen.getByRole('button', { name: 'CPA' }));
    await waitFor(() => expect(api.requests.filter(isTop).at(-1)?.body).toMatchObject({ isCPC: false }));
    expect(lastEarningsBody(api.requests)).toMatchObject({ isCPC: false, startDate: '2026-03-11' });
  });

  it('exports what is shown as CSV: raw figures per period and the totals', async () => {
    const saved: { blob: Blob; name: string }[] = [];
    const createUrl = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:dashboard');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      const blob = createUrl.mock.calls.at(-1)?.[0];
      if (blob instanceof Blob) saved.push({ blob, name: this.download });
    });
    earningsApi(() =>
      buildEarningsReport([
        buildEarningsRow({
          date: '2026-03-16',
          redirects: 1000,
          estimatedEarnings: 500.5,
          cpc: 0.5005,
          salesCount: 20,
          salesAmount: 2000,
          conversionRate: 2,
          aov: 100,
        }),
      ]),
    );
    renderApp(paths.dashboard, { user });
    const exportButton = await screen.findByRole('button', {
      name: 'Download CSV dashboard_2026-03-11_to_2026-03-18.csv',
    });
    await waitFor(() => expect(exportButton).toBeEnabled());
    await userEvent.click(exportButton);

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('dashboard_2026-03-11_to_2026-03-18.csv');
    expect(await screen.findByText('Downloaded dashboard_2026-03-11_to_2026-03-18.csv')).toHaveAttribute(
      'role',
      'status',
    );
    expect(await saved[0]?.blob.text()).toBe(
      [
        'Date,Clicks,Estimated Earnings,CPC,Sales Count,Sales Amount,Conversion Rate,AOV',
        '2026-03-16,1000,500.5,0.5005,20,2000,2,100',
        'Total,1000,500.5,0.5005,20,2000,2,100',
      ].join('\r\n'),
    );
    vi.restoreAllMocks();
  });

  it('a quick range and the aggregation reload with their dates and the lowercase value', async () => {
    const api = earningsApi();
    renderApp(paths.dashboard, { user });
    await waitFor(() => expect(lastEarningsBody(api.requests)).toBeDefined());

    await userEvent.click(screen.getByRole('button', { name: 'Last week' }));
    await waitFor(() =>
      expect(lastEarningsBody(api.requests)).toMatchObject({
        startDate: '2026-03-09',
        endDate: '2026-03-15',
        aggregation: 'daily',
      }),
    );
    expect(screen.getByRole('button', { name: 'Last week' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(screen.getByRole('button', { name: 'Monthly' }));
    await waitFor(() => expect(lastEarningsBody(api.requests)).toMatchObject({ aggregation: 'monthly' }));
    await userEvent.click(screen.getByRole('button', { name: 'Weekly' }));
    await waitFor(() => expect(lastEarningsBody(api.requests)).toMatchObject({ aggregation: 'weekly' }));

    await userEvent.click(screen.getByRole('button', { name: 'Yesterday' }));
    await waitFor(() =>
      expect(lastEarningsBody(api.requests)).toMatchObject({ startDate: '2026-03-17', endDate: '2026-03-17' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Last Month' }));
    await waitFor(() =>
      expect(lastEarningsBody(api.requests)).toMatchObject({ startDate: '2026-02-01', endDate: '2026-02-28' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Last 90 days' }));
    await waitFor(() =>
      expect(lastEarningsBody(api.requests)).toMatchObject({ startDate: '2025-12-18', endDate: '2026-03-18' }),
    );

    // Generate reads the range and the period before it again.
    const before = api.requests.filter(isEarnings).length;
    await userEvent.click(screen.getByRole('button', { name: 'Generate Report' }));
    await waitFor(() => expect(api.requests.filter(isEarnings)).toHaveLength(before + 2));
  });

  it("fades the cards and marks them busy while a new range loads, as they still show the old range's figures", async () => {
    const later = deferred<MockResponse>();
    let calls = 0;
    answerApi(
      apiFor(user, (request) => {
        if (isTop(request)) return { status: 200, body: buildTopPerformers() };
        if (!isEarnings(request)) return undefined;
        // The first range's answers (the last 7 days and the 7 before) come at once; the next range's wait.
        return calls++ < 2 ? { status: 200, body: buildEarningsReport() } : later.promise;
      }),
    );
    renderApp(paths.dashboard, { user });
    await waitFor(() => expect(screen.getByLabelText('Totals')).not.toHaveTextContent('…'));
    expect(screen.getByLabelText('Totals')).not.toHaveAttribute('aria-busy');

    await userEvent.click(screen.getByRole('button', { name: 'Last 30 days' }));
    await waitFor(() => expect(screen.getByLabelText('Totals')).toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByLabelText('Totals')).toHaveClass('opacity-50');
    later.resolve({ status: 200, body: buildEarningsReport() });
    await waitFor(() => expect(screen.getByLabelText('Totals')).not.toHaveAttribute('aria-busy'));
    expect(screen.getByLabelText('Totals')).not.toHaveClass('opacity-50');
  });

  it('a custom date clears the quick range and reloads only once both dates are set and in order', async () => {
    const api = earningsApi();
    renderApp(paths.dashboard, { user });
    await waitFor(() => expect(lastEarningsBody(api.requests)).toBeDefined());
    const calls = () => api.requests.filter(isEarnings).length;
    const initialCalls = calls();

    const start = screen.getByLabelText('Start Date');
    const end = screen.getByLabelText('End Date');
    expect(calendarOf(start)).toHaveAttribute('max', '2026-03-18');
    expect(calendarOf(end)).toHaveAttribute('min', '2026-03-11');

    await userEvent.clear(start);
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'false');
    expect(calls()).toBe(initialCalls);

    await userEvent.type(start, '2026-03-20');
    expect(await screen.findByText('Start Date cannot be after End Date')).toBeInTheDocument();
    expect(calls()).toBe(initialCalls);
    // The figures are still the last valid range's, and the screen says which.
    expect(screen.getByText('Showing 11 Mar 2026 – 18 Mar 2026 until the dates above are valid.')).toBeInTheDocument();

    await userEvent.clear(start);
    await userEvent.type(start, '2026-03-02');
    await waitFor(() =>
      expect(lastEarningsBody(api.requests)).toMatchObject({ startDate: '2026-03-02', endDate: '2026-03-18' }),
    );
    expect(screen.queryByText('Start Date cannot be after End Date')).not.toBeInTheDocument();
    expect(screen.queryByText(/until the dates above are valid/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    // Back to the first range (served from the cache, so no new call is needed).
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(start).toHaveValue('11 Mar 2026');
    expect(end).toHaveValue('18 Mar 2026');
    expect(screen.getByText('11 Mar 2026 – 18 Mar 2026, daily, CPC + CPA')).toBeInTheDocument();
  });

  it('offers no date after today in either field (there is no report data for the future)', async () => {
    earningsApi();
    renderApp(paths.dashboard, { user });

    const end = await screen.findByLabelText('End Date');
    expect(calendarOf(end)).toHaveAttribute('max', '2026-03-18');
    await userEvent.clear(end);
    expect(calendarOf(screen.getByLabelText('End Date'))).toHaveAttribute('max', '2026-03-18');
    expect(calendarOf(screen.getByLabelText('Start Date'))).toHaveAttribute('max', '2026-03-18');
  });

  it('marks partial first and last weeks in the chart and the preview, so a short week does not read as a drop', async () => {
    // The API names the first period by the range's first day, the next ones by their Monday.
    const weeks = [
      buildEarningsRow({ date: '2026-03-11', redirects: 500 }),
      buildEarningsRow({ date: '2026-03-16', redirects: 300 }),
    ];
    const api = earningsApi((request) =>
      (request.body as { aggregation?: string }).aggregation === 'weekly'
        ? buildEarningsReport(weeks)
        : buildEarningsReport(),
    );
    renderApp(paths.dashboard, { user });
    await screen.findByRole('img', { name: /Bar chart/ });
    await userEvent.click(screen.getByRole('button', { name: 'Weekly' }));
    await waitFor(() => expect(lastEarningsBody(api.requests)).toMatchObject({ aggregation: 'weekly' }));
    expect(lastEarningsBody(api.requests)).toMatchObject({ startDate: '2026-03-11', endDate: '2026-03-18' });

    // 11 to 18 March: Wednesday to Sunday of the week of 9 March, Monday to Wednesday of the week of 16 March.
    expect(
      await screen.findByRole('button', { name: 'week of 9 Mar 2026 (partial: 5 of 7 days): Clicks 500' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'week of 16 Mar 2026 (partial: 3 of 7 days): Clicks 300' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Paler bars are partial periods/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const table = screen.getByRole('table', { name: 'Earnings preview' });
    expect(
      within(table)
        .getAllByRole('cell')
        .filter((cell) => cell.dataset['priority'] === 'identity')
        .map((cell) => cell.textContent),
    ).toEqual(['week of 9 Mar 2026 (partial: 5 of 7 days)', 'week of 16 Mar 2026 (partial: 3 of 7 days)']);
  });

  it('Preview shows the table, limited to the first 100 rows, and brings it into view', async () => {
    const rows = Array.from({ length: 120 }, (_, index) =>
      buildEarningsRow({
        date: `2026-${String(1 + Math.floor(index / 28)).padStart(2, '0')}-${String(1 + (index % 28)).padStart(2, '0')}`,
      }),
    );
    earningsApi(() => buildEarningsReport(rows));
    renderApp(paths.dashboard, { user });
    await screen.findByRole('img', { name: /Bar chart/ });

    expect(screen.queryByRole('table', { name: 'Earnings preview' })).not.toBeInTheDocument();
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const table = screen.getByRole('table', { name: 'Earnings preview' });
    // Below the cards, the chart and the top lists: the preview is scrolled to, not opened out of sight.
    expect(scrolled.mock.contexts).toContain(screen.getByRole('region', { name: 'Preview' }));
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'Clicks', 'Estimated Earnings', 'CPC', 'Conversion Rate', 'AOV']);
    expect(within(table).getAllByRole('row')).toHaveLength(101);
    expect(screen.getByText('Showing the first 100 of 120 rows.')).toBeInTheDocument();
  });

  it('shows the API message when the report fails', async () => {
    answerApi(
      apiFor(user, (request) =>
        isEarnings(request)
          ? { status: 403, body: errorBody('Access denied.') }
          : isTop(request)
            ? { status: 200, body: buildTopPerformers() }
            : undefined,
      ),
    );
    renderApp(paths.dashboard, { user });
    expect(await screen.findByRole('alert')).toHaveTextContent('Access denied.');
  });

  it('says a failed report is a failure, not an empty one, and Retry reads it again', async () => {
    let isDown = true;
    answerApi(
      apiFor(user, (request) => {
        if (isTop(request)) return { status: 200, body: buildTopPerformers() };
        if (!isEarnings(request)) return undefined;
        return isDown
          ? { status: 500, body: errorBody('Something went wrong on our side.') }
          : { status: 200, body: buildEarningsReport() };
      }),
    );
    renderApp(paths.dashboard, { user });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The earnings report could not be loaded.');
    expect(alert).toHaveTextContent('Something went wrong on our side.');
    const totals = screen.getByLabelText('Totals');
    // No card waits on "…" for good, and nothing claims there were no records.
    expect(within(totals).queryByText('…')).not.toBeInTheDocument();
    expect(within(totals).getAllByText('—')).toHaveLength(8);
    expect(screen.queryByText('No records found for these dates.')).not.toBeInTheDocument();

    isDown = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(totals).getByText('Total Clicks').nextSibling).toHaveTextContent('1,200'));
    expect(screen.queryByText('The earnings report could not be loaded.')).not.toBeInTheDocument();
  });

  it('a failed top performers read says the lists could not be loaded, never "No records found"', async () => {
    answerApi(
      apiFor(user, (request) => {
        if (isTop(request)) return { status: 500, body: errorBody('Something went wrong on our side.') };
        return isEarnings(request) ? { status: 200, body: buildEarningsReport() } : undefined;
      }),
    );
    renderApp(paths.dashboard, { user });
    expect(await screen.findByText('Top merchants could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Top placements could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    expect(within(screen.getByRole('alert')).getByRole('button', { name: 'Retry' })).toBeEnabled();
    expect(screen.queryByText('No records found for these dates.')).not.toBeInTheDocument();
  });

  it('is the screen at / for users who land on the dashboard, with an empty state without data', async () => {
    earningsApi(() => buildEarningsReport([]));
    const app = renderApp(paths.home, { user });
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(app.currentPath()).toBe(paths.home);
    expect(await screen.findByText('No records found for these dates.', { selector: 'p' })).toBeInTheDocument();
  });
});
