import type mongoose from 'mongoose';
import { copyCollection, READS_THROUGH, RESTORE_COMMENT, type KeptState, type ReadsThrough } from './data-states';

/**
 * Session databases that read a shared base until they write (issue 37 goal 2, docs/ARCHITECTURE.md "Sessions
 * without waiting").
 *
 * A base database holds a kept seed as it is and is never written after its filling. A session's connection is
 * made to read each of the seed's collections from the base until the session first writes that collection: the
 * write first copies the collection into the session's own database (from the kept copy in memory, not from the
 * base), and from then on every read and write of that collection goes there. A new session so costs no copy at
 * all, and a test that writes three collections copies those three.
 *
 * The switch sits at the driver's `Db` and `Collection` objects of the session's connection (`connection.db`),
 * below mongoose and below every raw use (`currentDb()`), so that no read path of the app has to know about it:
 * mongoose's models take their collections from `connection.db` when they are compiled. Reads: the methods that
 * only read (find, aggregate, counts, indexes, ...). Writes: every method that changes documents, indexes or the
 * collection's existence, and the write commands sent through `db.command`. The app sends no aggregation that
 * writes (`$out`, `$merge`) or reads a second collection (`$lookup`): FerretDB v1 has neither.
 */

/** What a session reads until it writes: a database equal to `seed`, which nothing writes. */
export interface BaseDatabase {
  db: mongoose.mongo.Db;
  seed: KeptState;
}

/** Collection methods that read: sent to the base while the collection is the base's. */
const READS: ReadonlySet<PropertyKey> = new Set<PropertyKey>([
  'find',
  'findOne',
  'aggregate',
  'countDocuments',
  'estimatedDocumentCount',
  'count',
  'distinct',
  'indexes',
  'indexExists',
  'indexInformation',
  'listIndexes',
  'options',
  'isCapped',
]);

/** Collection methods that write: the collection is copied first. */
const WRITES: ReadonlySet<PropertyKey> = new Set<PropertyKey>([
  'insertOne',
  'insertMany',
  'bulkWrite',
  'updateOne',
  'updateMany',
  'replaceOne',
  'deleteOne',
  'deleteMany',
  'findOneAndDelete',
  'findOneAndReplace',
  'findOneAndUpdate',
  'createIndex',
  'createIndexes',
  'dropIndex',
  'dropIndexes',
]);

/** Commands whose first field names a collection they change (copied first), as the write tracker counts them. */
const WRITE_COMMANDS: ReadonlySet<string> = new Set([
  'insert',
  'update',
  'delete',
  'findAndModify',
  'createIndexes',
  'dropIndexes',
  'collMod',
]);
/** Commands whose first field names a collection they read. */
const READ_COMMANDS: ReadonlySet<string> = new Set([
  'find',
  'aggregate',
  'count',
  'distinct',
  'listIndexes',
  'collStats',
]);

/** Driver methods with no copy-on-write meaning here: refused rather than reading or writing the wrong database. */
const REFUSED: ReadonlySet<PropertyKey> = new Set<PropertyKey>([
  'rename',
  'watch',
  'initializeOrderedBulkOp',
  'initializeUnorderedBulkOp',
  'renameCollection',
  'collections',
]);

function refused(what: PropertyKey): never {
  throw new Error(`${String(what)} is not supported on a mock session database that reads its base`);
}

/**
 * The listing of a session's collections (its own and those it reads from the base), shaped as the driver's cursor
 * only as far as its callers use it: `toArray`. Any other cursor method is refused, not answered from one database.
 */
function listing(toArray: () => Promise<mongoose.mongo.CollectionInfo[]>): object {
  return new Proxy(
    { toArray },
    {
      get(target, property) {
        if (property === 'toArray') return target.toArray;
        // Not a thenable, and nothing under a symbol (inspection, iteration: refused when called, as undefined).
        if (typeof property === 'symbol' || property === 'then') return undefined;
        refused(`listCollections().${property}`);
      },
    },
  );
}

/**
 * Makes `connection` (a session's, not used yet: call it before any model is compiled on it) read `base` for every
 * collection of the base's seed that is not among `own` (the collections its own database holds: listed by the
 * caller, empty for a new database).
 */
