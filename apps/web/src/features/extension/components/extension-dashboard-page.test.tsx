import type { ExtensionDailyRow, ExtensionRevenue } from '@publisher/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@publisher/contract/testing';
import { apiFor, answerApi, type RecordedRequest } from '../../../testing/api-server';
import { CHOOSE_A_DATE, ExtensionDashboardPage } from './extension-dashboard-page';
import { renderScreen } from '../../../testing/render-app';

const user = buildUser({ vendorId: 5029, role: 'admin' });

const daily = (overrides: Partial<ExtensionDailyRow>): ExtensionDailyRow => ({
  y_date: '2026-03-09',
  affiliate: 'portal-1001',
  user_tag: 'ext-chrome',
  bidded_clicks: 10,
  bidded_results: 200,
  bidded_searches: 100,
  composition: 50.5,
  coverage: 80,
  ctr: 10,
  partner_rev_share: 3.25,
  searches: 125,
  tq_score: 7.5,
  ...overrides,
});

const revenue: ExtensionRevenue = {
  date: '2026-03-09',
  daily: [daily({}), daily({ user_tag: 'ext-edge', bidded_clicks: 5, partner_rev_share: 1.5, searches: 75 })],
  device: [{ ...daily({}), device_type: 'mobile' }],
  market: [{ ...daily({}), user_country: 'GB', market: 'en-GB' }],
};

const COLUMNS = [
  'y_date',
  'affiliate',
  'user_tag',
  'bidded_clicks',
  'bidded_results',
  'bidded_searches',
  'composition',
  'coverage',
  'ctr',
  'partner_rev_share',
  'searches',
  'tq_score',
];

const revenueCalls = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.url.pathname === '/extension/revenue');

function renderPage(body: (date: string) => ExtensionRevenue) {
  const api = answerApi(
    apiFor(user, (request) =>
      request.url.pathname === '/extension/revenue'
        ? { status: 200, body: body(request.url.searchParams.get('date') ?? '') }
        : undefined,
    ),
  );
  renderScreen(<ExtensionDashboardPage initialDate="2026-03-09" />);
  return api;
}

const headersOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    // Headings are in words; the field name, as the spec and the CSV write it, is each heading's title.
    .map((cell) => cell.dataset['field']);

describe('ExtensionDashboardPage', () => {
  it("reads yesterday's rows through this API, never the revenue service itself", async () => {
    const api = renderPage(() => revenue);
    await screen.findByRole('table', { name: 'Daily Revenue' });
    expect(screen.getByLabelText('Date')).toHaveValue('9 Mar 2026');
    expect(revenueCalls(api.requests)[0]?.url.searchParams.get('date')).toBe('2026-03-09');
    expect(api.requests.some((request) => request.url.pathname.startsWith('/api/'))).toBe(false);
  });

  it("has the spec's columns in each table and a Total row summing the numeric columns", async () => {
    renderPage(() => revenue);
    const dailyTable = await screen.findByRole('table', { name: 'Daily Revenue' });
    expect(headersOf(dailyTable)).toEqual(COLUMNS);
    expect(headersOf(screen.getByRole('table', { name: 'Device Revenue' }))).toEqual([
      ...COLUMNS.slice(0, 3),
      'device_type',
      ...COLUMNS.slice(3),
    ]);
    expect(headersOf(screen.getByRole('table', { name: 'Market Revenue' }))).toEqual([
      ...COLUMNS.slice(0, 3),
      'user_country',
      'market',
      ...COLUMNS.slice(3),
    ]);
    const total = await within(dailyTable).findByRole('row', { name: /^Total/ });
    expect(
      within(total)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['15', '400', '200', '101', '160', '20', '$4.75', '200', '15']);
  });

  it('reads another date when one is picked, and has an empty state', async () => {
    const api = renderPage((date) => (date === '2026-03-09' ? revenue : { date, daily: [], device: [], market: [] }));
    await screen.findByRole('table', { name: 'Daily Revenue' });
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-03-01' } });
    await waitFor(() => expect(revenueCalls(api.requests).at(-1)?.url.searchParams.get('date')).toBe('2026-03-01'));
    expect(await screen.findAllByText('No records found for this date.')).toHaveLength(3);
    expect(screen.queryByRole('row', { name: /^Total/ })).not.toBeInTheDocument();
  });

  it('says to choose a date when the field is cleared, and keeps the tables of the last date', async () => {
    const api = renderPage(() => revenue);
    await screen.findByRole('table', { name: 'Daily Revenue' });
    const calls = revenueCalls(api.requests).length;
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '' } });
    expect(await screen.findByText(CHOOSE_A_DATE)).toBeInTheDocument();
    expect(screen.getByLabelText('Date')).toHaveAttribute('aria-invalid', 'true');
    expect(revenueCalls(api.requests)).toHaveLength(calls);
    expect(screen.getByRole('heading', { name: 'Extension Dashboard' }).parentElement).toHaveTextContent('9 Mar 2026');
  });
});
