import { DEEP_LINK_MESSAGES, type User } from '@publisher/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { buildUser } from '@publisher/contract/testing';
import { deferred, errorBody, answerApi, type MockResponse, type RecordedRequest } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';
import { bodiesTo, buildConnexityMerchant, page, queriesTo, stubClipboard } from '../testing/deep-link-fixtures';

const MERCHANTS = '/home/getMerchantsV2';
const GENERATE = '/home/generateDeepLink';
const SHORTEN = '/shortURL/create';
const LINK =
  'http://localhost:3333/redirect?source=22261&publisher=1700000000000&sub=6001_noid_noid&clickid=noid&url=https%3A%2F%2Fwww.nautica.com';
const SHORT = 'http://localhost:3333/s/Ab3dE5g';
const CPC_MERCHANTS = [
  buildConnexityMerchant('100001', 'Nautica'),
  buildConnexityMerchant('100002', 'Harbor Outfitters'),
];
const CPA_MERCHANTS = [buildConnexityMerchant('100003', 'Cedar Home')];

function routes(generate: () => MockResponse | Promise<MockResponse> = () => generated(LINK)) {
  return (request: RecordedRequest): MockResponse | Promise<MockResponse> | undefined => {
    switch (request.url.pathname) {
      case MERCHANTS:
        return page(request.url.searchParams.get('isPublisherAI') === 'true' ? CPA_MERCHANTS : CPC_MERCHANTS);
      case GENERATE:
        return generate();
      case SHORTEN:
        return { status: 200, body: { data: { tiny_url: SHORT, expires_at: null } } };
      default:
        return undefined;
    }
  };
}

function generated(link: string): MockResponse {
  return { status: 200, body: { success: true, deepLinkInfo: { link, merchantName: 'Nautica', type: 'CPC' } } };
}

function start(user: User, generate?: () => MockResponse | Promise<MockResponse>, path: string = paths.deepLinksAPI) {
  const handle = routes(generate);
  const api = answerApi((request) => {
    if (request.url.pathname.startsWith('/auth/')) return { status: 200, body: { data: user } };
    return handle(request) ?? { status: 404, body: errorBody('Not found in the test') };
  });
  const app = renderApp(path, { user });
  return { api, app };
}

async function chooseMerchant(name: string) {
  const combobox = await screen.findByRole('combobox', { name: 'Merchant' });
  await waitFor(() => expect(combobox).toBeEnabled());
  await userEvent.click(combobox);
  await userEvent.click(await screen.findByRole('option', { name }));
}

const generateLink = () => userEvent.click(screen.getByRole('button', { name: 'Generate' }));
const result = () => screen.queryByRole('region', { name: 'Generated link' });

