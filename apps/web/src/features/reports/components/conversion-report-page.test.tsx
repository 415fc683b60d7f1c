import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { buildUser } from '@publisher/contract/testing';
import { apiFor, errorBody, answerApi, type RecordedRequest } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';
import { buildConversionRow, buildSummaryByDateRow, captureDownloads } from '../testing/report-fixtures';

const both = { cpc: true, cpa: true };
const off = { cpc: false, cpa: false };
const CSV = 'REPORT_DATE,CAMPAIGN_ID,PLACEMENT_ID\n2026-03-10,6001,homepage\n';

function conversionRoutes(request: RecordedRequest) {
  switch (request.url.pathname) {
    case '/home/getConversionReportSummary':
      return {
        status: 200,
        body: {
          data: {
            totalClicks: 4321,
            totalEarnings: 987.654321987,
            totalSales: 12,
            clickAvgCPC: 0.2285707,
            totalConversionRate: 0.277,
          },
        },
      };
    case '/home/getConversionReportSummaryByDate':
      return { status: 200, body: { data: [buildSummaryByDateRow()] } };
    case '/home/getConversionReports':
      return { status: 200, body: { reportsData: [buildConversionRow()], totalRecords: 45 } };
    case '/v1/connexity/downloadConversionReport':
      return { status: 200, body: CSV };
    default:
      return undefined;
  }
}

const bodiesOf = (requests: RecordedRequest[], pathname: string) =>
  requests.filter((request) => request.url.pathname === pathname).map((request) => request.body);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 2, 18, 10, 0, 0));
});

