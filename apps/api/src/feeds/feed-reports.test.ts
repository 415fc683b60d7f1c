import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  customSearchFeedResponseSchema,
  feedListResponseSchema,
  mediaNetReportResponseSchema,
  priceLineSalesResponseSchema,
  searchFeedSummaryResponseSchema,
  todayUtc,
} from '@publisher/contract';
import { buildAdmin } from '../reports/testing/report-fixtures';
import { buildVendor, type BuiltVendor } from '../testing/factories';
import { useTestApp } from '../testing/test-app';
import { SEARCH_FEED_CHANNELS, priceLineSalesDay, searchFeedDay } from './feed-report-simulator';

const ctx = useTestApp();
const today = todayUtc();
const yesterday = addDays(today, -1);

let vendor: BuiltVendor;
let other: BuiltVendor;
let admin: BuiltVendor;

const follow = (path: string, query: Record<string, string | number>) => request(ctx.app).get(path).query(query);

beforeAll(async () => {
  vendor = await buildVendor();
  other = await buildVendor();
  admin = await buildAdmin({ vendorId: 5029 });
  const mine = { vendorId: vendor.user.vendorId };
  await follow('/addPriceLineFeeds', { chanel: '4', ...mine });
  await follow('/addPriceLineFeeds', { chanel: '4', ...mine });
  await follow('/addPriceLineFeeds', { chanel: 'r-9', ...mine });
  await follow('/addYahooFeeds', { chanel: 'rep-1', q: 'laptops', ...mine });
  await follow('/addYahooFeeds', { chanel: 'rep-1', q: 'laptops', ...mine });
  await follow('/addYahooFeeds', { chanel: '4', q: 'phones', ...mine });
  await follow('/addYahooFeeds', { chanel: '4', q: 'tablets', vendorId: other.user.vendorId });
});

const range = { startDate: yesterday, endDate: today };
const body = { start_date: yesterday, end_date: today };
const get = (path: string, as: BuiltVendor | null, query: Record<string, string | number> = range) => {
  const call = request(ctx.app).get(path).query(query);
  return as ? call.set('Authorization', as.token) : call;
};
const post = (path: string, as: BuiltVendor | null, payload: object = body) => {
  const call = request(ctx.app).post(path).send(payload);
  return as ? call.set('Authorization', as.token) : call;
};

describe.each(['/getAllPriceLineFeeds', '/getAllYahooFeeds', '/getAllPricelineSales'])('GET %s', (path) => {
  it('401 without a token', async () => {
    expect((await get(path, null)).status).toBe(401);
  });

  it('400 on bad input', async () => {
    const res = await get(path, vendor, { startDate: today, endDate: yesterday });
    expect(res.status).toBe(400);
    expect(res.body.statusMessages[0]).toBe('startDate cannot be after endDate');
    const long = await get(path, vendor, { startDate: addDays(today, -92), endDate: today });
    expect(long.body.statusMessages[0]).toBe('The date range can be at most 92 days');
  });

  it('403 when a vendor names another vendor', async () => {
    expect((await get(path, vendor, { ...range, vendorId: other.user.vendorId })).status).toBe(403);
  });
});

describe('feed lists', () => {
  it('GET /getAllPriceLineFeeds: recorded price-line clicks per channel, most first', async () => {
    const res = await get('/getAllPriceLineFeeds', vendor);
    expect(res.status).toBe(200);
    expect(feedListResponseSchema.parse(res.body)).toEqual({
      data: [
        { _id: '4', count: 2 },
        { _id: 'r-9', count: 1 },
      ],
      totalCount: 3,
    });
  });

  it("GET /getAllYahooFeeds: recorded search texts, the caller's own only", async () => {
    const res = await get('/getAllYahooFeeds', vendor);
    expect(res.body).toEqual({
      data: [
        { _id: 'laptops', count: 2 },
        { _id: 'phones', count: 1 },
      ],
      totalCount: 3,
    });
  });

  it('the admin reads every vendor, or one', async () => {
    expect((await get('/getAllYahooFeeds', admin)).body.totalCount).toBe(4);
    expect((await get('/getAllYahooFeeds', admin, { ...range, vendorId: other.user.vendorId })).body).toEqual({
      data: [{ _id: 'tablets', count: 1 }],
      totalCount: 1,
    });
  });

  it('GET /getAllPricelineSales: the deterministic bookings of the recorded clicks, with totals', async () => {
    const res = await get('/getAllPricelineSales', vendor);
    expect(res.status).toBe(200);
    const sales = priceLineSalesResponseSchema.parse(res.body);
    expect(sales.data).toEqual([priceLineSalesDay(today, '4', 2), priceLineSalesDay(today, 'r-9', 1)]);
    expect(sales.totals.clicks).toBe(3);
    expect(sales.totals.bookings).toBe(sales.data.reduce((sum, row) => sum + row.bookings, 0));
  });
});

