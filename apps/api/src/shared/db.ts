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
    env: { MONGODB_URI: config.mongodbUri, DB_PROVIDER: config.dbProvider, PUBLISHER_CACHE_DIR: config.cacheDir },
  });
  log(`[db] ${database.description}`);
  await connectDatabase(database.uri, config.dbName);
  return database;
}

/** Connects the default mongoose connection; used by main.ts, the seed CLI and the test setup. */
export async function connectDatabase(uri: string, dbName: string): Promise<typeof mongoose> {
  mongoose.set('strictQuery', true);
  // Indexes are declared on the models and built at start; FerretDB and MongoDB both support them.
  return mongoose.connect(uri, { dbName, serverSelectionTimeoutMS: 10_000, autoIndex: true });
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
