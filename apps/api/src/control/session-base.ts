import mongoose from 'mongoose';
import type { SeedProfile } from '@publisher/contract';
import { withDatabase } from '../shared/tenant';
import type { BaseDatabase } from './copy-on-write';
import {
  inBackground,
  RESTORE_COMMENT,
  SPARE_MARKER_COLLECTION,
  restoreState,
  stateDigest,
  type KeptState,
} from './data-states';

/** Collections of a base written at once: sessions wait for it, but its batches of decoded documents share the heap. */
const FILL_CONCURRENCY = 4;

/**
 * The base databases that mock sessions read until they write (control/copy-on-write.ts): one per kept seed,
 * `<db>__base_<first 12 hex digits of the seed's digest>`, filled once from the kept copy and never written after.
 * It outlives the process (FerretDB keeps it in its folder): a base whose mark names its seed's digest is ready at
 * once after a restart. A base left half filled (a crash) has no mark and is filled again; a file the database
 * server cannot open is moved aside like a session's (tools/db quarantine), and the next session fills it again.
 */
export interface SessionBases {
  /**
   * The base of the kept seed of `profile`, filled first if need be (callers at the same time share one filling);
   * undefined when no copy of that seed is kept in memory (a session then fills its database as before). `alone`:
   * nothing else runs (a start before it answers), so a filling it begins writes as fast as the database takes it.
   */
  of(profile: SeedProfile, pace?: 'alone'): Promise<BaseDatabase | undefined>;
  /**
   * Drops the bases among `names` (the start's listing: no second one) that are not the current seed's: an
   * earlier day's or earlier code's. Call it before any session reads one of them.
   */
  dropStale(profile: SeedProfile, names: readonly string[]): Promise<void>;
}

/** Whether a database is a base of `database`'s sessions. */
export function isBaseDatabaseOf(database: string, name: string): boolean {
  return name.startsWith(`${database}__base_`) && /__base_[0-9a-f]{12}$/.test(name);
}

interface BaseMarker {
  _id: 'base';
  seed: string;
  markedAt: Date;
}

export function createSessionBases(options: {
  keptSeed: (profile: SeedProfile) => KeptState | undefined;
  /** A seed from nothing of `profile` under way in the process: waited for, its copy then filling the base. */
  seedUnderWay?: (profile: SeedProfile) => Promise<unknown> | undefined;
  /** A connection to the database `name`, with no index building of its own (sessions.ts sessionConnection). */
  connect: (name: string) => mongoose.Connection;
  /** Lets go of a connection `connect` made, once its filling is done (sessions.ts releaseConnection). */
  release: (connection: mongoose.Connection) => void;
  /** Runs one short piece of the filling (control/reset-priority.ts: never while a reset runs). */
  step: <T>(work: () => Promise<T>) => Promise<T>;
  log: (line: string) => void;
}): SessionBases {
  const { keptSeed, seedUnderWay = () => undefined, connect, release, step, log } = options;
  const bases = new Map<string, Promise<BaseDatabase>>();
  async function ready(seed: KeptState, profile: SeedProfile, alone: boolean): Promise<BaseDatabase> {
    const digest = stateDigest(seed);
    const name = baseName(digest);
    const db = mongoose.connection.getClient().db(name);
    const markers = db.collection<BaseMarker>(SPARE_MARKER_COLLECTION);
    const marker = await markers.findOne({ _id: 'base' });
    if (marker?.seed !== digest) {
      const started = performance.now();
      // Every collection rewritten whole (a base left half filled is made right too); beside the API's calls, a few
      // collections at a time in small batches within the write budget, never while a reset runs. Through a mongoose
      // connection of its own for the filling only: sessions read the base through the driver's `db`.
      const pace = alone ? undefined : inBackground(step, FILL_CONCURRENCY);
      const connection = connect(name);
      try {
        await withDatabase(connection, () => restoreState(seed, undefined, pace));
      } finally {
        release(connection);
      }
      await markers.replaceOne(
        { _id: 'base' },
        { seed: digest, markedAt: new Date() },
        { upsert: true, comment: RESTORE_COMMENT },
      );
      const took = String(Math.round(performance.now() - started));
      log(`[sessions] base ${name} (${profile}) filled in ${took} ms: new sessions read it until they write`);
    }
    return { db, seed };
  }

  const baseName = (digest: string): string => `${mongoose.connection.name}__base_${digest.slice(0, 12)}`;

  return {
    async dropStale(profile, names) {
      const seed = keptSeed(profile);
      const current = seed && baseName(stateDigest(seed));
      for (const name of names.filter((listed) => listed !== current)) {
        await mongoose.connection.getClient().db(name).dropDatabase();
        log(`[sessions] base ${name} dropped: it holds another seed than the current ${profile} one`);
      }
    },
    async of(profile, pace) {
      await seedUnderWay(profile)?.catch(() => undefined);
      const seed = keptSeed(profile);
      if (!seed) return undefined;
      const digest = stateDigest(seed);
      let base = bases.get(digest);
      if (!base) {
        base = ready(seed, profile, pace === 'alone');
        bases.set(digest, base);
        // A failed filling is tried again by the next session.
        base.catch(() => bases.delete(digest));
      }
      return base;
    },
  };
}
