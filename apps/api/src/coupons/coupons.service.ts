import type { z } from 'zod';
import {
  type CashbackFiltersResponse,
  type CashbackListResponse,
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
 * then expired (newest start first): what a publisher can use today leads the list. The order only changes when a
 * coupon starts or ends, so it is kept, per snapshot, for the span of instants with no such change.
 */
interface ListOrder {
  ordered: readonly CouponEntry[];
  /**
   * The numeric fields of `ordered`, position by position, in typed arrays: the price and date filters scan these
   * rather than thousands of entry objects spread over the heap. Only on a kept order (BENCH_PIECES_OFF).
   */
  numeric?: { prices: Float64Array; startsMs: Float64Array; endsMs: Float64Array };
  /** How many of `ordered` run at these instants (they come first). */
  running: number;
  /** The instants the order holds for: from `validFrom` (inclusive) to `validUntil` (exclusive). */
  validFrom: number;
  validUntil: number;
}

// eslint-disable-next-line no-restricted-syntax -- a memo of what a snapshot derives, keyed by the snapshot object: each app loads its own snapshots, so no two apps share an entry, and an entry goes with its snapshot
const listOrders = new WeakMap<CouponsSnapshot, ListOrder>();

function listOrderAt(snapshot: CouponsSnapshot, at: number, keep: boolean): ListOrder {
  const kept = keep ? listOrders.get(snapshot) : undefined;
  if (kept && kept.validFrom <= at && at < kept.validUntil) return kept;
  const running = snapshot.coupons.filter((entry) => entry.startMs <= at && at <= entry.endMs);
  const upcoming = snapshot.couponsBySoonestStart.filter((entry) => entry.startMs > at);
  const expired = snapshot.coupons.filter((entry) => entry.endMs < at);
  // The next instant a coupon starts or ends after `at`; the order was the same since the last one before it.
  let validUntil = Infinity;
  for (const entry of upcoming) validUntil = Math.min(validUntil, entry.startMs);
  for (const entry of running) validUntil = Math.min(validUntil, entry.endMs + 1);
  const ordered = [...running, ...upcoming, ...expired];
  const order: ListOrder = {
    ordered,
    // Built only for an order that is kept: a call-long order reads the entries.
    numeric: keep
      ? {
          prices: Float64Array.from(ordered, (entry) => entry.price),
          startsMs: Float64Array.from(ordered, (entry) => entry.startMs),
          endsMs: Float64Array.from(ordered, (entry) => entry.endMs),
        }
      : undefined,
    running: running.length,
    validFrom: at,
    validUntil,
  };
  if (keep) listOrders.set(snapshot, order);
  return order;
}

export interface CouponsServiceOptions {
  /**
   * Keep each snapshot's list order for the instants it holds (default); false builds it for every call
   * (BENCH_PIECES_OFF=coupon-order: what the bench measures the kept order against).
   */
  keptOrder?: boolean;
}

export function createCouponsService(
  snapshots: SnapshotCache<CouponsSnapshot>,
  now: () => number = Date.now,
  { keptOrder = true }: CouponsServiceOptions = {},
): CouponsService {
  /** The coupons in list order and how many of them to read: only the running ones (which lead it) when `validOnly`. */
  async function couponsInOrder(validOnly: boolean): Promise<{ order: ListOrder; count: number }> {
    const order = listOrderAt(await snapshots.get(), now(), keptOrder);
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
      const { ordered, numeric: arrays } = order;
      const categories = query.categoryIds ? new Set(query.categoryIds) : undefined;
      const { lockedDomain } = viewer;
      const { domain_name: domain, type } = query;
      // The numeric filters as bounds (an unset one lets everything through), tested on the typed arrays.
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
        const price = arrays ? (arrays.prices[index] as number) : entry.price;
        if (price < minPrice || price > maxPrice) return false;
        const startMs = arrays ? (arrays.startsMs[index] as number) : entry.startMs;
        const endMs = arrays ? (arrays.endsMs[index] as number) : entry.endMs;
        if (startMs < startsFrom || endMs > endsBy) return false;
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
        domainNames: countsOf(rows.map((entry) => entry.domainName)),
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
