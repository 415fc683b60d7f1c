import { initContract } from '@ts-rest/core';
import { adminContract } from './admin/admin.contract';
import { authContract } from './auth/auth.contract';
import { catalogContract } from './catalog/catalog.contract';
import { couponsContract } from './coupons/coupons.contract';
import { deepLinksContract } from './deep-links/deep-links.contract';
import { reportsContract } from './reports/reports.contract';
import { settingsContract } from './settings/settings.contract';
import { systemContract } from './system/system.contract';

const c = initContract();

/**
 * The whole API. Each domain router lives in its own folder; later domains (reports, coupons, catalog,
 * deep-links, settings, uploads, feeds, content, extension, shortener, admin) are added here.
 */
export const contract = c.router({
  system: systemContract,
  auth: authContract,
  reports: reportsContract,
  catalog: catalogContract,
  coupons: couponsContract,
  admin: adminContract,
  deepLinks: deepLinksContract,
  settings: settingsContract,
});

export type Contract = typeof contract;
