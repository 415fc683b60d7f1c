import {
  COUNTRY_CODES,
  COUPON_TRACKING_PLACEHOLDER,
  COUPON_TYPES,
  TRACKING_LINK_PLACEHOLDERS,
  type CommissionDetail,
  type CountryCode,
  type CouponType,
  type DEEPLINK3_REDIRECT_PLACEHOLDERS,
  type DEEPLINK4_REDIRECT_PLACEHOLDERS,
} from '@publisher/contract';
import type { CategoryRecord } from '../catalog/category.model';
import type { MerchantRecord } from '../catalog/merchant.model';
import type { PartnerMerchantRecord, PartnerSource } from '../catalog/partner-merchant.model';
import type { ProductRecord } from '../catalog/product.model';
import type { CashbackOfferRecord } from '../coupons/cashback-offer.model';
import type { CouponRecord } from '../coupons/coupon.model';
import {
  CASHBACK_OFFER_NAMES,
  CATEGORY_TREE,
  COUPON_CODE_WORDS,
  LEAF_QUALIFIERS,
  MANUFACTURER_SYLLABLES,
  MERCHANT_NAME_HEADS,
  MERCHANT_NAME_TAILS,
  NAMED_MERCHANTS,
  PRODUCT_ADJECTIVES,
  PRODUCT_COLOURS,
  PRODUCT_TITLE_ENDINGS,
} from './catalog-words';
import { createRng, type Rng } from './prng';

/**
 * The deterministic catalog: merchants of every source, the category tree, products, coupons and cashback
 * offers. Pure: the same size and anchor date give the same records on every machine. Each kind of record
 * draws from its own random stream, so changing the number of products leaves merchants and coupons alone.
 */

/** Bump when the generated content changes, so that existing databases are topped up. */
export const CATALOG_GENERATOR_VERSION = 1;

export interface CatalogSize {
  connexityMerchants: number;
  partnerMerchants: Record<PartnerSource, number>;
  products: number;
  coupons: number;
  cashbackOffers: number;
}

export const CATALOG_SIZES = {
  /** What `npm start` and `npm run seed` write. */
  full: {
    connexityMerchants: 600,
    partnerMerchants: { newdashboard: 1500, doneoftheownou: 1000, shoppermeet: 1000, kelkoo: 1200 },
    products: 30_000,
    coupons: 4000,
    cashbackOffers: 1500,
  },
  /** Tests: enough products to reach the 10000 search window, the rest small. */
  test: {
    connexityMerchants: 60,
    partnerMerchants: { newdashboard: 150, doneoftheownou: 110, shoppermeet: 110, kelkoo: 120 },
    products: 10_500,
    coupons: 400,
    cashbackOffers: 150,
  },
} as const satisfies Record<string, CatalogSize>;

export interface GeneratedCatalog {
  merchants: MerchantRecord[];
  partnerMerchants: PartnerMerchantRecord[];
  categories: CategoryRecord[];
  products: ProductRecord[];
  coupons: CouponRecord[];
  cashbackOffers: CashbackOfferRecord[];
}

export interface GenerateOptions {
  size: CatalogSize;
  /** Coupon dates are laid out around this day (YYYY-MM-DD, UTC): some expired, some running, some future. */
  anchorDate: string;
}

/**
 * The host of the seeded coupons' and cashback offers' stored links: a reserved test domain, never resolved. The
 * lists do not answer them: they answer links on this API's tracking host (coupons.read-model.ts `offerLink`,
 * catalog.service.ts for products), which TRACKING_BASE_URL configures per deployment.
 */
export const TRACKING_HOST = 'https://go.publisher-portal.test';

/**
 * The query of a `redirect_link` template: each placeholder of the contract as the value of its parameter, in
 * the order given. Typed by the contract's list, so a template names every placeholder exactly once.
 */
function redirectQuery<Placeholder extends string>(parameters: Record<Placeholder, string>): string {
  return Object.entries<string>(parameters)
    .map(([placeholder, parameter]) => `${parameter}=${placeholder}`)
    .join('&');
}

/** API 3 (doneoftheownou): follows the offer id. */
const DEEPLINK3_REDIRECT_QUERY = redirectQuery<(typeof DEEPLINK3_REDIRECT_PLACEHOLDERS)[number]>({
  CLICK_ID: 'aff_click_id',
  SUB_ID: 'aff_sub',
  LINK: 'url',
});

