import { describe, expect, it } from 'vitest';
import type { Coupon } from '@publisher/contract';
import type { SnapshotCache } from '../shared/snapshot-cache';
import type { CouponEntry, CouponsSnapshot } from './coupons.read-model';
import { createCouponsService } from './coupons.service';

const T0 = Date.UTC(2026, 2, 1, 12);

function entry(id: string, startMs: number, endMs: number, price = 10): CouponEntry {
  const row = {
    _id: id,
    couponCode: id,
    domainName: 'shop.example',
    storeName: 'Shop',
    startDateGMT: new Date(startMs).toISOString(),
    endDateGMT: new Date(endMs).toISOString(),
    couponTitle: id,
    jumpUrl: 'https://track.example/x',
    type: 'Code',
    categoryId: 'c1',
    price,
  } as Coupon;
  return { startMs, endMs, domainName: row.domainName, categoryPath: ['c1'], price, row };
}

function service(entries: CouponEntry[], clock: { at: number }) {
  const snapshot: CouponsSnapshot = {
    coupons: [...entries].sort((a, b) => b.startMs - a.startMs),
    couponsBySoonestStart: [...entries].sort((a, b) => a.startMs - b.startMs),
    cashback: [],
  };
  const snapshots: SnapshotCache<CouponsSnapshot> = {
    get: () => Promise.resolve(snapshot),
    warm: () => undefined,
    refresh: () => Promise.resolve(),
  };
  return createCouponsService(snapshots, () => clock.at);
}

const viewer = { vendorId: 1, lockedDomain: undefined };
const page = { pageNo: 1, pageSize: 10 } as const;

describe('the coupon list order as time passes', () => {
  // A runs at T0 and ends at T0+10 ms; B starts at T0+5; C ended before T0.
  const a = entry('A', T0 - 10, T0 + 10, 5);
  const b = entry('B', T0 + 5, T0 + 100, 50);
  const c = entry('C', T0 - 50, T0 - 1, 20);

  it('follows every start and end, forwards and backwards, with and without filters', async () => {
    const clock = { at: T0 };
    const coupons = service([a, b, c], clock);
    const ids = async (query: object = {}) => {
      const { data, totalCount } = await coupons.coupons(viewer, { ...page, ...query });
      return { ids: data.map((row) => row._id), totalCount };
    };
    expect(await ids()).toEqual({ ids: ['A', 'B', 'C'], totalCount: 3 });
    expect(await ids({ validCoupons: true })).toEqual({ ids: ['A'], totalCount: 1 });
    clock.at = T0 + 4;
    expect(await ids()).toEqual({ ids: ['A', 'B', 'C'], totalCount: 3 });
    // B starts: two running, newest start first.
    clock.at = T0 + 5;
    expect(await ids()).toEqual({ ids: ['B', 'A', 'C'], totalCount: 3 });
    expect(await ids({ validCoupons: true })).toEqual({ ids: ['B', 'A'], totalCount: 2 });
    expect(await ids({ validCoupons: true, minPrice: 10 })).toEqual({ ids: ['B'], totalCount: 1 });
    // A's last instant, then its end.
    clock.at = T0 + 10;
    expect(await ids({ validCoupons: true })).toEqual({ ids: ['B', 'A'], totalCount: 2 });
    clock.at = T0 + 11;
    expect(await ids()).toEqual({ ids: ['B', 'A', 'C'], totalCount: 3 });
    expect(await ids({ validCoupons: true })).toEqual({ ids: ['B'], totalCount: 1 });
    // The scenario clock may go back: the order of then again.
    clock.at = T0;
    expect(await ids()).toEqual({ ids: ['A', 'B', 'C'], totalCount: 3 });
    expect(await ids({ validCoupons: true })).toEqual({ ids: ['A'], totalCount: 1 });
    expect(await ids({ maxPrice: 20 })).toEqual({ ids: ['A', 'C'], totalCount: 2 });
  });

  it('pages through the order and counts every match', async () => {
    const clock = { at: T0 };
    const coupons = service([a, b, c], clock);
    const second = await coupons.coupons(viewer, { pageNo: 2, pageSize: 2 });
    expect(second).toEqual({ data: [c.row], totalCount: 3 });
    const beyond = await coupons.coupons(viewer, { pageNo: 3, pageSize: 2 });
    expect(beyond).toEqual({ data: [], totalCount: 3 });
  });

  it('shows a locked vendor only its domain', async () => {
    const other = { ...entry('D', T0 - 5, T0 + 5), domainName: 'other.example' };
    const coupons = service([a, other], { at: T0 });
    const { data } = await coupons.coupons({ vendorId: 5036, lockedDomain: 'other.example' }, page);
    expect(data.map((row) => row._id)).toEqual(['D']);
  });
});

describe('price filters', () => {
  // A small deterministic generator: the same "random" coupons on every run.
  let seed = 7;
  const next = (): number => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const entries = Array.from({ length: 300 }, (_, index) => {
    const startMs = T0 + Math.round((next() - 0.5) * 1_000);
    // Whole and half dollars, so many coupons share a price and the bounds land on prices often.
    return entry(`P${String(index)}`, startMs, startMs + Math.round(next() * 800), Math.round(next() * 80) / 2);
  });

  it('count and page what filtering the list order by hand gives, at every bound, running only or not', async () => {
    const coupons = service(entries, { at: T0 });
    for (const validCoupons of [false, true]) {
      const all = (await coupons.coupons(viewer, { pageNo: 1, pageSize: 1_000, validCoupons })).data;
      for (let round = 0; round < 200; round += 1) {
        const minPrice = next() < 0.2 ? undefined : Math.floor(next() * 42);
        const maxPrice = next() < 0.2 ? undefined : Math.floor(next() * 42);
        const pageSize = 1 + Math.floor(next() * 30);
        const pageNo = 1 + Math.floor(next() * 4);
        const matching = all.filter(
          (row) =>
            (minPrice === undefined || row.price >= minPrice) && (maxPrice === undefined || row.price <= maxPrice),
        );
        const answer = await coupons.coupons(viewer, { pageNo, pageSize, validCoupons, minPrice, maxPrice });
        expect(answer.totalCount).toBe(matching.length);
        expect(answer.data).toEqual(matching.slice((pageNo - 1) * pageSize, pageNo * pageSize));
      }
    }
  });
});
