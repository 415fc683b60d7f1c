import type { z } from 'zod';
import {
  type CashbackFiltersResponse,
  type CashbackListResponse,
  type CouponDomainCount,
  type CouponFiltersResponse,
  type CouponListResponse,
  type FilterCount,
  type cashbackQuerySchema,
  type couponsQuerySchema,
} from '@publisher/contract';
import { merchantViewerOf, type Caller, type MerchantViewer } from '../shared/auth/caller';
import type { SnapshotCache } from '../shared/snapshot-cache';
import { compareText, textMatcher } from '../shared/text';
import type { CashbackEntry, CouponEntry, CouponsSnapshot } from './coupons.read-model';

export type CouponsQuery = z.output<typeof couponsQuerySchema>;
export type CashbackQuery = z.output<typeof cashbackQuerySchema>;

/** Whose view a request reads, and the merchant domain that vendor is locked to (5036: Nautica). */
/** Whose coupons a call shows (see MerchantViewer). */
export type CouponViewer = MerchantViewer;

/** The caller's view, or another vendor's for the admin (403 for anyone else naming a vendor). */
export const couponViewerOf = (caller: Caller, requestedVendorId?: number): CouponViewer =>
  merchantViewerOf(caller, requestedVendorId, 'You can only read your own coupons view.');

const DAY_MS = 86_400_000;

/**
 * One pass over positions 0 to `count` - 1 in order: counts the positions that match and keeps the rows of the
 * requested page (no intermediate arrays).
 */
function pageOfMatches<Row>(
  count: number,
  matchesAt: (position: number) => boolean,
  page: { pageNo: number; pageSize: number },
  rowAt: (position: number) => Row,
): { data: Row[]; total: number } {
  const from = (page.pageNo - 1) * page.pageSize;
  const to = from + page.pageSize;
  const data: Row[] = [];
  let total = 0;
  for (let position = 0; position < count; position += 1) {
    if (!matchesAt(position)) continue;
    if (total >= from && total < to) data.push(rowAt(position));
    total += 1;
  }
  return { data, total };
}

/** `{ _id, count }` per value, by _id. */
function countsOf(values: Iterable<string>): FilterCount[] {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].map(([_id, count]) => ({ _id, count })).sort((a, b) => compareText(a._id, b._id));
}

/** Each domain's count with the store name its coupons carry (the last one listed, should a store be renamed). */
function withStoreNames(counts: FilterCount[], storeNameByDomain: ReadonlyMap<string, string>): CouponDomainCount[] {
  return counts.map((entry) => ({ ...entry, storeName: storeNameByDomain.get(entry._id) ?? entry._id }));
}

export interface CouponsService {
  /** Starts loading the snapshot in the background. */
  warm(): void;
  coupons(viewer: CouponViewer, query: CouponsQuery): Promise<CouponListResponse>;
  couponFilters(viewer: CouponViewer, options: { validCoupons?: boolean | undefined }): Promise<CouponFiltersResponse>;
  cashback(viewer: CouponViewer, query: CashbackQuery): Promise<CashbackListResponse>;
  cashbackFilters(viewer: CouponViewer): Promise<CashbackFiltersResponse>;
}

/**
 * The coupons in list order at an instant: running now (newest start first), then upcoming (soonest start first),
 * then expired (newest start first): what a publisher can use today leads the list. Built for every call: keeping
 * it per snapshot (with typed arrays of its prices and dates) did not pay in `npm run bench` (+79%, +10% and -45%
 * on varied queries in three runs, p99 worse in two), so it went (issue 21).
 */
interface ListOrder {
  ordered: readonly CouponEntry[];
  /** How many of `ordered` run at the instant (they come first). */
  running: number;
}

function listOrderAt(snapshot: CouponsSnapshot, at: number): ListOrder {
  const running = snapshot.coupons.filter((entry) => entry.startMs <= at && at <= entry.endMs);
  const upcoming = snapshot.couponsBySoonestStart.filter((entry) => entry.startMs > at);
  const expired = snapshot.coupons.filter((entry) => entry.endMs < at);
  return { ordered: [...running, ...upcoming, ...expired], running: running.length };
}

