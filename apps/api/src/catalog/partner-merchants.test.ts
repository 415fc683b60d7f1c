import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  COUNTRY_CODES,
  COUNTRY_MERCHANTS_PATH,
  DEEPLINK3_REDIRECT_PLACEHOLDERS,
  DEEPLINK4_REDIRECT_PLACEHOLDERS,
  TRACKING_LINK_PLACEHOLDERS,
  countryMerchantListResponseSchema,
  countryMerchantsResponseSchema,
  deeplink3MerchantListResponseSchema,
  deeplink3NewMerchantListResponseSchema,
  deeplink4MerchantListResponseSchema,
  deeplink4NewMerchantListResponseSchema,
  deeplink5MerchantListResponseSchema,
  merchantSummaryResponseSchema,
  type CountryCount,
} from '@publisher/contract';
import { CATALOG_SIZES, generateCatalog } from '../seed/catalog-generator';
import { seedCatalog } from '../seed/catalog-seed';
import { buildVendor, type BuiltVendor } from '../testing/factories';
import { useTestApp } from '../testing/test-app';
import type { PartnerMerchantRecord, PartnerSource } from './partner-merchant.model';

const ctx = useTestApp();

/** The partner lists do not need many products. */
const size = { ...CATALOG_SIZES.test, products: 300 };
const anchorDate = new Date().toISOString().slice(0, 10);
const catalog = generateCatalog({ size, anchorDate });

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

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const rowsOf = (source: PartnerSource): PartnerMerchantRecord[] =>
  catalog.partnerMerchants.filter((row) => row.source === source);
/** List order of the named lists: by name, then country (API 2: by domain, then country). */
function listOrder(source: PartnerSource): PartnerMerchantRecord[] {
  const key = (row: PartnerMerchantRecord): string => (source === 'newdashboard' ? row.domain : row.name).toLowerCase();
  return [...rowsOf(source)].sort(
    (a, b) => compare(key(a), key(b)) || compare(a.country, b.country) || compare(a._id, b._id),
  );
}
function countsByCountry(rows: readonly { country: string }[]): CountryCount[] {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.country, (counts.get(row.country) ?? 0) + 1);
  return [...counts]
    .map(([country, count]) => ({ country: country as CountryCount['country'], count }))
    .sort((a, b) => b.count - a.count || compare(a.country, b.country));
}

const LIST_ROUTES = [
  {
    path: '/newdashboard/getMerchants',
    source: 'newdashboard',
    schema: countryMerchantListResponseSchema,
    keys: ['ave_cpa_rate', 'ave_cpc', 'country', 'domain'],
  },
  {
    path: '/doneoftheownou/getMerchants',
    source: 'doneoftheownou',
    schema: deeplink3MerchantListResponseSchema,
    keys: ['country', 'domain', 'is_deeplink', 'name', 'redirect_link'],
  },
  {
    path: '/doneoftheownou/trackier/getMerchants',
    source: 'doneoftheownou',
    schema: deeplink3NewMerchantListResponseSchema,
    keys: ['country', 'domain', 'name', 'trackingLink'],
  },
  {
    path: '/shoppermeet/getMerchants',
    source: 'shoppermeet',
    schema: deeplink4MerchantListResponseSchema,
    keys: ['avg_payout_commission', 'geo', 'merchant_domain', 'merchant_id', 'merchant_name', 'redirect_link'],
  },
  {
    path: '/shoppermeet/trackier/getMerchants',
    source: 'shoppermeet',
    schema: deeplink4NewMerchantListResponseSchema,
    keys: ['geo', 'merchant_domain', 'merchant_name', 'trackingLink'],
  },
  {
    path: '/kelkoo/getMerchants',
    source: 'kelkoo',
    schema: deeplink5MerchantListResponseSchema,
    keys: ['country', 'merchantEstimatedCpc', 'name', 'url'],
  },
] as const;

const SUMMARY_ROUTES = [
  { path: '/newdashboard/getMerchantsSummary', source: 'newdashboard' },
  { path: '/doneoftheownou/getMerchantsSummary', source: 'doneoftheownou' },
  { path: '/shoppermeet/getMerchantsSummary', source: 'shoppermeet' },
  { path: '/kelkoo/getMerchantsSummary', source: 'kelkoo' },
] as const;

