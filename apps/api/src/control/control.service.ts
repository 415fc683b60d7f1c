import mongoose from 'mongoose';
import type {
  ControlState,
  ErrorRateBody,
  LatencyRange,
  LimitsCleared,
  ResetBody,
  SeedProfile,
  Snapshot,
} from '@publisher/contract';
import { SigninFailureModel } from '../auth/signin-failure.model';
import { reportBuckets } from '../reports/report-partition.model';
import { todayUtc } from '@publisher/contract';
import { seedDatabase } from '../seed/seed';
import { readSeedMarker } from '../seed/seed-marker';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import { RateLimitHitModel } from '../shared/rate-limit-hit.model';
import { presentControlState, restoreDefaults, type ControlSettings } from './control-state';
import {
  captureState,
  createWriteTracker,
  differingCollections,
  differencesOutside,
  inBackground,
  keyedIds,
  restoreState,
  type KeptState,
  type SeenWrites,
} from './data-states';
import type { ResetGate } from './reset-gate';
import type { ResetPriority } from './reset-priority';
import { seedProfilePlan } from '../seed/seed-profiles';
import { onCurrentDatabase } from '../shared/tenant';
import type { HeapNeed } from './heap-room';
import { emptyDatabase } from './empty-database';
import type { KeptSeedFiles } from './kept-seed-files';
import type { DataJournal } from './data-journal';

export interface ControlServiceDeps {
  settings: ControlSettings;
  /** The app's clock, which PUT /__control/clock fixes. */
  clock: Clock;
  bcryptRounds: number;
  /** Days of reports the `demo` profile saves (SEED_REPORT_DAYS). */
  demoReportDays: number;
  /** Holds calls back while a reset rewrites the data. */
  gate: ResetGate;
  /** The seeds' kept copies, shared by the default session and the isolated ones (default: this app's own). */
  keptSeeds?: KeptSeeds;
  /**
   * The kept seeds on disk (KEPT_SEEDS_DIR; shared like the kept seeds): a seed from nothing is written there, and a
   * reset with no copy in memory reads it from there first. Undefined: in memory only.
   */
  seedFiles?: KeptSeedFiles;
  /**
   * What the data equals, kept across restarts beside the seed files (control/data-journal.ts): the default app's
   * only (a session's database does not outlive its process). Undefined: a restart reads the data to learn it.
   */
  journal?: DataJournal;
  /** Keeps the filling of spare session databases out of every reset's way (shared like the kept seeds). */
  priority?: ResetPriority;
  /**
   * Undefined when the heap has room to seed a database from nothing or to keep another copy of the data; else why
   * not (control/sessions.ts). A reset that would seed, or a snapshot, is refused with it (503) before anything is
   * touched. Default: always room.
   */
  roomFor?: (need: HeapNeed) => string | undefined;
  /** Told when a reset (or a fresh start) leaves the data on another profile than before. */
  onProfileChange?: (profile: SeedProfile) => void;
  /** Told when a seed from nothing has been kept in memory (a new day's, new code's): its copies can be made now. */
  onSeedKept?: (profile: SeedProfile) => void;
  /** Writes what is buffered in memory (call logs, clicks) before the data is rewritten. */
  beforeReset: () => Promise<void>;
  /**
   * Drops the in-process copies of the collections rewritten (read models, caches); `undefined`: every one.
   */
  afterReset: (rewritten: ReadonlySet<string> | undefined) => Promise<void>;
  log?: (line: string) => void;
}

export type ControlService = ReturnType<typeof createControlService>;

/**
 * What an app knows of its database's data: the kept copy it equals (undefined: not known) but for the writes seen
 * since. Handed from a session's app to the next app of the same database (control/sessions.ts).
 */
export interface DataKnowledge {
  base: KeptState | undefined;
  seen: SeenWrites;
}

/** Snapshots kept at most (each is a full copy of the data in memory). */
export const MAX_SNAPSHOTS = 20;

