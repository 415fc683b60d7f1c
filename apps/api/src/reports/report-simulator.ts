import { addDays, MAX_DATE_RANGE_DAYS, type Menu, type ReportSource, weekdayOf } from '@publisher/contract';
import { SIMULATED_MERCHANTS_BY_SOURCE, VENDOR_MERCHANT_LOCKS, type SimulatedMerchant } from './report-merchants';

/**
 * The upstream networks, simulated: for a source, a vendor and a date, the rows that network would report.
 * Pure and deterministic: the same (source, vendorId, date) always yields the same rows, drawn from a PRNG
 * seeded with exactly those three values (never Math.random, never the clock). Dates after `today` yield
 * nothing, as a real network has not reported them yet, and so do dates older than its history.
 */

/**
 * Changes whenever the simulator reports different rows for the same (source, vendor, date). Saves record it per
 * date, and the seed saves again the dates an older simulator wrote (2: merchants drawn from the seeded catalog).
 */
export const SIMULATOR_VERSION = 2;

/** Fixed conversion for the EUR columns (commission_eur): 1 USD = 0.92 EUR. */
export const USD_TO_EUR = 0.92;

/** The menu entry that enables each source for a vendor. */
const SOURCE_MENU_KEY = {
  connexity: 'deeplink1',
  newdashboard: 'deeplink2',
  doneoftheownou: 'deeplink3',
  shoppermeet: 'deeplink4',
  kelkoo: 'deeplink5',
} as const satisfies Record<ReportSource, keyof Menu>;

export interface SourceCoverage {
  /** The vendor gets the network's CPC rows. */
  cpc: boolean;
  /** The vendor gets the network's CPA rows. */
  cpa: boolean;
}

/**
 * Which of a network's rows a vendor gets: the network covers a vendor whose menu enables its deep link
 * (cpc or cpa true); the CPC rows go to vendors with the cpc flag, the CPA rows to vendors with the cpa flag.
 * Kelkoo (deep links 5) pays per click only, so any enabled vendor gets its rows, all CPC.
 * Null when the vendor is not covered.
 */
export function coverageOf(source: ReportSource, menu: Menu): SourceCoverage | null {
  const flags = menu[SOURCE_MENU_KEY[source]];
  if (!flags.cpc && !flags.cpa) return null;
  if (source === 'kelkoo') return { cpc: true, cpa: false };
  return { cpc: flags.cpc, cpa: flags.cpa };
}

export type Device = 'desktop' | 'mobile' | 'tablet';
export type OrderStatus = 'approved' | 'pending' | 'declined';

export interface SimulatedRow {
  merchantName: string;
  domain: string;
  category: string;
  country: string;
  device: Device;
  placementId: string;
  /** Click id / RID; 'noid' when the publisher sent none. */
  clickId: string;
  /** vendorId_placement_click, 'noid' for a missing part. */
  subId: string;
  isCPC: boolean;
  clicks: number;
  salesCount: number;
  /** Sales amount, USD. */
  sales: number;
  /** The publisher's earnings (commission, revenue), USD, full precision. */
  earnings: number;
  earningsEur: number;
}

export interface SimulatedOrder {
  orderId: string;
  merchantName: string;
  placementId: string;
  isCPC: boolean;
  /** Order value, USD. */
  amount: number;
  /** The publisher's commission on it, USD; 0 on CPC rows, which are paid per click instead. */
  commission: number;
  status: OrderStatus;
}

export interface SimulatedDay {
  rows: SimulatedRow[];
  orders: SimulatedOrder[];
}

interface SourceProfile {
  /** Range of a vendor's typical daily clicks on this network. */
  dailyClicks: [number, number];
  merchantsPerDay: [number, number];
  /** Placements per merchant and day; 0 means the network does not report placements. */
  placementsPerMerchant: [number, number];
  /** Share of rows on CPA terms where the vendor may have both. */
  cpaShare: number;
  orderPrefix: string;
}

