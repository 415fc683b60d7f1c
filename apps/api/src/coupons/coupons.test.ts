import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cashbackFiltersResponseSchema,
  cashbackListResponseSchema,
  COUPON_TRACKING_PLACEHOLDER,
  COUPON_TYPES,
  couponFiltersResponseSchema,
  couponListResponseSchema,
  todayUtc,
} from '@publisher/contract';
import { clickModel } from '../deep-links/click.model';
import { CATALOG_SIZES, generateCatalog } from '../seed/catalog-generator';
import { seedCatalog } from '../seed/catalog-seed';
import { buildVendor, type BuiltVendor } from '../testing/factories';
import { useTestApp } from '../testing/test-app';
import type { CashbackOfferRecord } from './cashback-offer.model';
import type { CouponRecord } from './coupon.model';

const ctx = useTestApp();

/** Coupons and cashback do not need many products. */
const size = { ...CATALOG_SIZES.test, products: 300 };
const anchorDate = new Date().toISOString().slice(0, 10);
const catalog = generateCatalog({ size, anchorDate });
const DAY_MS = 86_400_000;

let vendor: BuiltVendor;
let locked: BuiltVendor;
let admin: BuiltVendor;

beforeAll(async () => {
  await seedCatalog({ size, anchorDate });
  vendor = await buildVendor();
  locked = await buildVendor({ vendorId: 5036 });
  admin = await buildVendor({ vendorId: 5029, role: 'admin' });
});

const get = (path: string, as: BuiltVendor = vendor) => request(ctx.app).get(path).set('Authorization', as.token);

// ---------- oracles over the generated records ----------

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const ids = (rows: { _id: string }[]): string[] => rows.map((row) => row._id);
const isRunning = (coupon: CouponRecord, at = Date.now()): boolean =>
  coupon.startsAt.getTime() <= at && at <= coupon.endsAt.getTime();
const newestStartFirst = (a: CouponRecord, b: CouponRecord): number =>
  b.startsAt.getTime() - a.startsAt.getTime() || compare(a._id, b._id);
/**
 * The list order: running now (newest start first), then upcoming (soonest start first), then expired (newest
 * start first). The seed lays coupons out on whole days, so the seconds between this and a request never matter.
 */
const listOrderAt = (at: number): CouponRecord[] => [
  ...catalog.coupons.filter((coupon) => isRunning(coupon, at)).sort(newestStartFirst),
  ...catalog.coupons
    .filter((coupon) => coupon.startsAt.getTime() > at)
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || compare(a._id, b._id)),
  ...catalog.coupons.filter((coupon) => coupon.endsAt.getTime() < at).sort(newestStartFirst),
];
const coupons = listOrderAt(Date.now());
const offers = [...catalog.cashbackOffers].sort(
  (a, b) => compare(a.advertiserName.toLowerCase(), b.advertiserName.toLowerCase()) || compare(a.country, b.country),
);
function countsOf(values: string[]): { _id: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].map(([_id, count]) => ({ _id, count })).sort((a, b) => compare(a._id, b._id));
}

describe('coupon and cashback routes', () => {
  it.each(['/coupons/getcoupons', '/coupons/getFilters', '/coupons/getcashback', '/coupons/getCashbackFilters'])(
    'answer 401 without a token: %s',
    async (path) => {
      const res = await request(ctx.app).get(path);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ statusMessages: ['Unauthenticated.'], errors: ['Unauthenticated.'] });
    },
  );

  it.each([
    ['/coupons/getcoupons?pageNo=0', 'pageNo must be at least 1'],
    ['/coupons/getcoupons?pageNo=-4', 'pageNo must be at least 1'],
    ['/coupons/getcoupons?pageSize=1000', 'pageSize must be at most 500'],
    ['/coupons/getcoupons?pageSize=ten', 'pageSize must be a whole number'],
    ['/coupons/getcoupons?type=Voucher', 'type must be one of Code, Deal, Free Shipping, Sale, Clearance'],
    ['/coupons/getcoupons?validCoupons=maybe', 'validCoupons must be true or false'],
    ['/coupons/getcoupons?startDate=2026-13-01', 'startDate must be a real calendar date'],
    ['/coupons/getcoupons?endDate=01-05-2026', 'endDate must be a date in YYYY-MM-DD format'],
    ['/coupons/getcoupons?startDate=2026-02-30', 'startDate must be a real calendar date'],
    ['/coupons/getcoupons?startDate=2026-05-02&endDate=2026-05-01', 'Start Date cannot be after End Date'],
    ['/coupons/getcoupons?minPrice=90&maxPrice=10', 'minPrice cannot be greater than maxPrice'],
    ['/coupons/getcoupons?minPrice=1e3', 'minPrice accepts digits only'],
    ['/coupons/getcoupons?categoryIds=shoes', 'categoryIds must be numeric ids joined by commas'],
    [
      '/coupons/getcoupons?placementId=%3Cscript%3E',
      'placementId accepts letters, digits, hyphen and braces, at most 50',
    ],
    ['/coupons/getFilters?validCoupons=1', 'validCoupons must be true or false'],
    ['/coupons/getcashback?country=zz', 'country must be a two-letter country code of the merchant lists, or all'],
    ['/coupons/getcashback?pageNo=1.5', 'pageNo must be a whole number'],
  ])('answers 400 in the envelope for %s', async (path, message) => {
    const res = await get(path);
    expect(res.status).toBe(400);
    expect(res.body.statusMessages).toContain(message);
  });
});

