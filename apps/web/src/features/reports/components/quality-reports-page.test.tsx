import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { buildUser } from '@publisher/contract/testing';
import { apiFor, errorBody, answerApi, type RecordedRequest } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';
import { captureDownloads } from '../testing/report-fixtures';

const admin = buildUser({ vendorId: 5029, role: 'admin' });

function qualityRoutes(request: RecordedRequest) {
  if (request.url.pathname === '/home/getQualityReport') {
    const body = request.body as { groupBy: 'merchant' | 'category' };
    return body.groupBy === 'merchant'
      ? {
          status: 200,
          body: {
            groupBy: 'merchant',
            data: [
              {
                merchantName: 'Acme Outdoor',
                clicks: 300,
                conversionRate: 2,
                costOfSale: 8.5,
                cpc: 0.41234567,
                targetCostOfSaleHigh: 12,
                targetCostOfSaleLow: 6,
                placementId: 'home',
              },
            ],
          },
        }
      : {
          status: 200,
          body: {
            groupBy: 'category',
            data: [
              { category: 'Outdoor', clicks: 300, conversionRate: 2, costOfSale: 8.5, cpc: 0.4, placementId: 'home' },
            ],
          },
        };
  }
  if (request.url.pathname === '/reports/downloadQualityReport') return { status: 200, body: 'merchantName,clicks\n' };
  return undefined;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 2, 18, 10, 0, 0));
});

describe('QualityReportsPage', () => {
  it('shows both tables for the ?vendorId override and downloads each CSV under its own name', async () => {
    const saved = captureDownloads();
    const api = answerApi(apiFor(admin, qualityRoutes));
    renderApp(`${paths.fullDashboard}?vendorId=5001`, { user: admin });

    const merchants = await screen.findByRole('table', { name: 'Merchant Wise Conversion Report' });
    expect(await within(merchants).findByText('Acme Outdoor')).toBeInTheDocument();
    expect(within(merchants).getByText('$0.412346')).toBeInTheDocument();
    const categories = screen.getByRole('table', { name: 'Category Wise Conversion Report' });
    expect(await within(categories).findByText('Outdoor')).toBeInTheDocument();
    // A row per placement: the placement beside the name tells a merchant's two rows apart.
    const headers = (table: HTMLElement) =>
      within(table)
        .getAllByRole('columnheader')
        .slice(0, 3)
        .map((cell) => cell.textContent);
    expect(headers(merchants)).toEqual(['Merchant Name', 'Placement ID', 'Clicks']);
    expect(headers(categories)).toEqual(['Category', 'Placement ID', 'Clicks']);
    const bodies = api.requests
      .filter((request) => request.url.pathname === '/home/getQualityReport')
      .map((request) => request.body);
    expect(bodies).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          groupBy: 'merchant',
          campaign_id: 5001,
          startDate: '2026-03-11',
          endDate: '2026-03-18',
        }),
        expect.objectContaining({ groupBy: 'category', campaign_id: 5001 }),
      ]),
    );

    await userEvent.click(
      screen.getByRole('button', { name: 'Download CSV merchant_quality_reports_2026-03-11_to_2026-03-18.csv' }),
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'Download CSV category_quality_reports_2026-03-11_to_2026-03-18.csv' }),
    );
    await waitFor(() =>
      expect(saved.map((file) => file.fileName).sort()).toEqual([
        'category_quality_reports_2026-03-11_to_2026-03-18.csv',
        'merchant_quality_reports_2026-03-11_to_2026-03-18.csv',
      ]),
    );
    const download = api.requests.find((request) => request.url.pathname === '/reports/downloadQualityReport');
    // Reading another vendor: the admin's token authorises it, the admin's own apiKey is not sent along.
    expect(Object.fromEntries(download?.url.searchParams ?? [])).toMatchObject({
      campaign_id: '5001',
      groupBy: 'merchant',
    });
    expect(download?.url.searchParams.has('apiKey')).toBe(false);
  });

  it('says a refused ?vendorId once, with no tables and no downloads', async () => {
    const vendor = buildUser();
    answerApi(
      apiFor(vendor, (request) =>
        request.url.pathname === '/home/getQualityReport'
          ? { status: 403, body: errorBody("You can only read your own vendor's reports.") }
          : undefined,
      ),
    );
    renderApp(`${paths.fullDashboard}?vendorId=5001`, { user: vendor });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "The reports of vendor 5001 cannot be shown: You can only read your own vendor's reports.",
    );
    expect(screen.getAllByText(/You can only read your own vendor's reports\./)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('QualityReportsPage when its reads fail', () => {
  const failing = (groupBys: readonly string[], isDown: () => boolean) => (request: RecordedRequest) => {
    const body = request.body as { groupBy?: string } | undefined;
    return request.url.pathname === '/home/getQualityReport' && isDown() && groupBys.includes(body?.groupBy ?? '')
      ? { status: 500, body: errorBody('Something went wrong') }
      : qualityRoutes(request);
  };

  it('says once, with one Retry for both tables, when both failed', async () => {
    let isDown = true;
    const vendor = buildUser();
    answerApi(
      apiFor(
        vendor,
        failing(['merchant', 'category'], () => isDown),
      ),
    );
    renderApp(paths.fullDashboard, { user: vendor });
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('The quality reports could not be loaded.'));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(1);

    isDown = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    const merchants = await screen.findByRole('table', { name: 'Merchant Wise Conversion Report' });
    expect(await within(merchants).findByText('Acme Outdoor')).toBeInTheDocument();
    const categories = screen.getByRole('table', { name: 'Category Wise Conversion Report' });
    expect(await within(categories).findByText('Outdoor')).toBeInTheDocument();
  });

  it('keeps the failed table its own error and Retry when the other loaded', async () => {
    const vendor = buildUser();
    answerApi(
      apiFor(
        vendor,
        failing(['category'], () => true),
      ),
    );
    renderApp(paths.fullDashboard, { user: vendor });
    const merchants = await screen.findByRole('table', { name: 'Merchant Wise Conversion Report' });
    expect(await within(merchants).findByText('Acme Outdoor')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.queryByText('The quality reports could not be loaded.')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(1);
  });
});
