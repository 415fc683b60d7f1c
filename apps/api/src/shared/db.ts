import mongoose from 'mongoose';
import { provisionDatabase, type ProvisionedDatabase } from '@publisher/db';
import type { AppConfig } from '../config/env';

/**
 * The database the configuration names (MONGODB_URI, else an embedded one in DATA_DIR), connected; used by
 * main.ts and the seed CLI. Stop it with `disconnectDatabase()` then `database.stop()`.
 */
export async function openDatabase(
  config: AppConfig,
  log: (line: string) => void = console.log,
): Promise<ProvisionedDatabase> {
  const database = await provisionDatabase({
    dataDir: config.dataDir,
    log: (line) => log(`[db] ${line}`),
    env: {
      MONGODB_URI: config.mongodbUri,
      DB_PROVIDER: config.dbProvider,
      PUBLISHER_CACHE_DIR: config.cacheDir,
      DB_REPROBE: config.dbReprobe ? '1' : undefined,
    },
  });
  log(`[db] ${database.description}`);
  await connectDatabase(database.uri, config.dbName, config.dbOperationTimeoutMs, {
    monitorCommands: config.mockControls,
  });
  return database;
}

/** Connections a process opens at most: a bound on database operations in flight (see db-limits.ts). */
export const MAX_POOL_SIZE = 20;
export const DEFAULT_OPERATION_TIMEOUT_MS = 20_000;

/**
 * Connects the default mongoose connection; used by main.ts, the seed CLI and the test setup.
 *
 * Every operation is bounded in time, so a database that stops answering turns into 503 answers instead of
 * requests that hang: no reply on a connection for `operationTimeoutMs` closes it and fails the operation,
 * waiting for a free connection (at most {@link MAX_POOL_SIZE} are open) fails after the same time, and so does
 * an operation mongoose holds back while it has no connection at all.
 */
export async function connectDatabase(
  uri: string,
  dbName: string,
  operationTimeoutMs: number = DEFAULT_OPERATION_TIMEOUT_MS,
  options: {
    /**
     * The driver reports every command sent: the mock mode's resets see which collections were written
     * (control/data-states.ts). Off by default: each answer is then decoded twice.
     */
    monitorCommands?: boolean;
  } = {},
): Promise<typeof mongoose> {
  mongoose.set('strictQuery', true);
  mongoose.set('bufferTimeoutMS', operationTimeoutMs);
  // Indexes are declared on the models and built at start; FerretDB and MongoDB both support them.
  return mongoose.connect(uri, {
    dbName,
    autoIndex: true,
    maxPoolSize: MAX_POOL_SIZE,
    serverSelectionTimeoutMS: 10_000,
    // A restarted embedded FerretDB (or a MongoDB back from a restart) is found within 2 s, not the default 10 s.
    heartbeatFrequencyMS: 2_000,
    socketTimeoutMS: operationTimeoutMs,
    waitQueueTimeoutMS: operationTimeoutMs,
    monitorCommands: options.monitorCommands ?? false,
  });
}

/**
 * Whether nothing was ever seeded into the connected database: no user and no catalog (a first start on a new
 * DATA_DIR). Its collections may exist already: mongoose builds the models' indexes as soon as it connects.
 */
export async function isUnseededDatabase(): Promise<boolean> {
  const { db } = mongoose.connection;
  if (!db) return false;
  const [users, revisions] = await Promise.all([
    db.collection('users').estimatedDocumentCount(),
    db.collection('seed_revisions').estimatedDocumentCount(),
  ]);
  return users === 0 && revisions === 0;
}

/** How late a probe's timer may fire before the event loop counts as busy (and the silence as not the database's). */
const LOOP_LAG_TOLERANCE_MS = 50;
/** How many more waits, each as long as its timeout, a probe gets while the event loop was too busy to hear. */
const MAX_BUSY_LOOP_WAITS = 3;

/**
 * Whether the database answers a real query (a one-document read of the users collection) within `timeoutMs`:
 * a ping alone is answered by FerretDB even while its storage is stuck.
 *
 * A busy event loop is not a silent database: when the loop was blocked (the CPU oversubscribed, a long synchronous
 * step), the timeout fires late, before the loop has read the answer that may have come meanwhile. So the verdict
 * waits for the loop's next I/O turn, and a timeout that fired more than {@link LOOP_LAG_TOLERANCE_MS} late gives the
 * query another `timeoutMs` (at most {@link MAX_BUSY_LOOP_WAITS} times): only a database silent while the loop was
 * free to hear it counts as not answering.
 */
export async function databaseAnswers(timeoutMs: number): Promise<boolean> {
  if (mongoose.connection.readyState !== mongoose.ConnectionStates.connected) return false;
  const { db } = mongoose.connection;
  if (!db) return false;
  let timer: NodeJS.Timeout | undefined;
  let outcome: boolean | undefined;
  const query = db
    .collection('users')
    .findOne({}, { projection: { _id: 1 } })
    .then(() => true)
    .catch(() => false)
    .then((answered) => {
      outcome = answered;
      return answered;
    });
  const silence = new Promise<false>((resolve) => {
    let waits = 0;
    const wait = (): void => {
      const due = Date.now() + timeoutMs;
      timer = setTimeout(() => {
        // After the poll phase of this turn: an answer that arrived while the loop was busy is read by then.
        setImmediate(() => {
          if (outcome !== undefined) return;
          if (Date.now() - due > LOOP_LAG_TOLERANCE_MS && waits < MAX_BUSY_LOOP_WAITS) {
            waits += 1;
            wait();
          } else resolve(false);
        });
      }, timeoutMs);
    };
    wait();
  });
  try {
    return await Promise.race([query, silence]);
  } finally {
    clearTimeout(timer);
  }
}

export async function disconnectDatabase(): Promise<void> {
  await mongoose.disconnect();
}

export type ConnectionState = 'connected' | 'connecting' | 'disconnected' | 'disconnecting' | 'uninitialized';

export function connectionState(): ConnectionState {
  switch (mongoose.connection.readyState) {
    case mongoose.ConnectionStates.connected:
      return 'connected';
    case mongoose.ConnectionStates.connecting:
      return 'connecting';
    case mongoose.ConnectionStates.disconnecting:
      return 'disconnecting';
    case mongoose.ConnectionStates.disconnected:
      return 'disconnected';
    default:
      return 'uninitialized';
  }
}
