import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { buildUser } from '@publisher/contract/testing';
import { apiFor, answerApi, type MockResponse, type RecordedRequest } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';
import { buildCountryMerchantRow, queriesTo, stubClipboard, SUMMARY } from '../testing/deep-link-fixtures';

const LIST = '/home/getCountryMerchants';
const both = { cpc: true, cpa: true };
const vendor = buildUser({ vendorId: 5001, menu: { deeplink2: both } });

function routes(request: RecordedRequest): MockResponse | undefined {
  if (request.url.pathname !== LIST) return undefined;
  return {
    status: 200,
    body: { data: [buildCountryMerchantRow('harbor-outfitters.com')], totalRecords: 140, summary: SUMMARY },
  };
}

function start(user = vendor) {
  const api = answerApi(apiFor(user, routes));
  const app = renderApp(paths.deepLinksAPI2, { user });
  return { api, app };
}

const result = () => screen.queryByRole('region', { name: 'Generated link' });
const generateFor = async () =>
  userEvent.click(await screen.findByRole('button', { name: 'Generate Link for harbor-outfitters.com (US)' }));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('DeepLinksAPI2Page', () => {
  it('lists the US merchants 100 a page, sorted CPCLtoH, with CPC and CPA merchants, and the per-country summary', async () => {
    const { api } = start();
    expect(await screen.findByRole('heading', { level: 1, name: 'Deep Links API 2' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /harbor-outfitters\.com/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['US', 'harbor-outfitters.com', '4.5%', '$0.3500', 'Generate Link']);
    expect(screen.getByLabelText('Sort By')).toHaveDisplayValue('CPC: low to high');
    expect(screen.getByText('Showing 1 of 140 Merchants')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Merchants per country' })).getByRole('row', { name: 'US 57' }),
    ).toBeInTheDocument();
    expect(queriesTo(api.requests, LIST)).toEqual([
      {
        pageNo: '1',
        pageSize: '100',
        searchText: '',
        country: 'us',
        sortByValue: 'CPCLtoH',
        showCPCMerchants: 'true',
        showCPAMerchants: 'true',
      },
    ]);
  });

  it('opens a CPC-only vendor on CPC merchants, not on CPA ones (average CPC $0, first in CPC order)', async () => {
    const { api } = start(buildUser({ vendorId: 5001, menu: { deeplink2: { cpc: true, cpa: false } } }));
    await screen.findByText('Showing 1 of 140 Merchants');
    expect(screen.getByRole('checkbox', { name: 'Show CPC merchants' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Show CPA merchants' })).not.toBeChecked();
    expect(queriesTo(api.requests, LIST)).toEqual([
      expect.objectContaining({ sortByValue: 'CPCLtoH', showCPCMerchants: 'true', showCPAMerchants: 'false' }),
    ]);
  });

  it('reloads on sort, the CPC/CPA toggles and the CPA type', async () => {
    const { api } = start();
    await screen.findByText('Showing 1 of 140 Merchants');
    await userEvent.selectOptions(screen.getByLabelText('Sort By'), 'CPAHtoL');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show CPC merchants' }));
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'CPA');
    await waitFor(() =>
      expect(queriesTo(api.requests, LIST).at(-1)).toMatchObject({
        sortByValue: 'CPAHtoL',
        showCPCMerchants: 'false',
        showCPAMerchants: 'true',
        isPublisherAI: 'true',
      }),
    );
  });

  it('generates the direct link (22267 for CPC, the campaign id as publisher, vendorId_placementId as sub) and copies it', async () => {
    const writeText = stubClipboard();
    start();
    await userEvent.type(await screen.findByLabelText('Campaign Id (optional)'), 'summer');
    await userEvent.type(screen.getByLabelText('Placement Id (optional)'), 'nav-1');
    await generateFor();
    const link = await screen.findByTestId('generated-link');
    expect(link).toHaveAttribute(
      'href',
      'http://localhost:3333/redirect?source=22267&publisher=summer&sub=5001_nav-1&clickid=noid&country=us&url=https%3A%2F%2Fwww.harbor-outfitters.com',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(link.getAttribute('href'));
    expect(await screen.findByText('Successfullly Copied Merchant URL to clib board')).toBeInTheDocument();
  });

  it('uses 22269 and the current time for a CPA link without a campaign id', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    start();
    await userEvent.selectOptions(await screen.findByLabelText('Type'), 'CPA');
    await generateFor();
    expect(await screen.findByTestId('generated-link')).toHaveAttribute(
      'href',
      expect.stringContaining('source=22269&publisher=1700000000000&sub=5001_noid&'),
    );
  });

  it('clears the link when an input changes, and the merchant name when the type changes', async () => {
    start();
    await generateFor();
    await waitFor(() => expect(result()).toBeInTheDocument());
    await userEvent.type(screen.getByLabelText('Click Id (optional)'), 'x');
    expect(result()).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Merchant Name'), 'harbor');
    await generateFor();
    await waitFor(() => expect(result()).toBeInTheDocument());
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'CPA');
    expect(result()).not.toBeInTheDocument();
    expect(screen.getByLabelText('Merchant Name')).toHaveValue('');
  });

  it.each([
    ['Campaign Id (optional)', 'a_b {{c}-1', 'abc-1'],
    ['Placement Id (optional)', 'a_b {{c}-1', 'abc-1'],
    ['Click Id (optional)', 'a_b {{c}-1', 'a_bc-1'],
  ])('%s keeps only its characters, up to 50', async (label, typed, kept) => {
    start();
    const input = await screen.findByLabelText(label);
    await userEvent.type(input, typed);
    expect(input).toHaveValue(kept);
    await userEvent.clear(input);
    await userEvent.type(input, 'q'.repeat(55));
    expect(input).toHaveValue('q'.repeat(50));
  });

  it('offers only CPC when deeplink2 has cpa off', async () => {
    start(buildUser({ vendorId: 5001, menu: { deeplink2: { cpc: true, cpa: false } } }));
    const type = await screen.findByLabelText('Type');
    expect(
      within(type)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['CPC (cost per click)']);
  });
});
