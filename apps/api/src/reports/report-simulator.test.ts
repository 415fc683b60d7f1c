import { describe, expect, it } from 'vitest';
import { addDays, eachDate, type Menu, REPORT_SOURCES, weekdayOf } from '@publisher/contract';
import { CATALOG_SIZES, generateCatalog } from '../seed/catalog-generator';
import { SIMULATED_MERCHANTS } from './report-merchants';
import { NETWORK_HISTORY_DAYS, USD_TO_EUR, coverageOf, seededRandom, simulateDay } from './report-simulator';

const TODAY = '2025-06-30';

const menuWith = (overrides: Partial<Menu>): Menu => ({
  merchants: true,
  products: true,
  deeplink1: { cpc: true, cpa: true },
  deeplink2: { cpc: false, cpa: false },
  deeplink3: { cpc: false, cpa: false },
  deeplink4: { cpc: false, cpa: false },
  deeplink5: { cpc: false, cpa: false },
  ...overrides,
});

describe('simulateDay', () => {
  it('is deterministic: the same source, vendor and date give the same rows, another date other rows', () => {
    for (const source of REPORT_SOURCES) {
      const first = simulateDay(source, 5001, '2025-03-04', TODAY);
      expect(simulateDay(source, 5001, '2025-03-04', TODAY)).toEqual(first);
      expect(first.rows.length).toBeGreaterThan(0);
      expect(simulateDay(source, 5001, '2025-03-05', TODAY)).not.toEqual(first);
      expect(simulateDay(source, 5002, '2025-03-04', TODAY)).not.toEqual(first);
    }
  });

  it('does not depend on the day it runs, only on whether the date is past', () => {
    expect(simulateDay('connexity', 5001, '2025-03-04', '2025-03-04')).toEqual(
      simulateDay('connexity', 5001, '2025-03-04', '2030-01-01'),
    );
  });

  it('reports nothing for dates after today', () => {
    for (const source of REPORT_SOURCES) {
      expect(simulateDay(source, 5001, addDays(TODAY, 1), TODAY)).toEqual({ rows: [], orders: [] });
      expect(simulateDay(source, 5001, '2031-01-01', TODAY)).toEqual({ rows: [], orders: [] });
    }
  });

  it("reports the network's history, ten years, and nothing before it (a mistyped 1 Jan 1627 made earnings)", () => {
    const oldest = addDays(TODAY, 1 - NETWORK_HISTORY_DAYS);
    expect(eachDate(oldest, TODAY)).toHaveLength(NETWORK_HISTORY_DAYS);
    expect(simulateDay('connexity', 5001, oldest, TODAY).rows.length).toBeGreaterThan(0);
    expect(simulateDay('connexity', 5001, addDays(oldest, -1), TODAY)).toEqual({ rows: [], orders: [] });
    expect(simulateDay('connexity', 5001, '1627-01-01', TODAY)).toEqual({ rows: [], orders: [] });
  });

  it('keeps CPC and conversion rates in plausible ranges and orders consistent with the rows', () => {
    for (const source of REPORT_SOURCES) {
      for (const date of eachDate('2025-03-01', '2025-03-14')) {
        const { rows, orders } = simulateDay(source, 5029, date, TODAY);
        for (const row of rows) {
          expect(row.clicks).toBeGreaterThanOrEqual(1);
          expect(row.salesCount / row.clicks).toBeLessThanOrEqual(0.06 + 1 / row.clicks);
          if (row.isCPC) {
            expect(row.earnings / row.clicks).toBeGreaterThanOrEqual(0.05 - 1e-9);
            expect(row.earnings / row.clicks).toBeLessThanOrEqual(1.2 + 1e-9);
          }
          expect(row.earningsEur).toBeCloseTo(row.earnings * USD_TO_EUR, 10);
          expect(row.subId).toBe(`5029_${row.placementId}_${row.clickId}`);
        }
        const salesCount = rows.reduce((sum, row) => sum + row.salesCount, 0);
        const sales = rows.reduce((sum, row) => sum + row.sales, 0);
        expect(orders).toHaveLength(salesCount);
        expect(orders.reduce((sum, order) => sum + order.amount, 0)).toBeCloseTo(sales, 6);
        expect(new Set(orders.map((order) => order.orderId)).size).toBe(orders.length);
      }
    }
  });

  it('converts about 0.5 % to 6 % of clicks overall and prices clicks between $0.05 and $1.20 on average', () => {
    let clicks = 0;
    let sales = 0;
    let cpcClicks = 0;
    let cpcEarnings = 0;
    for (const date of eachDate('2025-01-01', '2025-03-31')) {
      for (const row of simulateDay('connexity', 5001, date, TODAY).rows) {
        clicks += row.clicks;
        sales += row.salesCount;
        if (row.isCPC) {
          cpcClicks += row.clicks;
          cpcEarnings += row.earnings;
        }
      }
    }
    expect(sales / clicks).toBeGreaterThan(0.005);
    expect(sales / clicks).toBeLessThan(0.06);
    expect(cpcEarnings / cpcClicks).toBeGreaterThan(0.05);
    expect(cpcEarnings / cpcClicks).toBeLessThan(1.2);
  });

  it('brings less traffic on weekends than on weekdays', () => {
    const weekend: number[] = [];
    const weekday: number[] = [];
    for (const date of eachDate('2025-01-06', '2025-04-27')) {
      const clicks = simulateDay('connexity', 5001, date, TODAY).rows.reduce((sum, row) => sum + row.clicks, 0);
      (weekdayOf(date) === 0 || weekdayOf(date) === 6 ? weekend : weekday).push(clicks);
    }
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    expect(mean(weekend)).toBeLessThan(mean(weekday) * 0.85);
  });

  it('sends the locked vendors to their merchants only (5036 Nautica, 5058 Sam’s Club and Kohl’s)', () => {
    for (const date of eachDate('2025-03-01', '2025-03-07')) {
      for (const row of simulateDay('connexity', 5036, date, TODAY).rows) expect(row.merchantName).toBe('Nautica');
      for (const row of simulateDay('connexity', 5058, date, TODAY).rows)
        expect(["Sam's Club", "Kohl's"]).toContain(row.merchantName);
    }
  });

  it("names only merchants of its source's list in the seeded catalog, at the test and the full size", () => {
    for (const size of [CATALOG_SIZES.test, CATALOG_SIZES.full]) {
      const catalog = generateCatalog({
        size: { ...size, products: 0, coupons: 0, cashbackOffers: 0 },
        anchorDate: '2025-03-01',
      });
      const listed = new Set([
        ...catalog.merchants.map((merchant) => `connexity|us|${merchant.name}|${merchant.domain}`),
        ...catalog.partnerMerchants.map(
          (merchant) => `${merchant.source}|${merchant.country}|${merchant.name}|${merchant.domain}`,
        ),
      ]);
      for (const source of REPORT_SOURCES) {
        for (const vendorId of [5001, 5036, 5058, 6001, 6002]) {
          for (const date of eachDate('2025-03-01', '2025-03-03')) {
            for (const row of simulateDay(source, vendorId, date, TODAY).rows) {
              const key = `${source}|${row.country.toLowerCase()}|${row.merchantName}|${row.domain}`;
              expect(listed.has(key), key).toBe(true);
            }
          }
        }
      }
    }
  });

  it('reports only CPC rows for kelkoo and only known merchants everywhere', () => {
    const names = new Set(SIMULATED_MERCHANTS.map((merchant) => merchant.name));
    for (const source of REPORT_SOURCES) {
      for (const row of simulateDay(source, 5001, '2025-03-04', TODAY).rows) {
        expect(names.has(row.merchantName)).toBe(true);
        if (source === 'kelkoo') expect(row.isCPC).toBe(true);
      }
    }
  });
});

describe('coverageOf', () => {
  it('covers a vendor whose menu enables the source, with the types the flags allow', () => {
    expect(coverageOf('connexity', menuWith({}))).toEqual({ cpc: true, cpa: true });
    expect(coverageOf('newdashboard', menuWith({}))).toBeNull();
    expect(coverageOf('newdashboard', menuWith({ deeplink2: { cpc: true, cpa: false } }))).toEqual({
      cpc: true,
      cpa: false,
    });
    expect(coverageOf('shoppermeet', menuWith({ deeplink4: { cpc: false, cpa: true } }))).toEqual({
      cpc: false,
      cpa: true,
    });
    expect(coverageOf('kelkoo', menuWith({ deeplink5: { cpc: false, cpa: true } }))).toEqual({ cpc: true, cpa: false });
    expect(coverageOf('connexity', menuWith({ deeplink1: { cpc: false, cpa: false } }))).toBeNull();
  });
});

describe('seededRandom', () => {
  it('repeats its sequence for the same seed and stays in [0, 1)', () => {
    const a = seededRandom('x');
    const b = seededRandom('x');
    const values = Array.from({ length: 1000 }, () => a.next());
    expect(Array.from({ length: 1000 }, () => b.next())).toEqual(values);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
  });
});