export function createCouponsService(
  snapshots: SnapshotCache<CouponsSnapshot>,
  now: () => number = Date.now,
): CouponsService {
  /** The coupons in list order and how many of them to read: only the running ones (which lead it) when `validOnly`. */
  async function couponsInOrder(validOnly: boolean): Promise<{ order: ListOrder; count: number }> {
    const order = listOrderAt(await snapshots.get(), now());
    return { order, count: validOnly ? order.running : order.ordered.length };
  }

  function cashbackVisibility(viewer: CouponViewer): (entry: CashbackEntry) => boolean {
    const { lockedDomain } = viewer;
    return (entry) => lockedDomain === undefined || entry.domain === lockedDomain;
  }

  return {
    warm: () => snapshots.warm(),

    async coupons(viewer, query) {
      const { order, count } = await couponsInOrder(query.validCoupons === true);
      const { ordered } = order;
      const categories = query.categoryIds ? new Set(query.categoryIds) : undefined;
      const { lockedDomain } = viewer;
      const { domain_name: domain, type } = query;
      // The numeric filters as bounds (an unset one lets everything through).
      const minPrice = query.minPrice ?? -Infinity;
      const maxPrice = query.maxPrice ?? Infinity;
      const startsFrom = query.startDate === undefined ? -Infinity : Date.parse(`${query.startDate}T00:00:00Z`);
      const endsBy = query.endDate === undefined ? Infinity : Date.parse(`${query.endDate}T00:00:00Z`) + DAY_MS - 1;
      // The other filters, only those the query sets.
      const tests: ((entry: CouponEntry) => boolean)[] = [];
      if (lockedDomain !== undefined) tests.push((entry) => entry.domainName === lockedDomain);
      if (domain !== undefined) tests.push((entry) => entry.domainName === domain);
      if (type !== undefined) tests.push((entry) => entry.row.type === type);
      if (categories !== undefined) tests.push((entry) => entry.categoryPath.some((id) => categories.has(id)));
      const from = (query.pageNo - 1) * query.pageSize;
      const to = from + query.pageSize;
      const numeric =
        query.minPrice !== undefined ||
        query.maxPrice !== undefined ||
        query.startDate !== undefined ||
        query.endDate !== undefined;
      if (!numeric && tests.length === 0) {
        const data = ordered.slice(from, Math.min(to, count)).map((entry) => entry.row);
        return { data, totalCount: count };
      }
      const matchesAt = (index: number): boolean => {
        const entry = ordered[index] as CouponEntry;
        if (entry.price < minPrice || entry.price > maxPrice) return false;
        if (entry.startMs < startsFrom || entry.endMs > endsBy) return false;
        return tests.every((test) => test(entry));
      };
      const { data, total } = pageOfMatches(count, matchesAt, query, (index) => (ordered[index] as CouponEntry).row);
      return { data, totalCount: total };
    },

    async couponFilters(viewer, { validCoupons }) {
      const { lockedDomain } = viewer;
      const { order, count } = await couponsInOrder(validCoupons === true);
      const rows = order.ordered
        .slice(0, count)
        .filter((entry) => lockedDomain === undefined || entry.domainName === lockedDomain);
      return {
        domainNames: withStoreNames(
          countsOf(rows.map((entry) => entry.domainName)),
          new Map(rows.map((entry) => [entry.domainName, entry.row.storeName])),
        ),
        type: countsOf(rows.map((entry) => entry.row.type)),
      };
    },

    async cashback(viewer, query) {
      const matchesText = textMatcher(query.searchText);
      const category = query.category?.toLowerCase();
      const isVisible = cashbackVisibility(viewer);
      const entries = (await snapshots.get()).cashback;
      const { data, total } = pageOfMatches(
        entries.length,
        (position) => {
          const entry = entries[position] as CashbackEntry;
          return (
            isVisible(entry) &&
            (query.country === undefined || entry.country === query.country) &&
            (category === undefined || entry.categoryKeys.includes(category)) &&
            matchesText(entry.search)
          );
        },
        query,
        (position) => (entries[position] as CashbackEntry).row,
      );
      return { data, totalCount: total };
    },

    async cashbackFilters(viewer) {
      const rows = (await snapshots.get()).cashback.filter(cashbackVisibility(viewer));
      return {
        country: countsOf(rows.map((entry) => entry.country)),
        categories: countsOf(rows.flatMap((entry) => entry.row.categories)),
      };
    },
  };
}
