import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { buildUser } from '@publisher/contract/testing';
import { apiFor, answerApi, type MockResponse, type RecordedRequest } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';
import { buildApi4NewRow, page, queriesTo, stubClipboard, SUMMARY } from '../testing/deep-link-fixtures';

const LIST = '/shoppermeet/trackier/getMerchants';
const TOAST = 'Successfullly Copied Merchant URL to clib board';
const user = buildUser({ vendorId: 5040 });

function routes(list: MockResponse = page([buildApi4NewRow('Harbor Outfitters')], 57)) {
  return (request: RecordedRequest): MockResponse | undefined => {
    if (request.url.pathname === LIST) return list;
    if (request.url.pathname === '/shoppermeet/getMerchantsSummary') return { status: 200, body: { data: SUMMARY } };
    return undefined;
  };
}

describe('DeepLinksAPI4NewPage', () => {
  it('lists the merchants of the United States, 10 a page, with their totals and the per-country counts', async () => {
    const api = answerApi(apiFor(user, routes()));
    renderApp(paths.deepLinksAPI4New, { user });

    expect(await screen.findByRole('heading', { level: 1, name: 'Deep Links API 4 (New)' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Merchants' });
    const row = await within(table).findByRole('row', { name: /Harbor Outfitters/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['US', 'Harbor Outfitters', 'harbor-outfitters.com', 'Copy Link']);
    expect(screen.getByText(/Total Merchants:/)).toHaveTextContent('Total Merchants: 57');
    expect(screen.getByText('Showing 1 of 57 Merchants')).toBeInTheDocument();
    const counts = screen.getByRole('table', { name: 'Merchants per country' });
    expect(await within(counts).findByRole('row', { name: 'US 57' })).toBeInTheDocument();
    expect(queriesTo(api.requests, LIST)).toEqual([{ pageNo: '1', pageSize: '10', searchText: '', country: 'us' }]);
  });

  it("copies the tracking link with 'noid' for empty ids, then with the typed ids, and toasts for 2 seconds", async () => {
    const writeText = stubClipboard();
    answerApi(apiFor(user, routes()));
    renderApp(paths.deepLinksAPI4New, { user });
    const copy = await screen.findByRole('button', { name: 'Copy Link of Harbor Outfitters (US)' });

    await userEvent.click(copy);
    expect(writeText).toHaveBeenLastCalledWith(
      'https://track.shoppermeet.test/click?m=harbor-outfitters&p=noid&c=noid',
    );
    expect(await screen.findByText(TOAST)).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Placement Id (optional)'), 'news-top');
    await userEvent.type(screen.getByLabelText('Click Id / Ref Id (optional)'), 'r_42');
    await userEvent.click(copy);
    expect(writeText).toHaveBeenLastCalledWith(
      'https://track.shoppermeet.test/click?m=harbor-outfitters&p=news-top&c=r_42',
    );
  });

  it('hides the toast after 2 seconds', async () => {
    stubClipboard();
    answerApi(apiFor(user, routes()));
    renderApp(paths.deepLinksAPI4New, { user });
    const copy = await screen.findByRole('button', { name: 'Copy Link of Harbor Outfitters (US)' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(copy);
    expect(await screen.findByText(TOAST)).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1900);
    });
    expect(screen.getByText(TOAST)).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText(TOAST)).not.toBeInTheDocument();
  });

  it('keeps only letters, digits and hyphen in the placement id, adds underscore for the click id, and stops at 50', async () => {
    answerApi(apiFor(user, routes()));
    renderApp(paths.deepLinksAPI4New, { user });
    const placement = await screen.findByLabelText('Placement Id (optional)');
    const click = screen.getByLabelText('Click Id / Ref Id (optional)');
    const merchant = screen.getByLabelText('Merchant Name');

    await userEvent.type(placement, 'a_b {{c}-1 é!');
    expect(placement).toHaveValue('abc-1');
    await userEvent.type(click, 'x_y {{z}-2');
    expect(click).toHaveValue('x_yz-2');
    await userEvent.clear(placement);
    await userEvent.type(placement, 'p'.repeat(60));
    expect(placement).toHaveValue('p'.repeat(50));
    await userEvent.type(merchant, 'm'.repeat(60));
    expect(merchant).toHaveValue('m'.repeat(50));
  });

  it('reloads from page 1 on a country change, searches the merchant name on Generate, and pages', async () => {
    const rows = Array.from({ length: 10 }, (_, index) => buildApi4NewRow(`Merchant ${index}`));
    const api = answerApi(apiFor(user, routes(page(rows, 57))));
    renderApp(paths.deepLinksAPI4New, { user });
    await screen.findByText('Showing 10 of 57 Merchants');

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(queriesTo(api.requests, LIST).at(-1)).toMatchObject({ pageNo: '2' }));
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'gb');
    await waitFor(() => expect(queriesTo(api.requests, LIST).at(-1)).toMatchObject({ pageNo: '1', country: 'gb' }));

    await userEvent.type(screen.getByLabelText('Merchant Name'), 'Harbor');
    expect(queriesTo(api.requests, LIST).some((query) => query['searchText'] === 'Harbor')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() =>
      expect(queriesTo(api.requests, LIST).at(-1)).toEqual({
        pageNo: '1',
        pageSize: '10',
        searchText: 'Harbor',
        country: 'gb',
      }),
    );
    expect(queriesTo(api.requests, '/shoppermeet/getMerchantsSummary').at(-1)).toEqual({ searchText: 'Harbor' });
  });

  it('shows a failed list call above the table', async () => {
    answerApi(
      apiFor(
        user,
        routes({ status: 400, body: { statusMessages: ['country must be a two-letter country code'], errors: [] } }),
      ),
    );
    renderApp(paths.deepLinksAPI4New, { user });
    expect(await screen.findByRole('alert')).toHaveTextContent('country must be a two-letter country code');
  });

  it('sends a vendor without the (New) generators to their landing page', async () => {
    const vendor = buildUser({ vendorId: 5001 });
    answerApi(apiFor(vendor, () => undefined));
    const app = renderApp(paths.deepLinksAPI4New, { user: vendor });
    await waitFor(() => expect(app.currentPath()).not.toBe(paths.deepLinksAPI4New));
  });
});

