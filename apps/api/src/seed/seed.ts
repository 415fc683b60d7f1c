import bcrypt from 'bcryptjs';
import { UserModel } from '../auth/user.model';
import type { CatalogSize } from './catalog-generator';
import { seedCatalog } from './catalog-seed';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoApiKey } from './demo-accounts';
import { seedReports } from './report-seed';

export interface SeedOptions {
  bcryptRounds: number;
  /** Size of the generated catalog (default the full one); false leaves the catalog out. */
  catalog?: CatalogSize | false;
  /** Days of reports (up to today) to save for every source; 0 or absent saves none. */
  reportDays?: number;
}

/**
 * Writes the demo data. Deterministic and idempotent: a missing record is inserted, an existing one is left
 * exactly as its user last saved it. Returns a one-line summary.
 */
export async function seedDatabase({ bcryptRounds, catalog, reportDays = 0 }: SeedOptions): Promise<string> {
  await UserModel.init();
  const passwordHash = await bcrypt.hash(DEMO_PASSWORD, bcryptRounds);
  let inserted = 0;
  for (const account of DEMO_ACCOUNTS) {
    const result = await UserModel.updateOne(
      { email: account.email },
      {
        $setOnInsert: {
          email: account.email,
          fullName: account.fullName,
          passwordHash,
          vendorId: account.vendorId,
          apiKey: demoApiKey(account.vendorId),
          role: account.role,
          isPublisherAI: account.isPublisherAI,
          menu: account.menu,
          address1: `${100 + (account.vendorId % 900)} Market Street`,
          address2: '',
          city: account.city,
          state: account.state,
          country: account.country,
          zip: account.zip,
          phoneNumber: account.phoneNumber,
          influenceCode: `PUB${account.vendorId}`,
          tokenVersion: 0,
        },
      },
      { upsert: true },
    );
    inserted += result.upsertedCount;
  }
  const accounts = `demo accounts: ${inserted} inserted, ${DEMO_ACCOUNTS.length - inserted} already present`;
  const reports = reportDays > 0 ? `; ${await seedReports({ days: reportDays })}` : '';
  if (catalog === false) return `${accounts}${reports}`;
  return `${accounts}; ${await seedCatalog(catalog === undefined ? {} : { size: catalog })}${reports}`;
}
