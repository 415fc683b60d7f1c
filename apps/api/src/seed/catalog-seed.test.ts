import mongoose from 'mongoose';
import { describe, expect, it, vi } from 'vitest';
import { addDays, COUNTRY_CODES, SEED_PROFILES, todayUtc } from '@publisher/contract';
import { MerchantModel } from '../catalog/merchant.model';
import { seedProfilePlan } from './seed-profiles';
import { PartnerMerchantModel } from '../catalog/partner-merchant.model';
import { ProductModel } from '../catalog/product.model';
import { CouponModel } from '../coupons/coupon.model';
import { CATALOG_DATA_SET, SEED_REVISIONS_COLLECTION, readSeedRevision } from '../shared/snapshot-cache';
import { useTestApp } from '../testing/test-app';
import { CATALOG_SIZES, generateCatalog, generateCoupons, slugify } from './catalog-generator';
import { seedCatalog } from './catalog-seed';
import { createRng } from './prng';

useTestApp();

const small = { ...CATALOG_SIZES.test, products: 400 };
const DAY_MS = 86_400_000;

/** Each coupon's start, by id. */
const startsOf = (coupons: readonly { _id: string; startsAt: Date }[]): Map<string, number> =>
  new Map(coupons.map((coupon) => [coupon._id, coupon.startsAt.getTime()]));
const storedStarts = async (): Promise<Map<string, number>> =>
  startsOf(await CouponModel.find({}, { startsAt: 1 }).lean());

/** The tests of a file share its database: forgets the revision and the coupons an earlier test seeded. */
async function forgetCoupons(): Promise<void> {
  await mongoose.connection.collection(SEED_REVISIONS_COLLECTION).deleteOne({ _id: CATALOG_DATA_SET } as never);
  await CouponModel.deleteMany({});
}

describe('generateCatalog', () => {
  it('is deterministic and never uses Math.random', () => {
    const random = vi.spyOn(Math, 'random');
    const first = generateCatalog({ size: small, anchorDate: '2026-03-01' });
    const second = generateCatalog({ size: small, anchorDate: '2026-03-01' });
    expect(random).not.toHaveBeenCalled();
    random.mockRestore();
    expect(second).toEqual(first);
  });

  it('keeps merchants stable when only the number of products changes', () => {
    const fewer = generateCatalog({ size: { ...small, products: 10 }, anchorDate: '2026-03-01' });
    const more = generateCatalog({ size: small, anchorDate: '2026-03-01' });
    expect(fewer.merchants).toEqual(more.merchants);
    expect(fewer.partnerMerchants).toEqual(more.partnerMerchants);
  });

  it('generates the coupons alone, and another anchor moves only their dates', () => {
    const coupons = generateCoupons({ size: small, anchorDate: '2026-03-01' });
    expect(coupons).toEqual(generateCatalog({ size: small, anchorDate: '2026-03-01' }).coupons);
    const later = generateCoupons({ size: small, anchorDate: '2026-03-11' });
    const shift = (date: Date): Date => new Date(date.getTime() + 10 * DAY_MS);
    expect(later).toEqual(
      coupons.map((coupon) => ({ ...coupon, startsAt: shift(coupon.startsAt), endsAt: shift(coupon.endsAt) })),
    );
  });

  it('builds the full catalog: thousands of merchants over 51 countries, tens of thousands of products', () => {
    const full = generateCatalog({ size: CATALOG_SIZES.full, anchorDate: '2026-03-01' });
    expect(full.products).toHaveLength(30_000);
    expect(full.merchants.length + full.partnerMerchants.length).toBeGreaterThan(5000);
    expect(full.coupons).toHaveLength(4000);
    expect(full.cashbackOffers).toHaveLength(1500);
    for (const source of ['newdashboard', 'doneoftheownou', 'shoppermeet', 'kelkoo'] as const) {
      const rows = full.partnerMerchants.filter((row) => row.source === source);
      expect(new Set(rows.map((row) => row.country)), source).toEqual(new Set(COUNTRY_CODES));
      for (const domain of ['nautica.com', 'samsclub.com', 'kohls.com'])
        expect(
          rows.some((row) => row.domain === domain),
          `${source} ${domain}`,
        ).toBe(true);
    }
    expect(full.merchants.slice(0, 3).map((merchant) => merchant.name)).toEqual(['Nautica', "Sam's Club", "Kohl's"]);
    expect(new Set(full.merchants.map((merchant) => merchant.slug)).size).toBe(full.merchants.length);
    const anchor = Date.parse('2026-03-01T00:00:00Z');
    expect(full.coupons.filter((coupon) => coupon.endsAt.getTime() < anchor).length).toBeGreaterThan(500);
    expect(full.coupons.filter((coupon) => coupon.startsAt.getTime() > anchor).length).toBeGreaterThan(500);
  });

  it('generates exactly what each seed profile plans, with unique ids', () => {
    for (const profile of SEED_PROFILES) {
      const size = seedProfilePlan(profile, 180).catalog;
      const catalog = generateCatalog({ size, anchorDate: '2026-03-01' });
      expect(catalog.products, profile).toHaveLength(size.products);
      expect(catalog.coupons, profile).toHaveLength(size.coupons);
      expect(catalog.cashbackOffers, profile).toHaveLength(size.cashbackOffers);
      for (const records of [catalog.products, catalog.coupons, catalog.cashbackOffers, catalog.merchants]) {
        expect(new Set(records.map((record) => record._id)).size, profile).toBe(records.length);
      }
    }
  });
});

