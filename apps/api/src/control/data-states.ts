import { createHash } from 'node:crypto';
import mongoose from 'mongoose';

/**
 * Kept copies of the database (the mock mode's fast resets and named snapshots, see docs/ARCHITECTURE.md).
 *
 * A copy is every collection's documents as raw BSON, its indexes and a digest of its content. Going back to a
 * copy rewrites only the collections that can differ from it: those written since the last copy was restored
 * (seen through the driver's command monitoring) and those whose digest differs between that copy and the
 * target. Nothing is compared document by document, so a reset after a typical test's writes touches a handful
 * of small collections instead of re-running the 10 s seed.
 */

/** What MongoDB's listIndexes answers, narrowed to the options the app's indexes use. */
interface IndexSpec {
  name: string;
  key: Record<string, 1 | -1 | 'text' | '2dsphere'>;
  unique?: boolean;
  sparse?: boolean;
  expireAfterSeconds?: number;
  partialFilterExpression?: Record<string, unknown>;
}

export interface KeptCollection {
  /** The documents, each as the raw BSON the server answered. */
  documents: Buffer[];
  indexes: IndexSpec[];
  /** sha256 over the documents and indexes: equal digests, equal content. */
  digest: string;
}

export interface KeptState {
  collections: ReadonlyMap<string, KeptCollection>;
  documents: number;
  bytes: number;
  createdAt: Date;
}

/** Collections read, dropped or written at once: FerretDB v1 takes few statements in flight. */
const CONCURRENCY = 4;
const INSERT_BATCH = 1_000;
/** Commands that change a collection: the first field of each names it. */
const WRITE_COMMANDS = [
  'insert',
  'update',
  'delete',
  'findAndModify',
  'create',
  'drop',
  'createIndexes',
  'dropIndexes',
];

function database(): mongoose.mongo.Db {
  const { db } = mongoose.connection;
  if (!db) throw new Error('kept states used before the database connection is open');
  return db;
}

/** Runs `work` over `items`, at most CONCURRENCY at a time. */
async function eachLimited<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
}

async function listCollectionNames(): Promise<string[]> {
  const found = await database().listCollections({}, { nameOnly: true }).toArray();
  return found.map(({ name }) => name).filter((name) => !name.startsWith('system.'));
}

function digestOf(documents: readonly Buffer[], indexes: readonly IndexSpec[]): string {
  const hash = createHash('sha256');
  for (const document of documents) hash.update(document);
  hash.update(JSON.stringify(indexes));
  return hash.digest('hex');
}

function narrowIndex(index: mongoose.mongo.Document): IndexSpec {
  const spec: IndexSpec = { name: String(index['name']), key: index['key'] as IndexSpec['key'] };
  if (index['unique'] === true) spec.unique = true;
  if (index['sparse'] === true) spec.sparse = true;
  if (typeof index['expireAfterSeconds'] === 'number') spec.expireAfterSeconds = index['expireAfterSeconds'];
  if (index['partialFilterExpression']) {
    spec.partialFilterExpression = index['partialFilterExpression'] as Record<string, unknown>;
  }
  return spec;
}

/** Reads every collection of the database as it is now (call it while nothing writes). */
export async function captureState(): Promise<KeptState> {
  const names = await listCollectionNames();
  const collections = new Map<string, KeptCollection>();
  await eachLimited(names, async (name) => {
    const collection = database().collection(name);
    // raw: the server's BSON as it came, never decoded into objects and encoded again.
    const documents = (await collection.find({}, { raw: true }).sort({ _id: 1 }).toArray()) as unknown as Buffer[];
    const indexes = (await collection.indexes()).map(narrowIndex).filter((index) => index.name !== '_id_');
    collections.set(name, { documents, indexes, digest: digestOf(documents, indexes) });
  });
  let documents = 0;
  let bytes = 0;
  for (const kept of collections.values()) {
    documents += kept.documents.length;
    for (const document of kept.documents) bytes += document.length;
  }
  return { collections, documents, bytes, createdAt: new Date() };
}

