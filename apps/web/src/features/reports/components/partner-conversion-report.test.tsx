import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { csvFileName } from '../../../lib/csv-download';
import { buildUser } from '@publisher/contract/testing';
import { apiFor, errorBody, answerApi } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';
import { captureDownloads } from '../testing/report-fixtures';

const both = { cpc: true, cpa: true };
const user = buildUser({ menu: { deeplink3: both, deeplink4: both, deeplink5: both } });
/** The default preset on 2026-03-18: the last 7 days. */
const lastSevenDays = { startDate: '2026-03-11', endDate: '2026-03-18' };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 2, 18, 10, 0, 0));
});

describe('partner conversion reports', () => {
  it.each([
    { path: paths.conversionReports3, source: '/doneoftheownou', fileName: 'conversion_reports3.csv' },
    { path: paths.conversionReports4, source: '/shoppermeet', fileName: 'conversion_reports4.csv' },
    { path: paths.conversionReports5, source: '/kelkoo', fileName: 'conversion_reports5.csv' },
  ])('$path reads page 1 from $source and downloads $fileName', async ({ path, source, fileName }) => {
    const saved = captureDownloads();
    const api = answerApi(
      apiFor(user, (request) => {
        if (request.url.pathname === `${source}/getConversionReports`)
          return { status: 200, body: { reportsData: [], totalRecords: 0 } };
        if (request.url.pathname === `${source}/downloadConversionReports`)
          return { status: 200, body: 'REPORT_DATE\n' };
        return undefined;
      }),
    );
    renderApp(path, { user });

    expect(await screen.findByText('Total Count: 0')).toBeInTheDocument();
    expect(api.requests.find((request) => request.url.pathname === `${source}/getConversionReports`)?.body).toEqual({
      ...lastSevenDays,
      campaign_id: user.vendorId,
      page: 0,
      pageSize: 20,
      apiKey: user.apiKey,
    });

    // The spec's file name with the range before its extension (docs/SPEC-NOTES.md, csv-names-carry-the-range).
    const savedAs = csvFileName(fileName, lastSevenDays);
    expect(savedAs).toBe(fileName.replace('.csv', `_${lastSevenDays.startDate}_to_${lastSevenDays.endDate}.csv`));
    await userEvent.click(screen.getByRole('button', { name: `Download CSV ${savedAs}` }));
    await waitFor(() => expect(saved.map((file) => file.fileName)).toEqual([savedAs]));
    const download = api.requests.find((request) => request.url.pathname === `${source}/downloadConversionReports`);
    expect(Object.fromEntries(download?.url.searchParams ?? [])).toEqual({
      ...lastSevenDays,
      campaign_id: String(user.vendorId),
      apiKey: user.apiKey,
    });
  });

  it('says a failed page as a failure with Retry: no "No records", no pager, Total Count "—"', async () => {
    let isDown = true;
    answerApi(
      apiFor(user, (request) => {
        if (request.url.pathname !== '/kelkoo/getConversionReports') return undefined;
        return isDown
          ? { status: 500, body: errorBody('Something went wrong') }
          : { status: 200, body: { reportsData: [], totalRecords: 0 } };
      }),
    );
    renderApp(paths.conversionReports5, { user });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Conversion Report could not be loaded.');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(screen.getByText('Total Count: —')).toBeInTheDocument();
    expect(screen.queryByText('No records found for these dates.')).not.toBeInTheDocument();
    expect(screen.queryByText(/^Showing /)).not.toBeInTheDocument();

    isDown = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Total Count: 0')).toBeInTheDocument();
    expect(screen.getByText('No records found for these dates.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows counts with separators, money to 6 decimals and text as sent, right-aligning the figures', async () => {
    answerApi(
      apiFor(user, (request) =>
        request.url.pathname === '/kelkoo/getConversionReports'
          ? {
              status: 200,
              body: {
                totalRecords: 1234,
                reportsData: [
                  {
                    REPORT_DATE: '2026-03-10',
                    CAMPAIGN_ID: 6001,
                    MERCHANT_NAME: 'Acme',
                    COUNTRY: 'fr',
                    CLICKS: 12345,
                    CPC: 0.123456789,
                    REVENUE: 1524.0000004,
                  },
                ],
              },
            }
          : undefined,
      ),
    );
    renderApp(paths.conversionReports5, { user });

    expect(await screen.findByText('Total Count: 1,234')).toBeInTheDocument();
    const cells = within(screen.getByRole('table', { name: 'Conversion Report' })).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      '10 Mar 2026',
      '6001',
      'Acme',
      'fr',
      '12,345',
      '$0.123457',
      '$1,524.000000',
    ]);
    expect(cells.map((cell) => cell.classList.contains('text-right'))).toEqual([
      false,
      false,
      false,
      false,
      true,
      true,
      true,
    ]);
  });

  it.each([paths.conversionReports2, paths.conversionReports3, paths.conversionReports4, paths.conversionReports5])(
    '%s says a refused ?vendorId once, with no table and no download',
    async (path) => {
      const vendor = buildUser({ menu: { deeplink2: both, deeplink3: both, deeplink4: both, deeplink5: both } });
      answerApi(
        apiFor(vendor, (request) =>
          request.url.pathname.endsWith('/getConversionReports') ||
          request.url.pathname.endsWith('/getConversionReports2')
            ? { status: 403, body: errorBody("You can only read your own vendor's reports.") }
            : undefined,
        ),
      );
      renderApp(`${path}?vendorId=5001`, { user: vendor });
      expect(await screen.findByRole('alert')).toHaveTextContent(
        "The reports of vendor 5001 cannot be shown: You can only read your own vendor's reports.",
      );
      expect(screen.getAllByText(/You can only read your own vendor's reports\./)).toHaveLength(1);
      expect(screen.queryByText(/No records found/)).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    },
  );
});
