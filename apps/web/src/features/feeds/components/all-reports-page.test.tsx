import type { CustomSearchFeedReports, SearchFeedSummary } from '@publisher/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@publisher/contract/testing';
import { apiFor, answerApi, type RecordedRequest } from '../../../testing/api-server';
import { AllReportsPage } from './all-reports-page';
import { renderScreen } from '../../../testing/render-app';

const user = buildUser({ vendorId: 5029, role: 'admin' });

const summary: SearchFeedSummary = {
  labels: {
    site: 'Site (server)',
    ad_clicks: 'Ad Clicks',
    ctr: 'CTR (%)',
    impressions: 'Impressions',
    estimated_revenue: 'Estimated Revenue',
    rpc: 'RPC',
    rpm: 'RPM',
  },
  data: [
    {
      site: 'shop.publisher.test',
      ad_clicks: 120,
      ctr: 2.5,
      impressions: 4800,
      estimated_revenue: 40.5,
      rpc: 0.3375,
      rpm: 8.4375,
    },
    {
      site: 'deals.publisher.test',
      ad_clicks: 3,
      ctr: 1,
      impressions: 300,
      estimated_revenue: 1,
      rpc: 0.3333,
      rpm: 3.3333,
    },
  ],
};

const reports: CustomSearchFeedReports = {
  channelReports: [
    {
      date: '2026-03-09',
      channelName: '4',
      channelName2: '4-a',
      channelName3: 'extension',
      adtag: 'shop-4',
      estimated_revenue: 40.5,
      impressions: 4800,
      total_clicks: 120,
    },
  ],
  publisherReports: [
    {
      date: '2026-03-09',
      device: 'mobile',
      channelName: '4',
      ad_clicks: 50,
      estimated_revenue: 17,
      impressions: 2000,
      tq: 7.5,
    },
  ],
};

function renderPage(answers: { summary: SearchFeedSummary; reports: CustomSearchFeedReports }) {
  const api = answerApi(
    apiFor(user, (request) => {
      if (request.url.pathname === '/getYahooFeedDetails') return { status: 200, body: answers.summary };
      if (request.url.pathname === '/getCustomYahooFeeds') return { status: 200, body: answers.reports };
      return undefined;
    }),
  );
  renderScreen(<AllReportsPage today="2026-03-10" />);
  return api;
}

const bodiesOf = (requests: RecordedRequest[], path: string) =>
  requests.filter((request) => request.url.pathname === path).map((request) => request.body);

describe('AllReportsPage (/yahoodashboard)', () => {
  it("shows only the summary's first row under the server's labels, and both tables with the spec's columns", async () => {
    renderPage({ summary, reports });
    const summaryBlock = await screen.findByLabelText('Summary figures');
    expect(within(summaryBlock).getByText('Site (server)')).toBeInTheDocument();
    expect(within(summaryBlock).getByText('shop.publisher.test')).toBeInTheDocument();
    expect(within(summaryBlock).queryByText('deals.publisher.test')).not.toBeInTheDocument();

    const channel = await screen.findByRole('table', { name: 'Channel Reports' });
    expect(
      within(channel)
        .getAllByRole('columnheader')
        .map((cell) => cell.dataset['field']),
    ).toEqual([
      'date',
      'channelName',
      'channelName2',
      'channelName3',
      'adtag',
      'estimated_revenue',
      'impressions',
      'total_clicks',
    ]);
    const publisher = screen.getByRole('table', { name: 'Publisher Reports' });
    expect(
      within(publisher)
        .getAllByRole('columnheader')
        .map((cell) => cell.dataset['field']),
    ).toEqual(['date', 'device', 'channelName', 'ad_clicks', 'estimated_revenue', 'impressions', 'tq']);
    expect(within(publisher).getByText('7.5')).toBeInTheDocument();
  });

  it('sends the chosen range, never the fixed 20240510-20240517 dates', async () => {
    const api = renderPage({ summary, reports });
    await screen.findByRole('table', { name: 'Channel Reports' });
    expect(bodiesOf(api.requests, '/getYahooFeedDetails')[0]).toMatchObject({
      start_date: '2026-03-03',
      end_date: '2026-03-09',
    });
    const start = screen.getByLabelText('Start Date');
    await userEvent.clear(start);
    await userEvent.type(start, '2026-02-01');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(bodiesOf(api.requests, '/getCustomYahooFeeds').at(-1)).toMatchObject({
        start_date: '2026-02-01',
        end_date: '2026-03-09',
      }),
    );
  });

  it("has the spec's two channel name inputs, which narrow the shown rows", async () => {
    const second = {
      ...reports.channelReports[0],
      channelName: '9',
      channelName2: '9-b',
      adtag: 'deals-9',
    } as CustomSearchFeedReports['channelReports'][number];
    const secondPublisher = {
      ...reports.publisherReports[0],
      channelName: '9',
      device: 'desktop',
    } as CustomSearchFeedReports['publisherReports'][number];
    renderPage({
      summary,
      reports: {
        channelReports: [...reports.channelReports, second],
        publisherReports: [...reports.publisherReports, secondPublisher],
      },
    });
    const channel = await screen.findByRole('table', { name: 'Channel Reports' });
    const publisher = screen.getByRole('table', { name: 'Publisher Reports' });
    const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').length - 1;
    expect(await within(channel).findByText('deals-9')).toBeInTheDocument();
    expect(bodyRows(channel)).toBe(2);
    expect(bodyRows(publisher)).toBe(2);

    await userEvent.type(screen.getByLabelText('Channel Name'), '9');
    expect(within(channel).queryByText('shop-4')).not.toBeInTheDocument();
    expect(bodyRows(channel)).toBe(1);
    expect(within(publisher).getByText('desktop')).toBeInTheDocument();
    expect(bodyRows(publisher)).toBe(1);

    await userEvent.clear(screen.getByLabelText('Channel Name'));
    await userEvent.type(screen.getByLabelText('Channel Name 2'), '4-A');
    expect(within(channel).getByText('shop-4')).toBeInTheDocument();
    expect(within(channel).queryByText('deals-9')).not.toBeInTheDocument();
    expect(bodyRows(publisher)).toBe(2);
  });

  it('has empty states for the summary and both tables', async () => {
    renderPage({ summary: { ...summary, data: [] }, reports: { channelReports: [], publisherReports: [] } });
    expect(await screen.findByText('No summary for these dates.')).toBeInTheDocument();
    expect(await screen.findByText('No channel reports for these dates.')).toBeInTheDocument();
    expect(screen.getByText('No publisher reports for these dates.')).toBeInTheDocument();
  });
});
