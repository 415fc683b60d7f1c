import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, clickDashboardResponseSchema, FEED_MESSAGES, todayUtc } from '@publisher/contract';
import { buildAdmin } from '../reports/testing/report-fixtures';
import { buildVendor, type BuiltVendor } from '../testing/factories';
import { createClickFilter } from '../shared/click-filter';
import { hostsReadFrom } from '../testing/redirect-reading';
import { createAppFor, useTestApp } from '../testing/test-app';
import { createFeedsService } from './feeds.service';
import { feedClickModel } from './feed-click.model';
import { landingPage } from './feeds.router';

const ctx = useTestApp();
const today = todayUtc();
const yesterday = addDays(today, -1);

let vendor: BuiltVendor;
let otherVendor: BuiltVendor;
let admin: BuiltVendor;

beforeAll(async () => {
  vendor = await buildVendor();
  otherVendor = await buildVendor();
  admin = await buildAdmin({ vendorId: 5029 });
});

const dashboard = (as: BuiltVendor | null, query: Record<string, string | number>) => {
  const call = request(ctx.app).get('/feeds/clickDashboard').query(query);
  return as ? call.set('Authorization', as.token) : call;
};

async function todaysClicks() {
  await ctx.app.state.feedClicks.flush();
  return feedClickModel(today).find({}).lean();
}

