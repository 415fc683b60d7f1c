import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { buildUser } from '@publisher/contract/testing';
import { apiFor, errorBody, answerApi, type MockResponse, type RecordedRequest } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';
import { buildCashback, queriesTo, stubClipboard } from '../testing/catalog-fixtures';

const CASHBACK = '/coupons/getcashback';
const admin = buildUser({ vendorId: 5029, role: 'admin' });

function cashbackRoutes(request: RecordedRequest): MockResponse | undefined {
  switch (request.url.pathname) {
    case '/coupons/getCashbackFilters':
      return {
        status: 200,
        body: {
          country: [
            { _id: 'gb', count: 40 },
            { _id: 'us', count: 120 },
          ],
          categories: [{ _id: 'Apparel', count: 30 }],
        },
      };
    case CASHBACK:
      return { status: 200, body: { data: [buildCashback('o1')], totalCount: 160 } };
    default:
      return undefined;
  }
}

describe('CashbackPage', () => {
  it('shows each offer with advertiser, domain, categories, commission, its details and country', async () => {
    const api = answerApi(apiFor(admin, cashbackRoutes));
    renderApp(paths.allCashback, { user: admin });

    const card = await screen.findByRole('article', { name: 'Harbor Outfitters o1' });
    expect(card).toHaveTextContent('harboroutfitters.com');
    expect(card).toHaveTextContent('United Kingdom (GB)');
    expect(card).toHaveTextContent('Up to 8%');
    expect(
      within(within(card).getByRole('list', { name: 'Categories' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Apparel', 'Sports & Outdoors']);
    const details = within(card).getByRole('table', { name: 'Commission details of Harbor Outfitters o1' });
    expect(
      within(details)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['New customersCPSPERCENTAGE8%', 'Newsletter sign-upCPLFLAT$5.00']);
    expect(screen.getByText('Showing 1 of 160 Cashbacks')).toBeInTheDocument();
    expect(queriesTo(api.requests, CASHBACK)).toEqual([{ pageNo: '1', pageSize: '100', vendorId: '5029' }]);
  });

  it('sends the country and the search title, from page 1', async () => {
    const api = answerApi(apiFor(admin, cashbackRoutes));
    renderApp(paths.allCashback, { user: admin });
    await screen.findByRole('article', { name: 'Harbor Outfitters o1' });

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(queriesTo(api.requests, CASHBACK).at(-1)).toMatchObject({ pageNo: '2' }));

    await userEvent.click(screen.getByRole('combobox', { name: 'Country Name' }));
    await userEvent.click(await screen.findByRole('option', { name: 'United Kingdom (40)' }));
    await waitFor(() =>
      expect(queriesTo(api.requests, CASHBACK).at(-1)).toEqual({
        country: 'gb',
        pageNo: '1',
        pageSize: '100',
        vendorId: '5029',
      }),
    );

    await userEvent.type(screen.getByLabelText('Search title'), 'harbor (50%)');
    await waitFor(() =>
      expect(queriesTo(api.requests, CASHBACK).at(-1)).toMatchObject({ country: 'gb', searchText: 'harbor (50%)' }),
    );
    // One call for the settled text, not one per key.
    expect(queriesTo(api.requests, CASHBACK).filter((query) => query['searchText'] !== undefined)).toHaveLength(1);
  });

  it('sends the placement id as placementId to /coupons/getcashback once typing pauses, as the coupons do', async () => {
    const api = answerApi(apiFor(admin, cashbackRoutes));
    renderApp(paths.allCashback, { user: admin });
    await screen.findByRole('article', { name: 'Harbor Outfitters o1' });
    expect(queriesTo(api.requests, CASHBACK).at(-1)).not.toHaveProperty('placementId');

    await userEvent.type(screen.getByLabelText('Placement id (optional)'), 'news-1');
    await waitFor(() =>
      expect(queriesTo(api.requests, CASHBACK).at(-1)).toEqual({
        placementId: 'news-1',
        pageNo: '1',
        pageSize: '100',
        vendorId: '5029',
      }),
    );
    expect(queriesTo(api.requests, CASHBACK).filter((query) => query['placementId'] !== undefined)).toHaveLength(1);
  });

  it('opens for any vendor with a vendorId (part 1 §6), not only the admin, with one count line', async () => {
    const vendor = buildUser({ vendorId: 5001 });
    const api = answerApi(apiFor(vendor, cashbackRoutes));
    const app = renderApp(paths.allCashback, { user: vendor });
    await screen.findByRole('article', { name: 'Harbor Outfitters o1' });
    expect(app.currentPath()).toBe(paths.allCashback);
    expect(queriesTo(api.requests, CASHBACK).at(-1)).toMatchObject({ vendorId: '5001' });
    expect(screen.getAllByText(/^Showing /).map((line) => line.textContent)).toEqual(['Showing 1 of 160 Cashbacks']);
  });

  it('copies the deeplinkUrl with the placeholder replaced and the campaign id', async () => {
    const writeText = stubClipboard();
    answerApi(apiFor(admin, cashbackRoutes));
    renderApp(paths.allCashback, { user: admin });
    await userEvent.type(await screen.findByLabelText('Placement id (optional)'), 'news-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Copy Link of Harbor Outfitters o1' }));
    expect(writeText).toHaveBeenCalledWith(
      'https://go.publisher-portal.test/cashback?aid=o1&subid=5029_news-1&af_campaign_id=5029',
    );
    expect(await screen.findByText('Successfullly Copied Product URL to clib board')).toBeInTheDocument();
  });

  it('shows the error message of a failed list', async () => {
    answerApi(
      apiFor(admin, (request) =>
        request.url.pathname === CASHBACK
          ? { status: 400, body: errorBody('country must be a two-letter country code of the merchant lists, or all') }
          : cashbackRoutes(request),
      ),
    );
    renderApp(paths.allCashback, { user: admin });
    expect(await screen.findByRole('alert')).toHaveTextContent('country must be a two-letter country code');
  });
});
