import { createHash } from 'node:crypto';
import mongoose from 'mongoose';
import pLimit from 'p-limit';
import { boundedWrite, INSERT_BATCH_SIZE, WRITE_STATEMENTS_IN_FLIGHT } from '../shared/db-limits';
import { currentConnection, currentDb } from '../shared/tenant';

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
export interface IndexSpec {
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
  /** The documents by the key of their _id ({@link idKey}), built the first time a reset needs one. */
  byId?: Map<string, Buffer>;
}

export interface KeptState {
  collections: ReadonlyMap<string, KeptCollection>;
  documents: number;
  bytes: number;
  createdAt: Date;
}

/** Collections read, dropped or written at once: FerretDB v1 deadlocks near 100 writes in flight; 8 stay well clear. */
const CONCURRENCY = 8;
const INSERT_BATCH = 2_000;
/** Commands that change a collection: the first field of each names it. */
const DATA_COMMANDS: readonly string[] = ['insert', 'update', 'delete', 'findAndModify'];
/** Commands that change a collection's existence or indexes. */
const STRUCTURE_COMMANDS: readonly string[] = ['create', 'drop', 'createIndexes', 'dropIndexes'];

/**
 * The `comment` every write of a restore carries (MongoDB and FerretDB v1 take it on each command used here, and
 * the driver's command monitoring shows it): the write tracker leaves these out, so that it can be cleared before
 * a restore and still see every other write that lands while the restore runs (a call that outlived its 503).
 */
export const RESTORE_COMMENT = 'publisher-portal mock restore';
const TAGGED = { comment: RESTORE_COMMENT } as const;

function database(): mongoose.mongo.Db {
  return currentDb();
}

/**
 * How a restore writes. A reset runs alone (calls held back by its gate): every collection at once, in large
 * batches. A spare session database is filled while the API serves: see {@link inBackground}.
 */
interface Pace {
  /** Collections written at once. */
  concurrency: number;
  /** Sends one batch of inserts. */
  insert(collection: mongoose.mongo.Collection, batch: mongoose.mongo.Document[]): Promise<unknown>;
  batchSize: number;
  /** Runs one short piece of the work (a collection's indexes, one batch): when it may start is its call. */
  step<T>(work: () => Promise<T>): Promise<T>;
}

const ALONE: Pace = {
  concurrency: CONCURRENCY,
  insert: (collection, batch) => collection.insertMany(batch, { ordered: false, ...TAGGED }),
  batchSize: INSERT_BATCH,
  step: (work) => work(),
};

/**
 * The pace of a restore that runs beside the API's own calls: `concurrency` collections at a time (default one), each batch of inserts
 * within the process's write budget like every other bulk write (shared/db-limits.ts), and every piece through
 * `step` (control/reset-priority.ts: never while a reset runs).
 */
export function inBackground(step: <T>(work: () => Promise<T>) => Promise<T>, concurrency = 1): Pace {
  return {
    concurrency,
    insert: (collection, batch) =>
      boundedWrite(WRITE_STATEMENTS_IN_FLIGHT, () => collection.insertMany(batch, { ordered: false, ...TAGGED })),
    batchSize: INSERT_BATCH_SIZE,
    step,
  };
}

/**
 * The collection of a spare session database that says it equals a kept seed (control/sessions.ts). It is no part
 * of the data: never read into a kept copy, compared or rewritten.
 */
export const SPARE_MARKER_COLLECTION = 'mock_spare_marker';

/**
 * A session database that reads a base until it writes (control/copy-on-write.ts), as the kept copies see it: a
 * collection the session has not written is the base's seed collection, known without reading it, and a reset
 * that would rewrite a collection whole to the base's content drops the session's copy instead.
 */
export interface ReadsThrough {
  /** Whether `name` is still read from the base (the session has not written it). */
  readsBase(name: string): boolean;
  /** The base's kept collection (undefined: the base has no such collection). */
  seed(name: string): KeptCollection | undefined;
  /** Copies the base's collection into the session's database (a write is about to change it). */
  copy(name: string): Promise<void>;
  /** The session's database is the truth for `name` from now on, with no copy: the caller writes it whole. */
  claim(name: string): void;
  /** The session's copy is dropped: `name` is read from the base again. */
  revert(name: string): Promise<void>;
  /** `name` was dropped from the session's view: its database is the truth (absent) from now on. */
  dropped(name: string): void;
}

