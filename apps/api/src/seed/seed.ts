import bcrypt from 'bcryptjs';
import type { SeedProfile } from '@publisher/contract';
import { UserModel } from '../auth/user.model';
import { seedContent } from '../content/content-seed';
import type { CatalogSize } from './catalog-generator';
import { seedCatalog } from './catalog-seed';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoApiKey, type DemoAccount } from './demo-accounts';
import { seedReports } from './report-seed';
import { writeSeedMarker } from './seed-marker';
import { demoAccountId, demoPasswordSalt, seededAt } from '../shared/seeded-ids';
import { seedSettings } from './settings-seed';
import { todayUtc } from '@publisher/contract';

export interface SeedOptions {
  bcryptRounds: number;
  /** Size of the generated catalog (default the full one); false leaves the catalog out. */
  catalog?: CatalogSize | false;
  /** Days of reports (up to today) to save for every source; 0 or absent saves none. */
  reportDays?: number;
  /** Create the demo accounts (default true); production leaves them out unless asked (SEED_DEMO_ACCOUNTS). */
  demoAccounts?: boolean;
  /**
   * "Now" of the data (the API clock's, so that a fixed clock seeds around its date): report days end on its
   * date and the catalog's coupons are laid out around it. Absent: the real time, and the catalog keeps the
   * anchor it was seeded with while it is recent.
   */
  now?: Date;
  /** The profile this plan is (seed-profiles.ts): recorded in the data's seed marker (seed-marker.ts) when given. */
  profile?: SeedProfile;
}

/**
 * Creates the demo accounts given, returning how many it created. Upserts that only set on insert: an account
 * created meanwhile (by another process) is left alone. Each gets the `_id` its email names and is stamped with the
 * seed's day, so every seed writes the same accounts and a token issued on one seed is honoured on the next.
 */
async function insertAccounts(accounts: readonly DemoAccount[], bcryptRounds: number, at: Date): Promise<number> {
  if (accounts.length === 0) return 0;
  // Hashing is the slow part of a start: done only when there is an account to create.
  const passwordHash = await bcrypt.hash(DEMO_PASSWORD, demoPasswordSalt(bcryptRounds));
  let inserted = 0;
  for (const account of accounts) {
    const result = await UserModel.updateOne(
      { email: account.email },
      {
        $setOnInsert: {
          _id: demoAccountId(account.email),
          createdAt: at,
          updatedAt: at,
          email: account.email,
          fullName: account.fullName,
          passwordHash,
          vendorId: account.vendorId,
          apiKey: demoApiKey(account.vendorId),
          role: account.role,
          isPublisherAI: account.isPublisherAI,
          isShortUrlEnabled: account.isShortUrlEnabled,
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
      // The stamps are the seed's day, set above, not the moment this ran.
      { upsert: true, timestamps: false },
    );
    inserted += result.upsertedCount;
  }
  return inserted;
}

/**
 * Writes the demo data. Deterministic and idempotent: a missing record is inserted, an existing one is left
 * exactly as its user last saved it (not written at all). Returns a one-line summary.
 */
export async function seedDatabase({
  bcryptRounds,
  catalog,
  reportDays = 0,
  demoAccounts = true,
  now,
  profile,
}: SeedOptions): Promise<string> {
  const today = now === undefined ? undefined : todayUtc(now);
  const seedDate = today ?? todayUtc();
  const at = seededAt(seedDate);
  await UserModel.init();
  let accounts = 'demo accounts: not seeded (SEED_DEMO_ACCOUNTS is off)';
  if (demoAccounts) {
    const emails = DEMO_ACCOUNTS.map((account) => account.email);
    const existing = await UserModel.find({ email: { $in: emails } }, { email: 1 }).lean();
    const present = new Set(existing.map((user) => user.email));
    const inserted = await insertAccounts(
      DEMO_ACCOUNTS.filter((account) => !present.has(account.email)),
      bcryptRounds,
      at,
    );
    // The short-URL switch came later: demo accounts seeded before it get it once (a user's own choice is kept).
    await UserModel.updateMany(
      {
        email: { $in: DEMO_ACCOUNTS.filter((account) => account.isShortUrlEnabled).map((account) => account.email) },
        isShortUrlEnabled: { $exists: false },
      },
      { $set: { isShortUrlEnabled: true } },
    );
    // The settings pages' demo rows name demo vendors; the summary stays about accounts.
    await seedSettings(at);
    accounts = `demo accounts: ${inserted} inserted, ${DEMO_ACCOUNTS.length - inserted} already present`;
  }
  const reports = reportDays > 0 ? `; ${await seedReports({ days: reportDays, today, at })}` : '';
  // Example events, podcasts and daily quotes, only into empty collections (not part of the summary line).
  await seedContent(at);
  const catalogSummary =
    catalog === false
      ? ''
      : `; ${await seedCatalog({
          ...(catalog === undefined ? {} : { size: catalog }),
          ...(today === undefined ? {} : { anchorDate: today }),
        })}`;
  // Last: the marker names a complete seed.
  if (profile !== undefined) await writeSeedMarker({ profile, date: seedDate, reportDays });
  return `${accounts}${catalogSummary}${reports}`;
}