describe('GET /addPriceLineFeeds and /addYahooFeeds (public feed links)', () => {
  it('records a price-line click and redirects to the local landing page with the channel', async () => {
    const res = await request(ctx.app)
      .get('/addPriceLineFeeds')
      .query({ chanel: 'pl-7', vendorId: vendor.user.vendorId });
    expect(res.status).toBe(302);
    expect(res.headers['location']).toBe(`${ctx.config.publicApiUrl}/feeds/landing/priceline?chanel=pl-7`);
    expect(res.headers['cache-control']).toBe('no-store');
    const clicks = await todaysClicks();
    expect(clicks.filter((click) => click.channel === 'pl-7')).toMatchObject([
      { feed: 'priceline', channel: 'pl-7', searchText: '', vendorId: vendor.user.vendorId, date: today },
    ]);
  });

  it('records a search-feed click with its search text and passes q on', async () => {
    const res = await request(ctx.app)
      .get('/addYahooFeeds')
      .query({ chanel: 'yh-1', q: 'blue shoes' })
      .set('User-Agent', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile');
    expect(res.status).toBe(302);
    expect(res.headers['location']).toBe(`${ctx.config.publicApiUrl}/feeds/landing/yahoo?chanel=yh-1&q=blue+shoes`);
    const clicks = await todaysClicks();
    expect(clicks.filter((click) => click.channel === 'yh-1')).toMatchObject([
      { feed: 'yahoo', searchText: 'blue shoes', vendorId: null, device: 'mobile' },
    ]);
  });

  it('does not count a HEAD request (link checkers)', async () => {
    const res = await request(ctx.app).head('/addYahooFeeds').query({ chanel: 'head-only', q: 'x' });
    expect(res.status).toBe(302);
    expect((await todaysClicks()).filter((click) => click.channel === 'head-only')).toHaveLength(0);
  });

  it.each([
    ['/addPriceLineFeeds', {}, 'chanel is required'],
    ['/addPriceLineFeeds', { chanel: 'a b' }, 'chanel may hold letters, digits, hyphen and underscore only'],
    ['/addPriceLineFeeds', { chanel: '4', checkIn: '2026-02-30' }, 'checkIn must be a real calendar date'],
    ['/addYahooFeeds', { chanel: '4' }, 'q is required'],
    ['/addYahooFeeds', { chanel: '4', q: 'x'.repeat(201) }, 'q must be at most 200 characters'],
  ])('400 on bad input: %s %j', async (path, query, message) => {
    const res = await request(ctx.app).get(path).query(query);
    expect(res.status).toBe(400);
    expect(res.body.statusMessages[0]).toBe(message);
  });

  it('uses a configured outside target', async () => {
    const app = createAppFor({
      config: {
        ...ctx.config,
        feedTargets: { priceline: 'https://partner.example/hotels?src=pp', yahoo: ctx.config.feedTargets.yahoo },
      },
      database: { kind: 'external' },
      log: () => undefined,
    });
    const res = await request(app).get('/addPriceLineFeeds').query({ chanel: '9', city: 'Paris' });
    expect(res.headers['location']).toBe('https://partner.example/hotels?src=pp&chanel=9&city=Paris');
    // The app's recorder holds the click: written while the database is there.
    await app.close();
  });
});

describe('GET /feeds/landing/:feed', () => {
  it('answers the local page, escaping what the link carried', async () => {
    const res = await request(ctx.app).get('/feeds/landing/yahoo').query({ chanel: '4', q: '<script>x</script>' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('Search feed');
    expect(res.text).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(res.text).not.toContain('<script>');
  });

  it('400 for an unknown feed', async () => {
    expect((await request(ctx.app).get('/feeds/landing/other')).status).toBe(400);
  });

  it('lists only non-empty values', () => {
    expect(landingPage('priceline', { chanel: '4', city: '' })).not.toContain('city');
  });
});

describe('POST /feeds/priceLineClicks (the redirect placeholder)', () => {
  it('records a price-line click with checkIn, checkOut, chanel and city and answers where to go', async () => {
    const res = await request(ctx.app)
      .post('/feeds/priceLineClicks')
      .send({ chanel: 'hc-1', checkIn: '2026-12-01', checkOut: '2026-12-03', city: 'Lisbon' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      redirectUrl: `${ctx.config.publicApiUrl}/feeds/landing/priceline?chanel=hc-1&checkIn=2026-12-01&checkOut=2026-12-03&city=Lisbon`,
    });
    expect((await todaysClicks()).filter((click) => click.channel === 'hc-1')).toMatchObject([
      { feed: 'priceline', checkIn: '2026-12-01', checkOut: '2026-12-03', city: 'Lisbon' },
    ]);
  });

  it('credits the click to the vendor the signed-in app sends (/handleclick in the portal)', async () => {
    const res = await request(ctx.app).post('/feeds/priceLineClicks').send({ chanel: 'hc-credit', vendorId: 5001 });
    expect(res.status).toBe(200);
    expect((await todaysClicks()).filter((click) => click.channel === 'hc-credit')).toMatchObject([{ vendorId: 5001 }]);
  });

  it('400 on bad input', async () => {
    const res = await request(ctx.app).post('/feeds/priceLineClicks').send({ chanel: '', city: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.statusMessages[0]).toBe('chanel is required');
  });
});

describe('GET /feeds/clickDashboard', () => {
  const range = { startDate: yesterday, endDate: today };

  beforeAll(async () => {
    // Yesterday's clicks written directly, today's through the links: the dashboard counts both.
    await feedClickModel(yesterday).insertMany([
      {
        at: new Date(`${yesterday}T10:00:00Z`),
        date: yesterday,
        feed: 'yahoo',
        channel: 'dash-a',
        searchText: 'tv',
        vendorId: otherVendor.user.vendorId,
      },
      {
        at: new Date(`${yesterday}T11:00:00Z`),
        date: yesterday,
        feed: 'priceline',
        channel: 'dash-b',
        vendorId: otherVendor.user.vendorId,
      },
    ]);
    const follow = (path: string, query: Record<string, string | number>) => request(ctx.app).get(path).query(query);
    const mine = { vendorId: otherVendor.user.vendorId };
    await follow('/addYahooFeeds', { chanel: 'dash-a', q: 'tv', ...mine });
    await follow('/addYahooFeeds', { chanel: 'dash-a', q: 'radio', ...mine });
    await follow('/addYahooFeeds', { chanel: 'dash-c', q: 'tv', ...mine });
    await follow('/addPriceLineFeeds', { chanel: 'dash-b', ...mine });
  });

  it('401 without a token', async () => {
    expect((await dashboard(null, range)).status).toBe(401);
  });

  it.each([
    [{ startDate: today }, 'endDate: Required'],
    [{ startDate: today, endDate: yesterday }, 'Start Date cannot be after End Date'],
    [{ startDate: addDays(today, -92), endDate: today }, FEED_MESSAGES.rangeTooLong],
  ])('400 on bad input %j', async (query, message) => {
    const res = await dashboard(vendor, query);
    expect(res.status).toBe(400);
    expect(res.body.statusMessages[0]).toBe(message);
  });

  it("counts exactly the vendor's recorded clicks: total, channels, searches (most first) and days", async () => {
    const res = await dashboard(otherVendor, range);
    expect(res.status).toBe(200);
    expect(clickDashboardResponseSchema.parse(res.body)).toEqual(res.body);
    const day = (date: string) => ({ day: Number(date.slice(8, 10)), month: Number(date.slice(5, 7)) });
    expect(res.body).toEqual({
      totalClicks: 6,
      channels: [
        { _id: 'dash-a', count: 3 },
        { _id: 'dash-b', count: 2 },
        { _id: 'dash-c', count: 1 },
      ],
      searches: [
        { _id: 'tv', count: 3 },
        { _id: 'radio', count: 1 },
      ],
      dayWise: [
        { _id: day(yesterday), date: yesterday, totalclicks: 2 },
        { _id: day(today), date: today, totalclicks: 4 },
      ],
      isTruncated: false,
    });
  });

  it('agrees with the clicks in the database for the admin (every vendor)', async () => {
    const res = await dashboard(admin, range);
    expect(res.status).toBe(200);
    await ctx.app.state.feedClicks.flush();
    const stored = (await feedClickModel(today).countDocuments()) + (await feedClickModel(yesterday).countDocuments());
    expect(res.body.totalClicks).toBe(stored);
    const body = clickDashboardResponseSchema.parse(res.body);
    expect(body.channels.reduce((sum, item) => sum + item.count, 0)).toBe(stored);
  });

  it('the admin may read one vendor', async () => {
    const res = await dashboard(admin, { ...range, vendorId: otherVendor.user.vendorId });
    expect(res.body.totalClicks).toBe(6);
  });

  it("vendor A cannot read vendor B's clicks", async () => {
    const res = await dashboard(vendor, { ...range, vendorId: otherVendor.user.vendorId });
    expect(res.status).toBe(403);
    const own = await dashboard(vendor, range);
    expect(own.body.searches).toEqual([]);
    expect(own.body.channels).toEqual([{ _id: 'pl-7', count: 1 }]);
  });

  it('answers zero days for a range without clicks', async () => {
    const res = await dashboard(vendor, { startDate: '2025-01-01', endDate: '2025-01-02' });
    expect(res.body).toMatchObject({ totalClicks: 0, channels: [], searches: [] });
    expect(res.body.dayWise).toHaveLength(2);
  });
});

describe('feed links redirect only to the feed partner (every client reads the same host)', () => {
  /** Values that would move the host if the target were built by pasting text. */
  const disguises = [
    ['backslash', 'x\\@evil.example.com/'],
    ['userinfo', '@evil.example.com'],
    ['a whole URL', 'https://evil.example.com/'],
    ['mixed case and slashes', '//EVIL.example.com'],
    ['percent-encoded host', '%2F%2Fevil%2Eexample.com'],
    ['IDN', 'xn--80ak6aa92e.com/\u0430\u0440\u0440\u04cf\u0435'],
  ] as const;

  it.each(disguises)('GET /addYahooFeeds with q as %s: the Location stays on the target host', async (_label, q) => {
    const res = await request(ctx.app).get('/addYahooFeeds').query({ chanel: 'disguise', q });
    expect(res.status).toBe(302);
    const location = res.headers['location'] ?? '';
    const targetHost = new URL(ctx.config.feedTargets.yahoo).hostname;
    expect(hostsReadFrom(location)).toEqual({ browser: targetHost, rfc3986: targetHost });
    expect(location).toBe(new URL(location).href);
    expect(new URL(location).searchParams.get('q')).toBe(q);
  });

  it.each(disguises)('GET /addPriceLineFeeds with city as %s, to an outside target', async (_label, city) => {
    const app = createAppFor({
      config: { ...ctx.config, feedTargets: { ...ctx.config.feedTargets, priceline: 'https://Partner.example/h' } },
      database: { kind: 'external' },
      log: () => undefined,
    });
    const res = await request(app).get('/addPriceLineFeeds').query({ chanel: 'disguise', city });
    expect(res.status).toBe(302);
    const location = res.headers['location'] ?? '';
    expect(hostsReadFrom(location)).toEqual({ browser: 'partner.example', rfc3986: 'partner.example' });
    expect(location).toBe(new URL(location).href);
    expect(new URL(location).searchParams.get('city')).toBe(city);
    await app.close();
  });

  it('refuses a configured target that is not a plain http(s) URL', () => {
    const make = (priceline: string) => () =>
      createFeedsService({
        recorder: ctx.app.state.feedClicks,
        now: () => ctx.app.state.clock.now(),
        clickFilter: createClickFilter(ctx.config.clickFilter),
        targets: { priceline, yahoo: ctx.config.feedTargets.yahoo },
      });
    expect(make('https://user@partner.example/')).toThrow('A feed target must be an http(s) URL without userinfo');
    expect(make('ftp://partner.example/')).toThrow('A feed target must be an http(s) URL without userinfo');
    expect(make('https://partner.example/h')).not.toThrow();
  });

  // The clicks of these links are still buffered: written before the file's database goes.
  afterAll(() => ctx.app.state.feedClicks.flush());
});
