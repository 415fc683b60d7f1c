import mongoose from 'mongoose';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildDeeplink3Link,
  buildDeeplink4Link,
  buildTrackingLink,
  conversionReportResponseSchema,
  DEEP_LINK_MESSAGES,
  deepLinkFailureSchema,
  deepLinkResultSchema,
  kelkooDeepLinkFailureSchema,
  kelkooDeepLinkResultSchema,
  type Menu,
  merchantHomeUrl,
  SAMS_AND_KOHLS_MERCHANTS,
  todayUtc,
} from '@publisher/contract';
import { ALL_SOURCES_MENU, CONNEXITY_ONLY_MENU, buildAdmin, saveDate } from '../reports/testing/report-fixtures';
import { CATALOG_SIZES, generateCatalog } from '../seed/catalog-generator';
import { seedCatalog } from '../seed/catalog-seed';
import { buildVendor, type BuiltVendor } from '../testing/factories';
import { hostsReadFrom } from '../testing/redirect-reading';
import { useTestApp } from '../testing/test-app';
import { ShortUrlModel } from './short-url.model';
import { clickModel, type ClickRecord } from './click.model';
import { createClickRecorder, mongoClickWriter, type ClickWriter } from './click-recorder';

const ctx = useTestApp();

const size = { ...CATALOG_SIZES.test, products: 300 };
const anchorDate = todayUtc();
const catalog = generateCatalog({ size, anchorDate });

const partners = (source: string) => catalog.partnerMerchants.filter((row) => row.source === source);
const nautica = catalog.merchants.find((merchant) => merchant.domain === 'nautica.com');
const otherMerchant = catalog.merchants.find((merchant) => merchant.domain !== 'nautica.com');
const kelkooRow = partners('kelkoo')[0];
const outsideSample = catalog.merchants.find(
  (merchant) => !SAMS_AND_KOHLS_MERCHANTS.some((sample) => sample.domain === merchant.domain),
);
const newdashboardRow = partners('newdashboard').find((row) => (row.aveCpc ?? 0) > 0);

const off = { cpc: false, cpa: false };
const both = { cpc: true, cpa: true };

let vendor: BuiltVendor;
let admin: BuiltVendor;
/** A vendor of the New variants. */
let newVariants: BuiltVendor;

beforeAll(async () => {
  await seedCatalog({ size, anchorDate });
  vendor = await buildVendor({ menu: ALL_SOURCES_MENU, isShortUrlEnabled: true });
  admin = await buildAdmin({ vendorId: 5029 });
  newVariants = await buildVendor({ vendorId: 5040, menu: ALL_SOURCES_MENU });
});

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`test data: no ${what}`);
  return value;
}

const post = (path: string, body: object, as: BuiltVendor | null = vendor) => {
  const call = request(ctx.app).post(path).send(body);
  return as ? call.set('Authorization', as.token) : call;
};

/** A link on the tracking host, as a path supertest can follow. */
function pathOf(link: string): string {
  expect(link.startsWith(ctx.config.trackingBaseUrl)).toBe(true);
  return link.slice(ctx.config.trackingBaseUrl.length);
}

async function clicksOn(date: string, filter: Partial<ClickRecord>): Promise<ClickRecord[]> {
  await ctx.app.state.clicks.flush();
  return clickModel(date).find(filter).lean<ClickRecord[]>();
}

const vendorWith = (menu: Partial<Menu>, vendorId?: number) =>
  buildVendor({ menu: { ...CONNEXITY_ONLY_MENU, ...menu }, ...(vendorId === undefined ? {} : { vendorId }) });

