import { AsyncLocalStorage } from 'node:async_hooks';
import mongoose, { type Model } from 'mongoose';
// Registers the request scope's plugin: every model file imports this one, so it is in place before any model is compiled.
import './request-scope';

/**
 * Which database a piece of work reads and writes: the default connection, or an isolated mock session's
 * database (control/sessions.ts), for everything that runs inside `withDatabase()`, awaits included.
 *
 * Why a context and not a connection passed down: every service, recorder and seed step reaches its data
 * through the models its module exports. A session is the same app built a second time (createMockApp) over another
 * database; running its requests, timers and background flushes inside the session's context makes each of
 * those models (and the few raw collection reads) resolve to the session's database, without threading a
 * connection through every call. Outside any session context, everything is exactly as before.
 */
// A context carrier, like mongoose's model registry: it holds no value itself, each async context holds its own.
// eslint-disable-next-line state/no-module-state -- (above)
const current = new AsyncLocalStorage<mongoose.Connection>();

/** The connection of the work in progress: a session's, else mongoose's default one. */
export function currentConnection(): mongoose.Connection {
  return current.getStore() ?? mongoose.connection;
}

/** The database handle of the work in progress (throws before the connection is open). */
export function currentDb(): mongoose.mongo.Db {
  const { db } = currentConnection();
  if (!db) throw new Error('the database connection is not open');
  return db;
}

/** Runs `work` (and everything it starts) against `connection`. */
export function withDatabase<T>(connection: mongoose.Connection, work: () => T): T {
  return current.run(connection, work);
}

/** The model of `base` (its schema and collection) on `connection`; compiled once per connection. */
function modelOn<T>(connection: mongoose.Connection, base: Model<T>): Model<T> {
  const existing = connection.models[base.modelName] as Model<T> | undefined;
  if (existing) return existing;
  return connection.model<T>(base.modelName, base.schema, base.collection.collectionName);
}

/** The model of `base` on the database of the work in progress. */
export function onCurrentDatabase<T>(base: Model<T>): Model<T> {
  const connection = current.getStore();
  return connection ? modelOn(connection, base) : base;
}

/**
 * `base` as every module exports it: the model itself outside a session; inside one, each property (statics,
 * `collection`, `new`) is that of the same model on the session's connection.
 */
export function tenantModel<M extends abstract new (...args: never[]) => unknown>(base: M): M {
  const resolve = (): M => {
    const connection = current.getStore();
    return connection ? (modelOn(connection, base as unknown as Model<unknown>) as unknown as M) : base;
  };
  return new Proxy(base, {
    get(_target, property) {
      const model = resolve();
      return Reflect.get(model, property, model) as unknown;
    },
    construct(_target, args) {
      const model = resolve();
      return Reflect.construct(model, args, model) as object;
    },
  });
}
