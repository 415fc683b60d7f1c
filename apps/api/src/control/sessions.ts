import type { Request, RequestHandler } from 'express';
import mongoose from 'mongoose';
import {
  MOCK_SESSION_HEADER,
  mockSessionIdSchema,
  type MockSession,
  type MockSessionSpares,
  type SeedProfile,
} from '@publisher/contract';
import { AppError } from '../shared/app-error';
import { withDatabase } from '../shared/tenant';
import { createHeapGauge, inMib, type HeapGauge, type HeapNeed, type HeapReading } from './heap-room';
import type { ResetPriority } from './reset-priority';
import type { BackgroundFailures } from '../system/background-failures';
import { createCommandsInFlight } from './commands-in-flight';
import type { DataKnowledge } from './control.service';
import { keyedIds, RESTORE_COMMENT, SPARE_MARKER_COLLECTION, stateDigest, type KeptState } from './data-states';
import { ownCollections, readThroughBase } from './copy-on-write';
import { isBaseDatabaseOf, type SessionBases } from './session-base';

/** One short piece of background work (control/reset-priority.ts). */
export type Step = <T>(work: () => Promise<T>) => Promise<T>;

/** What a session runs: an app of its own (its state, controls and journal) over a database of its own. */
export interface SessionApp {
  handle: RequestHandler;
  /** Resets the session's data to a profile's seed (from the kept copy: see control.service.ts). */
  reset(profile: SeedProfile): Promise<void>;
  /** Fills the app's database with a profile's seed as {@link reset} does, each write through `step` (a spare). */
  fill(profile: SeedProfile, step: Step): Promise<void>;
  profile(): SeedProfile;
  /** The read models the app serves from (shared with the other apps on the same seed: app.ts). */
  readModels(): Promise<{ catalog: object; coupons: object }>;
  /**
   * What the app knows of its data (call it once the app is closed), for the next app of its database. Without it
   * (and {@link inherit}) an ended session's database is dropped, never made a spare again.
   */
  handOver?(): DataKnowledge;
  /** Takes what the previous app of its database knew ({@link handOver}); the data is on `profile`. */
  inherit?(knowledge: DataKnowledge, profile: SeedProfile): void;
  close(): Promise<void>;
}

export interface SessionsOptions {
  limit: number;
  ttlMs: number;
  /** Spares kept ready from the first session on, unless a prepare has said how many (MOCK_SESSION_SPARES). */
  spares: number;
  /** Resets of every app of the process: spares are filled only between them. */
  priority: ResetPriority;
  /**
   * Builds the app of a session; called inside the session's database context. `owner` names the session the app
   * serves: known at once for a session made on first use, once taken for a spare.
   */
  build: (owner: () => string | undefined) => SessionApp;
  /** The profile a new session starts from (the default session's current one). */
  profile: () => SeedProfile;
  /**
   * The heap in use and its limit (default: V8's, see control/heap-room.ts): a session or spare that needs a new
   * database is made only while the heap leaves `headroomBytes` free (default {@link HEAP_HEADROOM_BYTES}).
   */
  heap?: () => HeapReading;
  headroomBytes?: number;
  /**
   * Whether a kept copy of the current profile's seed exists (default: yes). Without one a new database is seeded
   * from nothing, which needs `seedHeadroomBytes` (default {@link SEED_HEAP_HEADROOM_BYTES}).
   */
  hasKeptSeed?: () => boolean;
  seedHeadroomBytes?: number;
  /** How long after a session is made the pool starts refilling (default {@link REFILL_DELAY_MS}). */
  refillDelayMs?: number;
  /**
   * Undefined when the call may make a new session; else the refusal (the control token, control/control-token.ts).
   * Asked only of a call whose session does not exist yet: calls to a session already made pass.
   */
  mayCreate?: (req: Request) => AppError | undefined;
  now?: () => number;
  log?: (line: string) => void;
  /** Where a spare's filling that failed is reported (GET /health `failures`). */
  failures?: Pick<BackgroundFailures, 'report'>;
  /**
   * The kept copy of a profile's seed for today, in memory (default: none). A spare equal to it is marked so (see
   * {@link SPARE_MARKER_COLLECTION}), and a marked spare an earlier process left is taken on at start.
   */
  keptSeed?: (profile: SeedProfile) => KeptState | undefined;
  /** Ready spares outlive close(), marked, for the next process to take on (default: dropped like the rest). */
  keepSpares?: boolean;
  /**
   * The base databases a session reads until it writes (control/session-base.ts): a new session or spare then
   * costs no copy. Without one (or while no seed is kept) a database is filled through the driver.
   */
  bases?: SessionBases;
}

interface Session {
  id: string;
  connection: mongoose.Connection;
  app: SessionApp;
  createdAt: number;
  lastUsedAt: number;
  createdInMs: number;
  fromSpare: boolean;
  /** Calls of the session not answered yet: a busy session is never dropped to make room, nor expired. */
  inFlight: number;
}

/** A session being made: the calls that wait for it are counted in flight on it once it is made. */
interface Starting {
  made: Promise<Session>;
  callers: number;
}

/** A database filled (or being filled) with a profile's seed, with its app built, that no session has yet. */
interface Spare {
  name: string;
  connection: mongoose.Connection;
  app: SessionApp;
  profile: SeedProfile;
  owner: { id: string | undefined };
  /** Settles when the filling has: true when the spare is ready. */
  filled: Promise<boolean>;
  /** A new session waits for this spare's filling to end and takes it. */
  claimed: boolean;
  /** Filled from the kept seed; an ended session's database reset; or a marked spare an earlier process left. */
  origin: 'filled' | 'recycled' | 'kept';
}