/** Where a connection that reads a base keeps its {@link ReadsThrough}. */
export const READS_THROUGH = Symbol('reads through a base database');

/** The current connection's reading through a base, if it has one. */
function readsThrough(): ReadsThrough | undefined {
  return (currentConnection() as unknown as Record<symbol, ReadsThrough | undefined>)[READS_THROUGH];
}

async function listCollectionNames(): Promise<string[]> {
  const found = await database().listCollections({}, { nameOnly: true }).toArray();
  return found
    .map(({ name }) => name)
    .filter((name) => !name.startsWith('system.') && name !== SPARE_MARKER_COLLECTION);
}

function digestOf(documents: readonly Buffer[], indexes: readonly IndexSpec[]): string {
  const hash = createHash('sha256');
  for (const document of documents) hash.update(document);
  hash.update(JSON.stringify(indexes));
  return hash.digest('hex');
}

/** A kept collection of these documents (raw BSON) and indexes, with its digest. */
export function keptCollectionOf(documents: Buffer[], indexes: IndexSpec[]): KeptCollection {
  return { documents, indexes, digest: digestOf(documents, indexes) };
}

/** One digest of a whole kept state (every collection's name and digest): equal digests, equal data. */
export function stateDigest(state: KeptState): string {
  const hash = createHash('sha256');
  for (const name of [...state.collections.keys()].sort()) {
    hash.update(`${name}\0${state.collections.get(name)?.digest ?? ''}\0`);
  }
  return hash.digest('hex');
}