export function readThroughBase(
  connection: mongoose.Connection,
  base: BaseDatabase,
  own: ReadonlySet<string>,
): ReadsThrough {
  /** Collections whose truth is the session's own database: copied, written whole, dropped, or not the seed's. */
  const mine = new Set(own);
  /** A copy or revert under way, per collection: a second one waits for it. */
  const pending = new Map<string, Promise<void>>();
  const readsBase = (name: string): boolean => base.seed.collections.has(name) && !mine.has(name);

  /** Runs `change` after whatever is under way on `name`. */
  const serially = (name: string, change: () => Promise<void>): Promise<void> => {
    const done = (pending.get(name) ?? Promise.resolve()).then(change);
    const settled = done.catch(() => undefined);
    pending.set(name, settled);
    void settled.then(() => {
      if (pending.get(name) === settled) pending.delete(name);
    });
    return done;
  };

  let raw: mongoose.mongo.Db | undefined;
  const handle: ReadsThrough = {
    readsBase,
    seed: (name) => base.seed.collections.get(name),
    copy: (name) =>
      serially(name, async () => {
        if (!readsBase(name)) return;
        const kept = base.seed.collections.get(name);
        // Never marked the session's without its copy: that would show it an empty collection.
        if (!raw) throw new Error('the session database is not connected yet');
        if (kept) await copyCollection(raw, name, kept);
        mine.add(name);
      }),
    claim: (name) => {
      mine.add(name);
    },
    revert: (name) =>
      serially(name, async () => {
        if (!raw || readsBase(name)) return;
        // A reset's: tagged, so that no write tracker counts it.
        await dropCollectionOf(raw, name, { comment: RESTORE_COMMENT });
        mine.delete(name);
      }),
    dropped: (name) => {
      mine.add(name);
    },
  };

  const collections = new Map<string, mongoose.mongo.Collection>();
  const collectionOf = (db: mongoose.mongo.Db, name: string): mongoose.mongo.Collection => {
    const known = collections.get(name);
    if (known) return known;
    const own = db.collection(name);
    const fromBase = base.db.collection(name);
    const proxy = new Proxy(own, {
      get(target, property) {
        if (READS.has(property)) {
          const source = readsBase(name) ? fromBase : target;
          return (...args: unknown[]) => call(source, property, args);
        }
        if (WRITES.has(property)) {
          return async (...args: unknown[]) => {
            await handle.copy(name);
            return call(target, property, args);
          };
        }
        if (property === 'drop') {
          return async (options?: mongoose.mongo.DropCollectionOptions) => {
            await serially(name, async () => {
              handle.dropped(name);
              await dropCollectionOf(db, name, options);
            });
            return true;
          };
        }
        if (REFUSED.has(property)) refused(property);
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    collections.set(name, proxy);
    return proxy;
  };

  const wrapped = new WeakMap<mongoose.mongo.Db, mongoose.mongo.Db>();
  const wrap = (db: mongoose.mongo.Db): mongoose.mongo.Db => {
    const known = wrapped.get(db);
    if (known) return known;
    const proxy = new Proxy(db, {
      get(target, property) {
        switch (property) {
          case 'collection':
            return (name: string) => collectionOf(target, name);
          case 'listCollections':
            return (filter: mongoose.mongo.Document = {}, options?: mongoose.mongo.ListCollectionsOptions) =>
              listing(async () => {
                const [fromOwn, fromBase] = await Promise.all([
                  target.listCollections(filter, options).toArray(),
                  base.db.listCollections(filter, options).toArray(),
                ]);
                return [...fromOwn, ...fromBase.filter(({ name }) => readsBase(name))];
              });
          case 'createCollection':
            return async (name: string, options?: mongoose.mongo.CreateCollectionOptions) => {
              await handle.copy(name);
              return target.createCollection(name, options);
            };
          case 'dropCollection':
            return async (name: string, options?: mongoose.mongo.DropCollectionOptions) => {
              await collectionOf(target, name).drop(options);
              return true;
            };
          case 'command':
            return async (command: mongoose.mongo.Document, options?: mongoose.mongo.RunCommandOptions) => {
              const [verb] = Object.keys(command);
              const name: unknown = verb === undefined ? undefined : command[verb];
              if (verb === undefined || typeof name !== 'string') return target.command(command, options);
              if (verb === 'drop') {
                await serially(name, async () => {
                  handle.dropped(name);
                  await target.command(command, options);
                });
                return { ok: 1 };
              }
              if (verb === 'create' || WRITE_COMMANDS.has(verb)) await handle.copy(name);
              const source = READ_COMMANDS.has(verb) && readsBase(name) ? base.db : target;
              return source.command(command, options);
            };
          case 'dropDatabase':
            return async (options?: mongoose.mongo.DropDatabaseOptions) => {
              const dropped = await target.dropDatabase(options);
              mine.clear();
              return dropped;
            };
          default: {
            if (REFUSED.has(property)) refused(property);
            const value = Reflect.get(target, property, target) as unknown;
            return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
          }
        }
      },
    });
    wrapped.set(db, proxy);
    return proxy;
  };

  // `useDb` sets the connection's `db` when the client is connected (at once, or once it is): wrapped from then on.
  raw = connection.db ?? undefined;
  Object.defineProperty(connection, 'db', {
    configurable: true,
    enumerable: true,
    get: () => (raw ? wrap(raw) : undefined),
    set: (db: mongoose.mongo.Db | undefined) => {
      raw = db;
    },
  });
  (connection as unknown as Record<symbol, ReadsThrough>)[READS_THROUGH] = handle;
  return handle;
}

/** Calls the method `property` of `object` with `args` (a driver object's method, found by name). */
function call(object: object, property: PropertyKey, args: unknown[]): unknown {
  const method = Reflect.get(object, property, object) as (...args: unknown[]) => unknown;
  return Reflect.apply(method, object, args);
}

/** Drops a collection of the session's own database (absent: nothing to do). */
async function dropCollectionOf(
  db: mongoose.mongo.Db,
  name: string,
  options?: mongoose.mongo.DropCollectionOptions,
): Promise<void> {
  try {
    await db.command({ drop: name, ...options });
  } catch (error) {
    // 26 NamespaceNotFound: never created here.
    if ((error as { code?: number }).code !== 26) throw error;
  }
}

/** The collections a session database holds of its own (listed before it is made to read its base). */
export async function ownCollections(db: mongoose.mongo.Db): Promise<Set<string>> {
  const listed = await db.listCollections({}, { nameOnly: true }).toArray();
  return new Set(listed.map(({ name }) => name));
}