/** API 4 (shoppermeet): the same for every merchant. */
const DEEPLINK4_REDIRECT_QUERY = redirectQuery<(typeof DEEPLINK4_REDIRECT_PLACEHOLDERS)[number]>({
  MERCHANTS_ID: 'merchant_id',
  MARCHANT_DOMAIN: 'domain',
  COUNTRY_CODE: 'country',
  IP: 'ip',
  USER_AGENT: 'ua',
  CLICK_ID: 'click_id',
  SUB_ID: 'sub_id',
});

const DAY_MS = 86_400_000;

const round2 = (value: number): number => Math.round(value * 100) / 100;
const round4 = (value: number): number => Math.round(value * 10_000) / 10_000;

/** Lower-case, dash-separated, apostrophes dropped: "Sam's Club" -> "sams-club". */
export function slugify(text: string): string {
  const slug = text
    .toLowerCase()
    .replace(/['\u2019]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug === '' ? 'x' : slug;
}

const COUNTRY_WEIGHTS: readonly number[] = COUNTRY_CODES.map(
  (code) => ({ us: 14, gb: 6, de: 5, fr: 5, ca: 4, au: 4, it: 3, es: 3, nl: 3 })[code as string] ?? 1,
);

const SECOND_LEVEL_TLDS: Partial<Record<CountryCode, string>> = {
  us: '.com',
  gb: '.co.uk',
  au: '.com.au',
  jp: '.co.jp',
  kr: '.co.kr',
  nz: '.co.nz',
  za: '.co.za',
  br: '.com.br',
  ar: '.com.ar',
  mx: '.com.mx',
};
const tldOf = (country: CountryCode): string => SECOND_LEVEL_TLDS[country] ?? `.${country}`;

/** A merchant with what the generator needs beyond its record. */
interface MerchantPlan {
  record: MerchantRecord;
  isActive: boolean;
  /** Top-level category names it sells in. */
  topCategories: readonly string[];
}

interface LeafPlan {
  id: string;
  /** Singular product noun of its sub-category. */
  noun: string;
  topName: string;
  /** The leaf, its sub-category and its top-level category. */
  path: string[];
  hasProducts: boolean;
}

function buildCategories(): { records: CategoryRecord[]; leaves: LeafPlan[] } {
  const records: CategoryRecord[] = [];
  const leaves: LeafPlan[] = [];
  CATEGORY_TREE.forEach((top, t) => {
    const topId = (t + 1) * 10_000;
    records.push({ _id: String(topId), name: top.name, parentId: null, position: t });
    top.subs.forEach(([subName, noun], s) => {
      const subId = topId + (s + 1) * 100;
      records.push({ _id: String(subId), name: subName, parentId: String(topId), position: s });
      if (!top.hasProducts) return;
      LEAF_QUALIFIERS.forEach((qualifier, k) => {
        const leafId = subId + k + 1;
        records.push({ _id: String(leafId), name: `${qualifier} ${subName}`, parentId: String(subId), position: k });
        // Every eleventh leaf stays empty, so that "active" is a real distinction below the top level too.
        const hasProducts = leaves.length % 11 !== 10;
        leaves.push({
          id: String(leafId),
          noun,
          topName: top.name,
          path: [String(leafId), String(subId), String(topId)],
          hasProducts,
        });
      });
    });
  });
  return { records, leaves };
}

const SELLING_TOPS = CATEGORY_TREE.filter((top) => top.hasProducts).map((top) => top.name);

function uniqueNames(rng: Rng): string[] {
  const names: string[] = [];
  for (const head of MERCHANT_NAME_HEADS) for (const tail of MERCHANT_NAME_TAILS) names.push(`${head} ${tail}`);
  return rng.shuffle(names);
}

function buildMerchants(rng: Rng, count: number): MerchantPlan[] {
  const plans: MerchantPlan[] = [];
  const generated = uniqueNames(rng);
  for (let i = 0; i < count; i += 1) {
    const named = NAMED_MERCHANTS[i];
    const name = named?.name ?? generated[i - NAMED_MERCHANTS.length] ?? `Merchant ${i}`;
    const slug = slugify(name);
    const domain = named?.domain ?? `${slug.replace(/-/g, '')}.com`;
    const mid = String(100_001 + i);
    const topCategories = named ? named.topCategories : rng.shuffle(SELLING_TOPS).slice(0, rng.int(1, 2));
    plans.push({
      record: {
        _id: mid,
        name,
        slug,
        domain,
        url: `https://shop.connexity.test/stores/${slug}-${mid}`,
        merchantUrl: `https://www.${domain}`,
        hasCpa: i === 0 || rng.chance(0.4),
      },
      isActive: named !== undefined || rng.chance(0.85),
      topCategories,
    });
  }
  return plans;
}

function buildManufacturers(rng: Rng, count: number): string[] {
  const names = new Set<string>();
  while (names.size < count) {
    const word = Array.from({ length: rng.int(2, 3) }, () => rng.pick(MANUFACTURER_SYLLABLES)).join('');
    names.add(word.charAt(0).toUpperCase() + word.slice(1));
  }
  return [...names];
}

/** A skewed pick: early items are chosen far more often, like a real catalog's big merchants. */
function skewedPick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(items.length * rng.next() ** 2)];
  return item ?? rng.pick(items);
}

