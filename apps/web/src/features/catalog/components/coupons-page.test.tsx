import { COUPON_TRACKING_PLACEHOLDER, type Coupon } from '@publisher/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { UNREADABLE_DATE } from '../../../lib/date-range-form';
import { paths } from '../../../config/paths';
import { buildUser } from '@publisher/contract/testing';
import { apiFor, errorBody, answerApi, type MockResponse, type RecordedRequest } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';
import { buildCoupon, queriesTo, stubClipboard } from '../testing/catalog-fixtures';

const COUPONS = '/coupons/getcoupons';
const admin = buildUser({ vendorId: 5029, role: 'admin' });

const FILTERS = {
  domainNames: [
    { _id: 'nautica.com', storeName: 'Nautica', count: 30 },
    { _id: 'kohls.com', storeName: "Kohl's", count: 12 },
  ],
  type: [
    { _id: 'Code', count: 25 },
    { _id: 'Deal', count: 17 },
  ],
};

function couponRoutes(coupons: Coupon[] = [buildCoupon('c1'), buildCoupon('c2')], totalCount = 250) {
  return (request: RecordedRequest): MockResponse | undefined => {
    switch (request.url.pathname) {
      case '/coupons/getFilters':
        return { status: 200, body: FILTERS };
      case COUPONS:
        return { status: 200, body: { data: coupons, totalCount } };
      default:
        return undefined;
    }
  };
}