/** A kept state of these collections, with its totals. */
export function keptStateOf(collections: ReadonlyMap<string, KeptCollection>, createdAt = new Date()): KeptState {
  let documents = 0;
  let bytes = 0;
  for (const kept of collections.values()) {
    documents += kept.documents.length;
    for (const document of kept.documents) bytes += document.length;
  }
  return { collections, documents, bytes, createdAt };
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
export async function captureState(unchanged?: {
  /** A kept state the data equals but for the collections in `written`. */
  base: KeptState;
  written: ReadonlySet<string> | ReadonlyMap<string, unknown>;
}): Promise<KeptState> {
  const names = await listCollectionNames();
  const through = readsThrough();
  const collections = new Map<string, KeptCollection>();
  await pLimit(CONCURRENCY).map(names, async (name) => {
    // Kept copies never change: a collection nothing wrote since the base is the base's, shared, not read again.
    const same =
      (unchanged && !unchanged.written.has(name) ? unchanged.base.collections.get(name) : undefined) ??
      (through?.readsBase(name) ? through.seed(name) : undefined);
    if (same) {
      collections.set(name, same);
      return;
    }
    const collection = database().collection(name);
    // raw: the server's BSON as it came, never decoded into objects and encoded again.
    const documents = (await collection.find({}, { raw: true }).sort({ _id: 1 }).toArray()) as unknown as Buffer[];
    const indexes = (await collection.indexes()).map(narrowIndex).filter((index) => index.name !== '_id_');
    collections.set(name, keptCollectionOf(documents, indexes));
  });
  return keptStateOf(collections);
}

/**
 * The number of documents in a collection from the server's statistics (`$collStats`), not by counting them: on
 * FerretDB v1 `count` (and so `estimatedDocumentCount`) reads and decodes every document (50.6 s for the 271
 * collections of `demo` at load 7.7), while `$collStats` asks SQLite's page statistics (4.0 s, the same total);
 * MongoDB answers both from its metadata. A sharded collection answers a document a shard: summed.
 */
async function countOf(name: string): Promise<number> {
  const stats = await database()
    .collection(name)
    .aggregate<{ count?: number }>([{ $collStats: { count: {} } }])
    .toArray();
  return stats.reduce((sum, shard) => sum + (shard.count ?? 0), 0);
}

/**
 * How the database's collections outside `written` compare with `kept`'s: `mismatch` names the first of the kept
 * collections that is missing or holds another number of documents (undefined: none); `extra` lists collections the
 * kept state does not have (a reset drops them: mongoose's start creates its models' collections, unseen by the
 * write tracker). A cheap look (one listing, one count a collection), not a comparison of content: the data journal's
 * check that the data is still the one it describes (control/data-journal.ts).
 */
export async function differencesOutside(
  kept: KeptState,
  written: ReadonlySet<string>,
): Promise<{ mismatch: string | undefined; extra: string[] }> {
  const names = (await listCollectionNames()).filter((name) => !written.has(name));
  const present = new Set(names);
  const extra = names.filter((name) => !kept.collections.has(name));
  const missing = [...kept.collections.keys()].find((name) => !written.has(name) && !present.has(name));
  if (missing !== undefined) return { mismatch: `collection ${missing} is missing`, extra };
  const compared = names.filter((name) => kept.collections.has(name));
  const counts = new Map<string, number>();
  await pLimit(CONCURRENCY).map(compared, async (name) => {
    counts.set(name, await countOf(name));
  });
  for (const name of compared) {
    const want = kept.collections.get(name)?.documents.length ?? 0;
    const count = counts.get(name) ?? 0;
    if (count !== want) {
      return { mismatch: `collection ${name} holds ${String(count)} documents, the seed ${String(want)}`, extra };
    }
  }
  return { mismatch: undefined, extra };
}

/** Undefined for MongoDB's NamespaceExists (48); any other error is thrown again. */
function namespaceExists(error: unknown): undefined {
  if ((error as { code?: number }).code === 48) return undefined;
  throw error;
}

async function dropIfPresent(name: string): Promise<void> {
  try {
    // A plain command: the driver's drop() sends no comment.
    await database().command({ drop: name, ...TAGGED });
  } catch (error) {
    // 26 NamespaceNotFound: it was never created (or already dropped).
    if ((error as { code?: number }).code !== 26) throw error;
  }
}

async function insertKept(collection: mongoose.mongo.Collection, kept: KeptCollection, pace = ALONE): Promise<void> {
  for (let start = 0; start < kept.documents.length; start += pace.batchSize) {
    const batch = kept.documents
      .slice(start, start + pace.batchSize)
      .map((raw) => mongoose.mongo.BSON.deserialize(raw, { promoteValues: false, promoteBuffers: false }));
    await pace.step(() => pace.insert(collection, batch));
  }
}

/**
 * Empties the collection, makes its indexes the kept ones and inserts the kept documents. Emptied, not dropped:
 * FerretDB v1 can fail to create an index on a collection dropped and created again in quick succession
 * ("index ... already exists").
 */
async function restoreCollection(
  db: mongoose.mongo.Db,
  name: string,
  kept: KeptCollection,
  exists: boolean,
  pace = ALONE,
): Promise<void> {
  const prepare = async (fresh: boolean): Promise<mongoose.mongo.Collection> => {
    // Created meanwhile (a model's first use creates its collection): then it is emptied like any other.
    const created = fresh ? await db.createCollection(name, TAGGED).catch(namespaceExists) : undefined;
    const existing = created ?? db.collection(name);
    if (!created) await existing.deleteMany({}, TAGGED);
    const present = created ? [] : (await existing.indexes()).map((index) => String(index['name']));
    const wanted = new Set(kept.indexes.map((index) => index.name));
    // Plain commands: the driver's dropIndex() and createIndexes() send no comment.
    for (const extra of present.filter((index) => index !== '_id_' && !wanted.has(index))) {
      await db.command({ dropIndexes: name, index: extra, ...TAGGED });
    }
    const missing = kept.indexes.filter((index) => !present.includes(index.name));
    if (missing.length > 0) await db.command({ createIndexes: name, indexes: missing, ...TAGGED });
    return existing;
  };
  const collection = await pace.step(async () => {
    try {
      return await prepare(!exists);
    } catch (error) {
      if (!isStaleIndex(error)) throw error;
      // FerretDB v1 under load can keep an index of a collection dropped a moment before (a session's copy dropped
      // by the previous reset): dropped again, the collection and its indexes are built anew, once.
      await db.command({ drop: name, ...TAGGED }).catch(() => undefined);
      return prepare(true);
    }
  });
  await insertKept(collection, kept, pace);
}

/** FerretDB v1's answer to an index its SQLite file still has though its collection's metadata does not. */
function isStaleIndex(error: unknown): boolean {
  return error instanceof Error && /SQL logic error: index \S+ already exists/.test(error.message);
}

/**
 * The pace of a copy that a call waits for (a session's first write of a collection it reads from its base): one
 * batch at a time within the process's write budget, like every bulk write beside the API's calls.
 */
const BESIDE_CALLS: Pace = {
  concurrency: 1,
  insert: (collection, batch) =>
    boundedWrite(WRITE_STATEMENTS_IN_FLIGHT, () => collection.insertMany(batch, { ordered: false, ...TAGGED })),
  batchSize: INSERT_BATCH_SIZE,
  step: (work) => work(),
};

/** Makes `name` of `db` (absent) a copy of `kept`, every write tagged as a restore's (control/copy-on-write.ts). */
export function copyCollection(db: mongoose.mongo.Db, name: string, kept: KeptCollection): Promise<void> {
  return restoreCollection(db, name, kept, false, BESIDE_CALLS);
}

/** What a reset rewrites: the collections to make equal to the target, and how much of each. */
export interface Rewrite {
  names: ReadonlySet<string>;
  /**
   * Of `names`, those whose indexes and existence cannot have changed, with the documents written since the
   * target was restored: only these are put back (emptied and filled again when `all`).
   */
  dataOnly: ReadonlyMap<string, Touched>;
}

function keptById(kept: KeptCollection): Map<string, Buffer> {
  kept.byId ??= new Map(kept.documents.map((raw) => [idKeyOfDocument(raw), raw]));
  return kept.byId;
}

/** Puts back the documents of the given ids as the kept copy has them (deleted where it has none). */
async function restoreDocuments(name: string, kept: KeptCollection, ids: ReadonlyMap<string, unknown>): Promise<void> {
  const collection = database().collection(name);
  // One delete per id, not `$in`: FerretDB v1 looks an `_id` equality up in SQLite but scans for `$in`.
  await collection.bulkWrite(
    [...ids.values()].map((id) => ({
      deleteOne: { filter: { _id: id } as mongoose.mongo.Filter<mongoose.mongo.Document> },
    })),
    { ordered: false, ...TAGGED },
  );
  const byId = keptById(kept);
  const documents = [...ids.keys()].flatMap((key) => {
    const raw = byId.get(key);
    return raw ? [mongoose.mongo.BSON.deserialize(raw, { promoteValues: false, promoteBuffers: false })] : [];
  });
  if (documents.length > 0) await collection.insertMany(documents, { ordered: false, ...TAGGED });
}

/**
 * Makes the named collections equal to `target` (a collection the target does not have is dropped). Returns the
 * names it rewrote. No rewrite given: every collection of the database and of the target. `pace`: how it writes
 * (default: alone, as fast as it can; {@link inBackground} beside the API's calls).
 */
export async function restoreState(target: KeptState, rewrite?: Rewrite, pace = ALONE): Promise<Set<string>> {
  const existing = new Set(await listCollectionNames());
  const chosen = new Set(rewrite?.names ?? [...existing, ...target.collections.keys()]);
  await pLimit(pace.concurrency).map(chosen, (name) => restoreOne(name, target, existing, rewrite, pace));
  return chosen;
}

async function restoreOne(
  name: string,
  target: KeptState,
  existing: ReadonlySet<string>,
  rewrite: Rewrite | undefined,
  pace: Pace,
): Promise<void> {
  const kept = target.collections.get(name);
  if (!kept) {
    if (existing.has(name)) await pace.step(() => dropIfPresent(name));
    return;
  }
  const touched = existing.has(name) ? rewrite?.dataOnly.get(name) : undefined;
  const through = readsThrough();
  if (through && through.seed(name)?.digest === kept.digest) {
    // The base has the target's content: nothing to write when it is read from there; else the session's copy
    // goes, unless a few documents put back cost less than copying it again at the next write.
    if (through.readsBase(name) || !(touched instanceof Map)) {
      await pace.step(() => through.revert(name));
      return;
    }
  } else if (through?.readsBase(name)) {
    // Another content than the base's: written whole into the session's own database, not copied first.
    through.claim(name);
    await restoreCollection(database(), name, kept, false, pace);
    return;
  }
  if (touched instanceof Map) {
    await pace.step(() => restoreDocuments(name, kept, touched));
  } else if (touched === 'all') {
    const collection = database().collection(name);
    await pace.step(() => collection.deleteMany({}, TAGGED));
    await insertKept(collection, kept, pace);
  } else {
    await restoreCollection(database(), name, kept, existing.has(name), pace);
  }
}

/** The collections whose content differs between two kept states (present in one only counts). */
export function differingCollections(from: KeptState, to: KeptState): Set<string> {
  const names = new Set([...from.collections.keys(), ...to.collections.keys()]);
  return new Set([...names].filter((name) => from.collections.get(name)?.digest !== to.collections.get(name)?.digest));
}

/**
 * A key for an _id value (as JavaScript holds it: numbers promoted): the bytes of its BSON element (type, name,
 * value), so that equal ids give equal keys whatever their type (a string "5" and a number 5 differ).
 */
export function idKey(id: unknown): string {
  const bytes = Buffer.from(mongoose.mongo.BSON.serialize({ _id: id }));
  // The document's length before the element and its end byte after it left out.
  return bytes.toString('hex', 4, bytes.length - 1);
}

/** Ids by their {@link idKey}: how the write tracker and the data journal hold the documents written. */
export function keyedIds(ids: readonly unknown[]): Map<string, unknown> {
  return new Map(ids.map((id) => [idKey(id), id]));
}

/** The BSON element type byte of a string and of an ObjectId. */
const BSON_STRING = 0x02;
const BSON_OBJECT_ID = 0x07;
/** `_id` and its end byte, as an element's name in BSON. */
const ID_NAME = Buffer.from('_id\0', 'latin1');

/**
 * {@link idKey} of a kept document's _id, read from its bytes where the _id is a string or an ObjectId and comes first
 * (as servers send documents: nearly all of `demo`'s 48,000, where decoding each to find its id took 1.97 s at load
 * 7 and this 33 ms); any other id is decoded (numbers are promoted first, so an int64 5 keys as a number 5 does).
 */
export function idKeyOfDocument(raw: Buffer): string {
  if (raw.length > 13 && raw.subarray(5, 9).equals(ID_NAME)) {
    if (raw[4] === BSON_OBJECT_ID) return raw.toString('hex', 4, 9 + 12);
    if (raw[4] === BSON_STRING) return raw.toString('hex', 4, 9 + 4 + raw.readInt32LE(9));
  }
  return idKey(mongoose.mongo.BSON.deserialize(raw)['_id']);
}

/** Ids a command touched, by key; `all`: the filter or document named no _id, so any document may differ. */
type Touched = Map<string, unknown> | 'all';

/** More ids than this in one collection and the whole collection is rewritten (one batch of deletes). */
const MAX_TRACKED_IDS = 5_000;

const isOperatorObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !('_bsontype' in value) &&
  !(value instanceof Date) &&
  !Array.isArray(value) &&
  Object.keys(value).some((key) => key.startsWith('$'));

/** The _id values a filter limits its documents to, or undefined when it could match any document. */
function idsOfFilter(filter: unknown): unknown[] | undefined {
  if (typeof filter !== 'object' || filter === null || !('_id' in filter)) return undefined;
  const id: unknown = filter._id;
  if (!isOperatorObject(id)) return [id];
  const keys = Object.keys(id);
  if (keys.length === 1 && keys[0] === '$eq') return [id['$eq']];
  if (keys.length === 1 && keys[0] === '$in' && Array.isArray(id['$in'])) return id['$in'] as unknown[];
  return undefined;
}

/** The _id values a data command touches, or undefined when it could touch any document. */
function idsOfCommand(name: string, command: mongoose.mongo.Document): unknown[] | undefined {
  const all = (lists: (unknown[] | undefined)[]): unknown[] | undefined =>
    lists.some((list) => list === undefined) ? undefined : lists.flat();
  switch (name) {
    case 'insert':
      return all(
        ((command['documents'] as { _id?: unknown }[] | undefined) ?? []).map((document) =>
          document._id === undefined ? undefined : [document._id],
        ),
      );
    case 'update':
      return all(((command['updates'] as { q?: unknown }[] | undefined) ?? []).map((update) => idsOfFilter(update.q)));
    case 'delete':
      return all(
        ((command['deletes'] as { q?: unknown }[] | undefined) ?? []).map((deletion) => idsOfFilter(deletion.q)),
      );
    case 'findAndModify':
      return idsOfFilter(command['query']);
    default:
      return undefined;
  }
}

/** The writes a tracker saw between two clears. */
export interface SeenWrites {
  /** By collection: the ids written, or `all`. */
  written: ReadonlyMap<string, Touched>;
  /** Collections created, dropped or re-indexed (not only their documents written). */
  restructured: ReadonlySet<string>;
  /** True when the whole database was dropped (every collection may differ). */
  everything: boolean;
}

/**
 * Which collections (and documents) of this app's database were written since `clear()`, leaving out the writes
 * of restores ({@link RESTORE_COMMENT}).
 */
export interface WriteTracker {
  /** By collection: the ids written, or `all`. */
  written(): ReadonlyMap<string, Touched>;
  /** Collections created, dropped or re-indexed (not only their documents written). */
  restructured(): ReadonlySet<string>;
  /** True when the whole database was dropped (every collection may differ). */
  everything(): boolean;
  /** What was seen so far, and a clear: a write seen from here on is in the next take, never lost between. */
  take(): SeenWrites;
  /** Takes these collections as written and restructured (a restart's data journal: control/data-journal.ts). */
  assume(collections: Iterable<string>): void;
  /**
   * Adds writes another tracker of the same database saw (the app that had it before: a session database passed on
   * to a new app, control/sessions.ts), as if this one had seen them.
   */
  absorb(seen: SeenWrites): void;
  clear(): void;
  close(): void;
  /** Goes on listening until the connection closes (a clean stop's late writers are still noted). */
  closeWithConnection(): void;
}

/**
 * Listens to the commands the mongoose connection sends (the driver's command monitoring, a documented API).
 * Needs the connection opened with `monitorCommands` (connectDatabase does it in the mock mode); without it
 * nothing is seen and `available()` says so. `onWrite` hears each collection written (`*`: the database dropped)
 * as its command starts, before it is sent: the data journal notes it there.
 */
export function createWriteTracker(
  onWrite: (collection: string) => void = () => undefined,
): WriteTracker & { available(): boolean } {
  const connection = currentConnection();
  // Undefined before the connection is opened (an app built without a database: nothing to track).
  const client = connection.getClient() as mongoose.mongo.MongoClient | undefined;
  const databaseName = connection.name;
  let written = new Map<string, Touched>();
  let restructured = new Set<string>();
  let droppedDatabase = false;
  const touch = (collection: string, ids: unknown[] | undefined): void => {
    const known = written.get(collection) ?? new Map<string, unknown>();
    if (known === 'all' || ids === undefined || known.size + ids.length > MAX_TRACKED_IDS) {
      written.set(collection, 'all');
      return;
    }
    for (const id of ids) known.set(idKey(id), id);
    written.set(collection, known);
  };
  const listener = (event: mongoose.mongo.CommandStartedEvent): void => {
    if (event.databaseName !== databaseName || event.command['comment'] === RESTORE_COMMENT) return;
    if (event.commandName === 'dropDatabase') {
      droppedDatabase = true;
      onWrite('*');
      return;
    }
    const structural = STRUCTURE_COMMANDS.includes(event.commandName);
    if (!structural && !DATA_COMMANDS.includes(event.commandName)) return;
    const name: unknown = event.command[event.commandName];
    if (typeof name !== 'string') return;
    onWrite(name);
    if (structural) {
      restructured.add(name);
      touch(name, undefined);
    } else {
      touch(name, idsOfCommand(event.commandName, event.command));
    }
  };
  client?.on('commandStarted', listener);
  return {
    written: () => written,
    restructured: () => restructured,
    everything: () => droppedDatabase,
    take() {
      const seen = { written, restructured, everything: droppedDatabase };
      written = new Map();
      restructured = new Set();
      droppedDatabase = false;
      return seen;
    },
    absorb(seen) {
      for (const [name, ids] of seen.written) touch(name, ids === 'all' ? undefined : [...ids.values()]);
      for (const name of seen.restructured) restructured.add(name);
      if (seen.everything) droppedDatabase = true;
    },
    clear() {
      written = new Map();
      restructured = new Set();
      droppedDatabase = false;
    },
    assume(collections) {
      for (const name of collections) {
        restructured.add(name);
        touch(name, undefined);
      }
    },
    close() {
      client?.off('commandStarted', listener);
    },
    closeWithConnection() {
      connection.once('close', () => client?.off('commandStarted', listener));
    },
    available: () => client?.options.monitorCommands === true,
  };
}