/** The country and the domain of a row, whatever its shape. */
function placeOf(row: Record<string, unknown>): { country: unknown; domain: unknown } {
  return {
    country: row['country'] ?? row['geo'],
    domain: row['domain'] ?? row['merchant_domain'] ?? new URL(String(row['url'])).hostname.replace(/^www\./, ''),
  };
}

describe('partner merchant routes', () => {
  it.each([
    COUNTRY_MERCHANTS_PATH,
    ...LIST_ROUTES.map((route) => route.path),
    ...SUMMARY_ROUTES.map((route) => route.path),
  ])('answer 401 without a token: %s', async (path) => {
    const res = await request(ctx.app).get(path);
    expect(res.status).toBe(401);
  });

  it.each([
    [
      `${COUNTRY_MERCHANTS_PATH}?sortByValue=cheapest`,
      'sortByValue must be one of CPCLtoH, CPCHtoL, CPALtoH, CPAHtoL, DomainAtoZ, DomainZtoA',
    ],
    [`${COUNTRY_MERCHANTS_PATH}?country=xx`, 'country must be a two-letter country code of the merchant lists, or all'],
    [`${COUNTRY_MERCHANTS_PATH}?showCPCMerchants=1`, 'showCPCMerchants must be true or false'],
    [`${COUNTRY_MERCHANTS_PATH}?pageSize=-5`, 'pageSize must be at least 1'],
    ['/shoppermeet/getMerchants?pageNo=0', 'pageNo must be at least 1'],
    ['/kelkoo/getMerchants?country=usa', 'country must be a two-letter country code of the merchant lists, or all'],
    ['/doneoftheownou/getMerchants?vendorId=50x', 'vendorId must be a numeric vendor id'],
    ['/newdashboard/getMerchantsSummary?searchText=' + 'y'.repeat(101), 'searchText can be at most 100 characters'],
  ])('answers 400 for %s', async (path, message) => {
    const res = await get(path);
    expect(res.status).toBe(400);
    expect(res.body.statusMessages).toContain(message);
  });
});

