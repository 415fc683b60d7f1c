import type { SeedProfile } from '@publisher/contract';
import { seedProfileSchema } from '@publisher/contract';
import { currentConnection } from '../shared/tenant';

/**
 * What the data was last seeded as, written by the seed into the data itself: a restart reads it back (the
 * controls' profile tells the truth), and a reset to a kept copy or a snapshot brings the copy's own marker along.
 */
export interface SeedMarker {
  profile: SeedProfile;
  /** The seed's date (UTC, YYYY-MM-DD): its report days end there and its coupons are laid out around it. */
  date: string;
  reportDays: number;
}

export const SEED_MARKER_COLLECTION = 'seed_marker';
const MARKER_ID = 'data';

export async function writeSeedMarker(marker: SeedMarker): Promise<void> {
  await currentConnection()
    .collection<SeedMarker & { _id: string }>(SEED_MARKER_COLLECTION)
    .replaceOne({ _id: MARKER_ID }, marker, { upsert: true });
}

/** The stored marker, or null when the data was never seeded with one (or it does not parse). */
export async function readSeedMarker(): Promise<SeedMarker | null> {
  const stored = await currentConnection()
    .collection<SeedMarker & { _id: string }>(SEED_MARKER_COLLECTION)
    .findOne({ _id: MARKER_ID });
  if (!stored) return null;
  const profile = seedProfileSchema.safeParse(stored.profile);
  if (!profile.success || typeof stored.date !== 'string' || typeof stored.reportDays !== 'number') return null;
  return { profile: profile.data, date: stored.date, reportDays: stored.reportDays };
}

/**
 * The profile a seed of this data lays out (`npm start`, `npm run seed`): the one its marker records, else
 * `configured` (SEED_PROFILE, which chooses only for a database never seeded with a marker). `recorded` is the
 * marker's, for saying that SEED_PROFILE was not followed.
 */
export async function profileToSeed(
  configured: SeedProfile,
): Promise<{ profile: SeedProfile; recorded: SeedProfile | undefined }> {
  const recorded = (await readSeedMarker())?.profile;
  return { profile: recorded ?? configured, recorded };
}
