import { REPORT_SOURCES, type ReportSource } from '@publisher/contract';
import { catalogMerchantIdentities, type CatalogMerchantIdentity } from '../seed/catalog-generator';
import { createRng } from '../seed/prng';

/**
 * The merchants the simulated networks report on: each source's merchants are those of its merchant list in the
 * seeded catalog (connexity: /home/getAllMerchants; the partner sources: their /<source>/getMerchants lists), so
 * every merchant a report row names can be found in the lists. Their economics (cost-of-sale band, CPC,
 * conversion rate, order value) are drawn once per merchant name from a seeded stream: the same merchant behaves
 * the same on every network and every machine.
 */
export interface SimulatedMerchant {
  name: string;
  domain: string;
  category: string;
  /** ISO 3166 alpha-2, upper case, as the networks report it. */
  country: string;
  /** The merchant's target cost of sale, percent of the sales amount (the quality dashboard's band). */
  targetCostOfSaleLow: number;
  targetCostOfSaleHigh: number;
  /** Typical price of a click, USD (the simulator varies it day by day within $0.05 to $1.20). */
  baseCpc: number;
  /** Typical share of clicks that become a sale, 0.005 to 0.06. */
  baseConversionRate: number;
  /** Typical order value, USD. */
  averageOrderValue: number;
}

const round2 = (value: number): number => Math.round(value * 100) / 100;
const round3 = (value: number): number => Math.round(value * 1000) / 1000;

/** A merchant's economics, from its name alone. */
function economicsOf(name: string) {
  const rng = createRng(`report-merchant/${name}`);
  const low = rng.int(1, 8);
  // Cheap clicks tend to come with more conversions; dear orders with fewer.
  const averageOrderValue = Math.round(Math.exp(rng.float(Math.log(40), Math.log(900))));
  return {
    targetCostOfSaleLow: low,
    targetCostOfSaleHigh: low + rng.int(2, 5),
    baseCpc: round2(rng.float(0.2, 1.1)),
    baseConversionRate: round3(
      Math.min(0.055, Math.max(0.006, (0.06 * rng.float(0.4, 1)) / Math.sqrt(averageOrderValue / 40))),
    ),
    averageOrderValue,
  };
}

function simulatedMerchant(identity: CatalogMerchantIdentity): SimulatedMerchant {
  return {
    name: identity.name,
    domain: identity.domain,
    category: identity.category,
    country: identity.country.toUpperCase(),
    ...economicsOf(identity.name),
  };
}

const identities = catalogMerchantIdentities();

/** Each source's merchants, in its list's catalog order. */
export const SIMULATED_MERCHANTS_BY_SOURCE: Readonly<Record<ReportSource, readonly SimulatedMerchant[]>> =
  Object.fromEntries(REPORT_SOURCES.map((source) => [source, identities[source].map(simulatedMerchant)])) as Record<
    ReportSource,
    SimulatedMerchant[]
  >;

/** Every merchant of every source (a name on several networks, or in several countries, appears once per entry). */
export const SIMULATED_MERCHANTS: readonly SimulatedMerchant[] = REPORT_SOURCES.flatMap(
  (source) => SIMULATED_MERCHANTS_BY_SOURCE[source],
);

const BY_NAME: ReadonlyMap<string, SimulatedMerchant> = new Map(
  SIMULATED_MERCHANTS.map((merchant) => [merchant.name, merchant]),
);

/** A merchant by name; its economics are the same whichever network or country it is reported on. */
export function merchantByName(name: string): SimulatedMerchant | undefined {
  return BY_NAME.get(name);
}

/**
 * Vendors the spec locks to fixed merchants (part 2 §6): 5036 sees only Nautica, 5058 only Sam's Club and
 * Kohl's. Their simulated traffic goes to those merchants alone (all three are in every source's list).
 */
export const VENDOR_MERCHANT_LOCKS: Readonly<Record<number, readonly string[]>> = {
  5036: ['Nautica'],
  5058: ["Sam's Club", "Kohl's"],
};
