import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
import { bodiesTo, buildKelkooRow, page, queriesTo, stubClipboard } from '../testing/deep-link-fixtures';

const LIST = '/kelkoo/getMerchants';
const GENERATE = '/kelkoo/generateDeepLinkUrl';
const LINK =
  'http://localhost:3333/redirect?source=22271&publisher=1700000000000&sub=5001_noid_noid&clickid=noid&country=us&url=https%3A%2F%2Fwww.harbor-outfitters.com';
const RESULT: MockResponse = {
  status: 200,
  body: {
    data: {
      link: LINK,
      merchantLogo: 'http://localhost:3333/assets/logos/harbor-outfitters.svg',
      merchantName: 'Harbor Outfitters',
    },
  },
};
const user = buildUser({ vendorId: 5001, menu: { deeplink5: { cpc: true, cpa: true } } });

function routes(generate: () => MockResponse | Promise<MockResponse> = () => RESULT) {
  return (request: RecordedRequest): MockResponse | Promise<MockResponse> | undefined => {
    if (request.url.pathname === LIST) return page([buildKelkooRow('Harbor Outfitters')], 57);
    if (request.url.pathname === GENERATE) return generate();
    return undefined;
  };
}

function api(generate?: () => MockResponse | Promise<MockResponse>) {
  const handle = routes(generate);
  return answerApi((request) => {
    if (request.url.pathname.startsWith('/auth/')) return { status: 200, body: { data: user } };
    return handle(request) ?? { status: 404, body: errorBody('Not found in the test') };
  });
}