describe('GET /coupons/getcoupons', () => {
  it('holds expired, running and future coupons in the seeded data', () => {
    const now = Date.now();
    expect(catalog.coupons.some((coupon) => coupon.endsAt.getTime() < now)).toBe(true);
    expect(catalog.coupons.some((coupon) => coupon.startsAt.getTime() > now)).toBe(true);
    expect(catalog.coupons.some((coupon) => isRunning(coupon, now))).toBe(true);
  });

  it('lists coupons running now first, then upcoming ones, then expired ones', async () => {
    const at = Date.now();
    const body = couponListResponseSchema.parse((await get('/coupons/getcoupons?pageSize=500')).body);
    const phases = body.data.map((row) => {
      const starts = Date.parse(row.startDateGMT);
      const ends = Date.parse(row.endDateGMT);
      return starts > at ? 'upcoming' : ends < at ? 'expired' : 'running';
    });
    expect(phases[0]).toBe('running');
    const firstUpcoming = phases.indexOf('upcoming');
    const firstExpired = phases.indexOf('expired');
    expect(firstUpcoming).toBeGreaterThan(0);
    expect(phases.lastIndexOf('running')).toBeLessThan(firstUpcoming);
    expect(phases.lastIndexOf('upcoming')).toBeLessThan(firstExpired === -1 ? Infinity : firstExpired);
    const upcomingStarts = body.data.filter((_, i) => phases[i] === 'upcoming').map((row) => row.startDateGMT);
    expect(upcomingStarts).toEqual([...upcomingStarts].sort());
  });

  it('defaults to page 1 of 100 in list order (running, upcoming, expired), every coupon counted', async () => {
    const body = couponListResponseSchema.parse((await get('/coupons/getcoupons')).body);
    expect(body.totalCount).toBe(catalog.coupons.length);
    expect(ids(body.data)).toEqual(ids(coupons.slice(0, 100)));
    const page3 = couponListResponseSchema.parse((await get('/coupons/getcoupons?pageNo=3&pageSize=25')).body);
    expect(ids(page3.data)).toEqual(ids(coupons.slice(50, 75)));
  });

  it('tags a page with an ETag and answers 304 when the browser revalidates an unchanged page', async () => {
    const first = await get('/coupons/getcoupons?pageSize=50&pageNo=2');
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(first.headers['content-length'])).toBe(Buffer.byteLength(first.text));
    const etag = String(first.headers['etag']);
    expect(etag).toMatch(/^W\/"/);
    const again = await get('/coupons/getcoupons?pageSize=50&pageNo=2').set('If-None-Match', etag);
    expect(again.status).toBe(304);
    const otherPage = await get('/coupons/getcoupons?pageSize=50&pageNo=3').set('If-None-Match', etag);
    expect(otherPage.status).toBe(200);
  });

  it('answers the spec fields, GMT instants and a jumpUrl holding the tracking placeholder', async () => {
    const body = couponListResponseSchema.parse((await get('/coupons/getcoupons?pageSize=1')).body);
    const coupon = body.data[0];
    const record = coupons[0];
    expect(coupon).toEqual({
      _id: record?._id,
      couponCode: record?.couponCode,
      domainName: record?.domainName,
      storeName: record?.storeName,
      startDateGMT: record?.startsAt.toISOString(),
      endDateGMT: record?.endsAt.toISOString(),
      couponTitle: record?.couponTitle,
      jumpUrl: expect.any(String),
      type: record?.type,
      categoryId: record?.categoryId,
      price: record?.price,
    });
    expect(coupon?.jumpUrl).toContain(COUPON_TRACKING_PLACEHOLDER);
  });

  it('links coupons and cashback on the tracking host this API serves: a filled-in link counts a click', async () => {
    const coupon = couponListResponseSchema.parse((await get('/coupons/getcoupons?pageSize=1')).body).data[0];
    const offer = cashbackListResponseSchema.parse((await get('/coupons/getcashback?pageSize=1')).body).data[0];
    for (const [link, placement] of [
      [coupon?.jumpUrl ?? '', 'cp-1'],
      [offer?.deeplinkUrl ?? '', 'cb-1'],
    ] as const) {
      expect(link.startsWith(`${ctx.config.trackingBaseUrl}/redirect?`)).toBe(true);
      // What the screens do before copying: the placeholder becomes vendorId_placementId, af_campaign_id is added.
      const filled = `${link.replace(COUPON_TRACKING_PLACEHOLDER, `${vendor.user.vendorId}_${placement}`)}&af_campaign_id=${vendor.user.vendorId}`;
      const followed = await request(ctx.app)
        .get(filled.slice(ctx.config.trackingBaseUrl.length))
        .set('User-Agent', 'test');
      expect(followed.status).toBe(302);
      await ctx.app.state.clicks.flush();
      const clicks = await clickModel(todayUtc())
        .find({ vendorId: vendor.user.vendorId, placementId: placement })
        .lean();
      expect(clicks).toHaveLength(1);
    }
  });

  it('keeps only coupons running now with validCoupons=true, and all of them otherwise', async () => {
    const now = Date.now();
    const running = coupons.filter((coupon) => isRunning(coupon, now));
    const body = couponListResponseSchema.parse((await get('/coupons/getcoupons?validCoupons=true&pageSize=500')).body);
    expect(body.totalCount).toBe(running.length);
    expect(ids(body.data)).toEqual(ids(running.slice(0, 500)));
    for (const coupon of body.data) {
      expect(Date.parse(coupon.startDateGMT)).toBeLessThanOrEqual(Date.now());
      expect(Date.parse(coupon.endDateGMT)).toBeGreaterThanOrEqual(now);
    }
    expect(couponListResponseSchema.parse((await get('/coupons/getcoupons?validCoupons=false')).body).totalCount).toBe(
      catalog.coupons.length,
    );
  });

  it('filters by start date (on or after) and expiry date (on or before), whole UTC days', async () => {
    const startDate = new Date(Date.now() - 30 * DAY_MS).toISOString().slice(0, 10);
    const endDate = new Date(Date.now() + 30 * DAY_MS).toISOString().slice(0, 10);
    const from = Date.parse(`${startDate}T00:00:00Z`);
    const to = Date.parse(`${endDate}T00:00:00Z`) + DAY_MS - 1;
    const expected = coupons.filter((coupon) => coupon.startsAt.getTime() >= from && coupon.endsAt.getTime() <= to);
    expect(expected.length).toBeGreaterThan(0);
    const body = couponListResponseSchema.parse(
      (await get(`/coupons/getcoupons?startDate=${startDate}&endDate=${endDate}&pageSize=500`)).body,
    );
    expect(ids(body.data)).toEqual(ids(expected));
    const onlyStart = couponListResponseSchema.parse((await get(`/coupons/getcoupons?startDate=${startDate}`)).body);
    expect(onlyStart.totalCount).toBe(coupons.filter((coupon) => coupon.startsAt.getTime() >= from).length);
    const onlyEnd = couponListResponseSchema.parse((await get(`/coupons/getcoupons?endDate=${endDate}`)).body);
    expect(onlyEnd.totalCount).toBe(coupons.filter((coupon) => coupon.endsAt.getTime() <= to).length);
  });

  it('filters by domain, type, category (with everything below it) and price', async () => {
    const domain = 'nautica.com';
    expect((await get(`/coupons/getcoupons?domain_name=NAUTICA.com&pageSize=500`)).body.totalCount).toBe(
      coupons.filter((coupon) => coupon.domainName === domain).length,
    );
    const deals = couponListResponseSchema.parse((await get('/coupons/getcoupons?type=Deal&pageSize=500')).body);
    expect(ids(deals.data)).toEqual(ids(coupons.filter((coupon) => coupon.type === 'Deal')));
    const apparel =
      catalog.categories.find((category) => category.name === 'Apparel' && category.parentId === null)?._id ?? '';
    const inApparel = coupons.filter((coupon) => coupon.categoryPath.includes(apparel));
    expect(inApparel.length).toBeGreaterThan(0);
    expect((await get(`/coupons/getcoupons?categoryIds=${apparel}`)).body.totalCount).toBe(inApparel.length);
    const priced = coupons.filter((coupon) => coupon.price >= 20 && coupon.price <= 60);
    const body = couponListResponseSchema.parse(
      (await get('/coupons/getcoupons?minPrice=20&maxPrice=60&pageSize=500')).body,
    );
    expect(ids(body.data)).toEqual(ids(priced));
    expect((await get('/coupons/getcoupons?domain_name=nowhere.test')).body).toEqual({ data: [], totalCount: 0 });
  });

  it('shows vendor 5036 only Nautica coupons, and the admin can preview that', async () => {
    const nautica = coupons.filter((coupon) => coupon.domainName === 'nautica.com');
    expect(nautica.length).toBeGreaterThan(0);
    const body = couponListResponseSchema.parse((await get('/coupons/getcoupons?pageSize=500', locked)).body);
    expect(ids(body.data)).toEqual(ids(nautica));
    expect((await get('/coupons/getcoupons?vendorId=5001', locked)).status).toBe(403);
    expect((await get('/coupons/getcoupons?vendorId=5036', admin)).body.totalCount).toBe(nautica.length);
  });
});