function leavesFor(plan: MerchantPlan, leaves: readonly LeafPlan[]): LeafPlan[] {
  const own = leaves.filter((leaf) => leaf.hasProducts && plan.topCategories.includes(leaf.topName));
  return own.length > 0 ? own : leaves.filter((leaf) => leaf.hasProducts);
}

function priceBetween(rng: Rng, min: number, max: number): number {
  const value = Math.exp(Math.log(min) + rng.next() * (Math.log(max) - Math.log(min)));
  return rng.chance(0.6) ? Math.floor(value) + 0.99 : round2(value);
}

function buildProducts(
  rng: Rng,
  count: number,
  merchants: readonly MerchantPlan[],
  leaves: readonly LeafPlan[],
): ProductRecord[] {
  const active = merchants.filter((plan) => plan.isActive);
  if (active.length === 0) return [];
  const bySize = rng.shuffle(active);
  const manufacturers = buildManufacturers(rng.fork('manufacturers'), 300);
  const leafChoices = new Map(active.map((plan) => [plan.record._id, leavesFor(plan, leaves)]));
  const products: ProductRecord[] = [];
  for (let i = 0; i < count; i += 1) {
    // Every active merchant gets at least one product; the rest follow a skewed distribution.
    const plan = i < active.length ? (active[i] as MerchantPlan) : skewedPick(rng, bySize);
    const leaf = rng.pick(leafChoices.get(plan.record._id) ?? []);
    const manufacturer = plan.record.name === 'Nautica' ? 'Nautica' : rng.pick(manufacturers);
    const colour = rng.chance(0.5) ? ` ${rng.pick(PRODUCT_COLOURS)}` : '';
    const ending = rng.chance(0.06) ? rng.pick(PRODUCT_TITLE_ENDINGS) : '';
    const title = `${manufacturer} ${rng.pick(PRODUCT_ADJECTIVES)}${colour} ${leaf.noun}${ending}`;
    const price = priceBetween(rng, 4, 1800);
    const id = String(700_000_001 + i);
    products.push({
      _id: id,
      title,
      manufacturer,
      price,
      originalPrice: rng.chance(0.3) ? round2(price * rng.float(1.1, 1.7)) : price,
      merchantId: plan.record._id,
      categoryId: leaf.id,
      landingUrl: `https://www.${plan.record.domain}/p/${slugify(title)}-${id}`,
    });
  }
  return products;
}

interface Brand {
  name: string;
  domainBase: string;
  /** Keeps its .com domain in every country (the named global merchants). */
  isGlobal: boolean;
  countries: CountryCode[];
}

function buildBrands(rng: Rng, rows: number): Brand[] {
  const brands: Brand[] = NAMED_MERCHANTS.map((named, index) => ({
    name: named.name,
    domainBase: named.domain,
    isGlobal: true,
    countries: index === 0 ? ['us', 'gb', 'ca'] : ['us'],
  }));
  const names = uniqueNames(rng);
  let used = brands.reduce((sum, brand) => sum + brand.countries.length, 0);
  let next = 0;
  const newBrand = (countries: CountryCode[]): Brand => {
    const name = names[next] ?? `Partner ${next}`;
    next += 1;
    return { name, domainBase: slugify(name).replace(/-/g, ''), isGlobal: false, countries };
  };
  // One brand at home in each country first, so every country has merchants.
  for (const country of COUNTRY_CODES) {
    if (used >= rows) break;
    brands.push(newBrand([country]));
    used += 1;
  }
  while (used < rows) {
    const wanted = Math.min(rows - used, rng.int(1, 5));
    const countries = new Set<CountryCode>();
    while (countries.size < wanted) countries.add(rng.weighted(COUNTRY_CODES, COUNTRY_WEIGHTS));
    brands.push(newBrand([...countries]));
    used += countries.size;
  }
  return brands;
}