describe(`GET ${COUNTRY_MERCHANTS_PATH} (deep link 2, newdashboard source)`, () => {
  const all = listOrder('newdashboard');
  const isCpc = (row: PartnerMerchantRecord): boolean => (row.aveCpc ?? 0) > 0;
  const isCpa = (row: PartnerMerchantRecord): boolean => (row.aveCpaRate ?? 0) > 0;

  it('defaults to 100 rows sorted CPCLtoH, with the per-country summary', async () => {
    const body = countryMerchantsResponseSchema.parse((await get(COUNTRY_MERCHANTS_PATH)).body);
    const expected = [...all].sort((a, b) => (a.aveCpc ?? 0) - (b.aveCpc ?? 0));
    expect(body.totalRecords).toBe(all.length);
    expect(body.data).toHaveLength(100);
    expect(body.data).toEqual(
      expected.slice(0, 100).map((row) => ({
        country: row.country,
        domain: row.domain,
        ave_cpa_rate: row.aveCpaRate,
        ave_cpc: row.aveCpc,
      })),
    );
    expect(body.summary).toEqual(countsByCountry(all));
    expect(body.summary.map((entry) => entry.country).sort()).toEqual([...COUNTRY_CODES].sort());
  });

  it.each([
    ['CPCHtoL', (a: PartnerMerchantRecord, b: PartnerMerchantRecord) => (b.aveCpc ?? 0) - (a.aveCpc ?? 0)],
    ['CPALtoH', (a: PartnerMerchantRecord, b: PartnerMerchantRecord) => (a.aveCpaRate ?? 0) - (b.aveCpaRate ?? 0)],
    ['CPAHtoL', (a: PartnerMerchantRecord, b: PartnerMerchantRecord) => (b.aveCpaRate ?? 0) - (a.aveCpaRate ?? 0)],
    ['DomainAtoZ', () => 0],
    ['DomainZtoA', (a: PartnerMerchantRecord, b: PartnerMerchantRecord) => compare(b.domain, a.domain)],
  ] as const)('sorts %s, ties by domain then country', async (sortByValue, order) => {
    const body = countryMerchantsResponseSchema.parse(
      (await get(`${COUNTRY_MERCHANTS_PATH}?sortByValue=${sortByValue}&pageSize=500`)).body,
    );
    expect(body.data.map((row) => `${row.domain}/${row.country}`)).toEqual(
      [...all].sort(order).map((row) => `${row.domain}/${row.country}`),
    );
  });

  it('filters by country (any case) and pages, keeping the summary over every country', async () => {
    const inGermany = all.filter((row) => row.country === 'de').sort((a, b) => (a.aveCpc ?? 0) - (b.aveCpc ?? 0));
    expect(inGermany.length).toBeGreaterThan(2);
    const body = countryMerchantsResponseSchema.parse(
      (await get(`${COUNTRY_MERCHANTS_PATH}?country=DE&pageNo=2&pageSize=2`)).body,
    );
    expect(body.totalRecords).toBe(inGermany.length);
    expect(body.data.map((row) => row.domain)).toEqual(inGermany.slice(2, 4).map((row) => row.domain));
    expect(body.summary).toEqual(countsByCountry(all));
    expect(
      countryMerchantsResponseSchema.parse((await get(`${COUNTRY_MERCHANTS_PATH}?country=all`)).body).totalRecords,
    ).toBe(all.length);
  });

  it('shows CPC merchants, CPA merchants or both, and only CPA merchants for isPublisherAI', async () => {
    const count = async (query: string) =>
      countryMerchantsResponseSchema.parse((await get(`${COUNTRY_MERCHANTS_PATH}?${query}`)).body).totalRecords;
    expect(await count('showCPCMerchants=true&showCPAMerchants=false')).toBe(all.filter(isCpc).length);
    expect(await count('showCPCMerchants=false&showCPAMerchants=true')).toBe(all.filter(isCpa).length);
    expect(await count('showCPCMerchants=false&showCPAMerchants=false')).toBe(0);
    expect(await count('isPublisherAI=true')).toBe(all.filter(isCpa).length);
    expect(all.filter(isCpc).length).toBeLessThan(all.length);
    expect(all.filter(isCpa).length).toBeLessThan(all.length);
    const onlyCpa = countryMerchantsResponseSchema.parse(
      (await get(`${COUNTRY_MERCHANTS_PATH}?isPublisherAI=true&pageSize=500`)).body,
    );
    expect(onlyCpa.data.every((row) => row.ave_cpa_rate > 0)).toBe(true);
    expect(onlyCpa.summary).toEqual(countsByCountry(all.filter(isCpa)));
  });

  it('searches the domain as plain text', async () => {
    const body = countryMerchantsResponseSchema.parse((await get(`${COUNTRY_MERCHANTS_PATH}?searchText=NAUTICA`)).body);
    expect(body.data.map((row) => row.country).sort()).toEqual(['ca', 'gb', 'us']);
    expect(
      countryMerchantsResponseSchema.parse((await get(`${COUNTRY_MERCHANTS_PATH}?searchText=.*`)).body).totalRecords,
    ).toBe(0);
    const dotCom = all.filter((row) => row.domain.includes('.com'));
    expect(
      countryMerchantsResponseSchema.parse((await get(`${COUNTRY_MERCHANTS_PATH}?searchText=.com`)).body).totalRecords,
    ).toBe(dotCom.length);
  });
});

