import { LRUCache } from 'lru-cache';
import { outsideRequest } from '../request-scope';
import { UserModel, type UserRecord } from '../../auth/user.model';

/**
 * A short-lived cache of users by id for the access check, which runs on every authenticated request and would
 * otherwise cost a database read each time (on FerretDB that read dominates a cached report's latency).
 *
 * - Writes in this process invalidate at once; other processes' writes show within `maxAgeMs`.
 * - Concurrent misses for one user share one read, and an entry between `freshMs` and `maxAgeMs` old is served
 *   while one background read refreshes it: otherwise every expiry made all of a busy user's in-flight requests
 *   wait on the database at once (a latency spike every few seconds under load).
 * - A database that does not answer (issue 25): an entry up to `staleGraceMs` (60 s) old is served when its
 *   re-read has not answered within `staleWaitMs` (1 s) or has failed, so calls that need nothing else from the
 *   database (the merchant list, the in-memory catalog and coupon lists) keep answering through a stall. The
 *   price: during a stall, a password change or deletion made by another API process reaches this one up to
 *   60 s late (this process's own writes still invalidate at once). Past 60 s, or for a user never read, the
 *   caller waits on the database and the request deadline answers 503.
 */
export interface UserCacheOptions {
  freshMs?: number;
  maxAgeMs?: number;
  staleGraceMs?: number;
  staleWaitMs?: number;
  maxEntries?: number;
  now?: () => number;
}

export interface UserCache {
  find(key: string): Promise<UserRecord | null>;
  invalidate(key: string): void;
  /** Forgets every entry, and stops reads already running from storing what they find. */
  clear(): void;
}

/** What the cache holds of a user: the record and when its read started (a user that is gone is held as null). */
interface Held {
  user: UserRecord | null;
  readAt: number;
}

/**
 * On lru-cache: its `fetch` shares one read between concurrent misses (`fetchMethod`), answers a stale entry at
 * once while one background read refreshes it (`allowStale`), keeps and answers it when that read fails
 * (`noDeleteOnFetchRejection`, `allowStaleOnFetchRejection`), and stores nothing a read finds once its key was
 * deleted or the cache cleared (a read then still answers its own caller: `ignoreFetchAbort`). What lru-cache
 * has no word for is the grace of a stalled database: past `maxAgeMs` a caller waits on the re-read, but at most
 * `staleWaitMs` from when that read started, while the entry is younger than `staleGraceMs`.
 */