const PROFILES: Record<ReportSource, SourceProfile> = {
  connexity: {
    dailyClicks: [300, 1500],
    merchantsPerDay: [6, 10],
    placementsPerMerchant: [1, 2],
    cpaShare: 0.4,
    orderPrefix: 'CX',
  },
  newdashboard: {
    dailyClicks: [150, 800],
    merchantsPerDay: [5, 9],
    placementsPerMerchant: [0, 0],
    cpaShare: 0.35,
    orderPrefix: 'ND',
  },
  doneoftheownou: {
    dailyClicks: [100, 600],
    merchantsPerDay: [4, 8],
    placementsPerMerchant: [1, 2],
    cpaShare: 0.3,
    orderPrefix: 'DO',
  },
  shoppermeet: {
    dailyClicks: [100, 600],
    merchantsPerDay: [4, 8],
    placementsPerMerchant: [1, 2],
    cpaShare: 0.3,
    orderPrefix: 'SM',
  },
  kelkoo: {
    dailyClicks: [120, 700],
    merchantsPerDay: [4, 8],
    placementsPerMerchant: [0, 1],
    cpaShare: 0,
    orderPrefix: 'KK',
  },
};

const PLACEMENTS = ['hp-top', 'sidebar', 'deals', 'newsletter', 'search', 'footer', 'blog', 'app-feed'] as const;
/** Sunday first: weekends bring about 30 % less traffic. */
const WEEKDAY_FACTOR = [0.68, 1.02, 1.06, 1.05, 1.03, 0.96, 0.74] as const;
const CPC_RANGE: [number, number] = [0.05, 1.2];
const CONVERSION_RANGE: [number, number] = [0.005, 0.06];

// ---------- deterministic PRNG ----------

interface Rng {
  next(): number;
  float(min: number, max: number): number;
  int(min: number, max: number): number;
  chance(p: number): boolean;
  shuffle<T>(items: readonly T[]): T[];
  hex(length: number): string;
}

/** FNV-1a 32-bit. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32 seeded by a string. */
export function seededRandom(seed: string): Rng {
  let state = hash(seed);
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  // The first outputs of a fresh state are still close to the seed hash.
  for (let i = 0; i < 4; i += 1) next();
  const rng: Rng = {
    next,
    float: (min, max) => min + next() * (max - min),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    shuffle<T>(items: readonly T[]): T[] {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i -= 1) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy;
    },
    hex: (length) => {
      let text = '';
      while (text.length < length) text += Math.floor(next() * 16).toString(16);
      return text;
    },
  };
  return rng;
}

// ---------- the simulation ----------

const clamp = (value: number, [min, max]: [number, number]): number => Math.min(max, Math.max(min, value));
const cents = (value: number): number => Math.round(value * 100) / 100;
/** Code-unit order: the same on every machine, unlike localeCompare. */
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Slow yearly swing peaking in mid December (holiday shopping), about ±12 %. */
function seasonFactor(date: string): number {
  const start = Date.UTC(Number(date.slice(0, 4)), 0, 1);
  const dayOfYear = (Date.parse(`${date}T00:00:00Z`) - start) / 86_400_000;
  return 1 + 0.12 * Math.cos((2 * Math.PI * (dayOfYear - 350)) / 365);
}

interface VendorProfile {
  dailyClicks: number;
  placements: string[];
  merchants: SimulatedMerchant[];
}

function vendorProfile(source: ReportSource, vendorId: number): VendorProfile {
  const profile = PROFILES[source];
  const rng = seededRandom(`${source}|${vendorId}`);
  const carried = SIMULATED_MERCHANTS_BY_SOURCE[source];
  const locked = VENDOR_MERCHANT_LOCKS[vendorId];
  const merchants = locked
    ? carried.filter((merchant) => locked.includes(merchant.name))
    : rng.shuffle(carried).slice(0, rng.int(10, 16));
  return {
    dailyClicks: rng.int(...profile.dailyClicks),
    placements: rng.shuffle(PLACEMENTS).slice(0, rng.int(2, 4)),
    merchants,
  };
}

const pickStatus = (rng: Rng): OrderStatus => {
  const roll = rng.next();
  if (roll < 0.8) return 'approved';
  return roll < 0.93 ? 'pending' : 'declined';
};

const pickDevice = (rng: Rng): Device => {
  const roll = rng.next();
  if (roll < 0.46) return 'mobile';
  return roll < 0.9 ? 'desktop' : 'tablet';
};

/**
 * How far back a network keeps its reports, in days: the longest range a report read accepts. A save of
 * 1 Jan 1627, typed by mistake, made a vendor's earnings for that day until the simulator stopped here.
 */
