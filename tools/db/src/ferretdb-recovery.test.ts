import { openSync, readdirSync, readFileSync, rmSync, writeFileSync, writeSync, closeSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { ensureFerretDbBinary, PID_FILE, startFerretDb, type RunningFerretDb } from './ferretdb';
import { cacheRootFrom } from './provision';
import { QUARANTINE_DIR } from './quarantine';

const quiet = (): undefined => undefined;

async function connect(running: RunningFerretDb): Promise<MongoClient> {
  return MongoClient.connect(running.uri, { serverSelectionTimeoutMS: 30_000, heartbeatFrequencyMS: 500 });
}

/** Reads the main database's document back, retrying while the server comes back up. */
async function readMain(running: RunningFerretDb): Promise<unknown> {
  const client = await connect(running);
  try {
    return await client
      .db('portal')
      .collection('users')
      .findOne({ _id: 'kept' as never }, { projection: { _id: 1 } });
  } finally {
    await client.close();
  }
}

const sessionFiles = (dir: string): string[] => readdirSync(dir).filter((name) => /__s_.*\.sqlite$/.test(name));

describe('FerretDB recovery: one database never takes the server down', () => {
  it('moves aside a session database a crash left unreadable at the next start, and the main database serves', async () => {
    const binary = await ensureFerretDbBinary(cacheRootFrom(process.env), quiet);
    const dir = mkdtempSync(join(tmpdir(), 'ferret-quarantine-'));
    const first = await startFerretDb(binary.path, dir);
    const client = await connect(first);
    await client
      .db('portal')
      .collection('users')
      .insertOne({ _id: 'kept' as never });
    for (const id of ['w1', 'w2']) await client.db(`portal__s_${id}`).collection('users').insertOne({ id });
    await client.close();
    await first.stop();
    // w1: garbage where the database was; w2: cut to its first 4 KiB page (what a FerretDB killed mid-write leaves).
    writeFileSync(join(dir, 'portal__s_w1.sqlite'), Buffer.alloc(4096, 7));
    const cut = join(dir, 'portal__s_w2.sqlite');
    const head = readFileSync(cut).subarray(0, 4096);
    const fd = openSync(cut, 'w');
    writeSync(fd, head);
    closeSync(fd);
    for (const suffix of ['-wal', '-shm']) rmSync(`${cut}${suffix}`, { force: true });
    const lines: string[] = [];

    const second = await startFerretDb(binary.path, dir, { log: (line) => lines.push(line) });
    try {
      expect(await readMain(second)).toEqual({ _id: 'kept' });
      expect(sessionFiles(dir)).toEqual([]);
      const quarantined = readdirSync(join(dir, QUARANTINE_DIR)).filter((name) => /\.sqlite\.[\dT-]+Z$/.test(name));
      expect(quarantined.map((name) => name.split('.sqlite')[0]).sort()).toEqual(['portal__s_w1', 'portal__s_w2']);
      const moved = second.incidents().filter((incident) => incident.kind === 'database-file-quarantined');
      expect(moved.map((incident) => incident.reason.split(' could not')[0]).sort()).toEqual([
        'Session database portal__s_w1',
        'Session database portal__s_w2',
      ]);
      for (const incident of moved) expect(incident.whatToDo).toMatch(/^Nothing: the session starts again/);
      expect(lines.filter((line) => line.includes('moved to')).join('\n')).toContain('portal__s_w1');
    } finally {
      await second.stop();
    }
  }, 600_000);

  it('creates and drops session databases under load, killed with SIGKILL mid-drop: it serves again, and so does the next start', async () => {
    const binary = await ensureFerretDbBinary(cacheRootFrom(process.env), quiet);
    const dir = mkdtempSync(join(tmpdir(), 'ferret-kill-'));
    const lines: string[] = [];
    const running = await startFerretDb(binary.path, dir, { log: (line) => lines.push(line), restartDelayMs: 50 });
    try {
      const setup = await connect(running);
      await setup
        .db('portal')
        .collection('users')
        .insertOne({ _id: 'kept' as never });
      await setup.close();

      const kills = 3;
      for (let kill = 0; kill < kills; kill += 1) {
        const client = await connect(running);
        let isKilled = false;
        const docs = (): { n: number; text: string }[] =>
          Array.from({ length: 200 }, (_, n) => ({ n, text: 'x'.repeat(100) }));
        // Load: sessions made and dropped by four workers, reads of the main database beside them.
        const worker = async (w: number): Promise<void> => {
          for (let round = 0; !isKilled; round += 1) {
            const db = client.db(`portal__s_w${String(w)}_${String(round % 2)}`);
            await db
              .collection('a')
              .insertMany(docs())
              .then(() => db.collection('b').insertMany(docs()))
              .then(() => db.dropDatabase())
              .then(() => client.db('portal').collection('users').findOne({}))
              .catch(() => undefined);
          }
        };
        const workers = [0, 1, 2, 3].map(worker);
        // A drop under way when the kill lands: one sent, the kill a moment after (the next round's drops too).
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        const victim = client.db('portal__s_victim');
        await victim.collection('a').insertMany(docs());
        const drop = victim.dropDatabase().catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, kill * 3));
        process.kill(Number(readFileSync(join(dir, PID_FILE), 'utf8')), 'SIGKILL');
        isKilled = true;
        await Promise.all([drop, ...workers]);
        await client.close(true);
        const deadline = Date.now() + 60_000;
        while (running.restarts() < kill + 1 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(await readMain(running)).toEqual({ _id: 'kept' });
      }
      expect(running.restarts()).toBeGreaterThanOrEqual(kills);
      const deaths = running.incidents().filter((incident) => incident.kind === 'database-restarted');
      expect(deaths.length).toBeGreaterThanOrEqual(kills);
      // The watchdog shell reports its child killed by SIGKILL as 137.
      expect(deaths[0]?.reason).toMatch(/^FerretDB exited \(code 137\)/);
      // A kill is no sign of a bad file: the main database was never moved aside.
      expect(lines.filter((line) => line.startsWith('Database portal '))).toEqual([]);
      // A new session database can be made and dropped again.
      const after = await connect(running);
      await after.db('portal__s_w0_0').collection('a').insertOne({ n: 1 });
      await after.db('portal__s_w0_0').dropDatabase();
      await after.close();
    } finally {
      await running.stop();
    }

    // The next start on the same files serves, whatever the kills left (moved aside if need be).
    const next = await startFerretDb(binary.path, dir, { log: (line) => lines.push(line) });
    try {
      expect(await readMain(next)).toEqual({ _id: 'kept' });
    } finally {
      await next.stop();
    }
  }, 600_000);
});
