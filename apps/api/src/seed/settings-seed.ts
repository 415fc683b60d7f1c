import { CustomDomainModel } from '../settings/custom-domain.model';
import { ShortUrlDomainModel } from '../settings/short-url-domain.model';
import { TitleFilterModel } from '../settings/title-filter.model';
import { seededObjectId } from '../shared/seeded-ids';

/**
 * Demo rows of the admin's settings pages, so each has something to show and to try:
 * - custom domains: `whitelabel.localhost` (vendor 5001) and `partner.localhost` (5040); Chromium resolves
 *   `*.localhost` to 127.0.0.1, so http://whitelabel.localhost:4200 shows the white-label header and
 *   http://unknown.localhost:4200 the blocking page;
 * - a title filter `Vintage` for vendor 5056 only (its product list hides "Vintage" titles; other vendors'
 *   lists and their tests are unaffected);
 * - a short-URL domain `go.localhost:3333` for vendor 5040 (short URLs on): its short links are issued there.
 */
export const DEMO_CUSTOM_DOMAINS = [
  { name: 'whitelabel.localhost', vendorId: 5001 },
  { name: 'partner.localhost', vendorId: 5040 },
] as const;
export const DEMO_TITLE_FILTERS = [{ filter: 'Vintage', name: 'vintage', campaign_id: 5056 }] as const;
export const DEMO_SHORT_URL_DOMAINS = [{ name: 'go.localhost:3333', vendorId: 5040 }] as const;

/**
 * Inserts the demo rows that are missing (by name); rows the admin deleted come back only on a fresh database.
 * Each row's `_id` comes from its name and `createdAt` is the seed's time, so every seed writes the same rows.
 */
export async function seedSettings(now: Date = new Date()): Promise<string> {
  const [domains, filters, shortDomains] = await Promise.all([
    CustomDomainModel.find({ name: { $in: DEMO_CUSTOM_DOMAINS.map((row) => row.name) } }, { name: 1 }).lean(),
    TitleFilterModel.find({ name: { $in: DEMO_TITLE_FILTERS.map((row) => row.name) } }, { name: 1 }).lean(),
    ShortUrlDomainModel.find({ name: { $in: DEMO_SHORT_URL_DOMAINS.map((row) => row.name) } }, { name: 1 }).lean(),
  ]);
  const missing = <T extends { name: string }>(rows: readonly T[], present: readonly { name: string }[]): T[] =>
    rows.filter((row) => !present.some((found) => found.name === row.name));
  const newDomains = missing(DEMO_CUSTOM_DOMAINS, domains).map((row) => ({
    _id: seededObjectId('custom-domain', row.name),
    ...row,
    campaign_id: row.vendorId,
    createdAt: now,
  }));
  const newFilters = missing(DEMO_TITLE_FILTERS, filters).map((row) => ({
    _id: seededObjectId('title-filter', row.name),
    ...row,
    createdAt: now,
  }));
  const newShortDomains = missing(DEMO_SHORT_URL_DOMAINS, shortDomains).map((row) => ({
    _id: seededObjectId('short-url-domain', row.name),
    ...row,
    campaign_id: row.vendorId,
    createdAt: now,
  }));
  // A handful of documents, one insert per collection, one after another.
  if (newDomains.length > 0) await CustomDomainModel.insertMany(newDomains);
  if (newFilters.length > 0) await TitleFilterModel.insertMany(newFilters);
  if (newShortDomains.length > 0) await ShortUrlDomainModel.insertMany(newShortDomains);
  const inserted = newDomains.length + newFilters.length + newShortDomains.length;
  return `settings: ${inserted} demo rows inserted`;
}