export interface Sessions {
  /** Sends a call carrying X-Mock-Session to its session (made on first use); others go on. */
  middleware: RequestHandler;
  list(): MockSession[];
  /** Ends a session and drops its database; undefined when there is none. */
  end(id: string): Promise<MockSession | undefined>;
  /** The pool of spare databases. */
  spares(): MockSessionSpares;
  /** Keeps `count` spares from now on (capped: spares and sessions never exceed the limit); answers once ready. */
  prepare(count: number): Promise<MockSessionSpares>;
  /** The connections of the sessions and spares alive (tests check that ended ones are let go). */
  connections(): { sessions: mongoose.Connection[]; spares: mongoose.Connection[] };
  /** The read models a session's app serves from; undefined when there is no such session. */
  readModels(id: string): Promise<{ catalog: object; coupons: object }> | undefined;
  /** The default session's data is on another profile now: spares of the old one are dropped, new ones filled. */
  defaultProfileChanged(): void;
  /**
   * At start: takes on the spare databases an earlier process left marked as equal to the current profile's kept
   * seed, once `seedRead` has settled (the kept seed read from disk); drops the other marked ones. New sessions wait
   * for a spare it offers (each as soon as it is taken on). `marked`: the marked databases the start found
   * ({@link dropLeftoverSessionDatabases}), else they are listed. Answers how many were taken on.
   */
  adoptKeptSpares(seedRead: Promise<unknown>, marked?: readonly string[], bases?: readonly string[]): Promise<number>;
  /**
   * Fills the base of the current profile's kept seed now, as fast as the database takes it (a start on new data
   * calls it before it answers: nothing else runs then), so that no session waits for it. A failure is logged; the
   * first session tries again.
   */
  fillBase(): Promise<void>;
  /** Begins filling the base of a profile's kept seed (default: the current one) in the background, if need be. */
  warmBase(profile?: SeedProfile): void;
  /**
   * Undefined when the heap has room for `need`: a seed from nothing (a reset to a profile no copy is kept of, in
   * any session) or another copy of the data (a snapshot); else what to tell the caller.
   */
  roomFor(need: HeapNeed): string | undefined;
  close(): Promise<void>;
}

const HEADER = MOCK_SESSION_HEADER.toLowerCase();