export const NETWORK_HISTORY_DAYS = MAX_DATE_RANGE_DAYS;

/**
 * The rows and orders `source` reports for `vendorId` on `date` (every row, CPC and CPA alike: filter with
 * the vendor's coverage). Empty for dates after `today` or before the network's history.
 */
export function simulateDay(source: ReportSource, vendorId: number, date: string, today: string): SimulatedDay {
  if (date > today || date <= addDays(today, -NETWORK_HISTORY_DAYS)) return { rows: [], orders: [] };
  const profile = PROFILES[source];
  const vendor = vendorProfile(source, vendorId);
  if (vendor.merchants.length === 0) return { rows: [], orders: [] };
  const rng = seededRandom(`${source}|${vendorId}|${date}`);

  const totalClicks = Math.max(
    vendor.merchants.length,
    Math.round(
      vendor.dailyClicks * (WEEKDAY_FACTOR[weekdayOf(date)] ?? 1) * seasonFactor(date) * rng.float(0.88, 1.12),
    ),
  );
  const dayMerchants = rng
    .shuffle(vendor.merchants)
    .slice(0, Math.min(vendor.merchants.length, rng.int(...profile.merchantsPerDay)));

  interface Slot {
    merchant: SimulatedMerchant;
    placementId: string;
    weight: number;
  }
  const slots: Slot[] = [];
  for (const merchant of dayMerchants) {
    const placementCount = rng.int(...profile.placementsPerMerchant);
    const placements = placementCount === 0 ? ['noid'] : rng.shuffle(vendor.placements).slice(0, placementCount);
    for (const placementId of placements) slots.push({ merchant, placementId, weight: rng.float(0.3, 1) ** 2 });
  }
  const totalWeight = slots.reduce((sum, slot) => sum + slot.weight, 0);

  const rows: SimulatedRow[] = [];
  const orders: SimulatedOrder[] = [];
  const compactDate = date.replaceAll('-', '');
  for (const { merchant, placementId, weight } of slots) {
    const clicks = Math.max(1, Math.round((totalClicks * weight) / totalWeight));
    const isCPC = !rng.chance(profile.cpaShare);
    const clickId = rng.chance(0.8) ? rng.hex(10) : 'noid';
    const conversionRate = clamp(merchant.baseConversionRate * rng.float(0.7, 1.3), CONVERSION_RANGE);
    const salesCount = Math.floor(clicks * conversionRate + rng.next());
    // CPA commission: mostly inside the merchant's target band, sometimes outside it (what the quality
    // dashboard is for).
    const costOfSale =
      (rng.float(merchant.targetCostOfSaleLow, merchant.targetCostOfSaleHigh) / 100) * rng.float(0.8, 1.25);

    let salesCents = 0;
    let commissions = 0;
    for (let i = 0; i < salesCount; i += 1) {
      const amount = cents(merchant.averageOrderValue * rng.float(0.35, 1.8));
      const commission = isCPC ? 0 : amount * costOfSale;
      salesCents += Math.round(amount * 100);
      commissions += commission;
      orders.push({
        orderId: `${profile.orderPrefix}-${vendorId}-${compactDate}-${String(orders.length + 1).padStart(4, '0')}`,
        merchantName: merchant.name,
        placementId,
        isCPC,
        amount,
        commission,
        status: pickStatus(rng),
      });
    }
    const cpc = clamp(merchant.baseCpc * rng.float(0.8, 1.2), CPC_RANGE);
    const earnings = isCPC ? clicks * cpc : commissions;
    rows.push({
      merchantName: merchant.name,
      domain: merchant.domain,
      category: merchant.category,
      country: merchant.country,
      device: pickDevice(rng),
      placementId,
      clickId,
      subId: `${vendorId}_${placementId}_${clickId}`,
      isCPC,
      clicks,
      salesCount,
      sales: salesCents / 100,
      earnings,
      earningsEur: earnings * USD_TO_EUR,
    });
  }
  rows.sort(
    (a, b) =>
      compareText(a.merchantName, b.merchantName) ||
      compareText(a.placementId, b.placementId) ||
      compareText(a.clickId, b.clickId),
  );
  return { rows, orders };
}
