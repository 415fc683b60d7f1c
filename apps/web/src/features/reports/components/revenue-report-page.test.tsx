import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { buildUser } from '@publisher/contract/testing';
import { apiFor, answerApi } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';

const user = buildUser();
const CLICKS_PATH = '/home/getClicksReports';

function revenueApi() {
  return answerApi(
    apiFor(user, (request) =>
      request.url.pathname === CLICKS_PATH
        ? {
            status: 200,
            body: {
              totalRecords: 1,
              reportsData: [
                {
                  report_date: '2026-03-10',
                  publisher_id: 6001,
                  campaign_id: 6001,
                  placement_id: 'home',
                  rid: 'r-1',
                  clicks: 100,
                  earnings: 45.123456789,
                  cpc: 0.45123456789,
                },
              ],
            },
          }
        : undefined,
    ),
  );
}

const clicksCalls = (requests: { url: URL }[]) => requests.filter((request) => request.url.pathname === CLICKS_PATH);

describe('RevenueReportPage', () => {
  it('Get Revenue does nothing until both dates are chosen', async () => {
    const api = revenueApi();
    renderApp(paths.reportsDashboard, { user });
    const button = await screen.findByRole('button', { name: 'Get Revenue' });

    await userEvent.click(button);
    await userEvent.type(screen.getByLabelText('Start Date'), '2026-03-01');
    await userEvent.click(button);
    expect(clicksCalls(api.requests)).toHaveLength(0);
    expect(screen.queryByRole('table', { name: 'Daily Revenue Info' })).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('End Date'), '2026-03-10');
    await userEvent.click(button);
    const table = await screen.findByRole('table', { name: 'Daily Revenue Info' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => [cell.textContent, cell.dataset['field']]),
    ).toEqual([
      ['Report Date', 'report_date'],
      ['Publisher ID', 'publisher_id'],
      ['Campaign ID', 'campaign_id'],
      ['Placement ID', 'placement_id'],
      ['RID', 'rid'],
      ['Clicks', 'clicks'],
      ['Earnings', 'earnings'],
      ['CPC', 'cpc'],
    ]);
    expect(await within(table).findByText('$45.123457')).toBeInTheDocument();
    await waitFor(() => expect(clicksCalls(api.requests)).toHaveLength(1));
    expect(api.requests.find((request) => request.url.pathname === CLICKS_PATH)?.body).toEqual({
      startDate: '2026-03-01',
      endDate: '2026-03-10',
      page: 0,
      pageSize: 20,
      apiKey: user.apiKey,
    });
  });

  it('refuses an end before the start', async () => {
    const api = revenueApi();
    renderApp(paths.reportsDashboard, { user });
    await userEvent.type(await screen.findByLabelText('Start Date'), '2026-03-10');
    await userEvent.type(screen.getByLabelText('End Date'), '2026-03-01');
    expect(screen.getByText('End Date cannot be before Start Date')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Get Revenue' }));
    expect(clicksCalls(api.requests)).toHaveLength(0);
  });
});
