import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Express } from 'express';
import mongoose from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthResponseSchema } from '@publisher/contract';
import { provisionDatabase, type ProvisionedDatabase } from '@publisher/db';
import { createAppFor, testConfig } from '../testing/test-app';
import { createBackgroundFailures } from '../system/background-failures';
import { connectDatabase } from './db';

/**
 * The embedded FerretDB is supervised: killed, it comes back on the same files and port, the API
 * reconnects without a restart, and GET /health counts the restart. This file runs its own FerretDB, not the
 * shared test server, and kills it; the waits are real, since the processes are.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'publisher-supervised-'));
const lines: string[] = [];
let database: ProvisionedDatabase;
let app: Express;

/** Polls `check` every 25 ms until it holds or `ms` pass; answers how long it took (to 25 ms, not 100). */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return Date.now() - started;
}

const health = async () => {
  const res = await request(app).get('/health');
  return { status: res.status, body: healthResponseSchema.parse(res.body) };
};
const ferretPid = () => Number(readFileSync(join(dataDir, 'ferretdb', 'ferretdb.pid'), 'utf8').trim());

beforeAll(async () => {
  database = await provisionDatabase({
    dataDir,
    env: { DB_PROVIDER: 'ferretdb', PUBLISHER_CACHE_DIR: testConfig().cacheDir },
    log: (line) => lines.push(line),
  });
  await connectDatabase(database.uri, 'supervised', 5_000);
  await mongoose.connection.db?.collection('users').insertOne({ email: 'kept@example.test' });
  // As main.ts builds it: the background failures list the database's incidents.
  const failures = createBackgroundFailures({ database: () => database.incidents(), log: () => undefined });
  app = createAppFor({ config: testConfig(), database, failures, log: () => undefined });
}, 600_000);

afterAll(async () => {
  await mongoose.disconnect();
  await database.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a supervised embedded FerretDB', () => {
  it('is restarted on the same files and port when killed; the API reconnects and /health counts it', async () => {
    const before = await health();
    expect(before.status).toBe(200);
    expect(before.body.database).toMatchObject({ kind: 'ferretdb', restarts: 0, responding: true });
    const firstPid = ferretPid();

    process.kill(firstPid, 'SIGKILL');
    // The API notices: degraded while FerretDB is gone (or already back, on a fast machine).
    const restartedIn = await within(10_000, async () => database.restarts() === 1);
    const recoveredIn = await within(15_000, async () => (await health()).status === 200);

    const after = await health();
    expect(after.body.database).toMatchObject({ kind: 'ferretdb', restarts: 1, responding: true });
    // The death is listed with what said why and what to do: degraded, still 200.
    expect(after.body.status).toBe('degraded');
    expect(after.body.failures).toEqual([
      {
        kind: 'database-restarted',
        // The watchdog shell's status for a child killed by SIGKILL, and what the shell printed.
        reason: expect.stringMatching(/^FerretDB exited \(code 137\)/) as string,
        whatToDo: 'Nothing: it was restarted on the same files and port, and the API reconnects by itself.',
        at: expect.any(String) as string,
        count: 1,
      },
    ]);
    expect(ferretPid()).not.toBe(firstPid);
    // Same files: what was written before the kill is still there, read through the API's own connection.
    expect(await mongoose.connection.db?.collection('users').findOne({ email: 'kept@example.test' })).not.toBeNull();
    // The supervisor logs once its own check of the port is done, which may be a moment after /health's.
    await within(5_000, async () => lines.some((line) => /FerretDB restarted \(restart 1\)/.test(line)));
    console.log(`[supervision] restarted within ${restartedIn} ms; /health ok again ${recoveredIn} ms after that`);
    expect(restartedIn + recoveredIn).toBeLessThan(10_000);
  }, 60_000);

  it('restarts again after a second death (SIGTERM this time)', async () => {
    process.kill(ferretPid(), 'SIGTERM');
    await within(10_000, async () => database.restarts() === 2);
    await within(15_000, async () => (await health()).status === 200);
    expect((await health()).body.database.restarts).toBe(2);
  }, 60_000);
});
