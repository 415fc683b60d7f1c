import type { Product } from '@publisher/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { buildUser } from '@publisher/contract/testing';
import { apiFor, errorBody, answerApi, type MockResponse, type RecordedRequest } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';
import { buildMerchant, buildProduct, queriesTo, stubClipboard } from '../testing/catalog-fixtures';

const PRODUCTS = '/home/getProductslist';
const MERCHANTS = [buildMerchant('100001', 'Nautica'), buildMerchant('100002', "Sam's Club")];
const TOAST = 'Successfullly Copied Product URL to clib board';

interface ProductRoutesOptions {
  products?: Product[];
  totalRecords?: number;
  productsResponse?: MockResponse;
}

function productRoutes({
  products = [buildProduct('p1')],
  totalRecords = 45,
  productsResponse,
}: ProductRoutesOptions = {}) {
  return (request: RecordedRequest): MockResponse | undefined => {
    switch (request.url.pathname) {
      case '/home/getMerchants':
        return { status: 200, body: { data: MERCHANTS, totalRecords: MERCHANTS.length } };
      case PRODUCTS:
        return productsResponse ?? { status: 200, body: { data: products, totalRecords } };
      default:
        return undefined;
    }
  };
}

const productCalls = (requests: RecordedRequest[]) => queriesTo(requests, PRODUCTS);