describe('DeepLinksAPIPage', () => {
  it.each([
    [{ cpc: true, cpa: true }, ['CPC (cost per click)', 'CPA (cost per action)']],
    [{ cpc: true, cpa: false }, ['CPC (cost per click)']],
    [{ cpc: false, cpa: true }, ['CPA (cost per action)']],
  ])('offers the types whose deeplink1 flag is on (%o)', async (deeplink1, labels) => {
    start(buildUser({ menu: { deeplink1 } }));
    const type = await screen.findByRole('combobox', { name: 'Type' });
    expect(
      within(type)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(labels);
  });

  it('sends a vendor whose deeplink1 flags are both off elsewhere', async () => {
    const { app } = start(
      buildUser({ menu: { deeplink1: { cpc: false, cpa: false }, deeplink2: { cpc: true, cpa: false } } }),
    );
    await waitFor(() => expect(app.currentPath()).not.toBe(paths.deepLinksAPI));
  });

  it('generates a CPC link for the chosen merchant and ids, under a loading overlay, with a QR code', async () => {
    const held = deferred<MockResponse>();
    const user = buildUser();
    const { api } = start(user, () => held.promise);
    await chooseMerchant('Nautica');
    await userEvent.type(screen.getByLabelText('Campaign Id (optional)'), 'spring');
    await userEvent.type(screen.getByLabelText('Placement Id (optional)'), '{{slot}');
    await userEvent.type(screen.getByLabelText('Click Id (optional)'), 'c_1');
    await generateLink();
    expect(await screen.findByTestId('loading-overlay')).toBeInTheDocument();
    held.resolve(generated(LINK));

    await waitFor(() => expect(result()).toBeInTheDocument());
    expect(screen.getByTestId('generated-link')).toHaveAttribute('href', LINK);
    expect(await screen.findByRole('img', { name: 'QR code of the deep link' })).toBeInTheDocument();
    expect(bodiesTo(api.requests, GENERATE)).toEqual([
      {
        merchantUrl: 'https://www.nautica.com',
        placement_id: '{slot}',
        click_id: 'c_1',
        campaign_id: String(user.vendorId),
        isPublisherAI: false,
        new_campaign_id: 'spring',
        apiKey: user.apiKey,
      },
    ]);
  });

  it("copies the link and toasts 'Successfullly Copied Merchant URL to clib board'", async () => {
    const writeText = stubClipboard();
    start(buildUser());
    await chooseMerchant('Nautica');
    await generateLink();
    await userEvent.click(await screen.findByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(await screen.findByText('Successfullly Copied Merchant URL to clib board')).toBeInTheDocument();
  });

  it('changing the type clears the merchant and the result, and lists the CPA merchants', async () => {
    const { api } = start(buildUser());
    await chooseMerchant('Nautica');
    await generateLink();
    await waitFor(() => expect(result()).toBeInTheDocument());

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'CPA');
    expect(result()).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Merchant' })).toHaveValue('');
    await waitFor(() => expect(queriesTo(api.requests, MERCHANTS).at(-1)).toMatchObject({ isPublisherAI: 'true' }));
    await chooseMerchant('Cedar Home');
    await generateLink();
    await waitFor(() => expect(bodiesTo(api.requests, GENERATE).at(-1)).toMatchObject({ isPublisherAI: true }));
  });

  it.each(['Campaign Id (optional)', 'Placement Id (optional)', 'Click Id (optional)'])(
    'changing %s clears the generated link',
    async (label) => {
      start(buildUser());
      await chooseMerchant('Nautica');
      await generateLink();
      await waitFor(() => expect(result()).toBeInTheDocument());
      await userEvent.type(screen.getByLabelText(label), 'x');
      expect(result()).not.toBeInTheDocument();
    },
  );

  it('searches the merchants on the server as the user types, 50 at a time', async () => {
    const { api } = start(buildUser());
    const combobox = await screen.findByRole('combobox', { name: 'Merchant' });
    await waitFor(() => expect(combobox).toBeEnabled());
    expect(queriesTo(api.requests, MERCHANTS)[0]).toEqual({
      pageNo: '1',
      pageSize: '50',
      searchText: '',
      isPublisherAI: 'false',
    });
    await userEvent.type(combobox, 'Harb');
    await waitFor(() => expect(queriesTo(api.requests, MERCHANTS).at(-1)).toMatchObject({ searchText: 'Harb' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Harbor Outfitters' }));
    expect(combobox).toHaveValue('Harbor Outfitters');
  });

  it('changing the merchant clears the generated link', async () => {
    start(buildUser());
    await chooseMerchant('Nautica');
    await generateLink();
    await waitFor(() => expect(result()).toBeInTheDocument());
    await chooseMerchant('Harbor Outfitters');
    expect(result()).not.toBeInTheDocument();
  });

  it.each([
    ['Campaign Id (optional)', 'a_b {{c}-1!', 'ab{c}-1'],
    ['Placement Id (optional)', 'p_1 {{x}', 'p1{x}'],
    ['Click Id (optional)', 'c_1 {{x}!', 'c_1{x}'],
  ])('strips what %s does not accept and stops at 50', async (label, typed, kept) => {
    start(buildUser());
    const input = await screen.findByLabelText(label);
    await userEvent.type(input, typed);
    expect(input).toHaveValue(kept);
    await userEvent.clear(input);
    await userEvent.type(input, 'y'.repeat(55));
    expect(input).toHaveValue('y'.repeat(50));
  });

  it('asks for a merchant instead of calling the API when none is chosen', async () => {
    const { api } = start(buildUser());
    await screen.findByRole('combobox', { name: 'Merchant' });
    await generateLink();
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select a merchant.');
    expect(bodiesTo(api.requests, GENERATE)).toEqual([]);
  });

  it("shows the server's error under the form", async () => {
    const refusal = 'CPC deep links are not enabled for your account.';
    start(buildUser(), () => ({ status: 403, body: { ...errorBody(refusal), success: false, error: refusal } }));
    await chooseMerchant('Nautica');
    await generateLink();
    expect(await screen.findByRole('alert')).toHaveTextContent('CPC deep links are not enabled for your account.');
    expect(result()).not.toBeInTheDocument();
  });

  it('offers Shorten only when the short-URL flag is on; the short URL then replaces the button, with its own QR code', async () => {
    const { app } = start(buildUser({ isShortUrlEnabled: false }));
    await chooseMerchant('Nautica');
    await generateLink();
    await waitFor(() => expect(result()).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Shorten' })).not.toBeInTheDocument();
    app.unmount();

    const user = buildUser({ isShortUrlEnabled: true });
    const { api } = start(user);
    await chooseMerchant('Nautica');
    await generateLink();
    await userEvent.click(await screen.findByRole('button', { name: 'Shorten' }));
    expect(await screen.findByTestId('short-url')).toHaveAttribute('href', SHORT);
    expect(screen.queryByRole('button', { name: 'Shorten' })).not.toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'QR code of the short URL' })).toBeInTheDocument();
    expect(bodiesTo(api.requests, SHORTEN)).toEqual([
      { url: LINK, domain: null, expires_at: null, apiKey: user.apiKey },
    ]);
  });

  it('offers vendor 5036 Nautica alone, already chosen, and generates its link', async () => {
    const nautica = buildUser({ vendorId: 5036 });
    const { api } = start(nautica);
    const combobox = await screen.findByRole('combobox', { name: 'Merchant' });
    await waitFor(() => expect(combobox).toHaveValue('Nautica'));
    await userEvent.click(combobox);
    expect(
      within(screen.getByRole('listbox', { name: 'Merchant' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Nautica']);
    await userEvent.keyboard('{Escape}');
    expect(queriesTo(api.requests, MERCHANTS).every((query) => query['searchText'] === 'Nautica')).toBe(true);
    await generateLink();
    await waitFor(() =>
      expect(bodiesTo(api.requests, GENERATE)).toEqual([
        expect.objectContaining({ merchantUrl: 'https://www.nautica.com' }),
      ]),
    );
  });

  it("chooses the merchant named in ?merchant= (the dashboard's Get link) and generates its link", async () => {
    const { api } = start(buildUser(), undefined, `${paths.deepLinksAPI}?merchant=Harbor%20Outfitters`);
    const combobox = await screen.findByRole('combobox', { name: 'Merchant' });
    await waitFor(() => expect(combobox).toHaveValue('Harbor Outfitters'));
    expect(queriesTo(api.requests, MERCHANTS)[0]?.['searchText']).toBe('Harbor Outfitters');
    await generateLink();
    await waitFor(() =>
      expect(bodiesTo(api.requests, GENERATE)).toEqual([
        expect.objectContaining({ merchantUrl: expect.stringContaining('harbor') }),
      ]),
    );
  });

  it('leaves the merchant to choose when ?merchant= names none the search finds', async () => {
    start(buildUser(), undefined, `${paths.deepLinksAPI}?merchant=Nobody`);
    const combobox = await screen.findByRole('combobox', { name: 'Merchant' });
    await waitFor(() => expect(combobox).toBeEnabled());
    expect(combobox).toHaveValue('');
    await generateLink();
    expect(await screen.findByText(DEEP_LINK_MESSAGES.merchantRequired)).toBeInTheDocument();
  });
});