/** Every session is busy at the limit: a 429 that says when to try again. */
class SessionsBusyError extends AppError {
  constructor(message: string) {
    super('tooManyRequests', [message]);
  }
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** How many sessions that gave way at the limit are remembered, to tell each one's next call (a bounded map). */
const GAVE_WAY_REMEMBERED = 1_000;

/** The answer to the next call of a session that gave way at the limit: its data is gone, and why. */
export function gaveWayError(id: string, agoMs: number, limit: number): AppError {
  return AppError.conflict(
    `Mock session ${id} was ended ${String(Math.round(agoMs / 1000))} s ago to make room for another: at most ` +
      `${String(limit)} live at once (MOCK_SESSION_LIMIT), and it was the least recently used idle one. What it ` +
      `wrote is gone; your next call starts it again from the seed. Raise MOCK_SESSION_LIMIT to run this many ` +
      `workers at once.`,
  );
}

/** Seconds a 429 (every session busy) tells the caller to wait: a call of a session answers within seconds. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * Lets go of the mongoose connection object of a session or spare database: `useDb` keeps every one it makes in
 * the parent's `otherDbs` (about 376 KiB each with its models), which nothing else ever empties.
 */
export function releaseConnection(connection: mongoose.Connection): void {
  connection.deleteModel(/.*/);
  // That object alone, not mongoose's removeDb (every connection of the name): a test reading a session's database
  // through a connection of its own lets go of it while the session's stays. `useDb` with useCache off keeps its
  // connections only in otherDbs, which mongoose's type declarations leave out.
  const { otherDbs } = mongoose.connection as unknown as { otherDbs: mongoose.Connection[] };
  const at = otherDbs.indexOf(connection);
  if (at >= 0) otherDbs.splice(at, 1);
}

/**
 * A connection to a session or spare database. Its data comes from a kept seed, indexes included, so its models
 * neither create collections nor build indexes when first used: mongoose would otherwise send `create` and
 * `createIndexes` for each model a session's calls touch, which the write tracker must count as restructuring, and
 * the next reset would rebuild those collections whole (a sign-in and a settings change rewrote `coupons` and
 * `merchants` whole: 1.3-2.7 s for `demo` against milliseconds for the documents written).
 */
export function sessionConnection(name: string): mongoose.Connection {
  const connection = mongoose.connection.useDb(name, { useCache: false });
  // The options `useDb` copied from the default connection (mongoose's type declarations leave `config` untyped).
  const config = connection.config as { autoIndex?: boolean; autoCreate?: boolean };
  config.autoIndex = false;
  config.autoCreate = false;
  return connection;
}

/**
 * Whether a database is one the sessions of `database` make: `<database>__s_<session id>` or
 * `<database>__spare_<n>`, exactly; no other app's database matches, even on a server shared with others.
 */
export function isSessionDatabaseOf(database: string, name: string): boolean {
  return new RegExp(`^${escapeRegExp(database)}__(?:s_[A-Za-z0-9_-]{1,32}|spare_[0-9]+)$`).test(name);
}

/** A promise and its resolve. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** The one document of {@link SPARE_MARKER_COLLECTION}: which kept seed the spare equals. */
interface SpareMarker {
  _id: 'spare';
  profile: SeedProfile;
  /** stateDigest (control/data-states.ts) of the kept seed the database equals. */
  seed: string;
  markedAt: Date;
  /**
   * What was written since it equalled that seed (a session alive at a stop), by collection: the `_id`s, or none
   * when any document may differ. The start puts those back before the database is a spare. Absent: it equals the
   * seed.
   */
  written?: { collection: string; ids?: unknown[] }[];
  /** Collections created, dropped or re-indexed since: rebuilt whole. */
  restructured?: string[];
}

const markerOf = (db: mongoose.mongo.Db): mongoose.mongo.Collection<SpareMarker> =>
  db.collection<SpareMarker>(SPARE_MARKER_COLLECTION);

/** The marker of a spare database, or undefined (a session's database, or one whose filling never finished). */
async function readMarker(db: mongoose.mongo.Db): Promise<SpareMarker | undefined> {
  return (await markerOf(db).findOne({ _id: 'spare' })) ?? undefined;
}

/** What the start found of the session databases an earlier process left. */
export interface LeftoverSessions {
  /** Unmarked (a session's, or a spare whose filling never finished): dropped. */
  dropped: string[];
  /**
   * Marked as equal to a kept seed: left for {@link Sessions.adoptKeptSpares}, which takes this list rather than
   * listing the databases again (FerretDB v1 answers `listDatabases` with every database's page statistics, even
   * `nameOnly`: about 1 s for five demo-sized ones, idle). Undefined when the databases could not be listed.
   */
  marked: string[] | undefined;
  /** The sessions' base databases found (control/session-base.ts): those of another seed go once it is read. */
  bases?: string[];
}

/**
 * Drops the session and spare databases an earlier process left behind: one that died (killed, out of memory)
 * dropped none, and nothing else would (a new process numbers its spares from 1 again and lists only its own).
 * A spare marked as equal to a kept seed is left for {@link Sessions.adoptKeptSpares}. Call it at start, before
 * any session exists.
 */
export async function dropLeftoverSessionDatabases(
  connection: mongoose.Connection,
  log: (line: string) => void = () => undefined,
): Promise<LeftoverSessions> {
  const database = connection.name;
  let names: string[];
  let bases: string[];
  try {
    const listed = (await connection.getClient().db().admin().listDatabases({ nameOnly: true })).databases.map(
      ({ name }) => name,
    );
    names = listed.filter((name) => isSessionDatabaseOf(database, name));
    bases = listed.filter((name) => isBaseDatabaseOf(database, name));
  } catch (error) {
    // A server shared with other apps may not let this user list databases: then there is nothing it can see.
    log(`[sessions] could not list databases to drop leftover sessions: ${String(error)}`);
    return { dropped: [], marked: undefined };
  }
  const dropped: string[] = [];
  const marked: string[] = [];
  for (const name of names) {
    const leftover = connection.useDb(name, { useCache: false });
    if (await readMarker(leftover.getClient().db(name))) {
      releaseConnection(leftover);
      marked.push(name);
      continue;
    }
    await leftover.dropDatabase();
    releaseConnection(leftover);
    dropped.push(name);
  }
  if (dropped.length > 0) {
    log(
      `[sessions] dropped ${String(dropped.length)} session database(s) left by an earlier process: ${dropped.join(', ')}`,
    );
  }
  return { dropped, marked, bases };
}

/** Longest a session database's drop waits for the commands still running on it. */
export const DROP_SETTLE_TIMEOUT_MS = 5_000;

/**
 * A refill starts this long after a session is made, not at once: it begins by building the spare's app, which
 * holds the event loop (about 0.1 s idle, over 1 s on a loaded machine), and the new session's first calls (and
 * the other workers' sessions, made at the same moment) go first.
 */
export const REFILL_DELAY_MS = 1_000;

/**
 * Heap a new session or spare may need. One on a seed another app already holds costs about 1 MiB (its app; the
 * read models, API docs and kept seed copy are shared); one on a seed no app holds yet loads its own read models
 * (measured: 32.5 MiB for `demo`), and filling a database passes batches of decoded documents through the heap.
 */
export const HEAP_HEADROOM_BYTES = 48 * 2 ** 20;

/**
 * Heap a new session or spare may need when no copy of the seed is kept (a restart over data an earlier process
 * seeded): it seeds its database from nothing and keeps a copy (20 MiB for `demo`, 28 MiB for `large`), then loads
 * its read models. With a 158 MiB heap, 78 MiB in use, that ran out of memory; 96 MiB is what it left short.
 */
export const SEED_HEAP_HEADROOM_BYTES = 96 * 2 ** 20;

/**
 * Isolated mock sessions for parallel test workers (docs/CONTROLS.md): a call with `X-Mock-Session: <id>` is
 * served by an app of its own, built like the default one, over a database of its own, inside that database's
 * context (shared/tenant.ts). Nothing of one session is seen by another: data, clock, latency, error rate,
 * request journal, caches, buffers and limits.
 *
 * A new session takes a warm spare when there is one: a database (`<db>__spare_<n>`) already filled from the kept
 * copy of the default session's profile, its app built and its read models loaded, so that taking it costs
 * nothing. The pool fills spares in the background, one at a time, a step at a time, never while a reset runs
 * (control/reset-priority.ts), within the write budget. Without a ready spare a session is filled on first use
 * (`<db>__s_<id>`), as a reset.
 *
 * A database is filled once and then reused: an ended session's is reset (only what it wrote) and becomes a spare
 * (`recycle`); ready spares and idle sessions' databases outlive a stop, marked, and the next start takes them
 * on (`adoptKeptSpares`). So only the first round of sessions on a new kept seed copies it through the driver.
 */
export function createSessions(options: SessionsOptions): Sessions {
  const {
    limit,
    ttlMs,
    build,
    priority,
    refillDelayMs = REFILL_DELAY_MS,
    now = Date.now,
    log = () => undefined,
    headroomBytes = HEAP_HEADROOM_BYTES,
    seedHeadroomBytes = SEED_HEAP_HEADROOM_BYTES,
    hasKeptSeed = () => true,
  } = options;
  const gauge: HeapGauge = options.heap ? { read: options.heap, close: () => undefined } : createHeapGauge();
  /** Why the pool stopped filling short of its target: the heap had no room for another spare. */
  let heapShort: string | undefined;

  /**
   * Undefined when the heap has room for one more session or spare (or, `seeding`, for a seed from nothing); else
   * what to tell the caller.
   */
  function heapFull(what: string, seeding = !hasKeptSeed()): string | undefined {
    const { usedBytes, limitBytes } = gauge.read();
    const needed = seeding ? seedHeadroomBytes : headroomBytes;
    if (usedBytes + needed <= limitBytes) return undefined;
    return (
      `The API's memory has no room for ${what}: ${inMib(usedBytes)} of its ${inMib(limitBytes)} heap in use, and ` +
      `one may need ${inMib(needed)}. End a session (DELETE /__control/sessions/:id), prepare fewer spares ` +
      `(POST /__control/sessions/prepare), delete a snapshot (DELETE /__control/snapshots/:name), or give the API a ` +
      `larger heap (NODE_OPTIONS=--max-old-space-size=384 npm start).`
    );
  }
  const commandsInFlight = createCommandsInFlight();
  const sessions = new Map<string, Session>();
  /** Sessions being made, by id: a second first call with the same id waits for the same one (single flight). */
  const starting = new Map<string, Starting>();
  /** Sessions being ended, by id: a new session of the same id waits until its database is gone. */
  const ending = new Map<string, Promise<void>>();
  /**
   * Sessions that gave way at the limit, by id, with when: the next call of such an id is told so (409) once,
   * instead of silently starting again from the seed (a test worker would see its writes vanish). The oldest are
   * forgotten past GAVE_WAY_REMEMBERED.
   */
  const gaveWay = new Map<string, number>();
  const ready: Spare[] = [];
  let filling: Spare | undefined;
  /** Ended sessions' databases being reset to the seed, to be spares again. */
  const recycling: Spare[] = [];
  /** The start's taking on of the spares an earlier process left. */
  let adopting: Promise<unknown> | undefined;
  /**
   * While it runs, a new session waits for a spare it offers (or for its end) rather than filling a database through
   * the driver: `offer` wakes the waiting ones at each spare it offers and at its end.
   */
  let adoptionRunning = false;
  let offer = deferred();
  let pumping: Promise<void> | undefined;
  /** Spares wanted ready; 0 until the first session or prepare. */
  let target = 0;
  /** A session has been made, or the last run left bases or session databases: bases are kept filled from then on. */
  let sessionsUsed = false;
  /** A prepare set `target`: the first session leaves it as it is. */
  let prepared = false;
  let spareNumber = 0;
  let closed = false;
  /** Prepares waiting for spares: each checks again when a filling ends. */
  const waiting = new Set<{ check: () => void; fail: (error: unknown) => void }>();

  const present = (session: Session): MockSession => ({
    id: session.id,
    profile: session.app.profile(),
    createdAt: new Date(session.createdAt).toISOString(),
    lastUsedAt: new Date(session.lastUsedAt).toISOString(),
    createdInMs: session.createdInMs,
    fromSpare: session.fromSpare,
  });

  /**
   * How many spares may be kept: as wanted, up to the limit (no more than could ever be taken at once). They do not
   * count against the sessions' limit: a new session takes one whatever the number of sessions alive.
   */
  const spareRoom = (): number => Math.min(target, limit);
  const spares = (): MockSessionSpares => ({
    ready: ready.length,
    filling: (filling ? 1 : 0) + recycling.length,
    target: spareRoom(),
  });
  /** Spares ready or on their way, whoever made them: an ended session's database is kept while fewer than the limit. */
  const sparesKept = (): number => ready.length + recycling.length + (filling ? 1 : 0);

  /**
   * Marks a spare as equal to the kept seed of its profile, so that a later process may take it on; nothing when no
   * copy of that seed is in memory. A restore's comment: no write tracker counts it.
   */
  async function mark(spare: Spare): Promise<void> {
    const seed = options.keptSeed?.(spare.profile);
    if (!seed) return;
    const marker: SpareMarker = { _id: 'spare', profile: spare.profile, seed: stateDigest(seed), markedAt: new Date() };
    await markerOf(spare.connection.getClient().db(spare.name)).replaceOne({ _id: 'spare' }, marker, {
      upsert: true,
      comment: RESTORE_COMMENT,
    });
  }

  /** Takes the mark off before a session may write: a database in use never claims to equal a seed. */
  async function unmark(spare: Spare): Promise<void> {
    await markerOf(spare.connection.getClient().db(spare.name)).deleteOne(
      { _id: 'spare' },
      { comment: RESTORE_COMMENT },
    );
  }

  async function dropDatabase(connection: mongoose.Connection, app: SessionApp): Promise<void> {
    await app.close().catch(() => undefined);
    // Nothing of this process may still read it: FerretDB dies dropping a database in use (commands-in-flight.ts).
    await commandsInFlight.settled(connection.name, DROP_SETTLE_TIMEOUT_MS);
    await connection.dropDatabase().catch(() => undefined);
    releaseConnection(connection);
  }

  /**
   * Ends a session: out of the list at once (synchronously, so two callers never both count it), its database
   * made a spare again after ({@link recycle}), or dropped (`recycle` false, or the pool is full). A second drop of
   * the same session waits for the first.
   */
  function drop(session: Session, { recycle: again = true } = {}): Promise<void> {
    if (sessions.get(session.id) !== session) return ending.get(session.id) ?? Promise.resolve();
    sessions.delete(session.id);
    const retire =
      again && !closed && sparesKept() < limit && session.app.handOver
        ? recycle(session)
        : dropDatabase(session.connection, session.app);
    const dropped = retire.finally(() => {
      if (ending.get(session.id) === dropped) ending.delete(session.id);
    });
    ending.set(session.id, dropped);
    return dropped;
  }

  const isIdle = (session: Session): boolean => session.inFlight === 0;

  async function sweep(): Promise<void> {
    const expired = [...sessions.values()].filter((session) => isIdle(session) && now() - session.lastUsedAt > ttlMs);
    const drops = expired.map((session) => {
      log(`[sessions] ${session.id} unused for ${String(Math.round(ttlMs / 1000))} s: dropped`);
      return drop(session);
    });
    await Promise.all(drops);
    // Their room may hold spares now.
    if (expired.length > 0) pumpSoon();
  }

  /**
   * Makes room for one more session (called with no await between it and the session's place being taken): at the
   * limit, the least recently used idle session gives way; when every session is busy, a 429 with Retry-After.
   */
  function makeRoom(id: string): void {
    // The sessions being made count, but for this one.
    if (sessions.size + starting.size - 1 < limit) return;
    const idle = [...sessions.values()].filter(isIdle).sort((a, b) => a.lastUsedAt - b.lastUsedAt);
    const oldest = idle[0];
    if (!oldest) {
      throw new SessionsBusyError(
        `At most ${String(limit)} mock sessions at once (MOCK_SESSION_LIMIT), and every one is answering a call now; ` +
          `try again in a moment, or end one (DELETE /__control/sessions/:id).`,
      );
    }
    log(`[sessions] ${oldest.id} (least recently used, idle) dropped to make room for ${id}`);
    gaveWay.set(oldest.id, now());
    if (gaveWay.size > GAVE_WAY_REMEMBERED) gaveWay.delete(gaveWay.keys().next().value ?? '');
    void drop(oldest);
  }
  const sweeper = setInterval(() => void sweep(), Math.max(1_000, Math.floor(ttlMs / 4)));
  sweeper.unref();

  /**
   * Makes an ended session's database a spare again instead of dropping it: a reset rewrites only what the session
   * wrote (its app's write tracker saw every write), where a new database would take the whole seed through the
   * driver. A new app is built over it first, so that its tracker sees whatever write of the old app's calls lands
   * late; the old app is closed, and what it knew of the data handed to the new one. Dropped instead when that is
   * not known (a failed reset), when the reset fails, or when the pool has closed meanwhile.
   */
  function recycle(session: Session): Promise<void> {
    return resetAsSpare(session.connection, session.id, async () => {
      await session.app.close().catch(() => undefined);
      await commandsInFlight.settled(session.connection.name, DROP_SETTLE_TIMEOUT_MS);
      const knowledge = session.app.handOver?.();
      return knowledge && { knowledge, profile: session.app.profile() };
    });
  }

  /**
   * Makes a database a spare of the current profile: a new app over it takes what `known` answers (what its data
   * equals but for the writes seen) and resets it, rewriting only those writes. Listed as being reset at once.
   */
  function resetAsSpare(
    connection: mongoose.Connection,
    whose: string,
    known: () => Promise<{ knowledge: DataKnowledge; profile: SeedProfile } | undefined>,
  ): Promise<void> {
    const profile = options.profile();
    // Its app built first: its tracker sees whatever write of the old app's calls lands late.
    const spare = spareOver(connection, profile, 'recycled');
    const { app } = spare;
    const started = performance.now();
    spare.filled = (async () => {
      const was = await known();
      if (!was?.knowledge.base || !app.inherit) {
        throw new Error('what its data equals is not known (its last reset failed)');
      }
      app.inherit(was.knowledge, was.profile);
      await withDatabase(connection, () => app.fill(profile, step));
      await mark(spare);
    })().then(
      () => {
        const took = String(Math.round(performance.now() - started));
        log(`[sessions] ${whose}'s database ${spare.name} reset to ${profile} as a spare in ${took} ms`);
        return true;
      },
      (error: unknown) => {
        if (!closed) log(`[sessions] ${whose}'s database ${spare.name} dropped, not reset: ${String(error)}`);
        return false;
      },
    );
    // At once: a new session made right after (the one this one made room for) waits for it, not a new filling.
    recycling.push(spare);
    return spare.filled.then(async (isReady) => {
      const leave = (): void => void recycling.splice(recycling.indexOf(spare), 1);
      if (spare.claimed && isReady) return leave();
      if (!isReady || closed || spare.profile !== options.profile()) {
        // Out of the list once dropped: till then its name is in use (a new session of that id takes another).
        await dropDatabase(connection, app);
        return leave();
      }
      leave();
      ready.push(spare);
      waiting.forEach((waiter) => waiter.check());
    });
  }

  /**
   * At close (keepSpares): a session's database is kept with a mark that names the collections it wrote, so that
   * the next start resets just those and has one more spare; dropped when what it wrote is not known.
   */
  async function keepWritten(session: Session): Promise<void> {
    sessions.delete(session.id);
    await session.app.close().catch(() => undefined);
    await commandsInFlight.settled(session.connection.name, DROP_SETTLE_TIMEOUT_MS);
    const knowledge = session.app.handOver?.();
    const seed = options.keptSeed?.(session.app.profile());
    // Only a database that was the kept seed but for the writes seen: a snapshot's or a failed reset's is dropped.
    if (!knowledge?.base || knowledge.seen.everything || !seed || stateDigest(knowledge.base) !== stateDigest(seed)) {
      await session.connection.dropDatabase().catch(() => undefined);
      releaseConnection(session.connection);
      return;
    }
    const marker: SpareMarker = {
      _id: 'spare',
      profile: session.app.profile(),
      seed: stateDigest(seed),
      markedAt: new Date(),
      written: [...knowledge.seen.written].map(([collection, ids]) =>
        ids === 'all' ? { collection } : { collection, ids: [...ids.values()] },
      ),
      restructured: [...knowledge.seen.restructured],
    };
    await markerOf(session.connection.getClient().db(session.connection.name))
      .replaceOne({ _id: 'spare' }, marker, { upsert: true, comment: RESTORE_COMMENT })
      .catch(() => session.connection.dropDatabase());
    releaseConnection(session.connection);
  }

  /** A spare over `connection` with its app built (no owner yet), not filled until its `filled` says so. */
  function spareOver(connection: mongoose.Connection, profile: SeedProfile, origin: Spare['origin']): Spare {
    const owner: { id: string | undefined } = { id: undefined };
    const app = withDatabase(connection, () => build(() => owner.id));
    return {
      name: connection.name,
      connection,
      app,
      profile,
      owner,
      filled: Promise.resolve(false),
      claimed: false,
      origin,
    };
  }

  // A step of the pool's filling: after close() the filling in flight stops at its next step.
  const step: Step = (work) => (closed ? Promise.reject(new Error('mock sessions closed')) : priority.step(work));

  /**
   * Makes `connection` (no app built over it yet) read the base of `profile`'s kept seed until it writes
   * (control/copy-on-write.ts). Returns the seed the data equals when the database holds nothing of its own (a
   * new one), else undefined: no base (no kept seed, or its filling failed: reported, and the database is filled
   * through the driver as before), or what its own collections hold is not known here.
   */
  async function readBase(connection: mongoose.Connection, profile: SeedProfile): Promise<KeptState | undefined> {
    if (!options.bases) return undefined;
    try {
      const base = await options.bases.of(profile);
      if (!base) return undefined;
      const own = await ownCollections(connection.getClient().db(connection.name));
      readThroughBase(connection, base, own);
      return own.size === 0 ? base.seed : undefined;
    } catch (error) {
      const reason = `the base database of ${profile} could not be filled: ${String(error)}`;
      if (closed) return undefined;
      if (options.failures) {
        options.failures.report({
          kind: 'seed-failed',
          reason: `Mock sessions: ${reason}`,
          whatToDo:
            'Nothing: new sessions fill their databases through the driver meanwhile (slower), and the next one tries the base again.',
        });
      } else log(`[sessions] ${reason}`);
      return undefined;
    }
  }

  /** {@link Sessions.warmBase}: a failure is reported by the session that asks for the base next. */
  function warmBase(profile = options.profile()): void {
    // Only for a process whose sessions are in use (or whose last run's were): a start that never uses them pays
    // nothing, as with spares.
    if (!sessionsUsed) return;
    void options.bases?.of(profile).catch(() => undefined);
  }

  /** Equal to `seed`, nothing written: what an app over a database that reads its base alone knows. */
  const equalTo = (seed: KeptState): DataKnowledge => ({
    base: seed,
    seen: { written: new Map(), restructured: new Set(), everything: false },
  });

  async function newSpare(profile: SeedProfile): Promise<Spare> {
    spareNumber += 1;
    const name = `${mongoose.connection.name}__spare_${String(spareNumber)}`;
    const connection = sessionConnection(name);
    const seed = await readBase(connection, profile);
    const spare = spareOver(connection, profile, 'filled');
    const { app } = spare;
    const started = performance.now();
    const fill = async (): Promise<void> => {
      if (seed && app.inherit) app.inherit(equalTo(seed), profile);
      else await app.fill(profile, step);
      await mark(spare);
    };
    spare.filled = withDatabase(connection, fill).then(
      () => {
        log(`[sessions] spare ${name} (${profile}) filled in ${String(Math.round(performance.now() - started))} ms`);
        return true;
      },
      (error: unknown) => {
        // A filling stopped by close() is no failure.
        const reason = `spare ${name} (${profile}) could not be filled: ${String(error)}`;
        if (!closed && options.failures) {
          options.failures.report({
            kind: 'seed-failed',
            reason: `Mock session ${reason}`,
            whatToDo:
              'Nothing: a new session is filled on its first call meanwhile, and the next session or prepare tries a spare again.',
          });
        } else if (!closed) log(`[sessions] ${reason}`);
        waiting.forEach((waiter) => waiter.fail(error));
        return false;
      },
    );
    return spare;
  }

  /** Fills spares one after another while fewer than wanted are ready or filling. */
  function pump(): void {
    if (pumping || closed) return;
    pumping = (async () => {
      while (!closed && ready.length + (filling ? 1 : 0) < spareRoom()) {
        heapShort = heapFull('another spare session database');
        if (heapShort) {
          log(`[sessions] spare pool stopped at ${String(ready.length)} of ${String(spareRoom())}: ${heapShort}`);
          break;
        }
        const spare = await newSpare(options.profile());
        filling = spare;
        const isFilled = await spare.filled;
        filling = undefined;
        if (spare.claimed && isFilled) continue;
        if (!isFilled || closed || spare.profile !== options.profile()) {
          await dropDatabase(spare.connection, spare.app);
          // A failed filling is not tried again until the next session or prepare asks for spares.
          if (!isFilled) break;
          continue;
        }
        ready.push(spare);
        waiting.forEach((waiter) => waiter.check());
      }
    })().finally(() => {
      pumping = undefined;
      waiting.forEach((waiter) => waiter.check());
    });
  }

  let refillTimer: NodeJS.Timeout | undefined;
  /** A refill after sessions have been made or ended: once they have had {@link REFILL_DELAY_MS} to go first. */
  function pumpSoon(): void {
    clearTimeout(refillTimer);
    refillTimer = setTimeout(pump, refillDelayMs);
    refillTimer.unref();
  }

  /**
   * A spare of the current profile for a new session: a ready one, else one being reset or filled (waited for).
   * The database of the session's own name (`<db>__s_<id>`, a spare since that session ended) comes first.
   */
  async function takeSpare(id: string): Promise<Spare | undefined> {
    const profile = options.profile();
    const own = `${mongoose.connection.name}__s_${id}`;
    const first = (list: readonly Spare[]): number => {
      const fits = (spare: Spare): boolean => spare.profile === profile && !spare.claimed;
      const named = list.findIndex((spare) => fits(spare) && spare.name === own);
      return named >= 0 ? named : list.findIndex(fits);
    };
    const index = first(ready);
    if (index >= 0) return ready.splice(index, 1)[0];
    const inFlight = recycling[first(recycling)] ?? (filling && first([filling]) === 0 ? filling : undefined);
    if (!inFlight) return undefined;
    inFlight.claimed = true;
    return (await inFlight.filled) ? inFlight : undefined;
  }

  /** Whether a session or spare (ready, being reset or filled) has this database. */
  const isInUse = (name: string): boolean =>
    [...sessions.values()].some((session) => session.connection.name === name) ||
    [...ready, ...recycling, ...(filling ? [filling] : [])].some((spare) => spare.name === name);

  async function start(id: string): Promise<Session> {
    const started = performance.now();
    const spare = await takeSpare(id);
    if (spare) {
      // Before the session's first call: a database it may write never says it equals a seed.
      await unmark(spare).catch(async (error: unknown) => {
        await dropDatabase(spare.connection, spare.app);
        throw error;
      });
      spare.owner.id = id;
      const createdInMs = Math.round(performance.now() - started);
      log(`[sessions] ${id} took spare ${spare.name} (${spare.origin}) in ${String(createdInMs)} ms`);
      const at = now();
      return {
        id,
        connection: spare.connection,
        app: spare.app,
        createdAt: at,
        lastUsedAt: at,
        createdInMs,
        fromSpare: true,
        inFlight: 0,
      };
    }
    // Its own name, unless a spare (an ended session's database, taken by another) has it.
    const own = `${mongoose.connection.name}__s_${id}`;
    const name = isInUse(own) ? `${mongoose.connection.name}__spare_${String((spareNumber += 1))}` : own;
    const connection = sessionConnection(name);
    const profile = options.profile();
    const seed = await readBase(connection, profile);
    const app = withDatabase(connection, () => build(() => id));
    try {
      // Over a base: the data is the seed already, nothing to write. Else the seed is copied in, as a reset.
      if (seed && app.inherit) app.inherit(equalTo(seed), profile);
      else await withDatabase(connection, () => app.reset(profile));
    } catch (error) {
      await app.close().catch(() => undefined);
      throw error;
    }
    const at = now();
    const createdInMs = Math.round(performance.now() - started);
    const how = seed ? 'reading its base until it writes' : 'no spare ready';
    log(`[sessions] ${id} created in ${String(createdInMs)} ms (database ${name}, ${how})`);
    return { id, connection, app, createdAt: at, lastUsedAt: at, createdInMs, fromSpare: false, inFlight: 0 };
  }

  /** Whether a spare of the current profile (ready, being reset or filled) is free for a new session. */
  const hasFreeSpare = (): boolean =>
    [...ready, ...recycling, ...(filling ? [filling] : [])].some(
      (spare) => spare.profile === options.profile() && !spare.claimed,
    );

  /** The spares an earlier process left are offered one by one: wakes the sessions waiting for one. */
  function offered(): void {
    const woken = offer;
    offer = deferred();
    woken.resolve();
  }

  /** Makes the session `id` (its place in `starting` is already taken) and counts its waiting callers on it. */
  async function make(id: string): Promise<Session> {
    // A session of this id being ended (expired, evicted, deleted): its database goes before a new one is filled.
    await ending.get(id);
    await sweep();
    makeRoom(id);
    // The spares an earlier process left come first, each as soon as it is taken on (not after all of them). No
    // await from here until start() has claimed the spare: two new sessions never count on the same one.
    while (adoptionRunning && !hasFreeSpare()) await offer.promise;
    // Taking a spare costs nothing more; a session filled on first use builds an app and may load read models.
    const hasSpare = hasFreeSpare();
    const full = hasSpare ? undefined : heapFull('another mock session');
    if (full) throw AppError.unavailable(full);
    const session = await start(id);
    if (closed) {
      await dropDatabase(session.connection, session.app);
      throw AppError.unavailable('The mock sessions are closing: the API is stopping.');
    }
    // In the same step as it joins the list: no other call can see it idle before its callers count on it.
    session.inFlight = starting.get(id)?.callers ?? 1;
    sessions.set(id, session);
    // Sessions are in use: keep spares from now on (none before, so a start that never uses them pays nothing).
    if (!prepared) target = options.spares;
    sessionsUsed = true;
    pumpSoon();
    return session;
  }

  /**
   * The session of `id` with this call counted in flight on it (the caller lets go with {@link leave}): the one
   * alive, the one being made, or a new one (when `mayCreate` allows). Two first calls with one id make one.
   */
  function enter(id: string, req: Request): Promise<Session> {
    const known = sessions.get(id);
    if (known) {
      known.inFlight += 1;
      known.lastUsedAt = now();
      return Promise.resolve(known);
    }
    const pending = starting.get(id);
    if (pending) {
      pending.callers += 1;
      return pending.made;
    }
    const gaveWayAt = gaveWay.get(id);
    if (gaveWayAt !== undefined) {
      gaveWay.delete(id);
      return Promise.reject(gaveWayError(id, now() - gaveWayAt, limit));
    }
    const refused = options.mayCreate?.(req);
    if (refused) return Promise.reject(refused);
    const made = make(id).finally(() => {
      if (starting.get(id)?.made === made) starting.delete(id);
    });
    starting.set(id, { made, callers: 1 });
    return made;
  }

  function leave(session: Session): void {
    session.inFlight = Math.max(0, session.inFlight - 1);
    session.lastUsedAt = now();
  }

  return {
    middleware: (req, res, next) => {
      const header = req.headers[HEADER];
      // Empty: the default session (a client that sends the header on every call, empty when it has none).
      if (header === undefined || header === '') {
        next();
        return;
      }
      const parsed = mockSessionIdSchema.safeParse(Array.isArray(header) ? header[0] : header);
      if (!parsed.success) {
        next(AppError.badRequest(parsed.error.issues[0]?.message ?? `${MOCK_SESSION_HEADER} is not valid`));
        return;
      }
      // The call counts in flight on its session from the moment it is entered until its answer is sent (or the
      // client goes away, even before the session was made).
      let entered: Session | undefined;
      let isOver = false;
      res.once('close', () => {
        isOver = true;
        if (entered) leave(entered);
      });
      enter(parsed.data, req).then(
        (session) => {
          entered = session;
          if (isOver) {
            leave(session);
            return;
          }
          withDatabase(session.connection, () => session.app.handle(req, res, next));
        },
        (error: unknown) => {
          if (error instanceof SessionsBusyError) res.setHeader('Retry-After', String(BUSY_RETRY_AFTER_SECONDS));
          next(error);
        },
      );
    },
    list: () => [...sessions.values()].map(present),
    async end(id) {
      // Ended on purpose: its next call is a new session, with no word of the earlier one.
      gaveWay.delete(id);
      const session = sessions.get(id);
      if (!session) return undefined;
      const ended = present(session);
      await drop(session);
      pumpSoon();
      return ended;
    },
    connections: () => ({
      sessions: [...sessions.values()].map((session) => session.connection),
      spares: [...ready, ...recycling, ...(filling ? [filling] : [])].map((spare) => spare.connection),
    }),
    spares,
    roomFor: (need) => (need === 'seed' ? heapFull('a seed from nothing', true) : heapFull('another snapshot', false)),
    readModels(id) {
      const session = sessions.get(id);
      return session && withDatabase(session.connection, () => session.app.readModels());
    },
    async prepare(count) {
      target = count;
      prepared = true;
      pump();
      await new Promise<void>((resolve, reject) => {
        const waiter = {
          check: () => {
            if (ready.length < spareRoom() && !pumping && !filling && heapShort !== undefined) {
              waiting.delete(waiter);
              reject(
                AppError.unavailable(`${String(ready.length)} of ${String(spareRoom())} spares ready. ${heapShort}`),
              );
              return;
            }
            // Done when as many as may be kept are ready, or when the pool has stopped (closed, at the cap).
            if (ready.length >= spareRoom() || (!pumping && !filling)) {
              waiting.delete(waiter);
              resolve();
            }
          },
          fail: (error: unknown) => {
            waiting.delete(waiter);
            reject(
              error instanceof AppError ? error : AppError.unavailable(`A spare could not be filled: ${String(error)}`),
            );
          },
        };
        waiting.add(waiter);
        waiter.check();
      });
      return spares();
    },
    async fillBase() {
      const started = performance.now();
      await options.bases?.of(options.profile(), 'alone').then(
        (base) => {
          const took = String(Math.round(performance.now() - started));
          if (base) log(`[sessions] the sessions' base of ${options.profile()} is ready (${took} ms)`);
        },
        (error: unknown) => log(`[sessions] the sessions' base could not be filled: ${String(error)}`),
      );
    },
    warmBase,
    adoptKeptSpares(seedRead, marked, bases) {
      adoptionRunning = true;
      const adopted = (async () => {
        const started = performance.now();
        await seedRead.catch(() => undefined);
        const seedMs = Math.round(performance.now() - started);
        const database = mongoose.connection.name;
        // Before any session reads a base: those of another seed than the one just read go.
        if (bases && options.bases) {
          await options.bases
            .dropStale(options.profile(), bases)
            .catch((error: unknown) => log(`[sessions] old base databases not dropped: ${String(error)}`));
        }
        const names =
          marked ??
          (await mongoose.connection.getClient().db().admin().listDatabases({ nameOnly: true })).databases
            .map(({ name }) => name)
            .filter((name) => isSessionDatabaseOf(database, name));
        // The current seed's base (after a restart: ready at once; else filled now rather than when the first
        // sessions ask for it), when the last run used sessions (it left bases or session databases).
        if ((bases ?? []).length > 0 || names.length > 0) sessionsUsed = true;
        warmBase();
        const profile = options.profile();
        const seed = options.keptSeed?.(profile);
        const wanted = seed && stateDigest(seed);
        let taken = 0;
        for (const name of names) {
          if (closed) break;
          const connection = sessionConnection(name);
          const marker = await readMarker(connection.getClient().db(name));
          // Unmarked: a session's, which dropLeftoverSessionDatabases has dropped (or one made since: not ours).
          if (!marker || isInUse(name)) {
            releaseConnection(connection);
            continue;
          }
          if (!seed || marker.profile !== profile || marker.seed !== wanted || taken >= limit) {
            log(`[sessions] kept spare ${name} dropped: it equals another seed than the current ${profile} one`);
            await connection.dropDatabase().catch(() => undefined);
            releaseConnection(connection);
            continue;
          }
          // Its collections the session never wrote are read from the base again (none, when it has none).
          await readBase(connection, profile);
          // Building an app holds the event loop a moment: one at a time, with calls served between.
          await new Promise((resolve) => setImmediate(resolve));
          const numbered = /__spare_([0-9]+)$/.exec(name);
          if (numbered) spareNumber = Math.max(spareNumber, Number(numbered[1]));
          taken += 1;
          if (marker.written && marker.written.length > 0) {
            // A session's, kept at a stop: what it wrote is put back first (new sessions wait for it).
            const written = new Map(
              marker.written.map(({ collection, ids }) => [collection, ids ? keyedIds(ids) : ('all' as const)]),
            );
            const seen = { written, restructured: new Set(marker.restructured), everything: false };
            // All at once: each puts back a few documents (no collection rebuilt: see sessionConnection), and the
            // database server takes them side by side. One after another, the fourth of four waited for three.
            void resetAsSpare(connection, 'a stopped session', () =>
              Promise.resolve({ knowledge: { base: seed, seen }, profile }),
            );
            offered();
            continue;
          }
          const spare = spareOver(connection, profile, 'kept');
          if (!spare.app.inherit) {
            await dropDatabase(connection, spare.app);
            continue;
          }
          spare.app.inherit(
            { base: seed, seen: { written: new Map(), restructured: new Set(), everything: false } },
            profile,
          );
          spare.filled = Promise.resolve(true);
          ready.push(spare);
          offered();
        }
        if (taken > 0) {
          const tookMs = String(Math.round(performance.now() - started));
          log(
            `[sessions] took on ${String(taken)} spare database(s) an earlier process left (${profile}) in ${tookMs} ms (the kept seed read in ${String(seedMs)} ms)`,
          );
        }
        return taken;
      })();
      // A failure to list leaves the pool as it is: sessions are filled as before.
      adopting = adopted
        .catch((error: unknown) => log(`[sessions] kept spares not taken on: ${String(error)}`))
        .finally(() => {
          adoptionRunning = false;
          offered();
        });
      return adopted;
    },
    defaultProfileChanged() {
      const profile = options.profile();
      const stale = ready.filter((spare) => spare.profile !== profile);
      for (const spare of stale) {
        ready.splice(ready.indexOf(spare), 1);
        log(`[sessions] spare ${spare.name} dropped: the default session is on ${profile} now`);
        void dropDatabase(spare.connection, spare.app);
      }
      pump();
    },
    async close() {
      closed = true;
      gauge.close();
      clearInterval(sweeper);
      clearTimeout(refillTimer);
      await Promise.all([pumping, adopting]);
      // Marked spares can outlive the process (keepSpares): the next one takes them on at start.
      const keep = async (spare: Spare): Promise<void> => {
        await spare.app.close().catch(() => undefined);
        releaseConnection(spare.connection);
      };
      // Sessions' data goes: nothing would drop it after the process (but the next start's leftover sweep).
      await Promise.all([
        ...ready
          .splice(0)
          .map((spare) => (options.keepSpares ? keep(spare) : dropDatabase(spare.connection, spare.app))),
        ...[...sessions.values()].map((session) =>
          options.keepSpares && session.inFlight === 0 ? keepWritten(session) : drop(session, { recycle: false }),
        ),
        ...ending.values(),
      ]);
      commandsInFlight.close();
    },
  };
}
