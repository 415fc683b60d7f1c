import type { SeedProfile } from '@publisher/contract';
import { CATALOG_SIZES, type CatalogSize } from './catalog-generator';

export interface SeedProfilePlan {
  catalog: CatalogSize;
  /** Days of reports (up to "today" of the API clock) saved for every source. */
  reportDays: number;
}

/**
 * What each profile seeds. `demo` is what `npm start` seeds (with its SEED_REPORT_DAYS); `small` is a few
 * merchants and a week of reports, for tests that reset often; `large` has three times the coupons and cashback
 * offers and 240 days of reports (the demo has 180), so every list pages; about 70 s on FerretDB (measured 67 s).
 */
export function seedProfilePlan(profile: SeedProfile, demoReportDays: number): SeedProfilePlan {
  switch (profile) {
    case 'small':
      return {
        catalog: {
          connexityMerchants: 20,
          partnerMerchants: { newdashboard: 30, doneoftheownou: 20, shoppermeet: 20, kelkoo: 25 },
          products: 300,
          coupons: 60,
          cashbackOffers: 40,
        },
        reportDays: 7,
      };
    case 'demo':
      return { catalog: CATALOG_SIZES.full, reportDays: demoReportDays };
    case 'large':
      return {
        catalog: { ...CATALOG_SIZES.full, coupons: 12_000, cashbackOffers: 4_500 },
        reportDays: 240,
      };
  }
}
