import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from './app';
import { SPEED_PIECES } from './config/env';
import { addDays, todayUtc } from '@publisher/contract';
import { ALL_SOURCES_MENU, buildAdmin, saveDate } from './reports/testing/report-fixtures';
import { CATALOG_SIZES } from './seed/catalog-generator';
import { seedCatalog } from './seed/catalog-seed';
import { buildVendor, type BuiltVendor } from './testing/factories';
import { createAppFor, testConfig, useTestApp } from './testing/test-app';

/*
 * `npm run bench` keeps a speed piece only if its read is faster with it than with it off (BENCH_PIECES_OFF).
 * That comparison means something only if the two answer the same: here every piece is off in a second app on
 * the same database, and each read a piece serves, in the forms the bench sends and a few more, answers
 * what the app with every piece on answers.
 */
describe('the bench compares like with like: each speed piece off answers what it answers on', () => {
  const ctx = useTestApp();
  const size = { ...CATALOG_SIZES.test, products: 2_000 };

  let off: App;
  let vendor: BuiltVendor;

  beforeAll(async () => {
    await seedCatalog({ size, anchorDate: todayUtc() });
    const admin = await buildAdmin();
    vendor = await buildVendor({ menu: ALL_SOURCES_MENU });
    for (const offset of [-3, -2, -1]) await saveDate(ctx.app, admin.token, 'connexity', addDays(todayUtc(), offset));
    off = createAppFor({
      config: testConfig({ benchPiecesOff: SPEED_PIECES }),
      database: { kind: 'ferretdb' },
      log: () => undefined,
    });
  }, 300_000);

  /** The same call to both apps: their answers, status and body. */
  async function both(path: string, body?: object): Promise<[unknown, unknown]> {
    const answers = await Promise.all(
      [ctx.app, off].map(async (app) => {
        const call = body
          ? request(app).post(path).set('Authorization', vendor.token).send(body)
          : request(app).get(path).set('Authorization', vendor.token);
        const res = await call;
        expect(res.status).toBe(200);
        return res.body as unknown;
      }),
    );
    return [answers[0], answers[1]];
  }

  const startDate = addDays(todayUtc(), -3);
  const endDate = addDays(todayUtc(), -1);

  it.each(['daily', 'weekly', 'monthly'])('report cache: the earnings report, %s', async (aggregation) => {
    const [on, without] = await both('/home/getEarningsReport', { startDate, endDate, aggregation });
    expect(without).toEqual(on);
  });

  it.each([
    [0, 10],
    [1, 20],
    [3, 25],
  ])('report cache: conversions page %i of %i rows', async (page, pageSize) => {
    const [on, without] = await both('/home/getConversionReports', { startDate, endDate, page, pageSize });
    expect(without).toEqual(on);
    expect((on as { totalRecords: number }).totalRecords).toBeGreaterThan(0);
  });

  it.each([
    'q=pro&minPrice=20&maxPrice=400&sortBy=priceHtoL&pageSize=20&pageNo=1',
    'q=pro&minPrice=0&maxPrice=250&sortBy=priceLtoH&pageSize=20&pageNo=2',
    'q=port&sortBy=priceHtoL&pageSize=50&pageNo=1',
    'q=zzzq&pageSize=20&pageNo=1',
    'q=pr&minPrice=10&pageSize=20&pageNo=1',
  ])('trigram index: products ?%s', async (query) => {
    const [on, without] = await both(`/home/getProductslist?${query}`);
    expect(without).toEqual(on);
  });
});