const generateButton = () => screen.findByRole('button', { name: 'Generate Link for Harbor Outfitters (US)' });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('DeepLinksAPI5Page', () => {
  it('lists the United States merchants 10 a page with country, name, url, estimated CPC and Generate Link', async () => {
    const calls = api();
    renderApp(paths.deepLinksAPI5, { user });

    expect(await screen.findByRole('heading', { level: 1, name: 'Deep Links API 5' })).toBeInTheDocument();
    expect(screen.getByLabelText('Country')).toHaveDisplayValue('United States');
    const row = await screen.findByRole('row', { name: /Harbor Outfitters/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['US', 'Harbor Outfitters', 'https://www.harbor-outfitters.com', '$0.4215', 'Generate Link']);
    expect(screen.getByText(/Total Merchants:/)).toHaveTextContent('Total Merchants: 57');
    expect(screen.getByText('Showing 1 of 57 Merchants')).toBeInTheDocument();
    expect(queriesTo(calls.requests, LIST)).toEqual([{ pageNo: '1', pageSize: '10', searchText: '', country: 'us' }]);
  });

  it('generates a link under a loading overlay, with a time-based campaign id when it is blank, and shows logo, name and link', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    const held = deferred<MockResponse>();
    const calls = api(() => held.promise);
    renderApp(paths.deepLinksAPI5, { user });
    await userEvent.type(screen.getByLabelText('Placement Id (optional)'), '{{news}');

    await userEvent.click(await generateButton());
    expect(await screen.findByTestId('loading-overlay')).toBeInTheDocument();
    held.resolve(RESULT);

    const result = await screen.findByRole('region', { name: 'Generated link' });
    expect(screen.queryByTestId('loading-overlay')).not.toBeInTheDocument();
    expect(within(result).getByText('Harbor Outfitters')).toBeInTheDocument();
    expect(within(result).getByRole('img', { name: 'Harbor Outfitters logo' }).closest('a')).toHaveAttribute(
      'href',
      LINK,
    );
    expect(within(result).getByTestId('generated-link')).toHaveTextContent(LINK);
    expect(await within(result).findByRole('img', { name: 'QR code of the deep link' })).toBeInTheDocument();
    expect(bodiesTo(calls.requests, GENERATE)).toEqual([
      {
        merchantUrl: 'https://www.harbor-outfitters.com',
        country: 'us',
        campaign_id: '5001',
        new_campaign_id: '1700000000000',
        placement_id: '{news}',
        click_id: '',
        apiKey: user.apiKey,
      },
    ]);
  });

  it("copies the link with Copy URL and toasts 'Successfully Copied Product URL to clip board'", async () => {
    const writeText = stubClipboard();
    api();
    renderApp(paths.deepLinksAPI5, { user });
    await userEvent.type(screen.getByLabelText('Campaign Id (optional)'), 'spring-24');
    await userEvent.click(await generateButton());
    await userEvent.click(await screen.findByRole('button', { name: 'Copy URL' }));
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(await screen.findByText('Successfully Copied Product URL to clip board')).toBeInTheDocument();
  });

  it('sends the typed campaign id as is', async () => {
    const calls = api();
    renderApp(paths.deepLinksAPI5, { user });
    await userEvent.type(screen.getByLabelText('Campaign Id (optional)'), 'spring-24');
    await userEvent.click(await generateButton());
    await screen.findByRole('region', { name: 'Generated link' });
    expect(bodiesTo(calls.requests, GENERATE)[0]).toMatchObject({ new_campaign_id: 'spring-24' });
  });

  it.each([
    ['Campaign Id (optional)', 'a_b {{c}-1!', 'ab{c}-1'],
    ['Placement Id (optional)', 'p_1 {{x}', 'p1{x}'],
    ['Click Id (optional)', 'c_1 {{x}!', 'c_1{x}'],
  ])('strips what %s does not accept as the user types', async (label, typed, kept) => {
    api();
    renderApp(paths.deepLinksAPI5, { user });
    const input = await screen.findByLabelText(label);
    await userEvent.type(input, typed);
    expect(input).toHaveValue(kept);
    await userEvent.clear(input);
    await userEvent.type(input, 'x'.repeat(55));
    expect(input).toHaveValue('x'.repeat(50));
  });

  it('clears the result when any field changes', async () => {
    api();
    renderApp(paths.deepLinksAPI5, { user });
    await userEvent.click(await generateButton());
    await screen.findByRole('region', { name: 'Generated link' });
    await userEvent.type(screen.getByLabelText('Click Id (optional)'), 'a');
    expect(screen.queryByRole('region', { name: 'Generated link' })).not.toBeInTheDocument();

    await userEvent.click(await generateButton());
    await screen.findByRole('region', { name: 'Generated link' });
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'gb');
    expect(screen.queryByRole('region', { name: 'Generated link' })).not.toBeInTheDocument();
  });

  it('shows a failed generation in the form and above the table', async () => {
    api(() => ({ status: 404, body: { ...errorBody('Merchant not found.'), error: 'Merchant not found.' } }));
    renderApp(paths.deepLinksAPI5, { user });
    await userEvent.click(await generateButton());
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    for (const alert of screen.getAllByRole('alert')) expect(alert).toHaveTextContent('Merchant not found.');
    const form = screen.getByRole('form', { name: 'Deep link filters' });
    expect(within(form).getByRole('alert')).toBeInTheDocument();
  });

  it("reads the answer's payload.error (part 2 §7)", async () => {
    api(() => ({ status: 403, body: { statusMessages: [], errors: [], error: 'Deep link 5 is paused for you.' } }));
    renderApp(paths.deepLinksAPI5, { user });
    await userEvent.click(await generateButton());
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    for (const alert of screen.getAllByRole('alert')) expect(alert).toHaveTextContent('Deep link 5 is paused for you.');
  });

  it('reloads the list from page 1 when the merchant name changes, once typing pauses', async () => {
    const calls = api();
    renderApp(paths.deepLinksAPI5, { user });
    await screen.findByText('Showing 1 of 57 Merchants');
    await userEvent.type(screen.getByLabelText('Merchant Name'), 'Harb');
    await waitFor(() =>
      expect(queriesTo(calls.requests, LIST).at(-1)).toMatchObject({ searchText: 'Harb', pageNo: '1' }),
    );
    expect(queriesTo(calls.requests, LIST).filter((query) => query['searchText'] === 'H')).toEqual([]);
  });

  it('pages 10 at a time and starts again at page 1 with another page size or country', async () => {
    const many = Array.from({ length: 10 }, (_, index) => buildKelkooRow(`Merchant ${index}`));
    const calls = answerApi(apiFor(user, (request) => (request.url.pathname === LIST ? page(many, 57) : undefined)));
    renderApp(paths.deepLinksAPI5, { user });
    await screen.findByText('Showing 10 of 57 Merchants');
    expect(screen.getByText('Page 1 of 6')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(queriesTo(calls.requests, LIST).at(-1)).toMatchObject({ pageNo: '2', pageSize: '10' }));
    await userEvent.selectOptions(screen.getByLabelText('Rows per page'), '20');
    await waitFor(() => expect(queriesTo(calls.requests, LIST).at(-1)).toMatchObject({ pageNo: '1', pageSize: '20' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(queriesTo(calls.requests, LIST).at(-1)).toMatchObject({ pageNo: '2' }));
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'fr');
    await waitFor(() =>
      expect(queriesTo(calls.requests, LIST).at(-1)).toMatchObject({ pageNo: '1', pageSize: '20', country: 'fr' }),
    );
  });

  it('is not open to the admin (5029) nor to a vendor whose deeplink5 flags are both off', async () => {
    const admin = buildUser({ vendorId: 5029, role: 'admin', menu: { deeplink5: { cpc: true, cpa: true } } });
    answerApi(apiFor(admin, () => undefined));
    const adminApp = renderApp(paths.deepLinksAPI5, { user: admin });
    await waitFor(() => expect(adminApp.currentPath()).not.toBe(paths.deepLinksAPI5));
    adminApp.unmount();

    const off = buildUser({ vendorId: 5001 });
    answerApi(apiFor(off, () => undefined));
    const offApp = renderApp(paths.deepLinksAPI5, { user: off });
    await waitFor(() => expect(offApp.currentPath()).not.toBe(paths.deepLinksAPI5));
  });
});