describe('GET /coupons/getFilters', () => {
  it('counts domains and types, each count agreeing with the list', async () => {
    const body = couponFiltersResponseSchema.parse((await get('/coupons/getFilters')).body);
    const storeNameOf = new Map(catalog.coupons.map((coupon) => [coupon.domainName, coupon.storeName]));
    expect(body.domainNames).toEqual(
      countsOf(catalog.coupons.map((coupon) => coupon.domainName)).map((entry) => ({
        ...entry,
        storeName: storeNameOf.get(entry._id),
      })),
    );
    // The store name is what a publisher knows the merchant by, and it is not the domain.
    expect(body.domainNames.some((entry) => entry.storeName !== entry._id)).toBe(true);
    expect(body.type).toEqual(countsOf(catalog.coupons.map((coupon) => coupon.type)));
    expect(body.type.map((entry) => entry._id).sort()).toEqual([...COUPON_TYPES].sort());
    for (const entry of [...body.domainNames.slice(0, 5), ...body.domainNames.slice(-3)]) {
      expect(
        (await get(`/coupons/getcoupons?domain_name=${encodeURIComponent(entry._id)}`)).body.totalCount,
        entry._id,
      ).toBe(entry.count);
    }
    for (const entry of body.type) {
      expect((await get(`/coupons/getcoupons?type=${encodeURIComponent(entry._id)}`)).body.totalCount, entry._id).toBe(
        entry.count,
      );
    }
  });

  it('counts only running coupons with validCoupons=true, agreeing with the valid list', async () => {
    const body = couponFiltersResponseSchema.parse((await get('/coupons/getFilters?validCoupons=true')).body);
    for (const entry of body.type) {
      const list = await get(`/coupons/getcoupons?validCoupons=true&type=${encodeURIComponent(entry._id)}`);
      expect(list.body.totalCount, entry._id).toBe(entry.count);
    }
    expect(body.type.reduce((sum, entry) => sum + entry.count, 0)).toBe(
      catalog.coupons.filter((coupon) => isRunning(coupon)).length,
    );
  });

  it('gives vendor 5036 only the Nautica domain', async () => {
    const body = couponFiltersResponseSchema.parse((await get('/coupons/getFilters', locked)).body);
    expect(body.domainNames).toEqual([
      {
        _id: 'nautica.com',
        storeName: 'Nautica',
        count: coupons.filter((coupon) => coupon.domainName === 'nautica.com').length,
      },
    ]);
  });
});

