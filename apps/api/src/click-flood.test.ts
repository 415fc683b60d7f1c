import type { Express } from 'express';
import request from 'supertest';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { type HealthResponse, healthResponseSchema, todayUtc } from '@publisher/contract';
import type { App } from './app';
import { loadConfig } from './config/env';
import { clickModel } from './deep-links/click.model';
import { feedClickModel } from './feeds/feed-click.model';
import { CATALOG_SIZES, generateCatalog } from './seed/catalog-generator';
import { seedCatalog } from './seed/catalog-seed';
import { createClickFilter } from './shared/click-filter';
import { createAppFor, useTestApp } from './testing/test-app';

/**
 * Click floods, through the public links of an app with the production defaults of the click
 * filter (10 s duplicate window, 120 clicks and 20 search texts per address per minute) and a clock moved by hand.
 */
const ctx = useTestApp();
const size = { ...CATALOG_SIZES.test, products: 50 };
const catalog = generateCatalog({ size, anchorDate: todayUtc() });
const merchant = catalog.merchants[0];
const defaults = loadConfig({}).clickFilter;

/** Every app the tests made: each records into its own recorders, flushed before the clicks are counted. */
const apps: App[] = [];

/** An app whose click filter reads a clock of its own, moved by `advance`. */
function floodApp(trustProxy: boolean | string = false): { app: Express; advance: (ms: number) => void } {
  let clockMs = Date.UTC(2026, 0, 1);
  const app = createAppFor({
    config: { ...ctx.config, clickFilter: defaults, trustProxy },
    database: { kind: inject('databaseKind') },
    log: () => undefined,
    clickFilter: createClickFilter(defaults, () => clockMs),
  });
  apps.push(app);
  return {
    app,
    advance: (ms) => {
      clockMs += ms;
    },
  };
}

const redirectPath = (sub: string, clickid?: string) =>
  `/redirect?source=22261&publisher=1&sub=${sub}&url=${encodeURIComponent(merchant?.merchantUrl ?? '')}` +
  (clickid ? `&clickid=${clickid}` : '');

async function recordedClicks(subPrefix: string): Promise<number> {
  await Promise.all(apps.map((app) => app.state.clicks.flush()));
  return clickModel(todayUtc()).countDocuments({ subId: { $regex: `^${subPrefix}` } });
}

async function filtered(app: Express): Promise<HealthResponse['filteredClicks']> {
  return healthResponseSchema.parse((await request(app).get('/health')).body).filteredClicks;
}

beforeAll(async () => {
  await seedCatalog({ size, anchorDate: todayUtc() });
  expect(merchant).toBeDefined();
});

