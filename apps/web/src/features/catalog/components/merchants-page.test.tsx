import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { buildUser } from '@publisher/contract/testing';
import {
  apiFor,
  deferred,
  errorBody,
  answerApi,
  type MockResponse,
  type RecordedRequest,
} from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';
import { buildMerchant } from '../testing/catalog-fixtures';

const ALL = [
  buildMerchant('100001', 'Nautica'),
  buildMerchant('100002', "Sam's Club"),
  buildMerchant('100003', 'Quiet Co'),
];
const ACTIVE = ALL.slice(0, 2);

function merchantRoutes(request: RecordedRequest): MockResponse | undefined {
  switch (request.url.pathname) {
    case '/home/getAllMerchants':
      return { status: 200, body: { data: ALL, totalRecords: ALL.length } };
    case '/home/getMerchants':
      return { status: 200, body: { data: ACTIVE, totalRecords: ACTIVE.length } };
    default:
      return undefined;
  }
}

const cardNames = () =>
  within(screen.getByRole('list', { name: 'Merchants' }))
    .getAllByRole('article')
    .map((card) => card.getAttribute('aria-label'));

describe('MerchantsPage', () => {
  it('shows the totals and a card per merchant with logo, name and mid', async () => {
    const user = buildUser();
    answerApi(apiFor(user, merchantRoutes));
    renderApp(paths.merchants, { user });

    const card = await screen.findByRole('article', { name: 'Nautica' });
    expect(within(card).getByRole('img', { name: 'Nautica logo' })).toHaveAttribute(
      'src',
      'http://localhost:3333/assets/logos/nautica.svg',
    );
    expect(card).toHaveTextContent('mid: 100001');
    // The badges wait for the active merchants (/home/getMerchants), which the Active Merchants total shows.
    const totals = screen.getByLabelText('Merchant totals');
    await waitFor(() => expect(within(totals).getByText('Active Merchants').nextSibling).toHaveTextContent('2'));
    expect(card).toHaveTextContent('Active');
    expect(screen.getByRole('article', { name: 'Quiet Co' })).toHaveTextContent('Inactive');
    expect(within(totals).getByText('Total Merchants').nextSibling).toHaveTextContent('3');
    expect(cardNames()).toEqual(['Nautica', "Sam's Club", 'Quiet Co']);
  });

  it('gives each card a Get link to the deep-link generator with that merchant chosen, and a Visit site link', async () => {
    const user = buildUser();
    answerApi(apiFor(user, merchantRoutes));
    const app = renderApp(paths.merchants, { user });
    const card = await screen.findByRole('article', { name: "Sam's Club" });
    expect(within(card).getByRole('link', { name: "Visit site of Sam's Club (opens in a new tab)" })).toHaveAttribute(
      'target',
      '_blank',
    );
    const getLink = within(card).getByRole('link', { name: "Get link for Sam's Club" });
    expect(getLink).toHaveAttribute('href', `${paths.deepLinksAPI}?merchant=Sam's%20Club`);
    await userEvent.click(getLink);
    await waitFor(() => expect(app.currentPath()).toBe(paths.deepLinksAPI));
  });

  it('offers vendor 5036 a Get link only for the merchant it is locked to', async () => {
    const nautica = buildUser({ vendorId: 5036 });
    answerApi(apiFor(nautica, merchantRoutes));
    renderApp(paths.merchants, { user: nautica });
    const card = await screen.findByRole('article', { name: 'Nautica' });
    expect(within(card).getByRole('link', { name: 'Get link for Nautica' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Quiet Co' })).queryByRole('link', { name: /Get link/ }),
    ).not.toBeInTheDocument();
  });

  it("narrows the cards to the merchant chosen in the searchable dropdown, and 'All' brings them back", async () => {
    const user = buildUser();
    answerApi(apiFor(user, merchantRoutes));
    renderApp(paths.merchants, { user });
    await screen.findByRole('article', { name: 'Nautica' });

    const dropdown = screen.getByRole('combobox', { name: 'Merchant' });
    await userEvent.click(dropdown);
    await userEvent.keyboard('sam');
    await userEvent.click(screen.getByRole('option', { name: "Sam's Club" }));
    expect(cardNames()).toEqual(["Sam's Club"]);

    await userEvent.click(dropdown);
    await userEvent.click(screen.getByRole('option', { name: 'All' }));
    expect(cardNames()).toHaveLength(3);
  });

  it('shows the error message when the list fails', async () => {
    const user = buildUser();
    answerApi(
      apiFor(user, (request) =>
        request.url.pathname === '/home/getAllMerchants'
          ? { status: 500, body: { statusMessages: [], errors: ['Merchants are unavailable'] } }
          : merchantRoutes(request),
      ),
    );
    renderApp(paths.merchants, { user });
    expect(await screen.findByRole('alert')).toHaveTextContent('Merchants are unavailable');
  });

  it('shows no Active or Inactive badge until the active merchants are known', async () => {
    const user = buildUser();
    const activeAnswer = deferred<MockResponse>();
    const answer = apiFor(user, merchantRoutes);
    answerApi((request) => (request.url.pathname === '/home/getMerchants' ? activeAnswer.promise : answer(request)));
    renderApp(paths.merchants, { user });

    const quiet = await screen.findByRole('article', { name: 'Quiet Co' });
    expect(quiet).not.toHaveTextContent(/Active|Inactive/);
    expect(screen.getByRole('article', { name: 'Nautica' })).not.toHaveTextContent(/Active|Inactive/);

    activeAnswer.resolve({ status: 200, body: { data: ACTIVE, totalRecords: ACTIVE.length } });
    await waitFor(() =>
      expect(within(screen.getByRole('article', { name: 'Quiet Co' })).getByText('Inactive')).toBeVisible(),
    );
    expect(within(screen.getByRole('article', { name: 'Nautica' })).getByText('Active')).toBeVisible();
  });

  it('shows the error of the active merchants call, and no badge, when only that call fails', async () => {
    const user = buildUser();
    answerApi(
      apiFor(user, (request) =>
        request.url.pathname === '/home/getMerchants'
          ? { status: 500, body: errorBody('Active merchants are unavailable') }
          : merchantRoutes(request),
      ),
    );
    renderApp(paths.merchants, { user });

    expect(await screen.findByRole('alert')).toHaveTextContent('Active merchants are unavailable');
    expect(cardNames()).toEqual(['Nautica', "Sam's Club", 'Quiet Co']);
    for (const card of within(screen.getByRole('list', { name: 'Merchants' })).getAllByRole('article')) {
      expect(card).not.toHaveTextContent(/Active|Inactive/);
    }
  });

  it('sends a vendor whose merchants flag is off to their landing page', async () => {
    const user = buildUser({ menu: { merchants: false } });
    answerApi(apiFor(user, merchantRoutes));
    const app = renderApp(paths.merchants, { user });
    await waitFor(() => expect(app.currentPath()).toBe(paths.dashboard));
  });
});