describe('GET /coupons/getcashback', () => {
  const matches = (offer: CashbackOfferRecord, text: string): boolean =>
    offer.advertiserName.toLowerCase().includes(text.toLowerCase()) ||
    offer.domain.toLowerCase().includes(text.toLowerCase());

  it('pages offers by advertiser name, with commission details', async () => {
    const body = cashbackListResponseSchema.parse((await get('/coupons/getcashback?pageNo=2&pageSize=20')).body);
    expect(body.totalCount).toBe(catalog.cashbackOffers.length);
    expect(ids(body.data)).toEqual(ids(offers.slice(20, 40)));
    const first = cashbackListResponseSchema.parse((await get('/coupons/getcashback?pageSize=1')).body).data[0];
    expect(Object.keys(first ?? {}).sort()).toEqual(
      [
        '_id',
        'advertiserName',
        'categories',
        'commission',
        'commissionDetail',
        'commissionUrl',
        'country',
        'deeplinkUrl',
        'domain',
      ].sort(),
    );
    expect(first?.commissionDetail[0]).toEqual({
      commissionType: 'PERCENTAGE',
      commission: expect.any(Number),
      offerName: 'Default commission',
      offerType: 'CPS',
    });
    expect(first?.deeplinkUrl).toContain(COUPON_TRACKING_PLACEHOLDER);
  });

  it('searches advertiser and domain as plain, case-insensitive text', async () => {
    for (const text of ['NAUTICA', 'dollar$', '(AND MORE)', 'a.b.c', '.com']) {
      const expected = offers.filter((offer) => matches(offer, text));
      expect(expected.length, text).toBeGreaterThan(0);
      const body = cashbackListResponseSchema.parse(
        (await get(`/coupons/getcashback?searchText=${encodeURIComponent(text)}&pageSize=500`)).body,
      );
      expect(ids(body.data), text).toEqual(ids(expected));
    }
    expect((await get(`/coupons/getcashback?searchText=${encodeURIComponent('.*')}`)).body).toEqual({
      data: [],
      totalCount: 0,
    });
  });

  it('filters by country and category', async () => {
    const inUs = offers.filter((offer) => offer.country === 'us');
    expect(
      ids(cashbackListResponseSchema.parse((await get('/coupons/getcashback?country=US&pageSize=500')).body).data),
    ).toEqual(ids(inUs));
    const toys = offers.filter((offer) => offer.categories.includes('Toys & Games'));
    expect((await get(`/coupons/getcashback?category=${encodeURIComponent('toys & games')}`)).body.totalCount).toBe(
      toys.length,
    );
  });

  it('shows vendor 5036 only Nautica offers', async () => {
    const body = cashbackListResponseSchema.parse((await get('/coupons/getcashback', locked)).body);
    expect(body.data.map((offer) => `${offer.advertiserName}/${offer.country}`)).toEqual(['Nautica/gb', 'Nautica/us']);
  });
});

describe('GET /coupons/getCashbackFilters', () => {
  it('counts countries and categories, each count agreeing with the list', async () => {
    const body = cashbackFiltersResponseSchema.parse((await get('/coupons/getCashbackFilters')).body);
    expect(body.country).toEqual(countsOf(catalog.cashbackOffers.map((offer) => offer.country)));
    expect(body.categories).toEqual(countsOf(catalog.cashbackOffers.flatMap((offer) => offer.categories)));
    for (const entry of body.country.slice(0, 4)) {
      expect((await get(`/coupons/getcashback?country=${entry._id}`)).body.totalCount, entry._id).toBe(entry.count);
    }
    for (const entry of body.categories) {
      expect(
        (await get(`/coupons/getcashback?category=${encodeURIComponent(entry._id)}`)).body.totalCount,
        entry._id,
      ).toBe(entry.count);
    }
  });

  it('gives vendor 5036 only the Nautica countries', async () => {
    const body = cashbackFiltersResponseSchema.parse((await get('/coupons/getCashbackFilters', locked)).body);
    expect(body.country).toEqual([
      { _id: 'gb', count: 1 },
      { _id: 'us', count: 1 },
    ]);
  });
});
