import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { buildUser } from '../../../testing/build-user';
import { apiFor, errorBody, answerApi, type RecordedRequest } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';
import { buildEarningsReport, buildEarningsRow } from '../testing/report-fixtures';

const user = buildUser();
const isEarnings = (request: RecordedRequest) => request.url.pathname === '/home/getEarningsReport';

function earningsApi(
  respond: (request: RecordedRequest) => ReturnType<typeof buildEarningsReport> = () => buildEarningsReport(),
) {
  return answerApi(
    apiFor(user, (request) => (isEarnings(request) ? { status: 200, body: respond(request) } : undefined)),
  );
}

const lastEarningsBody = (requests: RecordedRequest[]) => requests.filter(isEarnings).at(-1)?.body;

beforeEach(() => {
  // Wednesday 18 March 2026, local time; only Date is faked so timers and promises run normally.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 2, 18, 10, 0, 0));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('DashboardPage', () => {
  it('loads the last 7 days daily and fills the six cards from the totals', async () => {
    const api = earningsApi(() =>
      buildEarningsReport([
        buildEarningsRow({ date: '2026-03-16', redirects: 1000, estimatedEarnings: 500, salesCount: 20, sales: 2000 }),
        buildEarningsRow({ date: '2026-03-17', redirects: 3000, estimatedEarnings: 1100, salesCount: 40, sales: 4400 }),
      ]),
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
    expect(within(totals).getByText('Total Clicks').nextSibling).toHaveTextContent('4,000');
    // Cards show cents; the report's 6 decimals are the amount's description (the tooltip on hover or focus).
    const amount = (text: string) => within(totals).getByText(text, { selector: '[tabindex="0"]' });
    expect(within(totals).getByText('CPC Earnings').nextSibling).toHaveTextContent('$1,600.00');
    expect(amount('$1,600.00')).toHaveAccessibleDescription('Exact: $1,600.000000');
    expect(amount('$0.40')).toHaveAccessibleDescription('Exact: $0.400000');
    expect(amount('$6,400.00')).toHaveAccessibleDescription('Exact: $6,400.000000');
    expect(within(totals).getByText('Total Conversion Rate').nextSibling).toHaveTextContent('1.50%');
    expect(amount('$106.67')).toHaveAccessibleDescription('Exact: $106.666667');
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');

    const chart = screen.getByRole('img', { name: /Bar chart of clicks, estimated earnings and CPC by date/ });
    expect(chart.querySelectorAll('rect')).toHaveLength(6);
    expect(
      within(screen.getByRole('list', { name: 'Legend' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Clicks', 'Estimated Earnings', 'CPC']);
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

    const before = api.requests.filter(isEarnings).length;
    await userEvent.click(screen.getByRole('button', { name: 'Generate Report' }));
    await waitFor(() => expect(api.requests.filter(isEarnings)).toHaveLength(before + 1));
  });

  it('a custom date clears the quick range and reloads only once both dates are set and in order', async () => {
    const api = earningsApi();
    renderApp(paths.dashboard, { user });
    await waitFor(() => expect(lastEarningsBody(api.requests)).toBeDefined());
    const calls = () => api.requests.filter(isEarnings).length;
    const initialCalls = calls();

    const start = screen.getByLabelText('Start Date');
    const end = screen.getByLabelText('End Date');
    expect(start).toHaveAttribute('max', '2026-03-18');
    expect(end).toHaveAttribute('min', '2026-03-11');

    await userEvent.clear(start);
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'false');
    expect(calls()).toBe(initialCalls);

    await userEvent.type(start, '2026-03-20');
    expect(await screen.findByText('Start Date cannot be after End Date')).toBeInTheDocument();
    expect(calls()).toBe(initialCalls);

    await userEvent.clear(start);
    await userEvent.type(start, '2026-03-02');
    await waitFor(() =>
      expect(lastEarningsBody(api.requests)).toMatchObject({ startDate: '2026-03-02', endDate: '2026-03-18' }),
    );
    expect(screen.queryByText('Start Date cannot be after End Date')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    // Back to the first range (served from the cache, so no new call is needed).
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(start).toHaveValue('2026-03-11');
    expect(end).toHaveValue('2026-03-18');
    expect(screen.getByText('2026-03-11 to 2026-03-18, daily')).toBeInTheDocument();
  });

  it('offers no date after today in either field (there is no report data for the future)', async () => {
    earningsApi();
    renderApp(paths.dashboard, { user });

    const end = await screen.findByLabelText('End Date');
    expect(end).toHaveAttribute('max', '2026-03-18');
    await userEvent.clear(end);
    expect(screen.getByLabelText('End Date')).toHaveAttribute('max', '2026-03-18');
    expect(screen.getByLabelText('Start Date')).toHaveAttribute('max', '2026-03-18');
  });

  it('Preview shows the table, limited to the first 100 rows', async () => {
    const rows = Array.from({ length: 120 }, (_, index) =>
      buildEarningsRow({
        date: `2026-${String(1 + Math.floor(index / 28)).padStart(2, '0')}-${String(1 + (index % 28)).padStart(2, '0')}`,
      }),
    );
    earningsApi(() => buildEarningsReport(rows));
    renderApp(paths.dashboard, { user });
    await screen.findByRole('img', { name: /Bar chart/ });

    expect(screen.queryByRole('table', { name: 'Earnings preview' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const table = screen.getByRole('table', { name: 'Earnings preview' });
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
      apiFor(user, (request) => (isEarnings(request) ? { status: 403, body: errorBody('Access denied.') } : undefined)),
    );
    renderApp(paths.dashboard, { user });
    expect(await screen.findByRole('alert')).toHaveTextContent('Access denied.');
  });

  it('says a failed report is a failure, not an empty one, and Retry reads it again', async () => {
    let isDown = true;
    answerApi(
      apiFor(user, (request) => {
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
    expect(within(totals).getAllByText('—')).toHaveLength(6);
    expect(screen.queryByText('No records found for these dates.')).not.toBeInTheDocument();

    isDown = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(totals).getByText('Total Clicks').nextSibling).toHaveTextContent('1,200'));
    expect(screen.queryByText('The earnings report could not be loaded.')).not.toBeInTheDocument();
  });

  it('is the screen at / for users who land on the dashboard, with an empty state without data', async () => {
    earningsApi(() => buildEarningsReport([]));
    const app = renderApp(paths.home, { user });
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(app.currentPath()).toBe(paths.home);
    expect(await screen.findByText('No records found for these dates.', { selector: 'p' })).toBeInTheDocument();
  });
});