async function chooseMerchant(name: string) {
  await userEvent.click(screen.getByRole('combobox', { name: 'Merchant' }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

describe('ProductsPage', () => {
  it('lists each product with title, manufacturer, image, prices (the original one when on offer), merchant and url, from page 1 of 20, low price first', async () => {
    const user = buildUser();
    const products = [buildProduct('p1'), buildProduct('p2', { originalPrice: { value: 4 }, price: { value: 4 } })];
    const api = answerApi(apiFor(user, productRoutes({ products })));
    renderApp(paths.products, { user });

    const list = await screen.findByRole('list', { name: 'Products' });
    // Not on offer: one price, not "$4.00 $4.00".
    const plain = within(list).getByRole('article', { name: 'Classic Shirt p2' });
    expect(within(plain).getByTestId('product-price')).toHaveTextContent('$4.00');
    expect(within(plain).queryByTestId('product-original-price')).not.toBeInTheDocument();
    const card = within(list).getByRole('article', { name: 'Classic Shirt p1' });
    expect(card).toHaveTextContent('Manufacturer:Harbor Mills');
    expect(card).toHaveTextContent('Merchant:Nautica');
    expect(within(card).getByTestId('product-price')).toHaveTextContent('$39.50');
    expect(within(card).getByTestId('product-original-price')).toHaveTextContent('$59.99');
    expect(card.querySelector('img')).toHaveAttribute('src', 'http://localhost:3333/assets/products/p1.svg');
    expect(within(card).getByRole('link')).toHaveAttribute('href', expect.stringContaining('subid=6001_noid_noid'));
    expect(screen.getByText('Total Products:')).toHaveTextContent('Total Products: 45');
    // One count line: the pager does not repeat it ("Showing 1–20 of 45 products").
    expect(screen.queryByText(/^Showing /)).not.toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();

    expect(productCalls(api.requests)).toEqual([
      { pageNo: '1', pageSize: '20', sortBy: 'priceLtoH', vendorId: '6001' },
    ]);
  });

  it("shows a total of exactly 10000 as 'Many' and any other total as a number", async () => {
    const user = buildUser();
    answerApi(apiFor(user, productRoutes({ totalRecords: 10_000 })));
    const app = renderApp(paths.products, { user });
    await waitFor(() => expect(screen.getByText('Total Products:')).toHaveTextContent('Total Products: Many'));
    expect(screen.getByText('Page 1 of 500')).toBeInTheDocument();
    app.unmount();

    answerApi(apiFor(user, productRoutes({ totalRecords: 9_999 })));
    renderApp(paths.products, { user });
    await waitFor(() => expect(screen.getByText('Total Products:')).toHaveTextContent('Total Products: 9,999'));
    expect(screen.getByText('Page 1 of 500')).toBeInTheDocument();
  });

  it('keeps min and max price to digits only, stripping everything else as typed', async () => {
    const user = buildUser();
    answerApi(apiFor(user, productRoutes()));
    renderApp(paths.products, { user });
    const minPrice = await screen.findByLabelText('Min Price');
    const maxPrice = screen.getByLabelText('Max Price');
    await userEvent.type(minPrice, '1a0.5-');
    await userEvent.type(maxPrice, '$2,50 0');
    expect(minPrice).toHaveValue('105');
    expect(maxPrice).toHaveValue('2500');
    await userEvent.clear(maxPrice);
    expect(maxPrice).toHaveValue('');
  });

  it('sends every filter as its request parameter', async () => {
    const user = buildUser();
    const api = answerApi(apiFor(user, productRoutes()));
    renderApp(paths.products, { user });
    await screen.findByRole('list', { name: 'Products' });

    await userEvent.type(screen.getByLabelText('Min Price'), '10');
    await userEvent.type(screen.getByLabelText('Max Price'), '200');
    await userEvent.type(screen.getByLabelText('Placement Id'), 'home_page-1');
    await userEvent.type(screen.getByLabelText('Click Id'), 'click_9');
    await userEvent.type(screen.getByLabelText('Category Ids'), '10000, 20100');
    // Typed fields wait for Submit.
    expect(productCalls(api.requests)).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(productCalls(api.requests)).toHaveLength(2));
    expect(productCalls(api.requests).at(-1)).toEqual({
      pageNo: '1',
      pageSize: '20',
      sortBy: 'priceLtoH',
      minPrice: '10',
      maxPrice: '200',
      placementId: 'homepage-1',
      clickId: 'click_9',
      categoryIds: '10000,20100',
      vendorId: '6001',
    });

    // Merchant and sort reload at once.
    await chooseMerchant("Sam's Club");
    await waitFor(() => expect(productCalls(api.requests).at(-1)).toMatchObject({ mid: '100002', minPrice: '10' }));
    await userEvent.selectOptions(screen.getByLabelText('Sort By'), 'Price: High to Low');
    await waitFor(() =>
      expect(productCalls(api.requests).at(-1)).toMatchObject({ mid: '100002', sortBy: 'priceHtoL' }),
    );
  });

  it('reloads on page and page size changes; Submit on page 2 goes back to page 1, on page 1 it reloads', async () => {
    const user = buildUser();
    const api = answerApi(apiFor(user, productRoutes()));
    renderApp(paths.products, { user });
    await screen.findByRole('list', { name: 'Products' });

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(productCalls(api.requests).at(-1)).toMatchObject({ pageNo: '2' }));
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(productCalls(api.requests).at(-1)).toMatchObject({ pageNo: '1' }));
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();

    const callsBefore = productCalls(api.requests).length;
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(productCalls(api.requests)).toHaveLength(callsBefore + 1));
    expect(productCalls(api.requests).at(-1)).toEqual(productCalls(api.requests).at(-2));

    await userEvent.selectOptions(screen.getByLabelText('Rows per page'), '40');
    await waitFor(() => expect(productCalls(api.requests).at(-1)).toMatchObject({ pageNo: '1', pageSize: '40' }));
  });

  it('refuses a min price above the max price without calling the API', async () => {
    const user = buildUser();
    const api = answerApi(apiFor(user, productRoutes()));
    renderApp(paths.products, { user });
    await screen.findByRole('list', { name: 'Products' });
    await userEvent.type(screen.getByLabelText('Min Price'), '300');
    await userEvent.type(screen.getByLabelText('Max Price'), '20');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Min Price cannot be greater than Max Price')).toBeInTheDocument();
    expect(productCalls(api.requests)).toHaveLength(1);
  });

  it('copies the product url with af_campaign_id and shows the toast for 2 seconds', async () => {
    const writeText = stubClipboard();
    const user = buildUser();
    const product = buildProduct('p7');
    answerApi(apiFor(user, productRoutes({ products: [product] })));
    renderApp(paths.products, { user });
    const copy = await screen.findByRole('button', { name: 'Copy URL of Classic Shirt p7' });

    // Fake clocks from here on: testing-library's waitFor would wait on them, so only synchronous queries follow.
    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(copy);
      await Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledWith(`${product._source.url.value}&af_campaign_id=6001`);
    expect(screen.getByText(TOAST)).toHaveAttribute('role', 'status');

    act(() => {
      vi.advanceTimersByTime(1_999);
    });
    expect(screen.getByText(TOAST)).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText(TOAST)).not.toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    const user = buildUser();
    answerApi(apiFor(user, productRoutes({ products: [], totalRecords: 0 })));
    renderApp(paths.products, { user });
    expect(await screen.findByText('No products found. Try another merchant or a wider price range.')).toBeVisible();
    // With category ids applied, the hint names them too.
    await userEvent.type(screen.getByLabelText('Category Ids'), '999');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText('No products found. Try other category ids, another merchant or a wider price range.'),
    ).toBeVisible();
  });

  it('shows the first statusMessage, else the first error, else Something went wrong', async () => {
    const user = buildUser();
    const cases: [MockResponse, string][] = [
      [
        { status: 400, body: { statusMessages: ['maxPrice accepts digits only'], errors: ['other'] } },
        'maxPrice accepts digits only',
      ],
      [{ status: 500, body: { statusMessages: [], errors: ['Search is unavailable'] } }, 'Search is unavailable'],
      [{ status: 500, body: {}, isOffContract: true }, 'Something went wrong'],
    ];
    for (const [productsResponse, message] of cases) {
      answerApi(apiFor(user, productRoutes({ productsResponse })));
      const app = renderApp(paths.products, { user });
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      app.unmount();
    }
  });

  it('shows the failure of the merchant list in the filters and still lists the products', async () => {
    const user = buildUser();
    answerApi(
      apiFor(user, (request) =>
        request.url.pathname === '/home/getMerchants'
          ? { status: 500, body: errorBody('Merchants are unavailable') }
          : productRoutes()(request),
      ),
    );
    renderApp(paths.products, { user });

    const filters = await screen.findByRole('form', { name: 'Product filters' });
    expect(await within(filters).findByRole('alert')).toHaveTextContent('Merchants are unavailable');
    expect(await screen.findByRole('article', { name: 'Classic Shirt p1' })).toBeInTheDocument();
  });

  it('says once, with one Retry that reads both again, when the merchant list and the products both failed', async () => {
    const user = buildUser();
    let isDown = true;
    const api = answerApi(
      apiFor(user, (request) =>
        isDown && (request.url.pathname === '/home/getMerchants' || request.url.pathname === PRODUCTS)
          ? { status: 500, body: errorBody('Something went wrong') }
          : productRoutes()(request),
      ),
    );
    renderApp(paths.products, { user });

    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('The products could not be loaded.'));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(1);
    const merchantCalls = () => api.requests.filter((request) => request.url.pathname === '/home/getMerchants').length;
    const before = merchantCalls();

    isDown = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Classic Shirt p1' })).toBeInTheDocument();
    await waitFor(() => expect(merchantCalls()).toBe(before + 1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows only Nautica in the merchant dropdown of vendor 5036', async () => {
    const user = buildUser({ vendorId: 5036 });
    const nautica = [buildMerchant('100001', 'Nautica')];
    const api = answerApi(
      apiFor(user, (request) =>
        request.url.pathname === '/home/getMerchants'
          ? { status: 200, body: { data: nautica, totalRecords: 1 } }
          : productRoutes()(request),
      ),
    );
    renderApp(paths.products, { user });
    const merchant = await screen.findByRole('combobox', { name: 'Merchant' });
    await waitFor(() => expect(merchant).toHaveValue('Nautica'));
    await userEvent.click(merchant);
    expect(
      within(screen.getByRole('listbox', { name: 'Merchant' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Nautica']);
    expect(productCalls(api.requests)[0]).toMatchObject({ vendorId: '5036' });
  });

  it('sends a vendor whose products flag is off to their landing page', async () => {
    const user = buildUser({ menu: { products: false } });
    answerApi(apiFor(user, productRoutes()));
    const app = renderApp(paths.products, { user });
    await waitFor(() => expect(app.currentPath()).toBe(paths.dashboard));
  });
});