function buildPartnerMerchants(rng: Rng, source: PartnerSource, rows: number): PartnerMerchantRecord[] {
  const records: PartnerMerchantRecord[] = [];
  buildBrands(rng, rows).forEach((brand, brandIndex) => {
    const offerId = 5001 + brandIndex;
    const merchantId = String(40_001 + brandIndex);
    // CPC only, CPA only or both (API 2).
    const payModel = rng.weighted(['cpc', 'cpa', 'both'] as const, [50, 25, 25]);
    for (const country of brand.countries) {
      if (records.length >= rows) return;
      const domain = brand.isGlobal ? brand.domainBase : `${brand.domainBase}${tldOf(country)}`;
      const base = { _id: `${source}-${country}-${brandIndex}`, source, country, name: brand.name, domain };
      switch (source) {
        case 'newdashboard':
          records.push({
            ...base,
            aveCpc: payModel === 'cpa' ? 0 : round4(rng.float(0.05, 1.8)),
            aveCpaRate: payModel === 'cpc' ? 0 : round2(rng.float(1, 15)),
          });
          break;
        case 'doneoftheownou':
          records.push({
            ...base,
            isDeeplink: rng.chance(0.75),
            redirectLink: `https://track.doneoftheownou.test/click?offer_id=${offerId}&${DEEPLINK3_REDIRECT_QUERY}`,
            trackingLink: `https://doneoftheownou.trackier.test/click?campaign_id=${offerId}&pub_id=${TRACKING_LINK_PLACEHOLDERS.placementId}&click_id=${TRACKING_LINK_PLACEHOLDERS.clickId}`,
          });
          break;
        case 'shoppermeet':
          records.push({
            ...base,
            merchantId,
            avgPayoutCommission: round2(rng.float(2, 20)),
            redirectLink: `https://go.shoppermeet.test/redirect?${DEEPLINK4_REDIRECT_QUERY}`,
            trackingLink: `https://shoppermeet.trackier.test/click?campaign_id=${merchantId}&p1=${TRACKING_LINK_PLACEHOLDERS.placementId}&p2=${TRACKING_LINK_PLACEHOLDERS.clickId}`,
          });
          break;
        case 'kelkoo':
          records.push({ ...base, url: `https://www.${domain}`, estimatedCpc: round4(rng.float(0.03, 1.2)) });
          break;
      }
    }
  });
  return records;
}

function couponText(rng: Rng, type: CouponType, leaf: LeafPlan, price: number): { code: string; title: string } {
  const percent = rng.pick([10, 15, 20, 25, 30, 40, 50]);
  const threshold = rng.pick([25, 35, 50, 75, 100]);
  const code = `${rng.pick(COUPON_CODE_WORDS)}${rng.int(5, 60)}`;
  switch (type) {
    case 'Code':
      return rng.chance(0.5)
        ? { code, title: `${percent}% off ${leaf.topName}` }
        : { code, title: `$${rng.pick([5, 10, 15, 20])} off orders over $${threshold}` };
    case 'Free Shipping':
      return { code: `SHIP${rng.int(10, 99)}`, title: `Free shipping on orders over $${threshold}` };
    case 'Deal':
      return { code: '', title: `${leaf.noun} from $${price.toFixed(2)}` };
    case 'Sale':
      return { code: '', title: `Up to ${percent}% off ${leaf.topName}` };
    case 'Clearance':
      return { code: '', title: `Clearance: extra ${percent}% off` };
  }
}