describe.each(LIST_ROUTES)('GET $path', ({ path, source, schema, keys }) => {
  const all = listOrder(source);

  it('answers exactly the row shape of its source', async () => {
    const body = schema.parse((await get(`${path}?pageSize=500`)).body);
    expect(body.totalRecords).toBe(all.length);
    expect(body.data.length).toBe(Math.min(500, all.length));
    for (const row of body.data) expect(Object.keys(row).sort()).toEqual([...keys].sort());
  });

  it('defaults to 10 rows a page in list order, and pages', async () => {
    const first = schema.parse((await get(path)).body);
    expect(first.data).toHaveLength(10);
    const third = schema.parse((await get(`${path}?pageNo=3&pageSize=7`)).body);
    expect(third.data.map((row) => placeOf(row))).toEqual(
      all.slice(14, 21).map((row) => ({ country: row.country, domain: row.domain })),
    );
  });

  it('filters by country and searches as plain, case-insensitive text', async () => {
    const inFrance = all.filter((row) => row.country === 'fr');
    const body = schema.parse((await get(`${path}?country=fr&pageSize=500`)).body);
    expect(body.totalRecords).toBe(inFrance.length);
    expect(body.data.every((row) => placeOf(row).country === 'fr')).toBe(true);
    // API 2 rows show (and search) the domain only; the other lists search the name too.
    const [dollarText, parenText] = source === 'newdashboard' ? ['DollarDeals.', 'sandmore.c'] : ['DOLLAR$', '(and'];
    const dollar = schema.parse((await get(`${path}?searchText=${encodeURIComponent(dollarText)}`)).body);
    expect(dollar.data.map((row) => placeOf(row).domain)).toEqual(['dollardeals.com']);
    const pattern = schema.parse((await get(`${path}?searchText=${encodeURIComponent(parenText)}`)).body);
    expect(pattern.data.map((row) => placeOf(row).domain)).toEqual(['booksandmore.com']);
    expect(schema.parse((await get(`${path}?searchText=.*`)).body).totalRecords).toBe(0);
  });

  it('shows vendor 5036 only Nautica, and refuses another vendor view unless admin', async () => {
    const body = schema.parse((await get(`${path}?pageSize=500`, locked)).body);
    expect(body.totalRecords).toBe(all.filter((row) => row.domain === 'nautica.com').length);
    expect(body.data.every((row) => placeOf(row).domain === 'nautica.com')).toBe(true);
    if (source !== 'kelkoo') {
      expect((await get(`${path}?vendorId=5001`, locked)).status).toBe(403);
      expect(schema.parse((await get(`${path}?vendorId=5036`, admin)).body).totalRecords).toBe(body.totalRecords);
    }
  });
});

describe('link templates', () => {
  it('API 3 redirect_link holds CLICK_ID, SUB_ID and LINK; the New list holds the braced placeholders', async () => {
    const classic = deeplink3MerchantListResponseSchema.parse(
      (await get('/doneoftheownou/getMerchants?pageSize=50')).body,
    );
    for (const row of classic.data)
      for (const placeholder of DEEPLINK3_REDIRECT_PLACEHOLDERS) expect(row.redirect_link).toContain(placeholder);
    const fresh = deeplink3NewMerchantListResponseSchema.parse(
      (await get('/doneoftheownou/trackier/getMerchants?pageSize=50')).body,
    );
    for (const row of fresh.data) {
      expect(row.trackingLink).toContain(TRACKING_LINK_PLACEHOLDERS.placementId);
      expect(row.trackingLink).toContain(TRACKING_LINK_PLACEHOLDERS.clickId);
    }
  });

  it('API 4 redirect_link holds all seven placeholders, MARCHANT_DOMAIN as the spec spells it', async () => {
    const body = deeplink4MerchantListResponseSchema.parse((await get('/shoppermeet/getMerchants?pageSize=50')).body);
    for (const row of body.data)
      for (const placeholder of DEEPLINK4_REDIRECT_PLACEHOLDERS) expect(row.redirect_link).toContain(placeholder);
    expect(DEEPLINK4_REDIRECT_PLACEHOLDERS).toContain('MARCHANT_DOMAIN');
    const fresh = deeplink4NewMerchantListResponseSchema.parse(
      (await get('/shoppermeet/trackier/getMerchants?pageSize=50')).body,
    );
    for (const row of fresh.data) expect(row.trackingLink).toMatch(/\{PLACEMENT_ID\}.*\{CLICK_ID\}/);
  });
});

describe.each(SUMMARY_ROUTES)('GET $path', ({ path, source }) => {
  const all = listOrder(source);
  const listPath = LIST_ROUTES.find((route) => route.source === source)?.path ?? '';

  it('counts rows per country, most first, agreeing with the list', async () => {
    const body = merchantSummaryResponseSchema.parse((await get(path)).body);
    expect(body.data).toEqual(countsByCountry(all));
    expect(body.data.reduce((sum, entry) => sum + entry.count, 0)).toBe(all.length);
    for (const entry of body.data.slice(0, 3)) {
      const list = await get(`${listPath}?country=${entry.country}`);
      expect(list.body.totalRecords, entry.country).toBe(entry.count);
    }
  });

  it('applies the search and vendor 5036 lock like the list', async () => {
    const searched = merchantSummaryResponseSchema.parse((await get(`${path}?searchText=nautica`)).body);
    expect(searched.data).toEqual(countsByCountry(all.filter((row) => row.domain === 'nautica.com')));
    const lockedBody = merchantSummaryResponseSchema.parse((await get(path, locked)).body);
    expect(lockedBody.data).toEqual(searched.data);
  });
});
