import { REPORT_SOURCES, type ReportSource } from '@publisher/contract';

/**
 * The merchants the simulated networks report on: a fixed, realistic list, so report rows, quality targets and
 * orders agree with one another on every machine.
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
  /** Which networks carry the merchant. */
  sources: readonly ReportSource[];
}

const ALL: readonly ReportSource[] = REPORT_SOURCES;
const US_NETWORKS: readonly ReportSource[] = ['connexity', 'newdashboard', 'doneoftheownou', 'shoppermeet'];
const EU_NETWORKS: readonly ReportSource[] = ['newdashboard', 'shoppermeet', 'kelkoo'];

type Row = [string, string, string, string, number, number, number, number, number, readonly ReportSource[]];

// name, domain, category, country, cos low %, cos high %, cpc $, conversion rate, AOV $, networks
const ROWS: readonly Row[] = [
  ['Nautica', 'nautica.com', 'Apparel', 'US', 6, 10, 0.42, 0.028, 78, ALL],
  ["Sam's Club", 'samsclub.com', 'Department Stores', 'US', 2, 4, 0.31, 0.034, 142, US_NETWORKS],
  ["Kohl's", 'kohls.com', 'Department Stores', 'US', 4, 7, 0.36, 0.031, 64, US_NETWORKS],
  ["Macy's", 'macys.com', 'Department Stores', 'US', 5, 8, 0.48, 0.026, 96, US_NETWORKS],
  ['Walmart', 'walmart.com', 'Department Stores', 'US', 1, 4, 0.22, 0.045, 58, ALL],
  ['Target', 'target.com', 'Department Stores', 'US', 2, 6, 0.27, 0.039, 61, US_NETWORKS],
  ['Best Buy', 'bestbuy.com', 'Electronics', 'US', 1, 3, 0.55, 0.018, 312, US_NETWORKS],
  ['Newegg', 'newegg.com', 'Electronics', 'US', 1, 4, 0.47, 0.016, 268, ALL],
  ['B&H Photo', 'bhphotovideo.com', 'Electronics', 'US', 2, 4, 0.62, 0.014, 455, US_NETWORKS],
  ['Dell', 'dell.com', 'Computers', 'US', 2, 5, 1.05, 0.009, 890, US_NETWORKS],
  ['Lenovo', 'lenovo.com', 'Computers', 'US', 3, 6, 0.95, 0.011, 760, ALL],
  ['Wayfair', 'wayfair.com', 'Home & Garden', 'US', 5, 9, 0.58, 0.019, 245, US_NETWORKS],
  ['Home Depot', 'homedepot.com', 'Home & Garden', 'US', 2, 5, 0.44, 0.024, 132, US_NETWORKS],
  ["Lowe's", 'lowes.com', 'Home & Garden', 'US', 2, 5, 0.41, 0.022, 127, US_NETWORKS],
  ['Overstock', 'overstock.com', 'Home & Garden', 'US', 6, 11, 0.37, 0.021, 188, ALL],
  ['Sephora', 'sephora.com', 'Beauty', 'US', 5, 9, 0.33, 0.052, 72, ALL],
  ['Ulta Beauty', 'ulta.com', 'Beauty', 'US', 4, 8, 0.29, 0.048, 54, US_NETWORKS],
  ["Dick's Sporting Goods", 'dickssportinggoods.com', 'Sports & Outdoors', 'US', 4, 8, 0.39, 0.027, 118, US_NETWORKS],
  ['REI', 'rei.com', 'Sports & Outdoors', 'US', 5, 8, 0.46, 0.023, 149, US_NETWORKS],
  ['Nike', 'nike.com', 'Shoes', 'US', 7, 11, 0.52, 0.035, 121, ALL],
  ['Zappos', 'zappos.com', 'Shoes', 'US', 6, 10, 0.34, 0.041, 104, US_NETWORKS],
  ['Foot Locker', 'footlocker.com', 'Shoes', 'US', 5, 9, 0.31, 0.033, 97, US_NETWORKS],
  ['Chewy', 'chewy.com', 'Pets', 'US', 3, 7, 0.26, 0.057, 66, US_NETWORKS],
  ['Petco', 'petco.com', 'Pets', 'US', 4, 8, 0.24, 0.044, 49, US_NETWORKS],
  ['Staples', 'staples.com', 'Office', 'US', 3, 6, 0.28, 0.029, 83, US_NETWORKS],
  ['Blue Nile', 'bluenile.com', 'Jewelry', 'US', 8, 12, 1.12, 0.006, 1840, US_NETWORKS],
  ['Kay Jewelers', 'kay.com', 'Jewelry', 'US', 7, 12, 0.88, 0.008, 690, US_NETWORKS],
  ['LEGO', 'lego.com', 'Toys', 'US', 3, 6, 0.35, 0.037, 89, ALL],
  ['Vitacost', 'vitacost.com', 'Health', 'US', 6, 10, 0.21, 0.051, 47, US_NETWORKS],
  ['Expedia', 'expedia.com', 'Travel', 'US', 2, 5, 0.74, 0.012, 610, ALL],
  ['Advance Auto Parts', 'advanceautoparts.com', 'Auto', 'US', 4, 8, 0.33, 0.026, 112, US_NETWORKS],
  ['Argos', 'argos.co.uk', 'Department Stores', 'GB', 2, 5, 0.29, 0.036, 71, EU_NETWORKS],
  ['Currys', 'currys.co.uk', 'Electronics', 'GB', 1, 4, 0.49, 0.017, 284, EU_NETWORKS],
  ['John Lewis', 'johnlewis.com', 'Department Stores', 'GB', 4, 7, 0.44, 0.025, 133, EU_NETWORKS],
  ['Zalando', 'zalando.de', 'Apparel', 'DE', 6, 10, 0.38, 0.033, 92, EU_NETWORKS],
  ['Otto', 'otto.de', 'Home & Garden', 'DE', 4, 8, 0.35, 0.024, 156, EU_NETWORKS],
  ['Fnac', 'fnac.com', 'Electronics', 'FR', 2, 5, 0.41, 0.019, 214, EU_NETWORKS],
  ['Decathlon', 'decathlon.fr', 'Sports & Outdoors', 'FR', 3, 7, 0.27, 0.038, 68, EU_NETWORKS],
  ['Canadian Tire', 'canadiantire.ca', 'Auto', 'CA', 3, 7, 0.32, 0.027, 101, ['connexity', 'newdashboard', 'kelkoo']],
  ['JB Hi-Fi', 'jbhifi.com.au', 'Electronics', 'AU', 2, 5, 0.46, 0.018, 236, ['connexity', 'shoppermeet', 'kelkoo']],
];

export const SIMULATED_MERCHANTS: readonly SimulatedMerchant[] = ROWS.map(
  ([name, domain, category, country, low, high, baseCpc, baseConversionRate, averageOrderValue, sources]) => ({
    name,
    domain,
    category,
    country,
    targetCostOfSaleLow: low,
    targetCostOfSaleHigh: high,
    baseCpc,
    baseConversionRate,
    averageOrderValue,
    sources,
  }),
);

const BY_NAME = new Map(SIMULATED_MERCHANTS.map((merchant) => [merchant.name, merchant]));

export function merchantByName(name: string): SimulatedMerchant | undefined {
  return BY_NAME.get(name);
}

/**
 * Vendors the spec locks to fixed merchants (part 2 §6): 5036 sees only Nautica, 5058 only Sam's Club and
 * Kohl's. Their simulated traffic goes to those merchants alone.
 */
export const VENDOR_MERCHANT_LOCKS: Readonly<Record<number, readonly string[]>> = {
  5036: ['Nautica'],
  5058: ["Sam's Club", "Kohl's"],
};