describe('GET /redirect under a flood', () => {
  it('40 identical anonymous redirects all redirect and count once; after the 10 s window, once more', async () => {
    const { app, advance } = floodApp();
    const statuses = [];
    for (let i = 0; i < 40; i += 1) statuses.push((await request(app).get(redirectPath('6003_forged'))).status);
    expect(statuses.every((status) => status === 302)).toBe(true);
    expect(await recordedClicks('6003_forged')).toBe(1);
    expect(await filtered(app)).toEqual({ duplicates: 39, overAddressLimit: 0, searchTextsOverLimit: 0 });
    advance(10_001);
    expect((await request(app).get(redirectPath('6003_forged'))).status).toBe(302);
    expect(await recordedClicks('6003_forged')).toBe(2);
  });

  it('1,000 distinct redirects from one address in a burst: every one redirects, 120 are recorded', async () => {
    const { app, advance } = floodApp();
    advance(60_000);
    const started = Date.now();
    const statuses: number[] = [];
    for (let wave = 0; wave < 20; wave += 1) {
      statuses.push(
        ...(await Promise.all(
          Array.from(
            { length: 50 },
            async (_, i) => (await request(app).get(redirectPath(`6004_flood`, `c${wave}-${i}`))).status,
          ),
        )),
      );
    }
    const seconds = (Date.now() - started) / 1000;
    expect(statuses.filter((status) => status === 302)).toHaveLength(1_000);
    expect(await recordedClicks('6004_flood')).toBe(defaults.perAddressLimit);
    expect(await filtered(app)).toEqual({ duplicates: 0, overAddressLimit: 880, searchTextsOverLimit: 0 });
    console.log(`[flood] 1000 distinct redirects in ${seconds.toFixed(1)} s: 120 recorded, 880 filtered`);
    // The next window records again.
    advance(defaults.perAddressWindowMs);
    await request(app).get(redirectPath('6004_flood', 'next-window'));
    expect(await recordedClicks('6004_flood')).toBe(defaults.perAddressLimit + 1);
  });

  it('counts each client address on its own (the address the trusted proxy names)', async () => {
    const { app, advance } = floodApp('loopback');
    advance(60_000);
    for (const [n, address] of ['203.0.113.1', '203.0.113.2'].entries()) {
      for (let i = 0; i < 130; i += 1) {
        const res = await request(app)
          .get(redirectPath('6005_two', `a${n}-${i}`))
          .set('X-Forwarded-For', address);
        expect(res.status).toBe(302);
      }
    }
    expect(await filtered(app)).toEqual({ duplicates: 0, overAddressLimit: 20, searchTextsOverLimit: 0 });
    expect(await recordedClicks('6005_two')).toBe(2 * defaults.perAddressLimit);
  });

  it('a HEAD (link checker) is neither recorded nor counted as filtered', async () => {
    const { app } = floodApp();
    for (let i = 0; i < 3; i += 1) expect((await request(app).head(redirectPath('6006_head'))).status).toBe(302);
    expect(await recordedClicks('6006_head')).toBe(0);
    expect(await filtered(app)).toEqual({ duplicates: 0, overAddressLimit: 0, searchTextsOverLimit: 0 });
  });

  it('two apps in one process share no filter state', async () => {
    const [first, second] = [floodApp().app, floodApp().app];
    expect((await request(first).get(redirectPath('6007_apps'))).status).toBe(302);
    expect((await request(second).get(redirectPath('6007_apps'))).status).toBe(302);
    expect(await recordedClicks('6007_apps')).toBe(2);
    expect((await filtered(second)).duplicates).toBe(0);
  });
});

describe('public feed links under a flood', () => {
  async function searchTexts(vendorId: number): Promise<string[]> {
    await Promise.all(apps.map((app) => app.state.feedClicks.flush()));
    const clicks = await feedClickModel(todayUtc()).find({ vendorId }).lean();
    return clicks.map((click) => click.searchText);
  }

  it('search texts: one address records 20 a minute, a repeat counts once; every follow redirects', async () => {
    const { app, advance } = floodApp();
    advance(60_000);
    const vendorId = 6003;
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const res = await request(app)
        .get('/addYahooFeeds')
        .query({ chanel: '4', q: `BUY NOW ${i}`, vendorId });
      statuses.push(res.status);
    }
    for (let i = 0; i < 5; i += 1) {
      statuses.push((await request(app).get('/addYahooFeeds').query({ chanel: '4', q: 'BUY NOW 0', vendorId })).status);
    }
    expect(statuses.every((status) => status === 302)).toBe(true);
    expect(await searchTexts(vendorId)).toHaveLength(defaults.searchTextLimit);
    expect(await filtered(app)).toEqual({ duplicates: 5, overAddressLimit: 0, searchTextsOverLimit: 10 });
    // Price-line clicks (no search text) still count within the address's click limit.
    await request(app).get('/addPriceLineFeeds').query({ chanel: '4', vendorId });
    expect(await searchTexts(vendorId)).toHaveLength(defaults.searchTextLimit + 1);
    // Search texts over 200 characters are refused outright (400), as before.
    const long = await request(app)
      .get('/addYahooFeeds')
      .query({ chanel: '4', q: 'x'.repeat(201), vendorId });
    expect(long.status).toBe(400);
  });
});
