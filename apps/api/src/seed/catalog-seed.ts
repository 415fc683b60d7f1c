import { createHash } from 'node:crypto';
import type { Model } from 'mongoose';
import { CategoryModel } from '../catalog/category.model';
import { MerchantModel } from '../catalog/merchant.model';
import { PartnerMerchantModel } from '../catalog/partner-merchant.model';
import { ProductModel } from '../catalog/product.model';
import { CashbackOfferModel } from '../coupons/cashback-offer.model';
import { CouponModel } from '../coupons/coupon.model';
import { daysBetween, todayUtc } from '@publisher/contract';
import { inExclusiveBatches } from '../shared/db-limits';
import { CATALOG_DATA_SET, SEED_REVISIONS_COLLECTION } from '../shared/snapshot-cache';
import {
  CATALOG_GENERATOR_VERSION,
  CATALOG_SIZES,
  generateCatalog,
  generateCoupons,
  type CatalogSize,
  type GeneratedCatalog,
} from './catalog-generator';
import { currentConnection } from '../shared/tenant';

export interface CatalogSeedOptions {
  size?: CatalogSize;
  /**
   * Day the coupon dates are laid out around (YYYY-MM-DD). Given, it pins the dates: a database already seeded
   * with this generator version and size keeps its anchor. Absent, the anchor is today (UTC), and the stored
   * coupons follow it (see COUPON_REFRESH_DAYS).
   */
  anchorDate?: string;
}

interface RevisionDocument {
  _id: string;
  revision: string;
  /** Generator version and size: a database seeded with the same key is complete. */
  key: string;
  /** The day the stored coupons are laid out around. */
  anchorDate: string;
  seededAt: Date;
}

/**
 * Coupons run from 150 days before their anchor to 45 days after it, so a database seeded long ago ends up
 * with no future and then no running coupons. A seed following today moves them once the stored anchor is
 * more than this many days old.
 */
const COUPON_REFRESH_DAYS = 7;

function digest(value: unknown): string {
  return createHash('sha1').update(JSON.stringify(value)).digest('hex').slice(0, 16);
}

/**
 * A model as these helpers use it: its raw collection only. Taken as `Model<T>` whole, whether a model with its
 * `id` virtual fits depended on the order tsc met mongoose's types in (it broke when app-state.ts was added).
 */
type RawModel<T> = Pick<Model<T>, 'collection'>;

/** Inserts the records in batches; the raw driver skips mongoose's casting (the generator writes the exact shapes). */
async function insertAll<T extends { _id: string }>(model: RawModel<T>, records: readonly T[]): Promise<void> {
  await inExclusiveBatches(records, (batch) => model.collection.insertMany(batch as never[], { ordered: false }));
}

/** Inserts the records whose _id is missing, in batches; returns how many were inserted. */
async function insertMissing<T extends { _id: string }>(model: RawModel<T>, records: readonly T[]): Promise<number> {
  const collection = model.collection;
  const existing =
    (await collection.estimatedDocumentCount()) === 0
      ? new Set<string>()
      : new Set(
          (await collection.find({}, { projection: { _id: 1 } }).toArray()).map((document) => String(document._id)),
        );
  const missing = records.filter((record) => !existing.has(record._id));
  await insertAll(model, missing);
  return missing.length;
}

/** Writes the records over the stored ones with the same _ids (missing ones are inserted); returns how many. */
async function replaceAll<T extends { _id: string }>(model: RawModel<T>, records: readonly T[]): Promise<number> {
  await inExclusiveBatches(records, (batch) =>
    model.collection.deleteMany({ _id: { $in: batch.map((record) => record._id) } } as never),
  );
  await insertAll(model, records);
  return records.length;
}

/** Records a completely written catalog; written last, so that the read models reload once the data is complete. */
async function recordRevision(key: string, anchorDate: string): Promise<void> {
  await currentConnection()
    .collection<RevisionDocument>(SEED_REVISIONS_COLLECTION)
    .updateOne(
      { _id: CATALOG_DATA_SET },
      { $set: { revision: digest({ key, anchorDate, at: Date.now() }), key, anchorDate, seededAt: new Date() } },
      { upsert: true },
    );
}

function secondsSince(started: number): string {
  return ((performance.now() - started) / 1000).toFixed(1);
}

/**
 * Writes the deterministic catalog. Idempotent: when the revision document says this generator version and
 * size were seeded, nothing else is read or written, except that coupons laid out around an anchor more than
 * COUPON_REFRESH_DAYS old are moved to today's (when no anchor is given). Otherwise only missing records are
 * inserted. The revision document is written last, so that the read models reload once the data is complete.
 */
export async function seedCatalog(options: CatalogSeedOptions = {}): Promise<string> {
  const size = options.size ?? CATALOG_SIZES.full;
  const anchorDate = options.anchorDate ?? todayUtc();
  const key = `v${CATALOG_GENERATOR_VERSION}:${digest(size)}`;
  const recorded = await currentConnection()
    .collection<RevisionDocument>(SEED_REVISIONS_COLLECTION)
    .findOne({ _id: CATALOG_DATA_SET });
  const started = performance.now();

  if (recorded?.key === key) {
    const isPinned = options.anchorDate !== undefined;
    // False for an unreadable stored anchor too: the coupons are then rewritten.
    const isRecent = daysBetween(recorded.anchorDate, anchorDate) <= COUPON_REFRESH_DAYS;
    if (isPinned || isRecent) return `catalog: already present (seeded ${recorded.anchorDate})`;
    // Only the coupons depend on the anchor.
    const moved = await replaceAll(CouponModel, generateCoupons({ size, anchorDate }));
    await recordRevision(key, anchorDate);
    return `catalog: moved ${moved} coupons from ${recorded.anchorDate} to ${anchorDate} in ${secondsSince(started)} s`;
  }

  const catalog: GeneratedCatalog = generateCatalog({ size, anchorDate });
  // Stored coupons laid out around another anchor are rewritten, so that the recorded anchor tells the truth.
  const couponsAreOff = recorded !== null && recorded.anchorDate !== anchorDate;
  const inserted = {
    merchants: await insertMissing(MerchantModel, catalog.merchants),
    partnerMerchants: await insertMissing(PartnerMerchantModel, catalog.partnerMerchants),
    categories: await insertMissing(CategoryModel, catalog.categories),
    products: await insertMissing(ProductModel, catalog.products),
    coupons: couponsAreOff
      ? await replaceAll(CouponModel, catalog.coupons)
      : await insertMissing(CouponModel, catalog.coupons),
    cashbackOffers: await insertMissing(CashbackOfferModel, catalog.cashbackOffers),
  };
  await recordRevision(key, anchorDate);
  const parts = Object.entries(inserted).map(([name, count]) => `${count} ${name}`);
  return `catalog: inserted ${parts.join(', ')} in ${secondsSince(started)} s`;
}
