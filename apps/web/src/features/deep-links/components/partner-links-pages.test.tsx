import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { buildUser } from '@publisher/contract/testing';
import { apiFor, answerApi, type MockResponse, type RecordedRequest } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';
import {
  buildApi3NewRow,
  buildApi3Row,
  buildApi4Row,
  page,
  queriesTo,
  stubClipboard,
  SUMMARY,
} from '../testing/deep-link-fixtures';

const TOAST = 'Successfullly Copied Merchant URL to clib board';
const both = { cpc: true, cpa: true };
const off = { cpc: false, cpa: false };
const vendor = buildUser({ vendorId: 5040, menu: { deeplink3: both, deeplink4: both } });

function routes(request: RecordedRequest): MockResponse | undefined {
  switch (request.url.pathname) {
    case '/doneoftheownou/getMerchants':
      return page([buildApi3Row('Harbor Outfitters')], 23);
    case '/doneoftheownou/trackier/getMerchants':
      return page([buildApi3NewRow('Cedar Home')], 23);
    case '/shoppermeet/getMerchants':
      return page([buildApi4Row('Lumen Lights')], 31);
    case '/doneoftheownou/getMerchantsSummary':
    case '/shoppermeet/getMerchantsSummary':
      return { status: 200, body: { data: SUMMARY } };
    default:
      return undefined;
  }
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Deep Links API 3', () => {
  it('lists the merchants 10 a page with the per-country counts, and copies the filled redirect link', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    const writeText = stubClipboard();
    const api = answerApi(apiFor(vendor, routes));
    renderApp(paths.deepLinksAPI3, { user: vendor });

    expect(await screen.findByRole('heading', { level: 1, name: 'Deep Links API 3' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Harbor Outfitters/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['US', 'Harbor Outfitters', 'harbor-outfitters.com', 'Yes', 'Copy Link']);
    expect(screen.getByText(/Total Merchants:/)).toHaveTextContent('Total Merchants: 23');
    expect(screen.getByText('Showing 1 of 23 Merchants')).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: 'GB 12' })).toBeInTheDocument();
    expect(queriesTo(api.requests, '/doneoftheownou/getMerchants')).toEqual([
      { pageNo: '1', pageSize: '10', searchText: '', country: 'us' },
    ]);

    await userEvent.click(within(row).getByRole('button', { name: 'Copy Link of Harbor Outfitters (US)' }));
    expect(writeText).toHaveBeenLastCalledWith(
      'https://go.doneoftheownou.test/r?cid=1700000000000&sub=5040_noid_1700000000000&url=https%3A%2F%2Fharbor-outfitters.com',
    );
    expect(await screen.findByText(TOAST)).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Placement Id (optional)'), 'top_1');
    await userEvent.type(screen.getByLabelText('Click Id (optional)'), 'c_9');
    await userEvent.click(within(row).getByRole('button', { name: 'Copy Link of Harbor Outfitters (US)' }));
    expect(writeText).toHaveBeenLastCalledWith(
      'https://go.doneoftheownou.test/r?cid=c_9&sub=5040_top1_c_9&url=https%3A%2F%2Fharbor-outfitters.com',
    );
  });

  it('searches the merchant name on Generate and downloads Merchant-Links.csv', async () => {
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: vi.fn(() => 'blob:x') });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
    const api = answerApi(
      apiFor(vendor, (request) =>
        request.url.pathname === '/doneoftheownou/downAllMerchantLinks'
          ? { status: 200, body: 'country,name,domain,link\n' }
          : routes(request),
      ),
    );
    renderApp(paths.deepLinksAPI3, { user: vendor });
    await userEvent.type(await screen.findByLabelText('Merchant Name'), 'Harbor');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() =>
      expect(queriesTo(api.requests, '/doneoftheownou/getMerchants').at(-1)).toMatchObject({ searchText: 'Harbor' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV Merchant-Links.csv' }));
    await waitFor(() =>
      expect(queriesTo(api.requests, '/doneoftheownou/downAllMerchantLinks')).toEqual([
        {
          placementId: '',
          clickId: '',
          campaign_id: '5040',
          apiKey: vendor.apiKey,
          country: 'us',
          searchText: 'Harbor',
        },
      ]),
    );
  });

  it('redirects a vendor whose deeplink3 flags are both off', async () => {
    const user = buildUser({ vendorId: 5001, menu: { deeplink3: off } });
    answerApi(apiFor(user, () => undefined));
    const app = renderApp(paths.deepLinksAPI3, { user });
    await waitFor(() => expect(app.currentPath()).not.toBe(paths.deepLinksAPI3));
  });
});

describe('Deep Links API 3 (New)', () => {
  it('copies the trackingLink with noid for blank ids', async () => {
    const writeText = stubClipboard();
    answerApi(apiFor(vendor, routes));
    renderApp(paths.deepLinksAPI3New, { user: vendor });
    expect(await screen.findByRole('heading', { level: 1, name: 'Deep Links API 3 (New)' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Copy Link of Cedar Home (US)' }));
    expect(writeText).toHaveBeenLastCalledWith('https://track.doneoftheownou.test/click?m=cedar-home&p=noid&c=noid');
  });

  it('is only for vendors 5029, 5040, 5056 and 5057', async () => {
    const user = buildUser({ vendorId: 5001, menu: { deeplink3: both } });
    answerApi(apiFor(user, () => undefined));
    const app = renderApp(paths.deepLinksAPI3New, { user });
    await waitFor(() => expect(app.currentPath()).not.toBe(paths.deepLinksAPI3New));
  });
});

describe('Deep Links API 4', () => {
  it('shows the average payout commission and copies the filled redirect link', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    const writeText = stubClipboard();
    answerApi(apiFor(vendor, routes));
    renderApp(paths.deepLinksAPI4, { user: vendor });
    expect(await screen.findByRole('heading', { level: 1, name: 'Deep Links API 4' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Lumen Lights/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['US', 'Lumen Lights', 'lumen-lights.com', '6.5%', 'Copy Link']);
    await userEvent.type(screen.getByLabelText('Placement Id (optional)'), 'p-1');
    await userEvent.click(within(row).getByRole('button', { name: 'Copy Link of Lumen Lights (US)' }));
    expect(writeText).toHaveBeenLastCalledWith(
      'https://go.shoppermeet.test/r?cid=1700000000000&sub=5040_p-1_1700000000000&d=lumen-lights.com&cc=us&ip=&ua=&mid=4001',
    );
  });

  it('redirects a vendor whose deeplink4 flags are both off', async () => {
    const user = buildUser({ vendorId: 5001, menu: { deeplink4: off } });
    answerApi(apiFor(user, () => undefined));
    const app = renderApp(paths.deepLinksAPI4, { user });
    await waitFor(() => expect(app.currentPath()).not.toBe(paths.deepLinksAPI4));
  });
});