function buildCoupons(
  rng: Rng,
  count: number,
  merchants: readonly MerchantPlan[],
  leaves: readonly LeafPlan[],
  anchorMs: number,
): CouponRecord[] {
  const named = merchants.slice(0, NAMED_MERCHANTS.length);
  const others = merchants.slice(NAMED_MERCHANTS.length).filter(() => rng.chance(0.4));
  const issuers = [...named, ...rng.shuffle(others)];
  if (issuers.length === 0) return [];
  const coupons: CouponRecord[] = [];
  for (let i = 0; i < count; i += 1) {
    const plan = i < issuers.length ? (issuers[i] as MerchantPlan) : skewedPick(rng, issuers);
    const leaf = rng.pick(leavesFor(plan, leaves));
    const type = rng.weighted(COUPON_TYPES, [40, 25, 15, 12, 8]);
    const price = priceBetween(rng, 5, 800);
    const { code, title } = couponText(rng, type, leaf, price);
    const startsAt = anchorMs + rng.int(-150, 45) * DAY_MS;
    const endsAt = startsAt + rng.int(7, 120) * DAY_MS - 1000;
    const id = `c${String(i + 1).padStart(6, '0')}`;
    coupons.push({
      _id: id,
      couponCode: code,
      domainName: plan.record.domain,
      storeName: plan.record.name,
      startsAt: new Date(startsAt),
      endsAt: new Date(endsAt),
      couponTitle: title,
      jumpUrl: `${TRACKING_HOST}/coupon?cid=${id}&subid=${COUPON_TRACKING_PLACEHOLDER}`,
      type,
      categoryId: leaf.id,
      categoryPath: leaf.path,
      price,
    });
  }
  return coupons;
}

function commissionDetails(rng: Rng): CommissionDetail[] {
  const details: CommissionDetail[] = [
    {
      commissionType: 'PERCENTAGE',
      commission: round2(rng.float(2, 12)),
      offerName: 'Default commission',
      offerType: 'CPS',
    },
  ];
  for (const offerName of rng.shuffle(CASHBACK_OFFER_NAMES).slice(0, rng.int(0, 2))) {
    details.push({ commissionType: 'PERCENTAGE', commission: round2(rng.float(1, 18)), offerName, offerType: 'CPS' });
  }
  if (rng.chance(0.3))
    details.push({
      commissionType: 'FLAT',
      commission: round2(rng.float(1, 6)),
      offerName: 'Newsletter sign-up',
      offerType: 'CPL',
    });
  if (rng.chance(0.2))
    details.push({
      commissionType: 'FLAT',
      commission: round2(rng.float(0.5, 3)),
      offerName: 'App install',
      offerType: 'CPA',
    });
  return details;
}

function buildCashbackOffers(rng: Rng, count: number, merchants: readonly MerchantPlan[]): CashbackOfferRecord[] {
  const offers: CashbackOfferRecord[] = [];
  const advertisers = [
    ...merchants.slice(0, NAMED_MERCHANTS.length),
    ...rng.shuffle(merchants.slice(NAMED_MERCHANTS.length)),
  ];
  const offer = (plan: MerchantPlan, country: CountryCode): CashbackOfferRecord => {
    const details = commissionDetails(rng);
    const best = Math.max(
      ...details.filter((detail) => detail.commissionType === 'PERCENTAGE').map((detail) => detail.commission),
    );
    const id = `cb-${plan.record._id}-${country}`;
    return {
      _id: id,
      advertiserName: plan.record.name,
      domain: plan.record.domain,
      categories: [...plan.topCategories],
      commission: `Up to ${best}%`,
      commissionDetail: details,
      commissionUrl: `https://www.${plan.record.domain}/affiliate-program`,
      country,
      deeplinkUrl: `${TRACKING_HOST}/cashback?aid=${id}&subid=${COUPON_TRACKING_PLACEHOLDER}`,
    };
  };
  const taken = new Map<MerchantPlan, Set<CountryCode>>();
  for (const [index, plan] of advertisers.entries()) {
    if (offers.length >= count) break;
    const countries = new Set<CountryCode>(index === 0 ? ['us', 'gb'] : []);
    const wanted = index === 0 ? 2 : rng.int(1, 5);
    while (countries.size < wanted) countries.add(rng.weighted(COUNTRY_CODES, COUNTRY_WEIGHTS));
    taken.set(plan, countries);
    for (const country of countries) {
      if (offers.length >= count) break;
      offers.push(offer(plan, country));
    }
  }
  // A plan for more offers than one to five countries per advertiser give (the large profile): further countries
  // of the same advertisers, in the same order, until the plan is met or every pair is used.
  for (const country of COUNTRY_CODES) {
    for (const plan of advertisers) {
      if (offers.length >= count) return offers;
      const countries = taken.get(plan) ?? new Set<CountryCode>();
      if (countries.has(country)) continue;
      countries.add(country);
      taken.set(plan, countries);
      offers.push(offer(plan, country));
    }
  }
  return offers;
}