describe('POST /home/generateDeepLink (deep link 1)', () => {
  const merchant = () => required(otherMerchant, 'connexity merchant');

  it('401 without a token', async () => {
    const res = await post('/home/generateDeepLink', { merchantUrl: merchant().merchantUrl }, null);
    expect(res.status).toBe(401);
    expect(res.body.statusMessages).toEqual(['Unauthenticated.']);
  });

  it.each([
    ['placement_id', { placement_id: 'pl_1' }, 'placement_id accepts letters, digits, hyphen and braces only'],
    ['click_id', { click_id: 'ck 1' }, 'click_id accepts letters, digits, hyphen, underscore and braces only'],
    ['new_campaign_id', { new_campaign_id: 'c'.repeat(51) }, 'new_campaign_id can be at most 50 characters'],
    ['merchantUrl', { merchantUrl: '' }, DEEP_LINK_MESSAGES.merchantRequired],
  ])('400 naming %s', async (_field, fields, message) => {
    const res = await post('/home/generateDeepLink', { merchantUrl: merchant().merchantUrl, ...fields });
    expect(res.status).toBe(400);
    expect(res.body.statusMessages[0]).toBe(message);
  });

  it("404 for a merchant that is not in the list, with the spec's success: false and error", async () => {
    const res = await post('/home/generateDeepLink', { merchantUrl: 'https://www.not-a-merchant.example' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      statusMessages: [DEEP_LINK_MESSAGES.merchantNotFound],
      errors: [DEEP_LINK_MESSAGES.merchantNotFound],
      success: false,
      error: DEEP_LINK_MESSAGES.merchantNotFound,
    });
    expect(deepLinkFailureSchema.safeParse(res.body).success).toBe(true);
  });

  it('every failure of the generators carries error (API 1 and 2 also success: false); other calls do not', async () => {
    const invalid = await post('/home/generateDeepLinkAll', { merchantUrl: 'x.com', placement_id: 'a b' });
    expect(invalid.status).toBe(400);
    expect(deepLinkFailureSchema.parse(invalid.body)).toMatchObject({
      success: false,
      error: invalid.body.statusMessages[0],
    });
    const row = required(kelkooRow, 'kelkoo row');
    const kelkoo = await post('/kelkoo/generateDeepLinkUrl', {
      merchantUrl: 'https://nowhere.example',
      country: row.country,
    });
    expect(kelkoo.status).toBe(404);
    expect(kelkoo.body).toEqual({
      statusMessages: [DEEP_LINK_MESSAGES.merchantNotFound],
      errors: [DEEP_LINK_MESSAGES.merchantNotFound],
      error: DEEP_LINK_MESSAGES.merchantNotFound,
    });
    expect(kelkooDeepLinkFailureSchema.safeParse(kelkoo.body).success).toBe(true);
    const anonymous = await post('/home/generateDeepLink', { merchantUrl: 'x.com' }, null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toBe(anonymous.body.statusMessages[0]);
    const shortUrl = await post('/shortURL/create', { url: 'https://evil.example/x' });
    expect(shortUrl.status).toBe(400);
    expect(Object.keys(shortUrl.body).sort()).toEqual(['errors', 'statusMessages']);
  });

  it('answers a CPC link on the tracking host for a page of the merchant', async () => {
    const page = `${merchant().merchantUrl}/sale?x=1`;
    const res = await post('/home/generateDeepLink', {
      merchantUrl: page,
      placement_id: 'pl-1',
      click_id: 'ck_1',
      campaign_id: vendor.user.vendorId,
      new_campaign_id: 'cmp-1',
    });
    expect(res.status).toBe(200);
    const body = deepLinkResultSchema.parse(res.body);
    expect(body.deepLinkInfo.merchantName).toBe(merchant().name);
    expect(body.deepLinkInfo.type).toBe('CPC');
    expect(body.deepLinkInfo.link).toBe(
      `${ctx.config.trackingBaseUrl}/redirect?source=22261&publisher=cmp-1&sub=${vendor.user.vendorId}_pl-1_ck_1&clickid=ck_1&url=${encodeURIComponent(page)}`,
    );
  });

  it('isPublisherAI=true gives a CPA link; a blank campaign id becomes a timestamp', async () => {
    const before = Date.now();
    const res = await post('/home/generateDeepLink', { merchantUrl: merchant().merchantUrl, isPublisherAI: true });
    const link = new URL(deepLinkResultSchema.parse(res.body).deepLinkInfo.link);
    expect(link.searchParams.get('source')).toBe('22263');
    const publisher = Number(link.searchParams.get('publisher'));
    expect(publisher).toBeGreaterThanOrEqual(before);
    expect(publisher).toBeLessThanOrEqual(Date.now());
    expect(link.searchParams.get('sub')).toBe(`${vendor.user.vendorId}_noid_noid`);
  });

  it("403 for another vendor's campaign id; the admin may name any vendor", async () => {
    const other = await buildVendor();
    const res = await post('/home/generateDeepLink', {
      merchantUrl: merchant().merchantUrl,
      campaign_id: other.user.vendorId,
    });
    expect(res.status).toBe(403);
    expect(res.body.statusMessages).toEqual([DEEP_LINK_MESSAGES.otherVendorCampaign]);

    const asAdmin = await post(
      '/home/generateDeepLink',
      { merchantUrl: merchant().merchantUrl, campaign_id: String(other.user.vendorId) },
      admin,
    );
    expect(asAdmin.status).toBe(200);
    expect(new URL(deepLinkResultSchema.parse(asAdmin.body).deepLinkInfo.link).searchParams.get('sub')).toBe(
      `${other.user.vendorId}_noid_noid`,
    );
  });

  it("403 when the body's apiKey is not the caller's", async () => {
    const res = await post('/home/generateDeepLink', { merchantUrl: merchant().merchantUrl, apiKey: 'someone-else' });
    expect(res.status).toBe(403);
  });
});

describe('type and vendor restrictions (part 2 §6)', () => {
  it('refuses CPA when the cpa flag is off, and CPC when cpc is off', async () => {
    const cpcOnly = await vendorWith({ deeplink1: { cpc: true, cpa: false } });
    const url = required(otherMerchant, 'merchant').merchantUrl;
    const cpa = await post('/home/generateDeepLink', { merchantUrl: url, isPublisherAI: true }, cpcOnly);
    expect(cpa.status).toBe(403);
    expect(cpa.body.statusMessages).toEqual([DEEP_LINK_MESSAGES.typeNotAllowed('CPA')]);
    expect((await post('/home/generateDeepLink', { merchantUrl: url }, cpcOnly)).status).toBe(200);

    const cpaOnly = await vendorWith({ deeplink1: { cpc: false, cpa: true } });
    const cpc = await post('/home/generateDeepLink', { merchantUrl: url, isPublisherAI: false }, cpaOnly);
    expect(cpc.body.statusMessages).toEqual([DEEP_LINK_MESSAGES.typeNotAllowed('CPC')]);
  });

  it('refuses a product whose flags are both off', async () => {
    const res = await post(
      '/home/generateDeepLinkAll',
      { merchantUrl: required(newdashboardRow, 'row').domain },
      await vendorWith({}),
    );
    expect(res.status).toBe(403);
    expect(res.body.statusMessages).toEqual([DEEP_LINK_MESSAGES.deeplinkNotAllowed]);
  });

  it('locks vendor 5036 to Nautica', async () => {
    const locked = await vendorWith({}, 5036);
    const other = await post(
      '/home/generateDeepLink',
      { merchantUrl: required(otherMerchant, 'm').merchantUrl },
      locked,
    );
    expect(other.status).toBe(403);
    expect(other.body.statusMessages).toEqual([DEEP_LINK_MESSAGES.merchantLocked('Nautica')]);
    const own = await post('/home/generateDeepLink', { merchantUrl: required(nautica, 'Nautica').merchantUrl }, locked);
    expect(own.status).toBe(200);
    expect(deepLinkResultSchema.parse(own.body).deepLinkInfo.merchantName).toBe('Nautica');
  });

  it('links vendor 5058 to the Sams & Kohls merchants only, as their page asks (one rule with the web)', async () => {
    const samsKohls = await vendorWith({ deeplink5: both }, 5058);
    const other = await post(
      '/home/generateDeepLink',
      { merchantUrl: required(outsideSample, 'merchant outside the sample').merchantUrl },
      samsKohls,
    );
    expect(other.status).toBe(403);
    expect(other.body.statusMessages).toEqual([DEEP_LINK_MESSAGES.samsAndKohlsOnly]);
    for (const sample of SAMS_AND_KOHLS_MERCHANTS) {
      const res = await post(
        '/home/generateDeepLink',
        { merchantUrl: sample.merchantUrl, placement_id: 'store-7', new_campaign_id: 'spring' },
        samsKohls,
      );
      expect(res.status).toBe(200);
      const { link, merchantName } = deepLinkResultSchema.parse(res.body).deepLinkInfo;
      expect(merchantName).toBe(sample.name);
      const query = new URL(link).searchParams;
      expect(query.get('sub')).toBe('5058_store-7_noid');
      expect(query.get('publisher')).toBe('spring');
    }
    // The other generators stay closed to 5058, and the Sams & Kohls merchants to everyone else's rule.
    const row = required(kelkooRow, 'kelkoo row');
    const kelkoo = await post('/kelkoo/generateDeepLinkUrl', { merchantUrl: row.url, country: row.country }, samsKohls);
    expect(kelkoo.status).toBe(403);
  });

  it('never gives deep link 5 to vendor 5029, whatever its flags', async () => {
    const row = required(kelkooRow, 'kelkoo row');
    const res = await post('/kelkoo/generateDeepLinkUrl', { merchantUrl: row.url, country: row.country }, admin);
    expect(res.status).toBe(403);
    expect(res.body.statusMessages).toEqual([DEEP_LINK_MESSAGES.deeplinkNotAllowed]);
  });

  it('keeps AI-brand vendors to deep link 1', async () => {
    const ai = await buildVendor({ isPublisherAI: true, menu: ALL_SOURCES_MENU });
    const row = required(kelkooRow, 'kelkoo row');
    expect((await post('/kelkoo/generateDeepLinkUrl', { merchantUrl: row.url, country: row.country }, ai)).status).toBe(
      403,
    );
    expect(
      (await post('/home/generateDeepLink', { merchantUrl: required(otherMerchant, 'm').merchantUrl }, ai)).status,
    ).toBe(200);
  });
});

describe('POST /home/generateDeepLinkAll (deep link 2) and /kelkoo/generateDeepLinkUrl (deep link 5)', () => {
  it('deep link 2: source 22267, sub vendorId_placementId, the row country, by bare domain', async () => {
    const row = required(newdashboardRow, 'newdashboard row');
    const res = await post('/home/generateDeepLinkAll', {
      merchantUrl: row.domain,
      country: row.country,
      placement_id: 'pl-2',
      new_campaign_id: 'cmp-2',
    });
    expect(res.status).toBe(200);
    const link = new URL(deepLinkResultSchema.parse(res.body).deepLinkInfo.link);
    expect(Object.fromEntries(link.searchParams)).toEqual({
      source: '22267',
      publisher: 'cmp-2',
      sub: `${vendor.user.vendorId}_pl-2`,
      clickid: 'noid',
      country: row.country,
      url: merchantHomeUrl(row.domain),
    });
  });

  it('deep link 2: 400 on braces, which API 2 does not accept', async () => {
    const res = await post('/home/generateDeepLinkAll', { merchantUrl: 'x.com', placement_id: '{p}' });
    expect(res.status).toBe(400);
    expect(res.body.statusMessages).toEqual(['placement_id accepts letters, digits and hyphen only']);
  });

  it('deep link 5: data with link, logo and name; 404 for a merchant of another country', async () => {
    const row = required(kelkooRow, 'kelkoo row');
    const res = await post('/kelkoo/generateDeepLinkUrl', { merchantUrl: row.url, country: row.country.toUpperCase() });
    expect(res.status).toBe(200);
    const { data } = kelkooDeepLinkResultSchema.parse(res.body);
    expect(data.merchantName).toBe(row.name);
    expect(data.merchantLogo).toMatch(/^http:\/\/localhost:3333\/assets\/logos\/[a-z0-9-]+\.svg$/);
    expect(new URL(data.link).searchParams.get('source')).toBe('22271');
    const logo = await request(ctx.app).get(new URL(data.merchantLogo).pathname);
    expect(logo.status).toBe(200);

    const countries = new Set(
      partners('kelkoo')
        .filter((r) => r.domain === row.domain)
        .map((r) => r.country),
    );
    const elsewhere = ['us', 'gb', 'de', 'fr', 'jp'].find((country) => !countries.has(country));
    const missing = await post('/kelkoo/generateDeepLinkUrl', { merchantUrl: row.url, country: elsewhere });
    expect(missing.status).toBe(404);
  });
});

describe('GET /redirect: the tracking host', () => {
  it('records the click with everything it knows and answers 302 to the merchant', async () => {
    const merchant = required(otherMerchant, 'merchant');
    const res = await post('/home/generateDeepLink', {
      merchantUrl: merchant.merchantUrl,
      placement_id: 'rd-pl',
      click_id: 'rd_ck',
      new_campaign_id: 'rd-cmp',
    });
    const link = deepLinkResultSchema.parse(res.body).deepLinkInfo.link;
    const followed = await request(ctx.app)
      .get(pathOf(link))
      .set('User-Agent', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')
      .set('Referer', 'https://blog.example/post');
    expect(followed.status).toBe(302);
    expect(followed.headers['location']).toBe(new URL(merchant.merchantUrl).href);
    expect(followed.headers['cache-control']).toBe('no-store');

    const clicks = await clicksOn(todayUtc(), { placementId: 'rd-pl' });
    expect(clicks).toHaveLength(1);
    expect(clicks[0]).toMatchObject({
      source: 'connexity',
      isCPC: true,
      programCode: '22261',
      vendorId: vendor.user.vendorId,
      merchantName: merchant.name,
      domain: merchant.domain,
      campaign: 'rd-cmp',
      clickId: 'rd_ck',
      subId: `${vendor.user.vendorId}_rd-pl_rd_ck`,
      device: 'mobile',
      referrer: 'https://blog.example/post',
      date: todayUtc(),
    });
  });

  it('loses no click under concurrent load: 500 redirects, 50 at a time, record exactly 500 clicks', async () => {
    const merchant = required(otherMerchant, 'merchant');
    const res = await post('/home/generateDeepLink', { merchantUrl: merchant.merchantUrl, placement_id: 'load-pl' });
    const path = pathOf(deepLinkResultSchema.parse(res.body).deepLinkInfo.link);
    for (let wave = 0; wave < 10; wave += 1) {
      const statuses = await Promise.all(
        Array.from({ length: 50 }, async () => (await request(ctx.app).get(path)).status),
      );
      expect(statuses.every((status) => status === 302)).toBe(true);
    }
    expect(await clicksOn(todayUtc(), { placementId: 'load-pl' })).toHaveLength(500);
  });

  it('retries a batch whose answer was lost without writing a click twice (duplicate keys on this server)', async () => {
    const date = '2026-01-02';
    let calls = 0;
    const lostAnswer: ClickWriter = {
      async insert(day, documents) {
        calls += 1;
        await mongoClickWriter.insert(day, documents);
        if (calls === 1) throw new Error('connection reset after the write');
      },
    };
    const recorder = createClickRecorder({ writer: lostAnswer, retryDelayMs: 1, log: () => undefined });
    for (let i = 0; i < 20; i += 1) {
      await recorder.record({
        _id: new mongoose.Types.ObjectId(),
        at: new Date(`${date}T08:00:00Z`),
        date,
        source: 'connexity',
        isCPC: true,
        programCode: '22261',
        vendorId: vendor.user.vendorId,
        merchantName: 'Nautica',
        domain: 'nautica.com',
        campaign: '1',
        placementId: 'dup-pl',
        clickId: 'noid',
        subId: `${vendor.user.vendorId}_dup-pl_noid`,
        country: '',
        device: 'desktop',
        referrer: '',
        shortCode: '',
      });
    }
    await recorder.flush();
    expect(calls).toBe(2);
    expect(await clickModel(date).countDocuments({ placementId: 'dup-pl' })).toBe(20);
  });

  it('redirects a HEAD request (link checkers) without counting a click', async () => {
    const res = await post('/home/generateDeepLink', {
      merchantUrl: required(otherMerchant, 'merchant').merchantUrl,
      placement_id: 'head-pl',
    });
    const checked = await request(ctx.app).head(pathOf(deepLinkResultSchema.parse(res.body).deepLinkInfo.link));
    expect(checked.status).toBe(302);
    expect(await clicksOn(todayUtc(), { placementId: 'head-pl' })).toEqual([]);
  });

  it('is no open redirect: 404 for a site that is not a merchant of the program', async () => {
    const res = await request(ctx.app).get(
      `/redirect?source=22261&publisher=1&sub=5001_noid&url=${encodeURIComponent('https://evil.example/phish')}`,
    );
    expect(res.status).toBe(404);
    expect(res.headers['location']).toBeUndefined();
  });

  it('sends a merchant page with non-ASCII characters as a valid Location header', async () => {
    const merchant = required(otherMerchant, 'merchant');
    const page = `${merchant.merchantUrl}/caf\u00e9?q=\u00fc`;
    const res = await post('/home/generateDeepLink', { merchantUrl: page, placement_id: 'utf-pl' });
    const followed = await request(ctx.app).get(pathOf(deepLinkResultSchema.parse(res.body).deepLinkInfo.link));
    expect(followed.status).toBe(302);
    expect(followed.headers['location']).toBe(`${merchant.merchantUrl}/caf%C3%A9?q=%C3%BC`);
  });

  it('400 naming the parameter on a malformed link', async () => {
    const res = await request(ctx.app).get('/redirect?source=99999&publisher=1&sub=5001_noid&url=https://x.com');
    expect(res.status).toBe(400);
    expect(res.body.statusMessages[0]).toMatch(/^source must be one of/);
  });

  it('generate, click, save: the click is in the saved conversion report', async () => {
    const merchant = required(otherMerchant, 'merchant');
    const owner = await vendorWith({});
    const res = await post(
      '/home/generateDeepLink',
      { merchantUrl: merchant.merchantUrl, placement_id: 'e2e-pl', click_id: 'e2e_ck' },
      owner,
    );
    const path = pathOf(deepLinkResultSchema.parse(res.body).deepLinkInfo.link);
    for (let i = 0; i < 3; i += 1) expect((await request(ctx.app).get(path)).status).toBe(302);

    const today = todayUtc();
    await saveDate(ctx.app, admin.token, 'connexity', today);
    const report = await post('/home/getConversionReports', { startDate: today, endDate: today, pageSize: 500 }, owner);
    expect(report.status).toBe(200);
    const rows = conversionReportResponseSchema
      .parse(report.body)
      .reportsData.filter((row) => row.PLACEMENT_ID === 'e2e-pl');
    expect(rows).toEqual([
      expect.objectContaining({
        REPORT_DATE: today,
        CAMPAIGN_ID: owner.user.vendorId,
        PLACEMENT_ID: 'e2e-pl',
        RID: 'e2e_ck',
        MERCHANT_NAME: merchant.name,
        CLICKS: 3,
      }),
    ]);

    // A second save of the date replaces the first: the clicks are counted once.
    await saveDate(ctx.app, admin.token, 'connexity', today);
    const again = await post('/home/getConversionReports', { startDate: today, endDate: today, pageSize: 500 }, owner);
    const clicks = conversionReportResponseSchema
      .parse(again.body)
      .reportsData.filter((row) => row.PLACEMENT_ID === 'e2e-pl')
      .map((row) => row.CLICKS);
    expect(clicks).toEqual([3]);
  });
});

describe('short links', () => {
  async function generated(): Promise<string> {
    const res = await post('/home/generateDeepLink', {
      merchantUrl: required(otherMerchant, 'merchant').merchantUrl,
      placement_id: 'short-pl',
    });
    return deepLinkResultSchema.parse(res.body).deepLinkInfo.link;
  }

  it('401 without a token', async () => {
    expect((await post('/shortURL/create', { url: 'https://x.com' }, null)).status).toBe(401);
  });

  it('403 when the vendor has short URLs off', async () => {
    const res = await post('/shortURL/create', { url: await generated(), domain: null, expires_at: null }, admin);
    expect(res.status).toBe(403);
    expect(res.body.statusMessages).toEqual([DEEP_LINK_MESSAGES.shortUrlDisabled]);
  });

  it('400 for a URL the portal did not generate, a foreign domain or a past expiry', async () => {
    const link = await generated();
    const foreign = await post('/shortURL/create', { url: 'https://evil.example/x' });
    expect(foreign.status).toBe(400);
    const domain = await post('/shortURL/create', { url: link, domain: 'short.example' });
    expect(domain.body.statusMessages).toEqual([DEEP_LINK_MESSAGES.shortUrlDomainNotAllowed]);
    const past = await post('/shortURL/create', { url: link, expires_at: '2020-01-01T00:00:00Z' });
    expect(past.body.statusMessages).toEqual([DEEP_LINK_MESSAGES.shortUrlExpiryPast]);
  });

  it('creates a tiny_url on the API host that records one click and redirects to the merchant', async () => {
    const res = await post('/shortURL/create', { url: await generated(), domain: null, expires_at: null });
    expect(res.status).toBe(200);
    const tiny = res.body.data.tiny_url as string;
    expect(tiny).toMatch(/^http:\/\/localhost:3333\/s\/[A-Za-z0-9]{7}$/);
    expect(res.body.data.expires_at).toBeNull();
    const code = tiny.slice(-7);

    const followed = await request(ctx.app).get(`/s/${code}`);
    expect(followed.status).toBe(302);
    expect(followed.headers['location']).toBe(new URL(required(otherMerchant, 'merchant').merchantUrl).href);
    const clicks = await clicksOn(todayUtc(), { shortCode: code });
    expect(clicks).toHaveLength(1);
    expect(clicks[0]).toMatchObject({ source: 'connexity', placementId: 'short-pl', vendorId: vendor.user.vendorId });
  });

  it('answers 410 with an HTML page once expired, and 404 for an unknown code', async () => {
    const expiresAt = new Date(Date.now() + 60_000).toISOString();
    const res = await post('/shortURL/create', { url: await generated(), expires_at: expiresAt });
    expect(res.status).toBe(200);
    const code = (res.body.data.tiny_url as string).slice(-7);
    expect((await request(ctx.app).get(`/s/${code}`)).status).toBe(302);
    // Expiry reads the app's clock: moved past it, not waited for.
    ctx.app.state.clock.setFixed(new Date(Date.now() + 61_000));
    try {
      const expired = await request(ctx.app).get(`/s/${code}`);
      expect(expired.status).toBe(410);
      expect(expired.headers['content-type']).toMatch(/^text\/html/);
      expect(expired.text).toContain(DEEP_LINK_MESSAGES.shortUrlExpired);
    } finally {
      ctx.app.state.clock.setFixed(null);
    }
    expect((await clicksOn(todayUtc(), { shortCode: code })).length).toBe(1);

    const unknown = await request(ctx.app).get('/s/ZZZZZZZ');
    expect(unknown.status).toBe(404);
  });

  it('shortens a partner network link too (deep link 3 New) and counts its click', async () => {
    const row = required(partners('doneoftheownou')[0], 'doneoftheownou row');
    const link = buildTrackingLink(row.trackingLink ?? '', 'p', 'c');
    const res = await post('/shortURL/create', { url: link });
    expect(res.status).toBe(200);
    const code = (res.body.data.tiny_url as string).slice(-7);
    const followed = await request(ctx.app).get(`/s/${code}`);
    expect(followed.headers['location']).toBe(link);
    expect(await clicksOn(todayUtc(), { shortCode: code })).toEqual([
      expect.objectContaining({ source: null, vendorId: vendor.user.vendorId }),
    ]);
  });
});

describe('merchant-link downloads', () => {
  function parseCsv(text: string): string[][] {
    return text
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','));
  }

  it('401 without a token or api key', async () => {
    expect((await request(ctx.app).get('/shoppermeet/downAllMerchantLinks')).status).toBe(401);
  });

  it('deep link 2: merchant links.csv, one row per CPC merchant of the country, the generator\u2019s link', async () => {
    const row = required(newdashboardRow, 'newdashboard row');
    const query = `campaign_id=${vendor.user.vendorId}&apiKey=${vendor.user.apiKey}&placementId=pl-5&clickId=ck_5&new_campaign_id=cmp-5&country=${row.country}`;
    const res = await request(ctx.app).get(`/newdashboard/downAllMerchantLinks?${query}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="merchant links.csv"');
    const [header, ...lines] = parseCsv(res.text);
    expect(header).toEqual(['country', 'domain', 'ave_cpa_rate', 'ave_cpc', 'link']);
    const expected = partners('newdashboard').filter((r) => r.country === row.country && (r.aveCpc ?? 0) > 0);
    expect(lines).toHaveLength(expected.length);
    expect(new Set(lines.map((line) => line[1]))).toEqual(new Set(expected.map((r) => r.domain)));

    const line = required(
      lines.find((cells) => cells[1] === row.domain),
      'csv line',
    );
    const generatedLink = await post('/home/generateDeepLinkAll', {
      merchantUrl: row.domain,
      country: row.country,
      placement_id: 'pl-5',
      click_id: 'ck_5',
      new_campaign_id: 'cmp-5',
    });
    expect(line[4]).toBe(deepLinkResultSchema.parse(generatedLink.body).deepLinkInfo.link);
  });

  const partnerCases = [
    ['/doneoftheownou/downAllMerchantLinks', 'doneoftheownou', ['country', 'name', 'domain', 'link']],
    ['/doneoftheownou/trackier/downAllMerchantLinks', 'doneoftheownou', ['country', 'name', 'domain', 'link']],
    ['/shoppermeet/downAllMerchantLinks', 'shoppermeet', ['geo', 'merchant_name', 'merchant_domain', 'link']],
    ['/shoppermeet/trackier/downAllMerchantLinks', 'shoppermeet', ['geo', 'merchant_name', 'merchant_domain', 'link']],
  ] as const;

  it.each(partnerCases)(
    '%s: Merchant-Links.csv, one row per merchant, the shared builder\u2019s link',
    async (path, source, header) => {
      const caller = path.includes('trackier') ? newVariants : vendor;
      const res = await request(ctx.app)
        .get(`${path}?country=us&placementId=pl-7&clickId=ck_7`)
        .set('Authorization', caller.token);
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="Merchant-Links.csv"');
      const [head, ...lines] = parseCsv(res.text);
      expect(head).toEqual([...header]);
      const rows = partners(source).filter((r) => r.country === 'us');
      expect(lines).toHaveLength(rows.length);
      const first = required(
        rows.find((r) => r.domain === lines[0]?.[2]),
        'first row',
      );
      const link = lines[0]?.[3];
      if (path.includes('trackier')) {
        expect(link).toBe(buildTrackingLink(first.trackingLink ?? '', 'pl-7', 'ck_7'));
      } else if (source === 'doneoftheownou') {
        expect(link).toBe(
          buildDeeplink3Link({
            template: first.redirectLink ?? '',
            vendorId: caller.user.vendorId,
            placementId: 'pl-7',
            clickId: 'ck_7',
            merchantUrl: merchantHomeUrl(first.domain),
            now: 0,
          }),
        );
      } else {
        expect(link).toBe(
          buildDeeplink4Link({
            template: first.redirectLink ?? '',
            vendorId: caller.user.vendorId,
            placementId: 'pl-7',
            clickId: 'ck_7',
            merchantDomain: first.domain,
            countryCode: 'us',
            merchantId: first.merchantId ?? '',
            now: 0,
          }),
        );
      }
    },
  );

  it("vendor A cannot download vendor B's links: 403 by token, 401 with A's apiKey and B's campaign_id", async () => {
    const other = await buildVendor({ menu: ALL_SOURCES_MENU });
    const byToken = await request(ctx.app)
      .get(`/doneoftheownou/downAllMerchantLinks?campaign_id=${other.user.vendorId}`)
      .set('Authorization', vendor.token);
    expect(byToken.status).toBe(403);
    expect(byToken.body.statusMessages).toEqual([DEEP_LINK_MESSAGES.otherVendorCampaign]);
    const byKey = await request(ctx.app).get(
      `/doneoftheownou/downAllMerchantLinks?campaign_id=${other.user.vendorId}&apiKey=${vendor.user.apiKey}`,
    );
    expect(byKey.status).toBe(401);
  });

  it('the New downloads belong to vendors 5029, 5040, 5056 and 5057', async () => {
    const res = await request(ctx.app)
      .get('/shoppermeet/trackier/downAllMerchantLinks')
      .set('Authorization', vendor.token);
    expect(res.status).toBe(403);
  });

  it('refuses deep link 3 downloads when deeplink3 is off', async () => {
    const owner = await vendorWith({ deeplink3: off });
    const res = await request(ctx.app).get('/doneoftheownou/downAllMerchantLinks').set('Authorization', owner.token);
    expect(res.status).toBe(403);
  });
});

describe('redirects go only to the hosts they are for (every client reads the same host)', () => {
  const domain = () => required(otherMerchant, 'merchant').domain;
  const merchantHost = () => `www.${domain()}`;
  /** A letter of the domain swapped for its Cyrillic look-alike: another host (an IDN) that reads the same. */
  const lookAlike = () =>
    domain().replace(/[aeo]/, (letter) => ({ a: '\u0430', e: '\u0435', o: '\u043e' })[letter] ?? letter);

  /** Disguised targets that reach the merchant once parsed: sent re-serialised, to the merchant's host. */
  const reachingTheMerchant = () =>
    [
      [
        'backslash before @',
        `https://${merchantHost()}\\@evil.example.com/`,
        `https://${merchantHost()}/@evil.example.com/`,
      ],
      ['mixed-case host', `https://${merchantHost().toUpperCase()}/Deals`, `https://${merchantHost()}/Deals`],
      ['percent-encoded host', `https://${merchantHost().replaceAll('.', '%2E')}/`, `https://${merchantHost()}/`],
      [
        'full-width dot (IDN mapping)',
        `https://${merchantHost().replace(/\.(?=[^.]*$)/, '\uff0e')}/x`,
        `https://${merchantHost()}/x`,
      ],
    ] as const;

  /** Targets on another host however they are written: refused. */
  const elsewhere = () =>
    [
      ['userinfo naming the merchant', `https://${merchantHost()}@evil.example.com/`],
      ['userinfo before the merchant host', `https://evil.example.com@${merchantHost()}/`],
      ['backslash after the foreign host', `https://evil.example.com\\@${merchantHost()}/`],
      ['percent-encoded @', `https://evil.example.com%40${merchantHost()}/`],
      ['percent-encoded foreign host', 'https://evil%2Eexample%2Ecom/'],
      ['IDN look-alike', `https://www.${lookAlike()}/`],
      ['punycode look-alike', `https://${new URL(`https://www.${lookAlike()}/`).hostname}/`],
    ] as const;

  const redirectPath = (url: string, sub: string) =>
    `/redirect?source=22261&publisher=1&sub=${vendor.user.vendorId}_${sub}&url=${encodeURIComponent(url)}`;

  it('GET /redirect: a disguised merchant URL is sent re-serialised, the same host to browsers and curl', async () => {
    for (const [label, url, expected] of reachingTheMerchant()) {
      const res = await request(ctx.app).get(redirectPath(url, 'disguise'));
      expect(res.status, label).toBe(302);
      expect(res.headers['location'], label).toBe(expected);
      expect(hostsReadFrom(res.headers['location'] ?? ''), label).toEqual({
        browser: merchantHost(),
        rfc3986: merchantHost(),
      });
    }
  });

  it('GET /redirect: 404 and no Location for userinfo, look-alike and encoded foreign hosts', async () => {
    for (const [label, url] of elsewhere()) {
      const res = await request(ctx.app).get(redirectPath(url, 'elsewhere'));
      expect(res.status, label).toBe(404);
      expect(res.headers['location'], label).toBeUndefined();
    }
  });

  it('POST /shortURL/create: 400 for a disguised URL, direct or inside a direct link; a mixed-case host is kept lower-case', async () => {
    const disguised = [...reachingTheMerchant().filter(([label]) => label !== 'mixed-case host'), ...elsewhere()].map(
      ([, url]) => url,
    );
    for (const url of disguised) {
      for (const candidate of [url, `${ctx.config.trackingBaseUrl}${redirectPath(url, 'short')}`]) {
        const res = await post('/shortURL/create', { url: candidate });
        expect(res.status, candidate).toBe(400);
        expect(res.body.statusMessages, candidate).toEqual(['url must be a link generated by the portal.']);
      }
    }
    const mixed = await post('/shortURL/create', { url: `https://${merchantHost().toUpperCase()}/Deals` });
    expect(mixed.status).toBe(200);
    const code = (mixed.body.data.tiny_url as string).slice(-7);
    const followed = await request(ctx.app).get(`/s/${code}`);
    expect(followed.headers['location']).toBe(`https://${merchantHost()}/Deals`);
  });

  it('GET /s/<code>: a link stored before these checks is re-checked when followed', async () => {
    const stored = async (url: string) => {
      const code = `Z${Math.random().toString(36).slice(2, 8).padEnd(6, '0')}`;
      await ShortUrlModel.create({
        _id: code,
        url,
        vendorId: vendor.user.vendorId,
        domain: 'localhost:3333',
        expiresAt: null,
        createdAt: new Date(),
      });
      return request(ctx.app).get(`/s/${code}`);
    };
    for (const [label, url, expected] of reachingTheMerchant()) {
      for (const target of [url, `${ctx.config.trackingBaseUrl}${redirectPath(url, 'stored')}`]) {
        const res = await stored(target);
        expect(res.status, label).toBe(302);
        expect(res.headers['location'], label).toBe(expected);
        expect(hostsReadFrom(res.headers['location'] ?? '').rfc3986, label).toBe(merchantHost());
      }
    }
    for (const [label, url] of elsewhere()) {
      for (const target of [url, `${ctx.config.trackingBaseUrl}${redirectPath(url, 'stored')}`]) {
        const res = await stored(target);
        expect(res.status, `${label}: ${target}`).toBe(404);
        expect(res.headers['location'], label).toBeUndefined();
      }
    }
  });
});
