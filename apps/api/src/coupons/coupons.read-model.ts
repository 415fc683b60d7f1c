import {
  COUPON_TRACKING_PLACEHOLDER,
  DIRECT_LINK_PATH,
  merchantHomeUrl,
  trackingProgramCode,
  type Cashback,
  type CountryCode,
  type Coupon,
} from '@publisher/contract';
import {
  CATALOG_DATA_SET,
  createSnapshotCache,
  readSeedRevision,
  type SnapshotCache,
  type SnapshotShelf,
} from '../shared/snapshot-cache';
import { compareText, flatString } from '../shared/text';
import { CashbackOfferModel, type CashbackOfferRecord } from './cashback-offer.model';
import { CouponModel, type CouponRecord } from './coupon.model';

/** Coupons and cashback offers as the lists read them: loaded once, pre-presented, in list order. */

export interface CouponEntry {
  startMs: number;
  endMs: number;
  domainName: string;
  categoryPath: readonly string[];
  price: number;
  row: Coupon;
}

export interface CashbackEntry {
  domain: string;
  country: CountryCode;
  /** Lower-case category names. */
  categoryKeys: readonly string[];
  /** Lower-case advertiser name and domain. */
  search: string;
  row: Cashback;
}

export interface CouponsSnapshot {
  /** Newest start first, then by id. */
  coupons: readonly CouponEntry[];
  /** The same coupons, soonest start first, then by id (the upcoming ones are listed in this order). */
  couponsBySoonestStart: readonly CouponEntry[];
  /** By advertiser name, then country. */
  cashback: readonly CashbackEntry[];
}

/**
 * The tracked link of a coupon or cashback offer: a direct link on this API's tracking host (GET /redirect, which
 * records the click and sends the visitor to the merchant), CPA (they pay per sale), with the list's name as the
 * publisher and the spec's tracking-code placeholder as the sub, which the screen replaces with
 * vendorId_placementId (part 1 §3) before copying.
 */
export function offerLink(trackingBaseUrl: string, list: 'coupons' | 'cashback', domain: string, country?: string) {
  const params = [
    `source=${trackingProgramCode('connexity', 'CPA')}`,
    `publisher=${list}`,
    `sub=${COUPON_TRACKING_PLACEHOLDER}`,
    ...(country === undefined ? [] : [`country=${country}`]),
    `url=${encodeURIComponent(merchantHomeUrl(domain))}`,
  ];
  return flatString(`${trackingBaseUrl}${DIRECT_LINK_PATH}?${params.join('&')}`);
}

function couponEntry(trackingBaseUrl: string, record: CouponRecord): CouponEntry {
  return {
    startMs: record.startsAt.getTime(),
    endMs: record.endsAt.getTime(),
    domainName: record.domainName,
    categoryPath: record.categoryPath,
    price: record.price,
    row: {
      _id: record._id,
      couponCode: record.couponCode,
      domainName: record.domainName,
      storeName: record.storeName,
      startDateGMT: record.startsAt.toISOString(),
      endDateGMT: record.endsAt.toISOString(),
      couponTitle: record.couponTitle,
      jumpUrl: offerLink(trackingBaseUrl, 'coupons', record.domainName),
      type: record.type,
      categoryId: record.categoryId,
      price: record.price,
    },
  };
}

function cashbackEntry(trackingBaseUrl: string, record: CashbackOfferRecord): CashbackEntry {
  const country = record.country as CountryCode;
  return {
    domain: record.domain,
    country,
    categoryKeys: record.categories.map((category) => category.toLowerCase()),
    search: flatString(`${record.advertiserName.toLowerCase()}\u0000${record.domain.toLowerCase()}`),
    row: {
      _id: record._id,
      advertiserName: record.advertiserName,
      domain: record.domain,
      categories: [...record.categories],
      commission: record.commission,
      commissionDetail: record.commissionDetail.map((detail) => ({
        commissionType: detail.commissionType,
        commission: detail.commission,
        offerName: detail.offerName,
        offerType: detail.offerType,
      })),
      commissionUrl: record.commissionUrl,
      country,
      deeplinkUrl: offerLink(trackingBaseUrl, 'cashback', record.domain, country),
    },
  };
}

async function loadCouponsSnapshot(trackingBaseUrl: string): Promise<CouponsSnapshot> {
  const [coupons, offers] = await Promise.all([
    CouponModel.find().lean<CouponRecord[]>(),
    CashbackOfferModel.find().lean<CashbackOfferRecord[]>(),
  ]);
  const entries = coupons.map((record) => couponEntry(trackingBaseUrl, record));
  return {
    coupons: [...entries].sort((a, b) => b.startMs - a.startMs || compareText(a.row._id, b.row._id)),
    couponsBySoonestStart: [...entries].sort((a, b) => a.startMs - b.startMs || compareText(a.row._id, b.row._id)),
    cashback: offers
      .map((record) => cashbackEntry(trackingBaseUrl, record))
      .sort(
        (a, b) =>
          compareText(a.row.advertiserName.toLowerCase(), b.row.advertiserName.toLowerCase()) ||
          compareText(a.country, b.country),
      ),
  };
}

/**
 * `trackingBaseUrl`: where the offers' links point (TRACKING_BASE_URL, this API's tracking redirect). `shelf`: the
 * snapshots other apps of the process hold, taken instead of loading the same revision again (SnapshotShelf).
 */
export function createCouponsSnapshots(
  log: (line: string) => void,
  trackingBaseUrl: string,
  shelf?: SnapshotShelf<CouponsSnapshot>,
): SnapshotCache<CouponsSnapshot> {
  return createSnapshotCache({
    load: () => loadCouponsSnapshot(trackingBaseUrl),
    shelf,
    readRevision: () => readSeedRevision(CATALOG_DATA_SET),
    log: (line) => log(`[coupons] ${line}`),
  });
}