function anchorMsOf(anchorDate: string): number {
  const anchorMs = Date.parse(`${anchorDate}T00:00:00Z`);
  if (Number.isNaN(anchorMs)) throw new Error(`anchorDate must be YYYY-MM-DD, got ${anchorDate}`);
  return anchorMs;
}

/** The root stream, the merchants and the categories: what the other kinds of record are drawn around. */
function planCatalog(size: CatalogSize): {
  root: Rng;
  merchantPlans: MerchantPlan[];
  categories: CategoryRecord[];
  leaves: LeafPlan[];
} {
  const root = createRng('publisher-portal-catalog');
  // Advertisers of coupons and cashback must exist even in a catalog asked for few merchants.
  const merchantPlans = buildMerchants(
    root.fork('merchants'),
    Math.max(size.connexityMerchants, NAMED_MERCHANTS.length),
  );
  const { records: categories, leaves } = buildCategories();
  return { root, merchantPlans, categories, leaves };
}

/** Builds every catalog record. Pure and deterministic. */
export function generateCatalog({ size, anchorDate }: GenerateOptions): GeneratedCatalog {
  const anchorMs = anchorMsOf(anchorDate);
  const { root, merchantPlans, categories, leaves } = planCatalog(size);
  return {
    merchants: merchantPlans.map((plan) => plan.record),
    partnerMerchants: (Object.keys(size.partnerMerchants) as PartnerSource[]).flatMap((source) =>
      buildPartnerMerchants(root.fork(`partners:${source}`), source, size.partnerMerchants[source]),
    ),
    categories,
    products: buildProducts(root.fork('products'), size.products, merchantPlans, leaves),
    coupons: buildCoupons(root.fork('coupons'), size.coupons, merchantPlans, leaves, anchorMs),
    cashbackOffers: buildCashbackOffers(root.fork('cashback'), size.cashbackOffers, merchantPlans),
  };
}

/**
 * The coupons of generateCatalog alone, without building the rest: the only records that depend on the
 * anchor date (they differ between anchors by their dates only).
 */
export function generateCoupons({ size, anchorDate }: GenerateOptions): CouponRecord[] {
  const anchorMs = anchorMsOf(anchorDate);
  const { root, merchantPlans, leaves } = planCatalog(size);
  return buildCoupons(root.fork('coupons'), size.coupons, merchantPlans, leaves, anchorMs);
}

/** A merchant as a report names it, and as its source's merchant list shows it. */
export interface CatalogMerchantIdentity {
  name: string;
  domain: string;
  /** Lower-case country code of its list row ('us' for the connexity merchants, whose list has no country). */
  country: CountryCode;
  /** A top-level category it sells in (drawn from the selling ones for partner brands, which have none). */
  category: string;
}

export type CatalogMerchantSource = 'connexity' | PartnerSource;

/**
 * The merchants of each source's list that every catalog this repo seeds holds: those of the smallest size
 * (CATALOG_SIZES.test). A larger catalog only extends each list (merchants are drawn one after another from the
 * same streams), so these are in the full catalog too. The report simulator names only these merchants, so a
 * report row can always be found in its source's merchant list. Pure and deterministic.
 */
export function catalogMerchantIdentities(): Record<CatalogMerchantSource, CatalogMerchantIdentity[]> {
  const size = CATALOG_SIZES.test;
  const { root, merchantPlans } = planCatalog(size);
  const topsOf = new Map<string, readonly string[]>(NAMED_MERCHANTS.map((named) => [named.name, named.topCategories]));
  const categoryOf = (name: string): string =>
    topsOf.get(name)?.[0] ?? createRng(`report-category/${name}`).pick(SELLING_TOPS);
  const partners = (source: PartnerSource): CatalogMerchantIdentity[] =>
    buildPartnerMerchants(root.fork(`partners:${source}`), source, size.partnerMerchants[source]).map((record) => ({
      name: record.name,
      domain: record.domain,
      country: record.country as CountryCode,
      category: categoryOf(record.name),
    }));
  return {
    connexity: merchantPlans.slice(0, size.connexityMerchants).map((plan) => ({
      name: plan.record.name,
      domain: plan.record.domain,
      country: 'us',
      category: plan.topCategories[0] ?? categoryOf(plan.record.name),
    })),
    newdashboard: partners('newdashboard'),
    doneoftheownou: partners('doneoftheownou'),
    shoppermeet: partners('shoppermeet'),
    kelkoo: partners('kelkoo'),
  };
}
