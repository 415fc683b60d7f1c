import type { Order } from '@publisher/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { buildUser } from '@publisher/contract/testing';
import { apiFor, answerApi } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';

const user = buildUser();

const order = (overrides: Partial<Order>): Order => ({
  orderId: 'o-1',
  orderDate: '2026-03-17',
  source: 'connexity',
  merchantName: 'Acme Outdoor',
  placementId: 'home',
  amount: 120.5,
  commission: 6.025,
  status: 'approved',
  ...overrides,
});

describe('OrderHistoryPage', () => {
  it("is linked from the profile page and lists the vendor's sales in the API's order, paged", async () => {
    const api = answerApi(
      apiFor(user, (request) =>
        request.url.pathname === '/home/getOrderHistory'
          ? {
              status: 200,
              body: {
                totalRecords: 25,
                data: [
                  order({ orderId: 'o-2', orderDate: '2026-03-17' }),
                  order({ orderId: 'o-1', orderDate: '2026-03-12', status: 'pending' }),
                ],
              },
            }
          : undefined,
      ),
    );
    const app = renderApp(paths.myProfileInfo, { user });
    await userEvent.click(await screen.findByRole('link', { name: 'My Orders' }));
    await waitFor(() => expect(app.currentPath()).toBe(paths.orderHistory));

    const table = await screen.findByRole('table', { name: 'My Orders' });
    await within(table).findByText('o-2');
    const rows = within(table).getAllByRole('row');
    expect(rows.slice(1).map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual(['o-2', 'o-1']);
    expect(within(table).getAllByText('$120.50')).toHaveLength(2);
    expect(within(table).getByText('pending')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(api.requests.filter((request) => request.url.pathname === '/home/getOrderHistory').at(-1)?.body).toEqual({
        page: 1,
        pageSize: 20,
        apiKey: user.apiKey,
      }),
    );
  });

  it('has an empty state', async () => {
    answerApi(
      apiFor(user, (request) =>
        request.url.pathname === '/home/getOrderHistory'
          ? { status: 200, body: { data: [], totalRecords: 0 } }
          : undefined,
      ),
    );
    renderApp(paths.orderHistory, { user });
    expect(await screen.findByText('No orders yet.')).toBeInTheDocument();
  });
});