describe.each(['/getYahooFeedDetails', '/getCustomYahooFeeds', '/getMediaNetReports'])('POST %s', (path) => {
  it('401 without a token', async () => {
    expect((await post(path, null)).status).toBe(401);
  });

  it('400 on bad input', async () => {
    const res = await post(path, admin, { start_date: '20240510', end_date: today });
    expect(res.status).toBe(400);
    expect(res.body.statusMessages[0]).toBe('start_date must be a date in YYYY-MM-DD format');
    const reversed = await post(path, admin, { start_date: today, end_date: yesterday });
    expect(reversed.body.statusMessages[0]).toBe('start_date cannot be after end_date');
  });

  it("403 for a vendor: partner-wide revenue is the admin's, whoever is named", async () => {
    expect((await post(path, vendor)).status).toBe(403);
    expect((await post(path, vendor, { ...body, vendorId: vendor.user.vendorId })).status).toBe(403);
    expect((await post(path, vendor, { ...body, vendorId: other.user.vendorId })).status).toBe(403);
    expect((await post(path, admin)).status).toBe(200);
  });
});

/** The admin reading one vendor's share of the search feed: that vendor's recorded clicks only. */
const forVendor = () => ({ ...body, vendorId: vendor.user.vendorId });

describe('search-feed and media reports', () => {
  it('POST /getCustomYahooFeeds: simulated channels plus recorded ones, recorded clicks added to the day', async () => {
    const res = await post('/getCustomYahooFeeds', admin, forVendor());
    expect(res.status).toBe(200);
    const reports = customSearchFeedResponseSchema.parse(res.body);
    const channelsOfToday = reports.channelReports.filter((row) => row.date === today).map((row) => row.channelName);
    expect(channelsOfToday).toEqual(['4', '7', '12', 'rep-1']);
    expect(reports.channelReports.find((row) => row.date === today && row.channelName === 'rep-1')).toEqual(
      searchFeedDay(today, 'rep-1', 2).channel,
    );
    // The other vendor's click on channel 4 is not in this vendor's figures.
    expect(reports.channelReports.find((row) => row.date === today && row.channelName === '4')).toEqual(
      searchFeedDay(today, '4', 1).channel,
    );
    expect(reports.publisherReports).toHaveLength(reports.channelReports.length * 3);
    for (const row of reports.channelReports) {
      const devices = reports.publisherReports.filter(
        (entry) => entry.date === row.date && entry.channelName === row.channelName,
      );
      expect(devices.reduce((sum, entry) => sum + entry.ad_clicks, 0)).toBe(row.total_clicks);
      expect(devices.reduce((sum, entry) => sum + entry.impressions, 0)).toBe(row.impressions);
    }
    // A channel recorded on any day of the range is reported on every day of it.
    expect(reports.channelReports.filter((row) => row.date === yesterday)).toHaveLength(
      SEARCH_FEED_CHANNELS.length + 1,
    );
    expect(reports.channelReports.find((row) => row.date === yesterday && row.channelName === 'rep-1')).toEqual(
      searchFeedDay(yesterday, 'rep-1', 0).channel,
    );
  });

  it('POST /getYahooFeedDetails: one summary row per site summing the channel rows, labels from the server', async () => {
    const [summary, custom] = await Promise.all([
      post('/getYahooFeedDetails', admin, forVendor()),
      post('/getCustomYahooFeeds', admin, forVendor()),
    ]);
    expect(summary.status).toBe(200);
    const parsed = searchFeedSummaryResponseSchema.parse(summary.body);
    expect(parsed.labels).toMatchObject({ site: 'Site', ad_clicks: 'Ad Clicks', rpm: 'RPM' });
    const channels = customSearchFeedResponseSchema.parse(custom.body).channelReports;
    expect(parsed.data.reduce((sum, row) => sum + row.ad_clicks, 0)).toBe(
      channels.reduce((sum, row) => sum + row.total_clicks, 0),
    );
    for (const row of parsed.data) {
      expect(row.ctr).toBeCloseTo((row.ad_clicks / row.impressions) * 100, 2);
      expect(row.rpc).toBeCloseTo(row.estimated_revenue / row.ad_clicks, 3);
    }
  });

  it('report nothing for future days', async () => {
    const res = await post('/getCustomYahooFeeds', admin, {
      start_date: addDays(today, 1),
      end_date: addDays(today, 2),
    });
    expect(res.body).toEqual({ channelReports: [], publisherReports: [] });
  });

  it('POST /getMediaNetReports: the same figures on every call, with totals', async () => {
    const [first, second] = [
      await post('/getMediaNetReports', admin),
      await post('/getMediaNetReports', admin, forVendor()),
    ];
    expect(first.status).toBe(200);
    const report = mediaNetReportResponseSchema.parse(first.body);
    expect(second.body).toEqual(first.body);
    expect(report.data).toHaveLength(6);
    expect(report.totals.clicks).toBe(report.data.reduce((sum, row) => sum + row.clicks, 0));
  });
});
