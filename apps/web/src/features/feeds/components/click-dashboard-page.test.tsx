import type { ClickDashboard } from '@publisher/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { buildUser } from '@publisher/contract/testing';
import { apiFor, answerApi, type RecordedRequest } from '../../../testing/api-server';
import { renderApp, renderScreen } from '../../../testing/render-app';
import { ClickDashboardPage } from './click-dashboard-page';

const user = buildUser();
const DASHBOARD_PATH = '/feeds/clickDashboard';

const withClicks: ClickDashboard = {
  totalClicks: 7,
  channels: [
    { _id: '4', count: 5 },
    { _id: '9', count: 2 },
  ],
  searches: [
    { _id: 'tv', count: 4 },
    { _id: 'radio', count: 1 },
  ],
  dayWise: [
    { _id: { day: 9, month: 3 }, date: '2026-03-09', totalclicks: 3 },
    { _id: { day: 10, month: 3 }, date: '2026-03-10', totalclicks: 4 },
  ],
  isTruncated: false,
};

const noClicks: ClickDashboard = {
  totalClicks: 0,
  channels: [],
  searches: [],
  dayWise: [{ _id: { day: 10, month: 3 }, date: '2026-03-10', totalclicks: 0 }],
  isTruncated: false,
};

const dashboardCalls = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.url.pathname === DASHBOARD_PATH);

function renderDashboard(body: ClickDashboard) {
  const api = answerApi(
    apiFor(user, (request) => (request.url.pathname === DASHBOARD_PATH ? { status: 200, body } : undefined)),
  );
  renderScreen(<ClickDashboardPage today="2026-03-10" />);
  return api;
}

describe('ClickDashboardPage', () => {
  it('is the screen of /clickDashboard', async () => {
    answerApi(
      apiFor(user, (request) =>
        request.url.pathname === DASHBOARD_PATH ? { status: 200, body: noClicks } : undefined,
      ),
    );
    renderApp(paths.clickDashboard, { user });
    expect(await screen.findByRole('heading', { name: 'Click Dashboard' })).toBeInTheDocument();
  });

  it('shows total clicks, channel boxes, the search counts most first and the day/month chart', async () => {
    const api = renderDashboard(withClicks);
    const totals = await screen.findByLabelText('Clicks');
    expect(await within(totals).findByText('7')).toBeInTheDocument();
    const channels = screen.getByRole('list', { name: 'Channel counts' });
    expect(
      within(channels)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Channel 45', 'Channel 92']);
    const table = screen.getByRole('table', { name: 'Search query counts' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['tv4', 'radio1']);
    const chart = screen.getByRole('img', { name: 'Clicks Analysis' });
    // Day and month (part 2 §2), the month by name; the tooltip of each day tells its clicks.
    expect(within(chart).getByText('9 Mar')).toBeInTheDocument();
    expect(within(chart).getByText('10 Mar')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^9 Mar: Clicks \d/ })).toBeInTheDocument();
    expect(dashboardCalls(api.requests)[0]?.url.searchParams.toString()).toBe(
      'startDate=2026-03-04&endDate=2026-03-10',
    );
  });

  it('has an explicit empty state for the boxes, the table and the chart', async () => {
    renderDashboard(noClicks);
    expect(await screen.findByText('No channel clicks in this range.')).toBeInTheDocument();
    expect(screen.getByText('No search queries in this range.')).toBeInTheDocument();
    expect(screen.getByText('No clicks to chart in this range.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Clicks Analysis' })).not.toBeInTheDocument();
  });

  it('Submit reads the chosen range, and refuses a From after To', async () => {
    const api = renderDashboard(withClicks);
    await screen.findByRole('table', { name: 'Search query counts' });
    const from = screen.getByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-03-01');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(dashboardCalls(api.requests).at(-1)?.url.searchParams.get('startDate')).toBe('2026-03-01'),
    );
    const calls = dashboardCalls(api.requests).length;
    await userEvent.clear(from);
    await userEvent.type(from, '2026-03-11');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Start Date cannot be after End Date')).toBeInTheDocument();
    expect(dashboardCalls(api.requests)).toHaveLength(calls);
  });
});
