import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { buildUser } from '@publisher/contract/testing';
import { apiFor, answerApi, type MockResponse, type RecordedRequest } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';
import { stubClipboard } from '../testing/deep-link-fixtures';

const samsAndKohls = buildUser({ vendorId: 5058 });

afterEach(() => {
  vi.restoreAllMocks();
});

const GENERATE = '/home/generateDeepLink';
const LINK =
  'http://localhost:3333/redirect?source=22261&publisher=fall-7&sub=5058_top-1_noid&clickid=noid&url=https%3A%2F%2Fwww.kohls.com';

/** The API's generator: a link for a Sams & Kohls merchant, or what `answer` says. */
type Answer = (request: RecordedRequest) => MockResponse | undefined;
const generator =
  (answer?: Answer): Answer =>
  (request) =>
    request.url.pathname === GENERATE
      ? (answer?.(request) ?? {
          status: 200,
          body: { success: true, deepLinkInfo: { link: LINK, merchantName: "Kohl's", type: 'CPC' } },
        })
      : undefined;

function start(answer?: Answer) {
  const api = answerApi(apiFor(samsAndKohls, generator(answer)));
  return { ...renderApp(paths.deepLinksSamsAndKohls, { user: samsAndKohls }), api };
}

describe('SamsAndKohlsPage', () => {
  it("lists Sam's Club and Kohl's and shows the API generator's link for the chosen one", async () => {
    const writeText = stubClipboard();
    const { api } = start();
    expect(await screen.findByRole('heading', { level: 1, name: 'Deep Links API - Sams & Kohls' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Sams & Kohls merchants' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(["Sam's Clubsamsclub.comUS", "Kohl'skohls.comUS"]);

    await userEvent.selectOptions(screen.getByLabelText('Merchant'), "Kohl's");
    await userEvent.type(screen.getByLabelText('Campaign Id (optional)'), 'fall-7');
    await userEvent.type(screen.getByLabelText('Placement Id (optional)'), 'top-1');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    const link = await screen.findByTestId('generated-link');
    expect(link).toHaveAttribute('href', LINK);
    expect(api.requests.filter((request) => request.url.pathname === GENERATE).map((request) => request.body)).toEqual([
      {
        merchantUrl: 'https://www.kohls.com',
        placement_id: 'top-1',
        campaign_id: '5058',
        isPublisherAI: false,
        new_campaign_id: 'fall-7',
        apiKey: samsAndKohls.apiKey,
      },
    ]);
    expect(await screen.findByRole('img', { name: 'QR code of the deep link' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(await screen.findByText('Successfullly Copied Merchant URL to clib board')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Placement Id (optional)'), 'a');
    expect(screen.queryByTestId('generated-link')).not.toBeInTheDocument();
  });

  it("shows the API's refusal under the form", async () => {
    start(() => ({
      status: 403,
      body: {
        statusMessages: ["Your account can only use the Sam's & Kohl's deep links."],
        errors: [],
        success: false,
        error: "Your account can only use the Sam's & Kohl's deep links.",
      },
    }));
    await userEvent.click(await screen.findByRole('button', { name: 'Generate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Your account can only use the Sam's & Kohl's deep links.",
    );
    expect(screen.queryByTestId('generated-link')).not.toBeInTheDocument();
  });

  it.each(['Campaign Id (optional)', 'Placement Id (optional)'])(
    '%s keeps letters, digits and hyphen only, up to 50',
    async (label) => {
      start();
      const input = await screen.findByLabelText(label);
      await userEvent.type(input, 'a_b {{c}-1!');
      expect(input).toHaveValue('abc-1');
      await userEvent.clear(input);
      await userEvent.type(input, 'z'.repeat(55));
      expect(input).toHaveValue('z'.repeat(50));
    },
  );

  it('is where vendor 5058 lands, and the only generator in their menu', async () => {
    const app = start();
    await waitFor(() => expect(app.currentPath()).toBe(paths.deepLinksSamsAndKohls));
    const menu = await screen.findByRole('navigation', { name: /menu/i });
    expect(within(menu).getByRole('link', { name: 'Deep Links API - Sams & Kohls' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Deep Links API' })).not.toBeInTheDocument();
    app.unmount();

    answerApi(apiFor(samsAndKohls, () => undefined));
    const other = renderApp(paths.deepLinksAPI, { user: samsAndKohls });
    await waitFor(() => expect(other.currentPath()).toBe(paths.deepLinksSamsAndKohls));
  });

  it('is not open to other vendors', async () => {
    const vendor = buildUser({ vendorId: 5001 });
    answerApi(apiFor(vendor, () => undefined));
    const app = renderApp(paths.deepLinksSamsAndKohls, { user: vendor });
    await waitFor(() => expect(app.currentPath()).not.toBe(paths.deepLinksSamsAndKohls));
  });
});
