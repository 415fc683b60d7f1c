import type { MediaNetReport } from '@publisher/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@publisher/contract/testing';
import { apiFor, answerApi } from '../../../testing/api-server';
import { MediaDashboardPage } from './media-dashboard-page';
import { renderScreen } from '../../../testing/render-app';

const user = buildUser({ vendorId: 5029, role: 'admin' });

const report: MediaNetReport = {
  data: [
    {
      date: '2026-03-08',
      channelName: 'mn-101',
      impressions: 10000,
      clicks: 50,
      ctr: 0.5,
      estimated_revenue: 12.5,
      rpm: 1.25,
    },
    {
      date: '2026-03-09',
      channelName: 'mn-101',
      impressions: 8000,
      clicks: 40,
      ctr: 0.5,
      estimated_revenue: 10,
      rpm: 1.25,
    },
  ],
  totals: { impressions: 18000, clicks: 90, estimated_revenue: 22.5 },
};

function renderPage(body: MediaNetReport) {
  const api = answerApi(
    apiFor(user, (request) => (request.url.pathname === '/getMediaNetReports' ? { status: 200, body } : undefined)),
  );
  renderScreen(<MediaDashboardPage today="2026-03-10" />);
  return api;
}

describe('MediaDashboardPage (/mediaDashboard)', () => {
  it('shows the totals, the revenue per day chart and the rows of the last 7 days', async () => {
    const api = renderPage(report);
    const table = await screen.findByRole('table', { name: 'Media Reports' });
    expect(await within(table).findAllByText('mn-101')).toHaveLength(2);
    const totals = screen.getByLabelText('Media totals');
    expect(await within(totals).findByText('18,000')).toBeInTheDocument();
    expect(within(totals).getByText('$22.50')).toBeInTheDocument();
    const chart = screen.getByRole('img', { name: 'Revenue per day' });
    expect(within(chart).getByText('8 Mar 2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^8 Mar 2026: Estimated Revenue \$/ })).toBeInTheDocument();
    expect(api.requests.find((request) => request.url.pathname === '/getMediaNetReports')?.body).toMatchObject({
      start_date: '2026-03-03',
      end_date: '2026-03-09',
    });
  });

  it('has empty states for the chart and the table', async () => {
    renderPage({ data: [], totals: { impressions: 0, clicks: 0, estimated_revenue: 0 } });
    expect(await screen.findByText('No media reports for these dates.')).toBeInTheDocument();
    expect(screen.getByText('No revenue to chart for these dates.')).toBeInTheDocument();
  });
});