export function createUserCache(
  load: (userId: string) => Promise<UserRecord | null>,
  {
    freshMs = 1_000,
    maxAgeMs = 2_000,
    staleGraceMs = 60_000,
    staleWaitMs = 1_000,
    maxEntries = 5_000,
    now = Date.now,
  }: UserCacheOptions = {},
): UserCache {
  /** When each running read started: a second caller of a stuck read waits only what is left of its wait. */
  const readsStartedAt = new Map<string, number>();
  const cache = new LRUCache<string, Held>({
    max: maxEntries,
    ttl: freshMs,
    // lru-cache reads a start time of 0 as "no TTL": one past the clock, so a clock that starts at 0 works too.
    perf: { now: () => now() + 1 },
    // Every staleness check asks the clock (the default keeps a reading for 1 ms of real time, which a test's
    // clock does not follow).
    ttlResolution: 0,
    allowStale: true,
    noDeleteOnStaleGet: true,
    noDeleteOnFetchRejection: true,
    allowStaleOnFetchRejection: true,
    ignoreFetchAbort: true,
    fetchMethod: async (userId) => {
      const readAt = now();
      readsStartedAt.set(userId, readAt);
      try {
        // Shared by every request for the user in flight: one abandoned request must not cancel it (request-scope.ts).
        return { user: await outsideRequest(() => load(userId)), readAt };
      } finally {
        readsStartedAt.delete(userId);
      }
    },
  });

  /** The user a read (or its stale entry) answered; a user found gone is not kept, so the next call reads again. */
  async function answer(userId: string, holding: Promise<Held | undefined>): Promise<UserRecord | null> {
    const held = await holding;
    if (held && held.user === null && cache.peek(userId, { allowStale: true }) === held) cache.delete(userId);
    return held?.user ?? null;
  }

  /** The re-read's answer if it comes within what is left of `staleWaitMs`, else (or if it fails) `stale`. */
  function readOrStale(userId: string, stale: UserRecord): Promise<UserRecord | null> {
    const reading = answer(userId, cache.fetch(userId, { allowStale: false }));
    const left = staleWaitMs - (now() - (readsStartedAt.get(userId) ?? now()));
    if (left <= 0) {
      reading.catch(() => undefined);
      return Promise.resolve(stale);
    }
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<UserRecord>((resolve) => {
      timer = setTimeout(() => resolve(stale), left);
    });
    return Promise.race([reading.catch(() => stale), waited]).finally(() => clearTimeout(timer));
  }

  return {
    find(userId) {
      const held = cache.peek(userId, { allowStale: true });
      const age = held ? now() - held.readAt : Infinity;
      // Fresh: the entry; up to maxAgeMs: the entry at once, one background read refreshing it.
      if (age < maxAgeMs) return answer(userId, cache.fetch(userId));
      if (held?.user && age < staleGraceMs) return readOrStale(userId, held.user);
      return answer(userId, cache.fetch(userId, { allowStale: false, allowStaleOnFetchRejection: false }));
    },
    invalidate(userId) {
      cache.delete(userId);
    },
    clear() {
      cache.clear();
    },
  };
}

/**
 * The cache key of an apiKey + vendorId pair: the vendorId (an integer, so it holds no ':') first, then the
 * apiKey as the caller sent it, whatever characters it has.
 */
const apiKeyCacheKey = (apiKey: string, vendorId: number): string => `${String(vendorId)}:${apiKey}`;

const OBJECT_ID_PATTERN = /^[0-9a-f]{24}$/i;

/** The users the access check reads, cached for one app (createApp makes it; services that write users forget). */
export interface AccessUsers {
  /** The user a token names; null for an id that is not a user id (a forged or foreign token's `sub`). */
  findById(userId: string): Promise<UserRecord | null>;
  /** The user with this apiKey and vendorId; null when there is none or the vendorId is not a safe integer. */
  findByApiKey(apiKey: string, vendorId: number): Promise<UserRecord | null>;
  /** Call after any write to a user (profile, password, deletion). */
  forget(userId: string): void;
  /** Forgets every cached user (the database was emptied and seeded anew). */
  forgetAll(): void;
}

export function createAccessUsers(options: UserCacheOptions = {}): AccessUsers {
  const byId = createUserCache((userId) => UserModel.findById(userId).lean<UserRecord>().exec(), options);
  /** Users by their apiKey + vendorId pair, for calls that authenticate by it (scripts, the download page). */
  const byApiKey = createUserCache((key) => {
    const separator = key.indexOf(':');
    const vendorId = Number(key.slice(0, separator));
    const apiKey = key.slice(separator + 1);
    return UserModel.findOne({ apiKey, vendorId }).lean<UserRecord>().exec();
  }, options);
  return {
    findById: (userId) => (OBJECT_ID_PATTERN.test(userId) ? byId.find(userId) : Promise.resolve(null)),
    findByApiKey: (apiKey, vendorId) =>
      Number.isSafeInteger(vendorId) ? byApiKey.find(apiKeyCacheKey(apiKey, vendorId)) : Promise.resolve(null),
    forget(userId) {
      byId.invalidate(userId);
      // Keyed by the pair, not the id: writes are rare, so forget them all.
      byApiKey.clear();
    },
    forgetAll() {
      byId.clear();
      byApiKey.clear();
    },
  };
}