async function dropIfPresent(name: string): Promise<void> {
  try {
    await database().collection(name).drop();
  } catch (error) {
    // 26 NamespaceNotFound: it was never created (or already dropped).
    if ((error as { code?: number }).code !== 26) throw error;
  }
}

/**
 * Empties the collection and inserts the kept documents. Emptied, not dropped: FerretDB v1 can fail to create an
 * index on a collection dropped and created again in quick succession ("index ... already exists").
 */
async function restoreCollection(name: string, kept: KeptCollection): Promise<void> {
  const db = database();
  const exists = (await db.listCollections({ name }, { nameOnly: true }).toArray()).length > 0;
  const collection = exists ? db.collection(name) : await db.createCollection(name);
  if (exists) await collection.deleteMany({});
  const present = (await collection.indexes()).map((index) => String(index['name']));
  const wanted = new Set(kept.indexes.map((index) => index.name));
  for (const extra of present.filter((index) => index !== '_id_' && !wanted.has(index))) {
    await collection.dropIndex(extra);
  }
  const missing = kept.indexes.filter((index) => !present.includes(index.name));
  if (missing.length > 0) await collection.createIndexes(missing);
  for (let start = 0; start < kept.documents.length; start += INSERT_BATCH) {
    const batch = kept.documents
      .slice(start, start + INSERT_BATCH)
      .map((raw) => mongoose.mongo.BSON.deserialize(raw, { promoteValues: false, promoteBuffers: false }));
    await collection.insertMany(batch, { ordered: false });
  }
}

/**
 * Makes the named collections equal to `target` (a collection the target does not have is dropped). Returns the
 * names it rewrote. `names` undefined: every collection of the database and of the target.
 */
export async function restoreState(target: KeptState, names?: ReadonlySet<string>): Promise<Set<string>> {
  const chosen = new Set(names ?? [...(await listCollectionNames()), ...target.collections.keys()]);
  await eachLimited([...chosen], async (name) => {
    const kept = target.collections.get(name);
    if (kept) await restoreCollection(name, kept);
    else await dropIfPresent(name);
  });
  return chosen;
}

/** The collections whose content differs between two kept states (present in one only counts). */
export function differingCollections(from: KeptState, to: KeptState): Set<string> {
  const names = new Set([...from.collections.keys(), ...to.collections.keys()]);
  return new Set([...names].filter((name) => from.collections.get(name)?.digest !== to.collections.get(name)?.digest));
}

/** Which collections of this app's database were written since `clear()` (the driver's command monitoring). */
export interface WriteTracker {
  written(): ReadonlySet<string>;
  /** True when the whole database was dropped (every collection may differ). */
  everything(): boolean;
  clear(): void;
  close(): void;
}

/**
 * Listens to the commands the mongoose connection sends. Needs the connection opened with `monitorCommands`
 * (connectDatabase does it in the mock mode); without it nothing is seen and `available()` says so.
 */
export function createWriteTracker(): WriteTracker & { available(): boolean } {
  // Undefined before the connection is opened (an app built without a database: nothing to track).
  const client = mongoose.connection.getClient() as mongoose.mongo.MongoClient | undefined;
  const databaseName = mongoose.connection.name;
  const written = new Set<string>();
  let droppedDatabase = false;
  const listener = (event: mongoose.mongo.CommandStartedEvent): void => {
    if (event.databaseName !== databaseName) return;
    if (event.commandName === 'dropDatabase') {
      droppedDatabase = true;
      return;
    }
    if (!WRITE_COMMANDS.includes(event.commandName)) return;
    const name: unknown = event.command[event.commandName];
    if (typeof name === 'string') written.add(name);
  };
  client?.on('commandStarted', listener);
  return {
    written: () => written,
    everything: () => droppedDatabase,
    clear() {
      written.clear();
      droppedDatabase = false;
    },
    close() {
      client?.off('commandStarted', listener);
    },
    available: () => client?.options.monitorCommands === true,
  };
}
