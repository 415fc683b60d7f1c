import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { provisionDatabase, type ProvisionedDatabase } from '@publisher/db';
import type { App } from '../app';
import { connectDatabase } from '../shared/db';
import { CATALOG_DATA_SET, SEED_REVISIONS_COLLECTION } from '../shared/snapshot-cache';
import { buildVendor, type BuiltVendor } from './factories';
import { createAppFor, testConfig } from './test-app';

/** The pid of the FerretDB a test provisioned in `dataDir` (tools/db writes it there). */
export function ferretPidIn(dataDir: string): number {
  return Number(readFileSync(join(dataDir, 'ferretdb', 'ferretdb.pid'), 'utf8').trim());
}

/**
 * Resolves once every thread of `pid` is stopped. A SIGSTOP takes effect after kill() returns: at load average 27
 * the first calls after it were still answered (health 200 in 28 ms), so a stall starts when the kernel says so.
 */
export async function threadsStopped(pid: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const states = readdirSync(`/proc/${String(pid)}/task`).map((task) => {
      const stat = readFileSync(`/proc/${String(pid)}/task/${task}/stat`, 'utf8');
      // "pid (name) S ...": the state follows the last parenthesis.
      return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    });
    if (states.every((state) => state === 'T' || state === 't')) return;
    if (Date.now() > deadline)
      throw new Error(`FerretDB (${String(pid)}) did not stop: thread states ${states.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A FerretDB of a test file's own with the app over it: a test may freeze the database process (SIGSTOP). */
export interface FreezableStack {
  database: ProvisionedDatabase;
  app: App;
  /** A vendor signed in with `password`. */
  vendor: BuiltVendor;
  /**
   * Stops FerretDB until every thread is stopped, runs `during`, and resumes it, whatever `during` does. A file's
   * afterAll resumes it too through stop(), should a test fail mid-stall.
   */
  frozen<T>(during: () => Promise<T>): Promise<T>;
  stop(): Promise<void>;
}

/**
 * Provisions a FerretDB in a fresh data folder, connects mongoose to database `name` (with `monitorCommands` for a
 * test that counts what is sent), creates every model's indexes, marks the catalog seeded (an unseeded catalog is
 * looked up on every call) and builds the app and a vendor.
 */
export async function startFreezableStack(options: {
  name: string;
  password: string;
  monitorCommands?: boolean;
}): Promise<FreezableStack> {
  const dataDir = mkdtempSync(join(tmpdir(), `publisher-${options.name}-`));
  const database = await provisionDatabase({
    dataDir,
    env: { DB_PROVIDER: 'ferretdb', PUBLISHER_CACHE_DIR: testConfig().cacheDir },
    log: () => undefined,
  });
  await connectDatabase(database.uri, options.name.replace(/\W/g, '_'), undefined, {
    monitorCommands: options.monitorCommands ?? false,
  });
  await Promise.all(Object.values(mongoose.models).map((model) => model.createIndexes()));
  await mongoose.connection
    .collection<{ _id: string; revision: string }>(SEED_REVISIONS_COLLECTION)
    .insertOne({ _id: CATALOG_DATA_SET, revision: `${options.name}-test` });
  const app = createAppFor({ config: testConfig(), database, log: () => undefined });
  const vendor = await buildVendor({ password: options.password });
  const paused = { pid: undefined as number | undefined };
  const resume = () => {
    if (paused.pid !== undefined) process.kill(paused.pid, 'SIGCONT');
    paused.pid = undefined;
  };
  return {
    database,
    app,
    vendor,
    frozen: async (during) => {
      paused.pid = ferretPidIn(dataDir);
      process.kill(paused.pid, 'SIGSTOP');
      try {
        await threadsStopped(paused.pid);
        return await during();
      } finally {
        resume();
      }
    },
    stop: async () => {
      resume();
      await app.close();
      await mongoose.disconnect();
      await database.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
