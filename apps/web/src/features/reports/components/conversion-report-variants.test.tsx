import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { buildUser } from '@publisher/contract/testing';
import { apiFor, answerApi, type RecordedRequest } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';
import { buildReport2Row, captureDownloads } from '../testing/report-fixtures';

const both = { cpc: true, cpa: true };
const off = { cpc: false, cpa: false };
const user = buildUser({ menu: { deeplink2: both, deeplink3: both, deeplink4: both, deeplink5: both } });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 2, 18, 10, 0, 0));
});

const headersOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    // Headings are in words; the field name, as the spec and the CSV write it, is each heading's title.
    .map((cell) => cell.dataset['field']);

describe('conversion report 2', () => {
  it('shows Total Count, money to 7 decimals, and downloads conversion_reports2.csv', async () => {
    const saved = captureDownloads();
    const api = answerApi(
      apiFor(user, (request: RecordedRequest) => {
        if (request.url.pathname === '/newdashboard/getConversionReports2') {
          return {
            status: 200,
            body: {
              reportsData: [buildReport2Row()],
              totalCount: 31,
              summary: {
                totalClicks: 80,
                totalEarnings: 12.123456789,
                sales: 2,
                clickAvgCPC: 0.1515432,
                totalConversionRate: 2.5,
              },
            },
          };
        }
        if (request.url.pathname === '/newdashboard/downloadConversionReports2')
          return { status: 200, body: 'date,pub_id\n' };
        return undefined;
      }),
    );
    renderApp(paths.conversionReports2, { user });

    expect(await screen.findByText('Total Count: 31')).toBeInTheDocument();
    // One count line: the pager does not repeat it ("Showing 1–20 of 31 rows").
    expect(screen.queryByText(/^Showing \d/)).not.toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Conversion Report' });
    expect(headersOf(table)).toEqual(['date', 'pub_id', 'domain', 'clicks', 'commission', 'commission_eur']);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['10 Mar 2026', '6001', 'acme.example', '80', '$12.1234568', '€11.0123457']);
    expect(
      api.requests.find((request) => request.url.pathname === '/newdashboard/getConversionReports2')?.body,
    ).toEqual({
      startDate: '2026-03-11',
      endDate: '2026-03-18',
      campaign_id: user.vendorId,
      // CPC + CPA, the first Type with both offered: no isCPC, the API's "both".
      page: 0,
      pageSize: 20,
      apiKey: user.apiKey,
    });

    await userEvent.click(
      screen.getByRole('button', { name: 'Download CSV conversion_reports2_2026-03-11_to_2026-03-18.csv' }),
    );
    await waitFor(() =>
      expect(saved.map((file) => file.fileName)).toEqual(['conversion_reports2_2026-03-11_to_2026-03-18.csv']),
    );
    expect(await screen.findByText('Downloaded conversion_reports2_2026-03-11_to_2026-03-18.csv')).toHaveAttribute(
      'role',
      'status',
    );
    const download = api.requests.find(
      (request) => request.url.pathname === '/newdashboard/downloadConversionReports2',
    );
    expect(Object.fromEntries(download?.url.searchParams ?? [])).toEqual({
      campaign_id: String(user.vendorId),
      apiKey: user.apiKey,
      startDate: '2026-03-11',
      endDate: '2026-03-18',
    });
  });

  it.each([
    [both, ['CPC + CPA', 'CPC', 'CPA']],
    [{ cpc: true, cpa: false }, ['CPC']],
    [{ cpc: false, cpa: true }, ['CPA']],
  ])('offers the Type of deeplink2 %o (%o) and sends the choice as isCPC', async (flags, offered) => {
    const vendor = buildUser({ menu: { deeplink2: flags } });
    const api = answerApi(
      apiFor(vendor, (request) => {
        if (request.url.pathname === '/newdashboard/getConversionReports2')
          return {
            status: 200,
            body: {
              reportsData: [],
              totalCount: 0,
              summary: { totalClicks: 0, totalEarnings: 0, sales: 0, clickAvgCPC: 0, totalConversionRate: 0 },
            },
          };
        if (request.url.pathname === '/newdashboard/downloadConversionReports2')
          return { status: 200, body: 'date,pub_id\n' };
        return undefined;
      }),
    );
    captureDownloads();
    renderApp(paths.conversionReports2, { user: vendor });
    const report2Bodies = () =>
      api.requests
        .filter((request) => request.url.pathname === '/newdashboard/getConversionReports2')
        .map((request) => request.body);

    const type = await screen.findByLabelText('Type');
    expect(
      within(type)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(offered);
    if (offered.length === 3) {
      // Both types first, as the dashboard opens: no isCPC at all.
      await waitFor(() => expect(report2Bodies().at(-1)).toMatchObject({ page: 0 }));
      expect(report2Bodies().at(-1)).not.toHaveProperty('isCPC');
    } else {
      await waitFor(() => expect(report2Bodies().at(-1)).toMatchObject({ isCPC: offered[0] === 'CPC', page: 0 }));
    }

    if (offered.length === 3) {
      await userEvent.selectOptions(type, 'CPA');
      await waitFor(() => expect(report2Bodies().at(-1)).toMatchObject({ isCPC: false, page: 0 }));
    }
    const expectedType = offered.length === 3 ? 'false' : String(offered[0] === 'CPC');
    await userEvent.click(screen.getByRole('button', { name: /^Download CSV conversion_reports2_/ }));
    await waitFor(() =>
      expect(
        api.requests
          .find((request) => request.url.pathname === '/newdashboard/downloadConversionReports2')
          ?.url.searchParams.get('isCPC'),
      ).toBe(expectedType),
    );
  });

  it('sends a vendor whose deeplink2 is off to the landing page', async () => {
    const vendor = buildUser({ menu: { deeplink2: off } });
    answerApi(apiFor(vendor, () => undefined));
    const app = renderApp(paths.conversionReports2, { user: vendor });
    await waitFor(() => expect(app.currentPath()).toBe(paths.dashboard));
  });
});