describe('DeepLinksAPI4NewPage download', () => {
  it('downloads Merchant-Links.csv with the ids, country and applied search, and shows a failure', async () => {
    const createObjectURL = vi.fn(() => 'blob:merchant-links');
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: createObjectURL });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
    let fail = false;
    const api = answerApi(
      apiFor(user, (request) => {
        if (request.url.pathname === '/shoppermeet/trackier/downAllMerchantLinks') {
          return fail
            ? {
                status: 400,
                body: { statusMessages: ['placementId accepts letters, digits and hyphen only'], errors: [] },
              }
            : { status: 200, body: 'geo,merchant_name,merchant_domain,link\n' };
        }
        return routes()(request);
      }),
    );
    renderApp(paths.deepLinksAPI4New, { user });
    await userEvent.type(await screen.findByLabelText('Placement Id (optional)'), 'top');
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV Merchant-Links.csv' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    // No dates to this list: the spec's name as it is, confirmed by the announced toast.
    expect(await screen.findByText('Downloaded Merchant-Links.csv')).toHaveAttribute('role', 'status');
    expect(queriesTo(api.requests, '/shoppermeet/trackier/downAllMerchantLinks')).toEqual([
      {
        placementId: 'top',
        clickId: '',
        campaign_id: '5040',
        apiKey: user.apiKey,
        country: 'us',
        searchText: '',
      },
    ]);

    fail = true;
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV Merchant-Links.csv' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('placementId accepts letters, digits and hyphen only');
  });
});