describe('CouponsPage', () => {
  it('reads the filter values again on Retry after they failed, and the error goes once they come', async () => {
    let filtersFail = true;
    const routes = couponRoutes();
    const api = answerApi(
      apiFor(admin, (request) =>
        request.url.pathname === '/coupons/getFilters' && filtersFail
          ? { status: 503, body: errorBody('Filters are unavailable') }
          : routes(request),
      ),
    );
    renderApp(paths.allCoupons, { user: admin });
    expect(await screen.findByText(/Filters are unavailable/)).toBeInTheDocument();

    filtersFail = false;
    await userEvent.click(screen.getByRole('button', { name: /Retry/ }));
    await waitFor(() => expect(screen.queryByText(/Filters are unavailable/)).not.toBeInTheDocument());
    expect(queriesTo(api.requests, '/coupons/getFilters').length).toBeGreaterThanOrEqual(2);
    await userEvent.click(screen.getByRole('combobox', { name: 'Merchant Name' }));
    expect(await screen.findByRole('option', { name: /Nautica/ })).toBeInTheDocument();
  });

  it('shows the count line and the coupon cards of page 1 of 100', async () => {
    const api = answerApi(apiFor(admin, couponRoutes()));
    renderApp(paths.allCoupons, { user: admin });

    expect(await screen.findByText('Showing 2 of 250 Coupons')).toBeInTheDocument();
    const card = within(screen.getByRole('list', { name: 'Coupons' })).getByRole('article', {
      name: '20% off sailing jackets c1',
    });
    expect(card).toHaveTextContent('Nautica');
    expect(card).toHaveTextContent('nautica.com');
    expect(card).toHaveTextContent('SAVEc1');
    expect(card).toHaveTextContent('Start Date1 Mar 2026');
    expect(card).toHaveTextContent('Expiry Date30 Apr 2026');
    expect(card).toHaveTextContent('Code');
    expect(queriesTo(api.requests, COUPONS)).toEqual([{ pageNo: '1', pageSize: '100', vendorId: '5029' }]);
    // One count line: the pager does not repeat it ("Showing 1–100 of 250 coupons").
    expect(screen.getAllByText(/^Showing /).map((line) => line.textContent)).toEqual(['Showing 2 of 250 Coupons']);
  });

  it('offers the store names and types of /coupons/getFilters and sends each filter as its parameter', async () => {
    const api = answerApi(apiFor(admin, couponRoutes()));
    renderApp(paths.allCoupons, { user: admin });
    await screen.findByText('Showing 2 of 250 Coupons');

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(queriesTo(api.requests, COUPONS).at(-1)).toMatchObject({ pageNo: '2' }));

    await userEvent.click(screen.getByRole('combobox', { name: 'Merchant Name' }));
    expect(
      within(screen.getByRole('listbox', { name: 'Merchant Name' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', "Kohl's (12)", 'Nautica (30)']);
    await userEvent.click(screen.getByRole('option', { name: 'Nautica (30)' }));
    await waitFor(() =>
      expect(queriesTo(api.requests, COUPONS).at(-1)).toEqual({
        domain_name: 'nautica.com',
        pageNo: '1',
        pageSize: '100',
        vendorId: '5029',
      }),
    );

    const type = screen.getByLabelText('Coupon Type');
    expect(
      within(type)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'Code (25)', 'Deal (17)', 'Free Shipping', 'Sale', 'Clearance']);
    await userEvent.selectOptions(type, 'Deal (17)');
    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('Expiry Date'), { target: { value: '2026-06-30' } });
    await waitFor(() =>
      expect(queriesTo(api.requests, COUPONS).at(-1)).toEqual({
        domain_name: 'nautica.com',
        type: 'Deal',
        startDate: '2026-03-01',
        endDate: '2026-06-30',
        pageNo: '1',
        pageSize: '100',
        vendorId: '5029',
      }),
    );
  });

  it('offers "Valid coupons only", sent as validCoupons=true from page 1, with the filter counts to match', async () => {
    const api = answerApi(apiFor(admin, couponRoutes()));
    renderApp(paths.allCoupons, { user: admin });
    await screen.findByText('Showing 2 of 250 Coupons');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(queriesTo(api.requests, COUPONS).at(-1)).toMatchObject({ pageNo: '2' }));

    const validOnly = screen.getByRole('checkbox', { name: 'Valid coupons only (running today)' });
    expect(validOnly).not.toBeChecked();
    await userEvent.click(validOnly);
    await waitFor(() =>
      expect(queriesTo(api.requests, COUPONS).at(-1)).toEqual({
        validCoupons: 'true',
        pageNo: '1',
        pageSize: '100',
        vendorId: '5029',
      }),
    );
    await waitFor(() =>
      expect(queriesTo(api.requests, '/coupons/getFilters').at(-1)).toEqual({ validCoupons: 'true' }),
    );

    await userEvent.click(validOnly);
    await waitFor(() =>
      expect(queriesTo(api.requests, COUPONS).at(-1)).toEqual({ pageNo: '1', pageSize: '100', vendorId: '5029' }),
    );
  });

  it('refuses a start date after the expiry date and makes no call for it', async () => {
    const api = answerApi(apiFor(admin, couponRoutes()));
    renderApp(paths.allCoupons, { user: admin });
    await screen.findByText('Showing 2 of 250 Coupons');
    fireEvent.change(screen.getByLabelText('Expiry Date'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '2026-04-01' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Start Date cannot be after Expiry Date');
    await waitFor(() => expect(queriesTo(api.requests, COUPONS).at(-1)).toMatchObject({ endDate: '2026-03-01' }));
    expect(queriesTo(api.requests, COUPONS).some((query) => query['startDate'] === '2026-04-01')).toBe(false);
  });

  it('lists no coupons, no count and asks to fix the dates while they are in conflict', async () => {
    answerApi(apiFor(admin, couponRoutes()));
    renderApp(paths.allCoupons, { user: admin });
    await screen.findByText('Showing 2 of 250 Coupons');
    fireEvent.change(screen.getByLabelText('Expiry Date'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '2026-04-01' } });

    expect(await screen.findByText('Fix the dates to see coupons.')).toBeInTheDocument();
    const results = screen.getByRole('region', { name: 'Coupon results' });
    expect(within(results).queryByText(/Showing \d+ of \d+ Coupons/)).not.toBeInTheDocument();
    expect(within(results).queryByRole('list', { name: 'Coupons' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Copy Link of/ })).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '2026-02-01' } });
    expect(await screen.findByText('Showing 2 of 250 Coupons')).toBeInTheDocument();
    expect(screen.queryByText('Fix the dates to see coupons.')).not.toBeInTheDocument();
  });

  it('takes dates as every screen writes them, and says how to write one it cannot read, sending nothing', async () => {
    const api = answerApi(apiFor(admin, couponRoutes()));
    renderApp(paths.allCoupons, { user: admin });
    await screen.findByText('Showing 2 of 250 Coupons');
    await userEvent.type(screen.getByLabelText('Start Date'), '1 Mar 2026');
    await waitFor(() => expect(queriesTo(api.requests, COUPONS).at(-1)).toMatchObject({ startDate: '2026-03-01' }));

    const sent = queriesTo(api.requests, COUPONS).length;
    await userEvent.type(screen.getByLabelText('Expiry Date'), '30/04/2026');
    await userEvent.tab();
    expect(await screen.findByRole('alert')).toHaveTextContent(UNREADABLE_DATE);
    expect(screen.getByText('Fix the dates to see coupons.')).toBeInTheDocument();
    expect(queriesTo(api.requests, COUPONS)).toHaveLength(sent);
  });

  it('sends the placement id as placementId to /coupons/getcoupons once typing pauses, keeping the page', async () => {
    const api = answerApi(apiFor(admin, couponRoutes()));
    renderApp(paths.allCoupons, { user: admin });
    await screen.findByText('Showing 2 of 250 Coupons');
    expect(queriesTo(api.requests, COUPONS).at(-1)).not.toHaveProperty('placementId');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    await userEvent.type(screen.getByLabelText('Placement id (optional)'), 'top-banner');
    await waitFor(() =>
      expect(queriesTo(api.requests, COUPONS).at(-1)).toEqual({
        placementId: 'top-banner',
        pageNo: '2',
        pageSize: '100',
        vendorId: '5029',
      }),
    );
    expect(queriesTo(api.requests, COUPONS).filter((query) => query.placementId !== undefined)).toHaveLength(1);
  });

  it('copies the coupon link with vendorId_placementId (vendorId_noid without one) and the campaign id', async () => {
    const writeText = stubClipboard();
    answerApi(apiFor(admin, couponRoutes()));
    renderApp(paths.allCoupons, { user: admin });

    await userEvent.click(await screen.findByRole('button', { name: 'Copy Link of 20% off sailing jackets c1' }));
    expect(writeText).toHaveBeenLastCalledWith(
      'https://go.publisher-portal.test/coupon?cid=c1&subid=5029_noid&af_campaign_id=5029',
    );
    expect(await screen.findByText('Successfullly Copied Product URL to clib board')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Placement id (optional)'), 'top banner_1');
    expect(screen.getByLabelText('Placement id (optional)')).toHaveValue('topbanner1');
    await userEvent.click(screen.getByRole('button', { name: 'Copy Link of 20% off sailing jackets c2' }));
    const link = writeText.mock.calls.at(-1)?.[0];
    expect(link).toBe('https://go.publisher-portal.test/coupon?cid=c2&subid=5029_topbanner1&af_campaign_id=5029');
    expect(link).not.toContain(COUPON_TRACKING_PLACEHOLDER);
  });

  it('shows the empty state and the error message', async () => {
    answerApi(apiFor(admin, couponRoutes([], 0)));
    const app = renderApp(paths.allCoupons, { user: admin });
    expect(await screen.findByText('No coupons match these filters.')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 of 0 Coupons')).toBeInTheDocument();
    app.unmount();

    answerApi(
      apiFor(admin, (request) =>
        request.url.pathname === COUPONS
          ? { status: 400, body: errorBody('pageSize must be at most 500') }
          : couponRoutes()(request),
      ),
    );
    renderApp(paths.allCoupons, { user: admin });
    expect(await screen.findByRole('alert')).toHaveTextContent('pageSize must be at most 500');
  });

  it('opens for any vendor with a vendorId (part 1 §6), not only the admin', async () => {
    const vendor = buildUser();
    const api = answerApi(apiFor(vendor, couponRoutes()));
    const app = renderApp(paths.allCoupons, { user: vendor });
    expect(await screen.findByText('Showing 2 of 250 Coupons')).toBeInTheDocument();
    expect(app.currentPath()).toBe(paths.allCoupons);
    expect(queriesTo(api.requests, COUPONS).at(-1)).toMatchObject({ vendorId: String(vendor.vendorId) });
  });
});
