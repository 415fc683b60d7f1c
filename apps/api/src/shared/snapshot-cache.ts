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
  const { load, readRevision, recheckMs = 10_000, log = () => undefined, now = Date.now } = options;
  let loaded: Loaded<T> | undefined;
  let inFlight: Promise<Loaded<T>> | undefined;
  let checkedAt = 0;
  let checking = false;

  function reload(): Promise<Loaded<T>> {
    inFlight ??= (async () => {
      try {
        // Read the revision first: data written after it can only make the snapshot newer than its label.
        const revision = await readRevision();
        const value = await load();
        loaded = { value, revision };
        checkedAt = now();
        return loaded;
      } finally {
        inFlight = undefined;
      }
    })();
    return inFlight;
  }

  function checkInBackground(current: Loaded<T>): void {
    if (checking || now() - checkedAt < recheckMs) return;
    checking = true;
    checkedAt = now();
    void readRevision()
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