describe('slugify and the PRNG', () => {
  it('makes logo-safe slugs', () => {
    expect(slugify("Sam's Club")).toBe('sams-club');
    expect(slugify('Books (and More)')).toBe('books-and-more');
    expect(slugify('Star*Bright Lighting')).toBe('star-bright-lighting');
    expect(slugify('***')).toBe('x');
  });

  it('repeats for a seed and differs between seeds and forks', () => {
    const draw = (seed: string) => {
      const rng = createRng(seed);
      return Array.from({ length: 5 }, () => rng.next());
    };
    expect(draw('a')).toEqual(draw('a'));
    expect(draw('a')).not.toEqual(draw('b'));
    const rng = createRng('a');
    expect(rng.fork('x').next()).not.toBe(rng.fork('y').next());
    for (let i = 0; i < 200; i += 1) {
      const value = rng.int(3, 7);
      expect(value).toBeGreaterThanOrEqual(3);
      expect(value).toBeLessThanOrEqual(7);
    }
  });
});

describe('seedCatalog', () => {
  it('inserts once, records a revision, and leaves everything alone on later runs', async () => {
    const generated = generateCatalog({ size: small, anchorDate: '2026-03-01' });
    const summary = await seedCatalog({ size: small, anchorDate: '2026-03-01' });
    expect(summary).toMatch(
      new RegExp(
        `^catalog: inserted ${generated.merchants.length} merchants, ${generated.partnerMerchants.length} partnerMerchants, .*400 products, .* in \\d+\\.\\d s$`,
      ),
    );
    const revision = await readSeedRevision(CATALOG_DATA_SET);
    expect(revision).toMatch(/^[0-9a-f]{16}$/);
    await MerchantModel.updateOne({ _id: '100001' }, { $set: { name: 'Edited' } });

    expect(await seedCatalog({ size: small, anchorDate: '2026-04-01' })).toBe(
      'catalog: already present (seeded 2026-03-01)',
    );
    expect(await readSeedRevision(CATALOG_DATA_SET)).toBe(revision);
    expect(await ProductModel.countDocuments()).toBe(400);
    expect((await MerchantModel.findById('100001').lean())?.name).toBe('Edited');
  });

  it('tops up only the missing records when the revision is gone, then records a new one', async () => {
    await seedCatalog({ size: small, anchorDate: '2026-03-01' });
    const before = await readSeedRevision(CATALOG_DATA_SET);
    await ProductModel.deleteMany({ _id: { $in: ['700000001', '700000002'] } });
    await CouponModel.deleteOne({ _id: 'c000001' });
    await mongoose.connection.collection(SEED_REVISIONS_COLLECTION).deleteOne({ _id: CATALOG_DATA_SET } as never);

    const summary = await seedCatalog({ size: small, anchorDate: '2026-03-01' });
    expect(summary).toMatch(
      /^catalog: inserted 0 merchants, 0 partnerMerchants, 0 categories, 2 products, 1 coupons, 0 cashbackOffers in /,
    );
    expect(await ProductModel.countDocuments()).toBe(400);
    expect(await PartnerMerchantModel.countDocuments()).toBe(
      generateCatalog({ size: small, anchorDate: '2026-03-01' }).partnerMerchants.length,
    );
    const after = await readSeedRevision(CATALOG_DATA_SET);
    expect(after).not.toBeNull();
    expect(after).not.toBe(before);
  });

  it('moves only the coupons to today once the stored anchor is more than a week old, then leaves them', async () => {
    const today = todayUtc();
    const old = addDays(today, -30);
    await forgetCoupons();
    await seedCatalog({ size: small, anchorDate: old });
    const seeded = await readSeedRevision(CATALOG_DATA_SET);
    await MerchantModel.updateOne({ _id: '100001' }, { $set: { name: 'Edited' } });
    expect(await storedStarts()).toEqual(startsOf(generateCoupons({ size: small, anchorDate: old })));

    // Following today: the coupons are rewritten around it, the rest is left alone.
    expect(await seedCatalog({ size: small })).toMatch(
      new RegExp(`^catalog: moved ${small.coupons} coupons from ${old} to ${today} in \\d+\\.\\d s$`),
    );
    const moved = await readSeedRevision(CATALOG_DATA_SET);
    expect(moved).toMatch(/^[0-9a-f]{16}$/);
    expect(moved).not.toBe(seeded);
    expect(await storedStarts()).toEqual(startsOf(generateCoupons({ size: small, anchorDate: today })));
    expect(await CouponModel.countDocuments()).toBe(small.coupons);
    expect((await MerchantModel.findById('100001').lean())?.name).toBe('Edited');
    expect(await ProductModel.countDocuments()).toBe(400);

    // The same anchor again, following today or given: nothing is rewritten.
    await CouponModel.updateOne({ _id: 'c000001' }, { $set: { couponTitle: 'Edited' } });
    expect(await seedCatalog({ size: small })).toBe(`catalog: already present (seeded ${today})`);
    expect(await seedCatalog({ size: small, anchorDate: today })).toBe(`catalog: already present (seeded ${today})`);
    expect(await readSeedRevision(CATALOG_DATA_SET)).toBe(moved);
    expect((await CouponModel.findById('c000001').lean())?.couponTitle).toBe('Edited');
  });

  it('keeps a stored anchor up to a week old', async () => {
    const recent = addDays(todayUtc(), -7);
    await forgetCoupons();
    await seedCatalog({ size: small, anchorDate: recent });
    const revision = await readSeedRevision(CATALOG_DATA_SET);
    expect(await seedCatalog({ size: small })).toBe(`catalog: already present (seeded ${recent})`);
    expect(await readSeedRevision(CATALOG_DATA_SET)).toBe(revision);
    expect(await storedStarts()).toEqual(startsOf(generateCoupons({ size: small, anchorDate: recent })));
  });

  it('lays the coupons out anew when a new generator version or size is seeded over another anchor', async () => {
    const today = todayUtc();
    const old = addDays(today, -3);
    await forgetCoupons();
    await seedCatalog({ size: small, anchorDate: old });
    const bigger = { ...small, products: 401 };
    expect(await seedCatalog({ size: bigger })).toMatch(
      new RegExp(`^catalog: inserted 0 merchants, .* 1 products, ${small.coupons} coupons, 0 cashbackOffers in `),
    );
    expect(await storedStarts()).toEqual(startsOf(generateCoupons({ size: bigger, anchorDate: today })));
  });
});