describe('conversion report variants 3, 4 and 5', () => {
  it('report 3 shows placement and click ids; report 4 a SUB_ID in their place; report 5 merchant and CPC', async () => {
    answerApi(
      apiFor(user, (request) => {
        switch (request.url.pathname) {
          case '/doneoftheownou/getConversionReports':
            return {
              status: 200,
              body: {
                totalRecords: 3,
                reportsData: [
                  {
                    REPORT_DATE: '2026-03-10',
                    CAMPAIGN_ID: 6001,
                    BRAND: 'Acme',
                    PLACEMENT_ID: 'home',
                    CLICK_ID: 'c-1',
                    COUNTRY: 'us',
                    CLICKS: 5,
                    REVENUE: 1.123456789,
                  },
                ],
              },
            };
          case '/shoppermeet/getConversionReports':
            return {
              status: 200,
              body: {
                totalRecords: 4,
                reportsData: [
                  {
                    REPORT_DATE: '2026-03-10',
                    CAMPAIGN_ID: 6001,
                    BRAND: 'Acme',
                    SUB_ID: '6001_home_c-1',
                    COUNTRY: 'us',
                    CLICKS: 5,
                    REVENUE: 2,
                  },
                ],
              },
            };
          case '/kelkoo/getConversionReports':
            return {
              status: 200,
              body: {
                totalRecords: 5,
                reportsData: [
                  {
                    REPORT_DATE: '2026-03-10',
                    CAMPAIGN_ID: 6001,
                    MERCHANT_NAME: 'Acme',
                    COUNTRY: 'fr',
                    CLICKS: 5,
                    CPC: 0.2,
                    REVENUE: 1,
                  },
                ],
              },
            };
          default:
            return undefined;
        }
      }),
    );

    const three = renderApp(paths.conversionReports3, { user });
    expect(await screen.findByText('Total Count: 3')).toBeInTheDocument();
    expect(headersOf(screen.getByRole('table', { name: 'Conversion Report' }))).toEqual([
      'REPORT_DATE',
      'CAMPAIGN_ID',
      'BRAND',
      'PLACEMENT_ID',
      'CLICK_ID',
      'COUNTRY',
      'CLICKS',
      'REVENUE',
    ]);
    expect(screen.getByText('$1.123457')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Download CSV conversion_reports3_/ })).toBeInTheDocument();
    three.unmount();

    const four = renderApp(paths.conversionReports4, { user });
    expect(await screen.findByText('Total Count: 4')).toBeInTheDocument();
    expect(headersOf(screen.getByRole('table', { name: 'Conversion Report' }))).toEqual([
      'REPORT_DATE',
      'CAMPAIGN_ID',
      'BRAND',
      'SUB_ID',
      'COUNTRY',
      'CLICKS',
      'REVENUE',
    ]);
    expect(screen.getByText('6001_home_c-1')).toBeInTheDocument();
    four.unmount();

    renderApp(paths.conversionReports5, { user });
    expect(await screen.findByText('Total Count: 5')).toBeInTheDocument();
    expect(headersOf(screen.getByRole('table', { name: 'Conversion Report' }))).toEqual([
      'REPORT_DATE',
      'CAMPAIGN_ID',
      'MERCHANT_NAME',
      'COUNTRY',
      'CLICKS',
      'CPC',
      'REVENUE',
    ]);
  });
});
