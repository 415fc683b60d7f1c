import { initContract } from '@ts-rest/core';
import { adminContract } from './admin/admin.contract';
import { authContract } from './auth/auth.contract';
import { catalogContract } from './catalog/catalog.contract';
import { contentContract, dailyQuotesContract } from './content/content.contract';
import { couponsContract } from './coupons/coupons.contract';
import { deepLinksContract } from './deep-links/deep-links.contract';
import { extensionContract } from './extension/extension.contract';
import { feedsContract } from './feeds/feeds.contract';
import { reportsContract } from './reports/reports.contract';
import { settingsContract } from './settings/settings.contract';
import { systemContract } from './system/system.contract';

const c = initContract();

/**
 * The whole API, one router per domain. The type names each domain's router instead of being inferred: an inferred
 * one is written out in full into the package's declarations (1.2 MB more for every consumer's compiler to check).
 * A type alias, not an interface: ts-rest takes routers as an index-signature type, which interfaces do not meet.
 */
export type Contract = {
  system: typeof systemContract;
  auth: typeof authContract;
  reports: typeof reportsContract;
  catalog: typeof catalogContract;
  coupons: typeof couponsContract;
  admin: typeof adminContract;
  deepLinks: typeof deepLinksContract;
  settings: typeof settingsContract;
  feeds: typeof feedsContract;
  extension: typeof extensionContract;
  content: typeof contentContract;
  dailyQuotes: typeof dailyQuotesContract;
};

export const contract: Contract = c.router({
  system: systemContract,
  auth: authContract,
  reports: reportsContract,
  catalog: catalogContract,
  coupons: couponsContract,
  admin: adminContract,
  deepLinks: deepLinksContract,
  settings: settingsContract,
  feeds: feedsContract,
  extension: extensionContract,
  content: contentContract,
  dailyQuotes: dailyQuotesContract,
});
