import { outsideRequest } from './request-scope';
import { currentConnection } from './tenant';

/**
 * An in-process, read-only copy of seeded data, rebuilt when the data's revision changes.
 *
 * Why: FerretDB v1 evaluates most filters and sorts outside SQLite; a search + price + sort page over 30 000
 * products takes 2 to 5 seconds there. The catalog is read-only seed data, so the lists are served from
 * memory and MongoDB stays the source of truth: the seed writes a revision document last, and the cache
 * reloads when it sees a new one.
 */
export interface SnapshotCache<T> {
  /** The current snapshot, loading it first if there is none (concurrent callers share one load). */
  get(): Promise<T>;
  /** Starts loading in the background; failures are logged and retried by the next get(). */
  warm(): void;
  /** Loads the data again now (after the database was emptied and seeded anew, see control/). */
  refresh(): Promise<void>;
}

export interface SnapshotCacheOptions<T> {
  /** Builds a snapshot from the database. */
  load: () => Promise<T>;
  /**
   * Snapshots other apps of the process have loaded, by revision: a snapshot of a revision one of them holds is
   * taken from there instead of loaded again (default: none, every load is this cache's own).
   */
  shelf?: SnapshotShelf<T>;
  /** The current revision, or null while nothing has been seeded. */
  readRevision: () => Promise<string | null>;
  /** Minimum milliseconds between revision checks once data has been seen (default 10 s). */
  recheckMs?: number;
  log?: (line: string) => void;
  now?: () => number;
}

interface Loaded<T> {
  value: T;
  revision: string | null;
}

export function createSnapshotCache<T>(options: SnapshotCacheOptions<T>): SnapshotCache<T> {
  const { readRevision, recheckMs = 10_000, log = () => undefined, now = Date.now, shelf } = options;
  const load = (revision: string | null): Promise<T> =>
    shelf && revision !== null ? shelf.take(revision, options.load, readRevision) : options.load();
  let loaded: Loaded<T> | undefined;
  let inFlight: Promise<Loaded<T>> | undefined;
  let checkedAt = 0;
  let checking = false;

  function reload(): Promise<Loaded<T>> {
    // Shared by the requests in flight: outside any one request's scope (request-scope.ts).
    inFlight ??= outsideRequest(async () => {
      try {
        // Read the revision first: data written after it can only make the snapshot newer than its label.
        const revision = await readRevision();
        const value = await load(revision);
        loaded = { value, revision };
        checkedAt = now();
        return loaded;
      } finally {
        inFlight = undefined;
      }
    });
    return inFlight;
  }

  function checkInBackground(current: Loaded<T>): void {
    if (checking || now() - checkedAt < recheckMs) return;
    checking = true;
    checkedAt = now();
    void outsideRequest(readRevision)
      .then((revision) => (revision !== current.revision ? reload() : undefined))
      .catch((error: unknown) => log(`snapshot refresh failed: ${String(error)}`))
      .finally(() => {
        checking = false;
      });
  }

  return {
    async get() {
      const current = loaded ?? (await reload());
      if (current.revision === null) {
        // Nothing was seeded when this snapshot was taken: look again on every call until something is.
        return (await readRevision()) === null ? current.value : (await reload()).value;
      }
      checkInBackground(current);
      return current.value;
    },
    async refresh() {
      await reload();
    },
    warm() {
      reload().catch((error: unknown) => log(`snapshot load failed: ${String(error)}`));
    },
  };
}

/**
 * Snapshots of seeded data shared by the apps of one process (the default app and every isolated mock session's,
 * control/sessions.ts), by the seed revision they were loaded at.
 *
 * Why: each session's database is a copy of the same kept seed, revision document included, and nothing but the
 * seed writes the catalog; so every session on that seed would build the same read models. For `demo` that is
 * 27 MiB of catalog and 5 MiB of coupons per session, which made four sessions and their spares fill the API's
 * heap. Shared, a session costs what it writes and caches on its own.
 *
 * The shelf keeps no snapshot alive by itself (a WeakRef): one lives while an app reads it, and goes with the
 * last app that held it (a session ended, a reset to another profile).
 */
export interface SnapshotShelf<T> {
  /**
   * The snapshot of `revision`: one an app of the process holds, else what `load` builds, which is shelved only
   * when the revision is still the same after the load (else its label would not say what it holds).
   */
  take(revision: string, load: () => Promise<T>, readRevision: () => Promise<string | null>): Promise<T>;
  /** Revisions whose snapshot is held by some app now (or being loaded). */
  size(): number;
}

export function createSnapshotShelf<T extends object>(): SnapshotShelf<T> {
  /** A load in flight (its waiters share it), then a weak reference to its result. */
  const shelved = new Map<string, { loading?: Promise<T>; held?: WeakRef<T> }>();

  function forgetCollected(): void {
    for (const [revision, entry] of shelved) {
      if (!entry.loading && entry.held?.deref() === undefined) shelved.delete(revision);
    }
  }

  return {
    take(revision, load, readRevision) {
      forgetCollected();
      const entry = shelved.get(revision);
      const held = entry?.held?.deref();
      if (held) return Promise.resolve(held);
      // A load of the same revision by another app: its data is the same; if it could not be shelved, load anew.
      if (entry?.loading) return entry.loading.catch(() => load());
      const loading = outsideRequest(load);
      const shelf: { loading?: Promise<T>; held?: WeakRef<T> } = {};
      shelf.loading = loading.then(async (value) => {
        if ((await readRevision()) !== revision) throw new Error(`the data left revision ${revision} while loading`);
        shelf.held = new WeakRef(value);
        shelf.loading = undefined;
        return value;
      });
      shelf.loading.catch(() => {
        if (shelved.get(revision) === shelf) shelved.delete(revision);
      });
      shelved.set(revision, shelf);
      return loading;
    },
    size() {
      forgetCollected();
      return shelved.size;
    },
  };
}

/** Where the seed records what it wrote: one document per data set, `{ _id, revision }`. */
export const SEED_REVISIONS_COLLECTION = 'seed_revisions';

/** The seeded catalog: merchants of every source, categories, products, coupons and cashback offers. */
export const CATALOG_DATA_SET = 'catalog';

/** Reads the revision the seed recorded for a data set, or null if it has not been seeded. */
export async function readSeedRevision(dataSet: string): Promise<string | null> {
  const document = await currentConnection()
    .collection<{ _id: string; revision: string }>(SEED_REVISIONS_COLLECTION)
    .findOne({ _id: dataSet }, { projection: { revision: 1 } });
  return document?.revision ?? null;
}