/** Indexes are created one model at a time: FerretDB v1 takes few concurrent writes. */
async function recreateIndexes(): Promise<void> {
  for (const model of Object.values(mongoose.models)) await onCurrentDatabase(model).createIndexes();
}

const ms = (value: number): string => `${String(Math.round(value))} ms`;

const direct = <T>(work: () => Promise<T>): Promise<T> => work();

interface NamedState {
  profile: SeedProfile;
  state: KeptState;
}

/**
 * Per profile: the data as its seed left it, with the date and report days it was seeded for (`key`). Shared by
 * every session of the process: a session's database is filled from the same copy.
 */
export class KeptSeeds extends Map<SeedProfile, NamedState & { key: string }> {
  /**
   * Seeds from nothing under way in the process, by seed key: an app that needs the same seed waits for that one
   * and takes its copy, rather than seeding its own database beside it (four sessions made at once after a restart
   * with no kept seed seeded four times at once, each holding its data and copy in the heap: out of memory).
   */
  readonly seeding = new Map<string, Promise<unknown>>();
}

export function createKeptSeeds(): KeptSeeds {
  return new KeptSeeds();
}

function presentSnapshot(name: string, { profile, state }: NamedState): Snapshot {
  return {
    name,
    profile,
    createdAt: state.createdAt.toISOString(),
    collections: state.collections.size,
    documents: state.documents,
    bytes: state.bytes,
  };
}

/**
 * The scenario controls. Resets go back to kept copies of the data (control/data-states.ts): the first reset to
 * a profile on a date seeds the database from nothing and keeps a copy of the result; every later one rewrites
 * only the collections written since (or differing between the copy the data came from and the target).
 */
