import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  conversionReportResponseSchema,
  countryMerchantListResponseSchema,
  deeplink3MerchantListResponseSchema,
  deeplink3ReportResponseSchema,
  deeplink4MerchantListResponseSchema,
  deeplink4ReportResponseSchema,
  deeplink5MerchantListResponseSchema,
  deeplink5ReportResponseSchema,
  merchantListResponseSchema,
  merchantSummaryResponseSchema,
  report2ResponseSchema,
  type ReportSource,
} from '@publisher/contract';
import { CATALOG_SIZES } from '../seed/catalog-generator';
import { seedCatalog } from '../seed/catalog-seed';
import { buildVendor, type BuiltVendor } from '../testing/factories';
import { useTestApp } from '../testing/test-app';
import { saveReports } from './report-ingest.service';
import { ALL_SOURCES_MENU } from './testing/report-fixtures';

/**
 * Every merchant a saved report row names can be found in its source's merchant list: a vendor who reads a
 * merchant in a report can look it up (connexity: /home/getAllMerchants; the partner sources: their
 * /<source>/getMerchants lists, per country).
 */

const ctx = useTestApp();
const RANGE = { startDate: '2025-03-01', endDate: '2025-03-04' };

let vendor: BuiltVendor;
let locked: BuiltVendor;

beforeAll(async () => {
  await seedCatalog({ size: { ...CATALOG_SIZES.test, products: 300 }, anchorDate: '2025-03-01' });
  vendor = await buildVendor({ menu: ALL_SOURCES_MENU });
  locked = await buildVendor({ vendorId: 5058, menu: ALL_SOURCES_MENU });
  for (const source of ['connexity', 'newdashboard', 'doneoftheownou', 'shoppermeet', 'kelkoo'] as const) {
    await saveReports({ source, ...RANGE });
  }
});

const get = async (path: string, as: BuiltVendor) => {
  const res = await request(ctx.app).get(path).set('Authorization', as.token);
  expect(res.status, path).toBe(200);
  return res.body as unknown;
};

const reportBody = async (path: string, as: BuiltVendor): Promise<unknown> => {
  const res = await request(ctx.app)
    .post(path)
    .set('Authorization', as.token)
    .send({ ...RANGE, pageSize: 500 });
  expect(res.status, path).toBe(200);
  return res.body as unknown;
};

/** `country|name` (or `country|domain` for API 2, whose list and rows carry no name) of every row of a list. */
async function partnerListKeys(source: Exclude<ReportSource, 'connexity'>, as: BuiltVendor): Promise<Set<string>> {
  const summary = merchantSummaryResponseSchema.parse(await get(`/${source}/getMerchantsSummary`, as));
  const keys = new Set<string>();
  for (const { country } of summary.data) {
    const body = await get(`/${source}/getMerchants?country=${country}&pageSize=500`, as);
    switch (source) {
      case 'newdashboard':
        for (const row of countryMerchantListResponseSchema.parse(body).data) keys.add(`${row.country}|${row.domain}`);
        break;
      case 'doneoftheownou':
        for (const row of deeplink3MerchantListResponseSchema.parse(body).data) keys.add(`${row.country}|${row.name}`);
        break;
      case 'shoppermeet':
        for (const row of deeplink4MerchantListResponseSchema.parse(body).data)
          keys.add(`${row.geo}|${row.merchant_name}`);
        break;
      case 'kelkoo':
        for (const row of deeplink5MerchantListResponseSchema.parse(body).data) keys.add(`${row.country}|${row.name}`);
        break;
    }
  }
  return keys;
}

describe('merchants of saved report rows', () => {
  it.each([
    ['a vendor', () => vendor],
    ['vendor 5058 (Sam’s Club and Kohl’s only)', () => locked],
  ])('can all be found in the merchant lists: %s', async (_who, whoIs) => {
    const as = whoIs();

    const report1 = conversionReportResponseSchema.parse(await reportBody('/home/getConversionReports', as));
    expect(report1.reportsData.length).toBeGreaterThan(0);
    const allMerchants = merchantListResponseSchema.parse(await get('/home/getAllMerchants', vendor));
    const connexityNames = new Set(allMerchants.data.map((merchant) => merchant.merchantInfo.name));
    for (const row of report1.reportsData) expect(connexityNames, row.MERCHANT_NAME).toContain(row.MERCHANT_NAME);

    // Report 2 rows carry the merchant's domain; API 2's list is keyed by country and domain. The report does not
    // say the country, so the domain must be listed in some country.
    const report2 = report2ResponseSchema.parse(await reportBody('/newdashboard/getConversionReports2', as));
    expect(report2.reportsData.length).toBeGreaterThan(0);
    const api2Domains = new Set([...(await partnerListKeys('newdashboard', vendor))].map((key) => key.split('|')[1]));
    for (const row of report2.reportsData) expect(api2Domains, row.domain).toContain(row.domain);

    const report3 = deeplink3ReportResponseSchema.parse(await reportBody('/doneoftheownou/getConversionReports', as));
    const report4 = deeplink4ReportResponseSchema.parse(await reportBody('/shoppermeet/getConversionReports', as));
    const report5 = deeplink5ReportResponseSchema.parse(await reportBody('/kelkoo/getConversionReports', as));
    const lists = {
      doneoftheownou: await partnerListKeys('doneoftheownou', vendor),
      shoppermeet: await partnerListKeys('shoppermeet', vendor),
      kelkoo: await partnerListKeys('kelkoo', vendor),
    };
    const named: [Set<string>, string[]][] = [
      [lists.doneoftheownou, report3.reportsData.map((row) => `${row.COUNTRY.toLowerCase()}|${row.BRAND}`)],
      [lists.shoppermeet, report4.reportsData.map((row) => `${row.COUNTRY.toLowerCase()}|${row.BRAND}`)],
      [lists.kelkoo, report5.reportsData.map((row) => `${row.COUNTRY.toLowerCase()}|${row.MERCHANT_NAME}`)],
    ];
    for (const [listed, keys] of named) {
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) expect(listed, key).toContain(key);
    }
  });
});
