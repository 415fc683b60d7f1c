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
  const entries = new Map<string, { user: UserRecord; readAt: number }>();
  const reads = new Map<string, { promise: Promise<UserRecord | null>; startedAt: number }>();
  // Bumped by every invalidation: a read that started before one must not store what it found.
  const epochs = new Map<string, number>();
  let clears = 0;

  function read(userId: string): Promise<UserRecord | null> {
    const pending = reads.get(userId);
    if (pending) return pending.promise;
    const epoch = epochs.get(userId) ?? 0;
    const clearsBefore = clears;
    const readAt = now();
    const reading = load(userId)
      .then((user) => {
        if ((epochs.get(userId) ?? 0) === epoch && clears === clearsBefore) {
          if (user) {
            if (entries.size >= maxEntries) entries.clear();
            entries.set(userId, { user, readAt });
          } else {
            entries.delete(userId);
          }
        }
        return user;
      })
      .finally(() => {
        if (reads.get(userId)?.promise === reading) reads.delete(userId);
      });
    reads.set(userId, { promise: reading, startedAt: readAt });
    return reading;
  }

  /** The re-read's answer if it comes within what is left of `staleWaitMs`, else (or if it fails) `stale`. */
  function readOrStale(userId: string, stale: UserRecord): Promise<UserRecord | null> {
    const reading = read(userId);
    const startedAt = reads.get(userId)?.startedAt ?? now();
    const left = staleWaitMs - (now() - startedAt);
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
      const hit = entries.get(userId);
      const age = hit ? now() - hit.readAt : Infinity;
      if (hit && age < freshMs) return Promise.resolve(hit.user);
      if (hit && age < maxAgeMs) {
        read(userId).catch(() => undefined);
        return Promise.resolve(hit.user);
      }
      if (hit && age < staleGraceMs) return readOrStale(userId, hit.user);
      return read(userId);
    },
    invalidate(userId) {
      entries.delete(userId);
      reads.delete(userId);
      epochs.set(userId, (epochs.get(userId) ?? 0) + 1);
    },
    clear() {
      entries.clear();
      reads.clear();
      epochs.clear();
      clears += 1;
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
