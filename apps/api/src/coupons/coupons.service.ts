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
import { nowMs } from '../shared/clock';

export type CouponsQuery = z.output<typeof couponsQuerySchema>;
export type CashbackQuery = z.output<typeof cashbackQuerySchema>;

/** Whose view a request reads, and the merchant domain that vendor is locked to (5036: Nautica). */
/** Whose coupons a call shows (see MerchantViewer). */
export type CouponViewer = MerchantViewer;

/** The caller's view, or another vendor's for the admin (403 for anyone else naming a vendor). */
export const couponViewerOf = (caller: Caller, requestedVendorId?: number): CouponViewer =>
  merchantViewerOf(caller, requestedVendorId, 'You can only read your own coupons view.');

const DAY_MS = 86_400_000;

/** A run of the list: the entries in their order and which of them belong to it. */
interface ListSegment<T> {
  entries: readonly T[];
  matches: (entry: T) => boolean;
}

/**
 * One pass over each segment in turn: counts the matches and keeps the requested page (no intermediate arrays).
 * The list is the segments' matches one after the other.
 */
function pageOfMatches<T, Row>(
  segments: readonly ListSegment<T>[],
  pageNo: number,
  pageSize: number,
  row: (entry: T) => Row,
): { data: Row[]; total: number } {
  const from = (pageNo - 1) * pageSize;
  const to = from + pageSize;
  const data: Row[] = [];
  let total = 0;
  for (const { entries, matches } of segments) {
    for (const entry of entries) {
      if (!matches(entry)) continue;
      if (total >= from && total < to) data.push(row(entry));
      total += 1;
    }
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
  /** The generation of the coupons snapshot the lists read (see SnapshotCache.generation). */
  dataGeneration(): number;
  coupons(viewer: CouponViewer, query: CouponsQuery): Promise<CouponListResponse>;
  couponFilters(viewer: CouponViewer, options: { validCoupons?: boolean | undefined }): Promise<CouponFiltersResponse>;
  cashback(viewer: CouponViewer, query: CashbackQuery): Promise<CashbackListResponse>;
  cashbackFilters(viewer: CouponViewer): Promise<CashbackFiltersResponse>;
}

export function createCouponsService(
  snapshots: SnapshotCache<CouponsSnapshot>,
  now: () => number = nowMs,
): CouponsService {
  /** Coupons the viewer may see (the merchant lock) and, if asked, only those running now. */
  function couponVisibility(viewer: CouponViewer, validOnly: boolean): (entry: CouponEntry) => boolean {
    const at = now();
    const { lockedDomain } = viewer;
    return (entry) =>
      (lockedDomain === undefined || entry.domainName === lockedDomain) &&
      (!validOnly || (entry.startMs <= at && at <= entry.endMs));
  }

  function cashbackVisibility(viewer: CouponViewer): (entry: CashbackEntry) => boolean {
    const { lockedDomain } = viewer;
    return (entry) => lockedDomain === undefined || entry.domain === lockedDomain;
  }

  return {
    warm: () => snapshots.warm(),
    dataGeneration: () => snapshots.generation(),

    async coupons(viewer, query) {
      const snapshot = await snapshots.get();
      const startsFrom = query.startDate === undefined ? undefined : Date.parse(`${query.startDate}T00:00:00Z`);
      const endsBy = query.endDate === undefined ? undefined : Date.parse(`${query.endDate}T00:00:00Z`) + DAY_MS - 1;
      const isVisible = couponVisibility(viewer, query.validCoupons === true);
      const categories = query.categoryIds ? new Set(query.categoryIds) : undefined;
      const at = now();
      const matches = (entry: CouponEntry): boolean =>
        isVisible(entry) &&
        (query.domain_name === undefined || entry.domainName === query.domain_name) &&
        (query.type === undefined || entry.row.type === query.type) &&
        (startsFrom === undefined || entry.startMs >= startsFrom) &&
        (endsBy === undefined || entry.endMs <= endsBy) &&
        (categories === undefined || entry.categoryPath.some((id) => categories.has(id))) &&
        (query.minPrice === undefined || entry.price >= query.minPrice) &&
        (query.maxPrice === undefined || entry.price <= query.maxPrice);
      // Offers running now first (newest start first), then upcoming ones (soonest start first), then expired
      // ones (newest start first): what a publisher can use today leads the list.
      const { data, total } = pageOfMatches(
        [
          { entries: snapshot.coupons, matches: (entry) => entry.startMs <= at && at <= entry.endMs && matches(entry) },
          { entries: snapshot.couponsBySoonestStart, matches: (entry) => entry.startMs > at && matches(entry) },
          { entries: snapshot.coupons, matches: (entry) => entry.endMs < at && matches(entry) },
        ],
        query.pageNo,
        query.pageSize,
        (entry) => entry.row,
      );
      return { data, totalCount: total };
    },

    async couponFilters(viewer, { validCoupons }) {
      const rows = (await snapshots.get()).coupons.filter(couponVisibility(viewer, validCoupons === true));
      return {
        domainNames: countsOf(rows.map((entry) => entry.domainName)),
        type: countsOf(rows.map((entry) => entry.row.type)),
      };
    },

    async cashback(viewer, query) {
      const matchesText = textMatcher(query.searchText);
      const category = query.category?.toLowerCase();
      const isVisible = cashbackVisibility(viewer);
      const { data, total } = pageOfMatches(
        [
          {
            entries: (await snapshots.get()).cashback,
            matches: (entry) =>
              isVisible(entry) &&
              (query.country === undefined || entry.country === query.country) &&
              (category === undefined || entry.categoryKeys.includes(category)) &&
              matchesText(entry.search),
          },
        ],
        query.pageNo,
        query.pageSize,
        (entry) => entry.row,
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
