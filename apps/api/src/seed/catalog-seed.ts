import { createHash } from 'node:crypto';
import mongoose, { type Model } from 'mongoose';
import { CategoryModel } from '../catalog/category.model';
import { MerchantModel } from '../catalog/merchant.model';
import { PartnerMerchantModel } from '../catalog/partner-merchant.model';
import { ProductModel } from '../catalog/product.model';
import { CashbackOfferModel } from '../coupons/cashback-offer.model';
import { CouponModel } from '../coupons/coupon.model';
import { CATALOG_DATA_SET, SEED_REVISIONS_COLLECTION } from '../shared/snapshot-cache';
import {
  CATALOG_GENERATOR_VERSION,
  CATALOG_SIZES,
  generateCatalog,
  type CatalogSize,
  type GeneratedCatalog,
} from './catalog-generator';

export interface CatalogSeedOptions {
  size?: CatalogSize;
  /** Day the coupon dates are laid out around (YYYY-MM-DD); default today (UTC). */
  anchorDate?: string;
}

interface RevisionDocument {
  _id: string;
  revision: string;
  /** Generator version and size: a database seeded with the same key is complete. */
  key: string;
  anchorDate: string;
  counts: Record<string, number>;
  seededAt: Date;
}

const BATCH = 1000;

function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

function digest(value: unknown): string {
  return createHash('sha1').update(JSON.stringify(value)).digest('hex').slice(0, 16);
}

/** Inserts the records whose _id is missing, in batches; returns how many were inserted. */
async function insertMissing<T extends { _id: string }>(model: Model<T>, records: readonly T[]): Promise<number> {
  const collection = model.collection;
  const existing =
    (await collection.estimatedDocumentCount()) === 0
      ? new Set<string>()
      : new Set(
          (await collection.find({}, { projection: { _id: 1 } }).toArray()).map((document) => String(document._id)),
        );
  const missing = records.filter((record) => !existing.has(record._id));
  // The raw driver skips mongoose's per-document casting: the generator already writes the exact shapes.
  for (let start = 0; start < missing.length; start += BATCH) {
    await collection.insertMany(missing.slice(start, start + BATCH) as never[], { ordered: false });
  }
  return missing.length;
}

/**
 * Writes the deterministic catalog. Idempotent: when the revision document says this generator version and
 * size were seeded, nothing is read or written; otherwise only missing records are inserted, and the
 * revision document is written last so that the read models reload once the data is complete.
 */
export async function seedCatalog(options: CatalogSeedOptions = {}): Promise<string> {
  const size = options.size ?? CATALOG_SIZES.full;
  const anchorDate = options.anchorDate ?? todayUtc();
  const key = `v${CATALOG_GENERATOR_VERSION}:${digest(size)}`;
  const revisions = mongoose.connection.collection<RevisionDocument>(SEED_REVISIONS_COLLECTION);
  const recorded = await revisions.findOne({ _id: CATALOG_DATA_SET });
  if (recorded?.key === key) {
    return `catalog: already present (seeded ${recorded.anchorDate})`;
  }

  const started = performance.now();
  const catalog: GeneratedCatalog = generateCatalog({ size, anchorDate });
  const inserted = {
    merchants: await insertMissing(MerchantModel, catalog.merchants),
    partnerMerchants: await insertMissing(PartnerMerchantModel, catalog.partnerMerchants),
    categories: await insertMissing(CategoryModel, catalog.categories),
    products: await insertMissing(ProductModel, catalog.products),
    coupons: await insertMissing(CouponModel, catalog.coupons),
    cashbackOffers: await insertMissing(CashbackOfferModel, catalog.cashbackOffers),
  };
  const counts = Object.fromEntries(
    Object.entries(catalog).map(([name, records]) => [name, (records as unknown[]).length]),
  );
  await revisions.updateOne(
    { _id: CATALOG_DATA_SET },
    { $set: { revision: digest({ key, anchorDate, at: Date.now() }), key, anchorDate, counts, seededAt: new Date() } },
    { upsert: true },
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const parts = Object.entries(inserted).map(([name, count]) => `${count} ${name}`);
  return `catalog: inserted ${parts.join(', ')} in ${seconds} s`;
}