export function createControlService(deps: ControlServiceDeps) {
  const { settings, clock, gate, log = () => undefined } = deps;
  const state = (): ControlState => presentControlState(settings, clock);
  // Every collection written is noted in the journal before its command is sent.
  const tracker = createWriteTracker((collection) => deps.journal?.note(collection));
  /** Per profile: the data as its seed left it, with the date and report days it was seeded for. */
  const seeds = deps.keptSeeds ?? createKeptSeeds();
  const snapshots = new Map<string, NamedState>();
  /** The copy the data equals, but for the collections the tracker saw written; undefined: not known. */
  let base: KeptState | undefined;
  /**
   * The start's look at the data journal (readKeptSeed), begun once the kept seed is read: the first reset
   * waits for it (and takes it) instead of looking itself, so a reset asked for a while after the start finds it done.
   */
  let startLook: Promise<boolean> | undefined;
  /** Runs `work` as a reset of the process's reset priority (control/reset-priority.ts), where there is one. */
  const asReset = <T>(work: () => Promise<T>): Promise<T> => (deps.priority ? deps.priority.reset(work) : work());
  /** The same look, kept after a reset took it: settled once it is (never rejects). */
  let startLookSettled: Promise<unknown> = Promise.resolve();

  /** Names a seed by profile, the date it is laid out around (`at`'s) and its report days. */
  function seedKey(profile: SeedProfile, at: Date = clock.now()): string {
    const { reportDays } = seedProfilePlan(profile, deps.demoReportDays);
    return `${profile}:${todayUtc(at)}:${String(reportDays)}`;
  }

  /** The kept copy of `profile`'s seed for the date of `at`; undefined when a reset to it must seed from nothing. */
  function keptSeed(profile: SeedProfile, at?: Date): KeptState | undefined {
    const seed = seeds.get(profile);
    return seed?.key === seedKey(profile, at) ? seed.state : undefined;
  }

  /**
   * What names a seed's file: its {@link seedKey} and the settings of this process that shape the seed's data beyond
   * it (bcrypt rounds, report buckets); the seed files add the code's digest (control/kept-seed-files.ts).
   */
  function fileKey(profile: SeedProfile, at: Date = clock.now()): string {
    return `${seedKey(profile, at)}:rounds ${String(deps.bcryptRounds)}:buckets ${String(reportBuckets())}`;
  }

  /** Reads of seed files under way, by file key: the start's background read and a first reset share one. */
  const loading = new Map<string, Promise<KeptState | undefined>>();

  /** {@link keptSeed}, else the seed's file on disk (then kept in memory like a seed just made). */
  async function keptOrStoredSeed(profile: SeedProfile, at: Date = clock.now()): Promise<KeptState | undefined> {
    const kept = keptSeed(profile, at);
    const { seedFiles } = deps;
    if (kept || !seedFiles) return kept;
    const key = fileKey(profile, at);
    let load = loading.get(key);
    if (!load) {
      load = seedFiles.load(profile, key).finally(() => loading.delete(key));
      loading.set(key, load);
    }
    const stored = await load;
    // Another reset (a session's) may have made or read it meanwhile: the first one kept wins.
    const now = keptSeed(profile, at);
    if (now) return now;
    if (stored) seeds.set(profile, { profile, state: stored, key: seedKey(profile, at) });
    return stored;
  }

  /**
   * Reads the data as it is and takes that as what it equals (`base`), the collections equal to `seed`'s sharing
   * its copy. Runs before a reset's gate, calls still served: the write tracker has seen every write of this process
   * from its start and the reset rewrites each collection it saw written whatever the reading found, so a write
   * landing during the reading is never missed.
   */
  async function observeCurrentData(profile: SeedProfile, seed: KeptState): Promise<void> {
    const observed = await captureState();
    // A snapshot taken meanwhile set what the data equals, with the tracker cleared since: it stands.
    if (base) return;
    base = {
      ...observed,
      collections: new Map(
        [...observed.collections].map(([name, kept]) => {
          const seeded = seed.collections.get(name);
          return [name, seeded?.digest === kept.digest ? seeded : kept];
        }),
      ),
    };
    const differing = differingCollections(base, seed).size;
    log(`[control] the data differs from the kept ${profile} seed in ${String(differing)} collection(s)`);
  }

  /**
   * After a restart: takes what the data journal says the data equals (the seed, but for the collections written
   * since) instead of reading every collection. Trusted only for this seed's key (profile, date, settings, code)
   * and when the seed's collections outside those written are there, with the seed's counts (a cheap look that a
   * database emptied, half seeded or changed by hand does not pass). False: the data is read as before.
   */
  async function adoptJournal(profile: SeedProfile, seed: KeptState, at: Date): Promise<boolean> {
    const { journal, seedFiles } = deps;
    if (!journal || !seedFiles) return false;
    const entry = journal.since(await seedFiles.keyOnDisk(fileKey(profile, at)));
    if (!entry || entry.everything) return false;
    const { mismatch, extra } = await differencesOutside(seed, entry.written);
    if (mismatch !== undefined) {
      log(`[control] data journal ${journal.file} not trusted (${mismatch}): the data is read`);
      journal.forget();
      return false;
    }
    // A snapshot taken meanwhile set what the data equals: it stands.
    if (base) return true;
    base = seed;
    // Where a clean stop recorded the documents written, those are put back as a warm reset does; the rest whole.
    const byDocument = new Map([...entry.ids].map(([name, ids]) => [name, keyedIds(ids)] as const));
    tracker.absorb({ written: byDocument, restructured: new Set(), everything: false });
    // Collections the seed does not have are dropped by the reset, whoever made them.
    tracker.assume([...[...entry.written].filter((name) => !byDocument.has(name)), ...extra]);
    log(
      `[control] the data journal says the data equals the kept ${profile} seed but for ${String(entry.written.size)} collection(s) (${String(byDocument.size)} by document) and ${String(extra.length)} not the seed's: not read`,
    );
    return true;
  }

  /** Writes the seed just kept in memory to its file, in the background (a failure is logged and listed). */
  function storeSeed(profile: SeedProfile, at: Date, state: KeptState): void {
    void deps.seedFiles?.save(profile, fileKey(profile, at), state);
  }

  /** Empties the database and seeds the profile around the clock's date; keeps a copy of the result. */
  async function seedFromNothing(profile: SeedProfile): Promise<KeptState> {
    const at = clock.now();
    deps.journal?.forget();
    // Not dropDatabase: FerretDB can die dropping a database still in use (control/empty-database.ts).
    await emptyDatabase();
    await recreateIndexes();
    const summary = await seedDatabase({
      bcryptRounds: deps.bcryptRounds,
      ...seedProfilePlan(profile, deps.demoReportDays),
      demoAccounts: true,
      now: at,
      profile,
    });
    log(`[control] seeded ${profile}: ${summary}`);
    const kept = await captureState();
    seeds.set(profile, { profile, state: kept, key: seedKey(profile, at) });
    storeSeed(profile, at, kept);
    deps.onSeedKept?.(profile);
    return kept;
  }

  /**
   * Rewrites what can differ from `target`; returns the collections rewritten (undefined: all). The tracker is
   * cleared before the restore, not after: a write that lands while it runs (a call that outlived its 503) is then
   * seen by the next reset. The restore's own writes carry RESTORE_COMMENT and are not counted.
   */
  async function goBackTo(
    target: KeptState,
    pace?: ReturnType<typeof inBackground>,
  ): Promise<ReadonlySet<string> | undefined> {
    const seen = tracker.take();
    const from = base;
    // Until the restore has finished, what the data equals is not known: a failed one leaves the next to rewrite all,
    // and so does a restart (the journal is gone before the first write).
    base = undefined;
    deps.journal?.forget();
    if (!from || seen.everything || !tracker.available()) {
      await restoreState(target, undefined, pace);
      return undefined;
    }
    const differing = differingCollections(from, target);
    const names = new Set([...seen.written.keys(), ...differing]);
    const dataOnly = new Map(
      [...seen.written].filter(([name]) => !seen.restructured.has(name) && !differing.has(name)),
    );
    return restoreState(target, { names, dataOnly }, pace);
  }

  /**
   * The data equals the kept seed of `profile` for the clock's date now, but for what the tracker has seen since
   * (writes that landed while it was restored or read): the journal says so, for the first reset after a restart.
   */
  async function journalEqualsSeed(profile: SeedProfile): Promise<void> {
    const { journal, seedFiles } = deps;
    if (!journal || !seedFiles) return;
    const key = await seedFiles.keyOnDisk(fileKey(profile));
    // No await between reading the tracker and writing the file: a write seen later is appended by its note.
    journal.equalsSeed(key, tracker.written().keys(), tracker.everything());
  }

  function profileIs(profile: SeedProfile): void {
    const before = settings.profile;
    settings.profile = profile;
    if (profile !== before) deps.onProfileChange?.(profile);
  }

  /**
   * A copy of the data as it is now, taken like a reset (calls held back, buffers written first) so that it is one
   * moment of the data; collections unwritten since the last copy are shared with it. The data equals the copy
   * afterwards: a later reset rewrites only what is written from here on.
   */
  async function keepCurrentData(): Promise<KeptState> {
    return gate.exclusive(async () => {
      await deps.beforeReset();
      // Taken before the copy is read: a write landing while it is read is seen by the next reset.
      const seen = tracker.take();
      const unchanged = base && tracker.available() && !seen.everything ? { base, written: seen.written } : undefined;
      const captured = await captureState(unchanged);
      base = captured;
      return captured;
    });
  }

  /**
   * `background`: this reset fills a spare session database while the API serves (control/sessions.ts): it is
   * no reset others wait for, and it writes one step at a time through the given `step` (the pool's, which runs
   * it through `priority`: never while a reset runs). Seeding from nothing (no kept copy of the profile for the
   * date) cannot go in steps: that one runs as a reset.
   */
  async function reset(
    body: ResetBody = {},
    background?: { step: <T>(work: () => Promise<T>) => Promise<T> },
  ): Promise<ControlState> {
    if (settings.resetting) throw AppError.conflict('A reset is already running; try again when it has finished.');
    const snapshot = body?.snapshot === undefined ? undefined : snapshots.get(body.snapshot);
    if (body?.snapshot !== undefined && !snapshot) throw AppError.notFound(`No snapshot named ${body.snapshot}.`);
    const profile = snapshot?.profile ?? body?.profile ?? settings.profile;
    // From here on (awaits ahead) no second reset may begin.
    settings.resetting = true;
    try {
      // A reset a caller waits on holds the background work back (the spares' steps, the read models' first load)
      // from here, its wait for the start's look at the data and its read of the data included, not only while it
      // writes: on 2 cores, the first reset after a restart took 2.5-3.2 s beside the read models' load, 1.05 s alone.
      await (background
        ? resetAs(profile, snapshot, body, background)
        : asReset(() => resetAs(profile, snapshot, body, background)));
    } finally {
      settings.resetting = false;
    }
    // After the flag is down: the answer says the reset has ended.
    return state();
  }

  async function resetAs(
    profile: SeedProfile,
    snapshot: NamedState | undefined,
    body: ResetBody,
    background: { step: <T>(work: () => Promise<T>) => Promise<T> } | undefined,
  ): Promise<void> {
    const readStarted = performance.now();
    // The start's look, if any, is this reset's: it may have set what the data equals. A spare's filling is not
    // the default database's and does not wait.
    if (!background) {
      const look = startLook;
      startLook = undefined;
      await look;
    }
    // A seed from nothing (no kept copy of the profile for the date) holds the whole seed and its copy in memory.
    // The date is the one the reset will seed for: restoreDefaults lets the clock follow the real time again. A
    // spare's filling (background) had the same check from the pool before it started.
    const seedsFor = body?.restoreDefaults ? new Date() : clock.now();
    // A copy kept on disk (by this process or an earlier one) is read before deciding to seed.
    if (!snapshot) await keptOrStoredSeed(profile, seedsFor);
    // What the data equals is not known (a restart: the data is what the last process left): it is read and compared
    // with the seed first, so that only the collections that differ are rewritten (reading is cheaper than writing).
    const seed = keptSeed(profile, seedsFor);
    if (!background && !snapshot && seed && !base && tracker.available()) {
      if (!(await adoptJournal(profile, seed, seedsFor))) await observeCurrentData(profile, seed);
    }
    // Counted in the reset's time: waiting for that look, and reading the seed's file.
    const readMs = performance.now() - readStarted;
    // Another app of the process (a session's) seeding this profile from nothing: its copy is this reset's too.
    if (!snapshot && !keptSeed(profile, seedsFor)) {
      await seeds.seeding.get(seedKey(profile, seedsFor))?.catch(() => undefined);
    }
    if (!background && !snapshot && !keptSeed(profile, seedsFor)) {
      const short = deps.roomFor?.('seed');
      if (short !== undefined) throw AppError.unavailable(short);
    }
    const pace = background ? inBackground(background.step) : undefined;
    // A spare's own filling holds the filling of other spares back only for a seed from nothing (a reset holds it
    // back whole: reset above).
    const seeding = pace ? asReset : direct;
    await gate.exclusive(async () => {
      const started = performance.now() - readMs;
      // Before the seed is chosen: a seed follows the clock, and the defaults have the real one.
      if (body?.restoreDefaults) restoreDefaults(settings, clock);
      await deps.beforeReset();
      const flushedAt = performance.now();
      let target = snapshot?.state ?? keptSeed(profile);
      const key = seedKey(profile);
      const seededElsewhere = target ? undefined : seeds.seeding.get(key);
      if (seededElsewhere) {
        await seededElsewhere.catch(() => undefined);
        target = keptSeed(profile);
      }
      let rewritten: ReadonlySet<string> | undefined;
      if (target) {
        rewritten = await goBackTo(target, pace);
        base = target;
      } else {
        // Registered before any await: a second app deciding now waits for this one.
        const seeded = seeding(() => seedFromNothing(profile));
        seeds.seeding.set(key, seeded);
        try {
          base = await seeded;
        } finally {
          if (seeds.seeding.get(key) === seeded) seeds.seeding.delete(key);
        }
        // A seed's own writes are not tagged: what it wrote is the copy just kept, so they are forgotten here.
        tracker.clear();
      }
      profileIs(profile);
      if (!snapshot) await journalEqualsSeed(profile);
      const writtenAt = performance.now();
      await deps.afterReset(rewritten);
      const what = snapshot ? `snapshot ${String(body?.snapshot)}` : profile;
      const durationMs = Math.round(performance.now() - started);
      settings.lastReset = {
        target: what,
        method: target ? 'copy' : 'seed',
        collectionsRewritten: target ? (rewritten?.size ?? null) : null,
        durationMs,
      };
      const how = !target
        ? 'seeded from nothing'
        : rewritten === undefined
          ? 'every collection rewritten'
          : `${String(rewritten.size)} collection(s) rewritten${rewritten.size > 0 && rewritten.size <= 12 ? ` (${[...rewritten].join(', ')})` : ''}`;
      const phases = `read ${ms(readMs)}, flush ${ms(flushedAt - started - readMs)}, data ${ms(writtenAt - flushedAt)}, reload ${ms(performance.now() - writtenAt)}`;
      log(`[control] reset to ${what} in ${(durationMs / 1000).toFixed(2)} s: ${how} (${phases})`);
      settings.lastResetAt = new Date();
    });
  }

  return {
    state,
    reset,
    /**
     * Keeps the data as the start has just seeded it into an empty database as the copy of `profile`, so that
     * the first reset after a fresh start is as fast as the later ones (calls wait while it is read).
     */
    async adoptFreshSeed(profile: SeedProfile): Promise<void> {
      const at = clock.now();
      const kept = await keepCurrentData();
      seeds.set(profile, { profile, state: kept, key: seedKey(profile, at) });
      storeSeed(profile, at, kept);
      profileIs(profile);
      await journalEqualsSeed(profile);
      log(
        `[control] kept a copy of the fresh ${profile} seed (${String(kept.documents)} documents): resets go back to it`,
      );
    },
    /**
     * After a restart on existing data, in the background (the start does not wait): reads the current profile's
     * kept seed from disk into memory, so that the first reset (and a new session) need not; resolves then. The
     * look at the data journal (one count a collection) follows in the background, and the first reset takes its
     * answer: a reset asked for a few seconds after the start (a test run's first) need not look itself.
     */
    async readKeptSeed(): Promise<void> {
      const profile = settings.profile;
      const at = clock.now();
      const read = keptOrStoredSeed(profile, at);
      // Set at once (no await before): a reset asked for while the seed is read still finds the look to wait for.
      startLook = read
        .then((seed) => (seed && !base && tracker.available() ? adoptJournal(profile, seed, at) : false))
        .catch((error: unknown) => {
          log(
            `[control] the start's look at the data journal failed (${String(error)}): the first reset reads the data`,
          );
          return false;
        });
      startLookSettled = startLook;
      await read;
    },
    /** Resolves once the start's look at the data journal has settled (at once when none was begun). */
    async startLookSettled(): Promise<void> {
      await startLookSettled;
    },
    /** What went wrong keeping seeds on disk (KEPT_SEEDS_DIR), one line each with what to do; empty when all is well. */
    warnings(): string[] {
      return deps.seedFiles?.warnings() ?? [];
    },
    /** Resolves when the kept seeds being written to disk are written (tests; a shutdown). */
    async seedFilesSettled(): Promise<void> {
      await deps.seedFiles?.settled();
    },
    /**
     * Takes the profile the data was seeded with (its seed marker) as the current one: a start on existing data
     * reports what it serves, not the default. Returns that profile, or null when the data has no marker.
     */
    async adoptStoredProfile(): Promise<SeedProfile | null> {
      const marker = await readSeedMarker();
      if (marker) profileIs(marker.profile);
      return marker?.profile ?? null;
    },
    async createSnapshot(name: string): Promise<Snapshot> {
      if (settings.resetting) throw AppError.conflict('A reset is running; take the snapshot when it has finished.');
      if (!snapshots.has(name) && snapshots.size >= MAX_SNAPSHOTS) {
        throw AppError.conflict(`At most ${String(MAX_SNAPSHOTS)} snapshots are kept; delete one first.`);
      }
      // A snapshot shares the collections unwritten since the last copy, but each one written is copied whole (a
      // report upload on `large` writes tens of MiB).
      const short = deps.roomFor?.('snapshot');
      if (short !== undefined) throw AppError.unavailable(short);
      const kept = await keepCurrentData();
      const named = { profile: settings.profile, state: kept };
      snapshots.delete(name);
      snapshots.set(name, named);
      return presentSnapshot(name, named);
    },
    listSnapshots(): Snapshot[] {
      return [...snapshots].map(([name, named]) => presentSnapshot(name, named));
    },
    deleteSnapshot(name: string): Snapshot {
      const named = snapshots.get(name);
      if (!named) throw AppError.notFound(`No snapshot named ${name}.`);
      snapshots.delete(name);
      return presentSnapshot(name, named);
    },
    /**
     * Stops listening to the database's writes. `cleanStop` (the process stops with every call answered and every
     * buffer written): the data journal gets the documents written, so that the next start puts back just those; the
     * journal then goes on noting collections until the connection closes (a late writer is rewritten whole).
     */
    close({ cleanStop = false }: { cleanStop?: boolean } = {}): void {
      const { journal } = deps;
      if (cleanStop && journal && tracker.available()) {
        journal.stopped(tracker.take());
        tracker.closeWithConnection();
        return;
      }
      tracker.close();
    },
    /**
     * Takes the writes the start made before this app's tracker listened as this app's own, and notes them in the
     * data journal: an upload a killed process left half done, which the start finishes from its journal
     * (reports/upload-journal.ts), rewrites report documents the journal never named, and the start's look, which
     * counts documents, would have trusted it over one that only replaced some. The first reset rewrites them whole.
     */
    adoptStartWrites(seen: SeenWrites): void {
      for (const name of seen.written.keys()) deps.journal?.note(name);
      if (seen.everything) deps.journal?.note('*');
      tracker.absorb(seen);
    },
    /**
     * What this app knows of its data, for the next app of the same database; call it once this app is closed (its
     * calls answered, its recorders written): the writes seen are taken.
     */
    handOver(): DataKnowledge {
      const seen = tracker.take();
      return { base: tracker.available() ? base : undefined, seen };
    },
    /**
     * Takes what the previous app of this database knew (its {@link handOver}) as this app's own: the next reset
     * rewrites what that app's calls wrote as well as this one's. `profile`: the profile the data is on.
     */
    inherit(knowledge: DataKnowledge, profile: SeedProfile): void {
      tracker.absorb(knowledge.seen);
      base = knowledge.base;
      settings.profile = profile;
    },
    /** The kept copy of `profile`'s seed for today (in memory), or undefined. */
    currentSeed(profile: SeedProfile): KeptState | undefined {
      return keptSeed(profile);
    },
    /** Settles when the seed from nothing of `profile` that an app of the process runs has ended (none: undefined). */
    seedUnderWay(profile: SeedProfile): Promise<unknown> | undefined {
      return seeds.seeding.get(seedKey(profile));
    },
    setClock(now: Date): ControlState {
      clock.setFixed(now);
      return state();
    },
    clearClock(): ControlState {
      clock.setFixed(null);
      return state();
    },
    setLatency(latency: LatencyRange | null): ControlState {
      settings.latency = latency;
      return state();
    },
    /** Lets everyone sign in again at once (a team locked out by its own typos) without a reseed. */
    async clearLimits(): Promise<LimitsCleared> {
      const [addresses, accounts] = await Promise.all([
        RateLimitHitModel.deleteMany({}),
        SigninFailureModel.deleteMany({}),
      ]);
      return { addressCounters: addresses.deletedCount, accountLockouts: accounts.deletedCount };
    },
    setErrors(body: ErrorRateBody | null): ControlState {
      settings.errorRate = body?.rate ?? 0;
      settings.errorStatus = body?.status ?? 500;
      return state();
    },
  };
}