describe('ConversionReportPage', () => {
  it('shows the five cards, the date-wise summary and the full report with money to 6 decimals', async () => {
    const user = buildUser();
    answerApi(apiFor(user, conversionRoutes));
    renderApp(paths.conversionReports1, { user });

    const summary = await screen.findByLabelText('Summary');
    await waitFor(() => expect(within(summary).getByText('Total Clicks').nextSibling).toHaveTextContent('4,321'));
    expect(within(summary).getByText('Total Earnings').nextSibling).toHaveTextContent('$987.65');
    expect(within(summary).getByText('$987.65')).toHaveAccessibleDescription('Exact: $987.654322');
    expect(within(summary).getByText('Total Sales').nextSibling).toHaveTextContent('12');
    expect(within(summary).getByText('Avg. CPC').nextSibling).toHaveTextContent('$0.23');
    expect(within(summary).getByText('$0.23')).toHaveAccessibleDescription('Exact: $0.228571');
    expect(within(summary).getByText('Total Conversion Rate').nextSibling).toHaveTextContent('0.28%');

    const report = await screen.findByRole('table', { name: 'Conversion Report' });
    expect(
      within(report)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Report Date',
      'Campaign ID',
      'Placement ID',
      'RID',
      'Merchant Name',
      'Clicks',
      'Sales Amount',
      'Earnings',
      'Conversion Rate',
      'CPC',
    ]);
    // The spec's field names (the CSV's headings) are each heading's title, shown on hover.
    expect(
      within(report)
        .getAllByRole('columnheader')
        .map((cell) => cell.dataset['field']),
    ).toEqual([
      'REPORT_DATE',
      'CAMPAIGN_ID',
      'PLACEMENT_ID',
      'RID',
      'MERCHANT_NAME',
      'CLICKS',
      'SALES',
      'EARNINGS',
      'CONVERSION_RATE',
      'CPC',
    ]);
    const cells = await within(report).findAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      '10 Mar 2026',
      '6001',
      'homepage',
      'rid-1',
      'Acme Outdoor',
      '120',
      '$240.500000',
      '$54.123457',
      '2.50%',
      '$0.451029',
    ]);
    const byDate = screen.getByRole('table', { name: 'Date Wise Summary' });
    expect(await within(byDate).findByText('$54.123457')).toBeInTheDocument();
    expect(screen.getByText('Total Records: 45')).toBeInTheDocument();
    // One count line: the pager does not repeat it ("Showing 1–20 of 45 rows").
    expect(screen.queryByText(/^Showing \d/)).not.toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  });

  it('offers CPC + CPA, CPC and CPA when both flags are on, opening on both as the dashboard does', async () => {
    const user = buildUser({ menu: { deeplink1: both } });
    const api = answerApi(apiFor(user, conversionRoutes));
    renderApp(paths.conversionReports1, { user });

    const type = await screen.findByLabelText('Type');
    expect(
      within(type)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['CPC + CPA', 'CPC', 'CPA']);
    expect(type).toHaveValue('all');
    // Both types: no isCPC at all (part 1 §9: absent means both), as the dashboard's CPC + CPA sends it, so one
    // range gives one total on both screens.
    await waitFor(() =>
      expect(bodiesOf(api.requests, '/home/getConversionReports').at(-1)).toEqual({
        startDate: '2026-03-11',
        endDate: '2026-03-18',
        campaign_id: user.vendorId,
        // The wire's page is 0-based (part 2 §7): the screen's page 1 is page 0.
        page: 0,
        pageSize: 20,
        apiKey: user.apiKey,
      }),
    );
    expect(bodiesOf(api.requests, '/home/getConversionReportSummary').at(-1)).not.toHaveProperty('isCPC');

    await userEvent.selectOptions(type, 'CPA');
    await waitFor(() =>
      expect(bodiesOf(api.requests, '/home/getConversionReports').at(-1)).toMatchObject({ isCPC: false }),
    );
    expect(bodiesOf(api.requests, '/home/getConversionReportSummary').at(-1)).toMatchObject({ isCPC: false });
    await userEvent.selectOptions(type, 'CPC');
    await waitFor(() =>
      expect(bodiesOf(api.requests, '/home/getConversionReports').at(-1)).toMatchObject({ isCPC: true }),
    );
  });

  it("shows money at the spec's 6 decimals until the cents switch is on, and remembers the switch", async () => {
    const user = buildUser();
    answerApi(apiFor(user, conversionRoutes));
    const first = renderApp(paths.conversionReports1, { user });
    const report = await screen.findByRole('table', { name: 'Conversion Report' });
    expect(await within(report).findByText('$54.123457')).toBeInTheDocument();
    // Right-aligned in tabular figures, so the decimals line up down the column.
    expect(within(report).getByText('$54.123457').closest('td')).toHaveClass('text-right', 'tabular-nums');

    const cents = screen.getByRole('checkbox', { name: 'Amounts in cents' });
    expect(cents).not.toBeChecked();
    await userEvent.click(cents);
    // Every table of the screen follows the one switch; the exact figure stays on hover.
    expect(within(report).getByText('$54.12')).toHaveAttribute('title', 'Exact: $54.123457');
    expect(within(screen.getByRole('table', { name: 'Date Wise Summary' })).getByText('$54.12')).toBeInTheDocument();
    expect(window.localStorage.getItem('reportMoneyInCents')).toBe('true');

    first.unmount();
    renderApp(paths.conversionReports1, { user });
    const again = await screen.findByRole('table', { name: 'Conversion Report' });
    expect(await within(again).findByText('$54.12')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Amounts in cents' })).toBeChecked();
  });

  it('offers only CPC when the cpa flag is off', async () => {
    const user = buildUser({ menu: { deeplink1: { cpc: true, cpa: false } } });
    const api = answerApi(apiFor(user, conversionRoutes));
    renderApp(paths.conversionReports1, { user });
    const type = await screen.findByLabelText('Type');
    expect(
      within(type)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['CPC']);
    await waitFor(() =>
      expect(bodiesOf(api.requests, '/home/getConversionReports').at(-1)).toMatchObject({ isCPC: true }),
    );
  });

  it('offers only CPA when the cpc flag is off', async () => {
    const user = buildUser({ menu: { deeplink1: { cpc: false, cpa: true } } });
    const api = answerApi(apiFor(user, conversionRoutes));
    renderApp(paths.conversionReports1, { user });
    const type = await screen.findByLabelText('Type');
    expect(
      within(type)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['CPA']);
    await waitFor(() =>
      expect(bodiesOf(api.requests, '/home/getConversionReports').at(-1)).toMatchObject({ isCPC: false }),
    );
  });

  it('sends a vendor whose deeplink1 is off to the menu landing page', async () => {
    const user = buildUser({ menu: { deeplink1: off, deeplink2: both } });
    answerApi(apiFor(user, () => undefined));
    const app = renderApp(paths.conversionReports1, { user });
    await waitFor(() => expect(app.currentPath()).toBe(paths.conversionReports2));
  });

  it('changing page or page size refetches with the 0-based wire page; a new filter goes back to page 1', async () => {
    const user = buildUser();
    const api = answerApi(apiFor(user, conversionRoutes));
    renderApp(paths.conversionReports1, { user });
    await screen.findByText('Page 1 of 3');

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(bodiesOf(api.requests, '/home/getConversionReports').at(-1)).toMatchObject({ page: 1, pageSize: 20 }),
    );
    // People still count pages from 1.
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Last 30 days' }));
    await waitFor(() =>
      expect(bodiesOf(api.requests, '/home/getConversionReports').at(-1)).toMatchObject({
        startDate: '2026-02-16',
        endDate: '2026-03-18',
        page: 0,
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(bodiesOf(api.requests, '/home/getConversionReports').at(-1)).toMatchObject({ page: 1 }));
    await userEvent.selectOptions(screen.getByLabelText('Rows per page'), '50');
    await waitFor(() =>
      expect(bodiesOf(api.requests, '/home/getConversionReports').at(-1)).toMatchObject({ page: 0, pageSize: 50 }),
    );
  });

  it('downloads conversion_reports.csv with a progress indicator, and shows a failed download', async () => {
    const user = buildUser();
    const saved = captureDownloads();
    let fail = false;
    const api = answerApi(
      apiFor(user, (request) =>
        fail && request.url.pathname === '/v1/connexity/downloadConversionReport'
          ? { status: 401, body: errorBody('Invalid apiKey.') }
          : conversionRoutes(request),
      ),
    );
    renderApp(paths.conversionReports1, { user });
    // A labelled button (it was an icon), named after the file, and the range in the file's name.
    const button = await screen.findByRole('button', {
      name: 'Download CSV conversion_reports_2026-03-11_to_2026-03-18.csv',
    });
    expect(button).toHaveTextContent(/^Download CSV/);
    expect(
      screen.getByRole('button', { name: 'Download CSV conversion_reports_day_wise_2026-03-11_to_2026-03-18.csv' }),
    ).toBeInTheDocument();
    await userEvent.click(button);

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.fileName).toBe('conversion_reports_2026-03-11_to_2026-03-18.csv');
    // Confirmed by a toast: a status in the polite live region, as every confirmation is.
    const toast = await screen.findByText('Downloaded conversion_reports_2026-03-11_to_2026-03-18.csv');
    expect(toast).toHaveAttribute('role', 'status');
    expect(toast.closest('[aria-live="polite"]')).not.toBeNull();
    expect(await saved[0]?.blob.text()).toBe(CSV);
    const download = api.requests.find((request) => request.url.pathname === '/v1/connexity/downloadConversionReport');
    expect(Object.fromEntries(download?.url.searchParams ?? [])).toEqual({
      vendorId: String(user.vendorId),
      apiKey: user.apiKey,
      startDate: '2026-03-11',
      endDate: '2026-03-18',
      // CPC + CPA, the screen's first Type: the file holds both, as the screen does.
    });
    expect(download?.headers.get('authorization')).toBe('test-token');

    fail = true;
    await userEvent.click(screen.getByRole('button', { name: /^Download CSV conversion_reports_2/ }));
    expect(await screen.findByText('Invalid apiKey.')).toBeInTheDocument();
    expect(saved).toHaveLength(1);
  });

  it("reads ?vendorId for the admin and shows the API's refusal to anyone else once, without downloads", async () => {
    const admin = buildUser({ vendorId: 5029, role: 'admin' });
    const adminApi = answerApi(apiFor(admin, conversionRoutes));
    const view = renderApp(`${paths.conversionReports1}?vendorId=5001`, { user: admin });
    expect(await screen.findByText('Showing the reports of vendor 5001.')).toBeInTheDocument();
    await waitFor(() =>
      expect(bodiesOf(adminApi.requests, '/home/getConversionReports').at(-1)).toMatchObject({ campaign_id: 5001 }),
    );
    view.unmount();

    const vendor = buildUser();
    answerApi(
      apiFor(vendor, (request) =>
        request.url.pathname.startsWith('/home/')
          ? { status: 403, body: errorBody('You may only read your own reports.') }
          : undefined,
      ),
    );
    renderApp(`${paths.conversionReports1}?vendorId=5001`, { user: vendor });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The reports of vendor 5001 cannot be shown: You may only read your own reports.');
    expect(screen.getAllByText(/You may only read your own reports\./)).toHaveLength(1);
    expect(screen.queryByText(/No records found/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('ConversionReportPage when its reads fail', () => {
  const SECTION_PATHS = [
    '/home/getConversionReportSummary',
    '/home/getConversionReportSummaryByDate',
    '/home/getConversionReports',
  ];

  it('says once, with one Retry, that every section failed, and that Retry reads all three again', async () => {
    let isDown = true;
    const api = answerApi(
      apiFor(buildUser(), (request) =>
        isDown && SECTION_PATHS.includes(request.url.pathname)
          ? { status: 500, body: errorBody('Something went wrong') }
          : conversionRoutes(request),
      ),
    );
    renderApp(paths.conversionReports1, { user: buildUser() });

    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(1));
    expect(alert).toHaveTextContent('The conversion report could not be loaded.');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(1);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const callsBefore = SECTION_PATHS.map((path) => bodiesOf(api.requests, path).length);

    isDown = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Conversion Report' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Date Wise Summary' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(SECTION_PATHS.map((path) => bodiesOf(api.requests, path).length)).toEqual(
      callsBefore.map((count) => count + 1),
    );
  });

  it('keeps the error and Retry of the one section that failed when the others loaded', async () => {
    answerApi(
      apiFor(buildUser(), (request) =>
        request.url.pathname === '/home/getConversionReportSummaryByDate'
          ? { status: 500, body: errorBody('Something went wrong') }
          : conversionRoutes(request),
      ),
    );
    renderApp(paths.conversionReports1, { user: buildUser() });

    expect(await screen.findByText('Total Records: 45')).toBeInTheDocument();
    // The section (its table's scroll box is a region of the same name inside it).
    const [byDate] = screen.getAllByRole('region', { name: 'Date Wise Summary' });
    if (!byDate) throw new Error('no Date Wise Summary section');
    expect(await within(byDate).findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(within(byDate).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText('The conversion report could not be loaded.')).not.toBeInTheDocument();
  });
});
