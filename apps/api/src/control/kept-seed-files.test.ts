import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import mongoose from 'mongoose';
import request from 'supertest';
import { describe, expect, inject, it, vi } from 'vitest';
import { controlStateSchema, type ControlState } from '@publisher/contract';
import type { App } from '../app';
import { createAppState } from '../app-state';
import { DEMO_PASSWORD } from '../seed/demo-accounts';
import { useTestApp } from '../testing/test-app';
import { captureState, createWriteTracker, keptCollectionOf, keptStateOf, RESTORE_COMMENT } from './data-states';
import { createKeptSeedFiles, KEPT_SEED_FORMAT } from './kept-seed-files';
import { createMockApp, type MockApp } from './mock-app';
import { digestOfRunningCode } from './running-code';
import { digests } from './testing/kept-state';

const folder = mkdtempSync(join(tmpdir(), 'kept-seeds-'));
const ctx = useTestApp({ keptSeedsDir: folder });
const NOW = '2026-06-15T12:00:00Z';
const seedFile = join(folder, 'small.seed');
/** What the default database's data equals (control/data-journal.ts), beside the seed files. */
const journalFile = (): string => join(folder, `${mongoose.connection.name}.journal`);

async function reset(app: App, body: object = {}): Promise<ControlState> {
  const response = await request(app).post('/__control/reset').send(body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return controlStateSchema.parse(response.body);
}

/** The API started again on the same database and folder: a new process's app, nothing kept in its memory. */
async function restarted(now: string, lines: string[] = []): Promise<MockApp> {
  // The old process is quiet first, as its stop makes it: its buffered call log is written (and journaled) now, not
  // by its timer while the new one checks the data (on a loaded machine that write made the journal look wrong).
  await ctx.app.flushRecorders();
  const app = createMockApp({
    config: ctx.config,
    database: { kind: inject('databaseKind') },
    log: (line) => lines.push(line),
    state: createAppState(),
  });
  await request(app).put('/__control/clock').send({ now }).expect(200);
  // What main.ts does on a start over existing data.
  await app.control.adoptStoredProfile();
  return app;
}

/** The header of a kept seed file (format: kept-seed-files.ts). */
function headerOf(file: string): { format: number; key: string } {
  const content = readFileSync(file);
  const length = content.readUInt32LE(8);
  return JSON.parse(content.subarray(12, 12 + length).toString('utf8')) as { format: number; key: string };
}

/** The file with its header changed (and its length field with it). */
function rewriteHeader(file: string, change: (header: Record<string, unknown>) => void): void {
  const content = readFileSync(file);
  const length = content.readUInt32LE(8);
  const header = JSON.parse(content.subarray(12, 12 + length).toString('utf8')) as Record<string, unknown>;
  change(header);
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const size = Buffer.alloc(4);
  size.writeUInt32LE(json.length);
  writeFileSync(file, Buffer.concat([content.subarray(0, 8), size, json, content.subarray(12 + length)]));
}

/** A write of the process: the demo vendor signs in (its counters) and changes its name (users). */
async function renameVendor(app: App, fullName: string): Promise<void> {
  const signin = await request(app)
    .post('/auth/signin')
    .send({ email: 'vendor@publisher.test', password: DEMO_PASSWORD })
    .expect(200);
  await request(app)
    .put('/auth/update')
    .set('Authorization', (signin.body as { token: string }).token)
    .send({ fullName })
    .expect(200);
}

/** The default data reset to `small` on NOW's date, its seed kept on disk: answers the digests of the fresh seed. */
async function keptSmallSeed(): Promise<ReturnType<typeof digests>> {
  await request(ctx.app).put('/__control/clock').send({ now: NOW }).expect(200);
  await reset(ctx.app, { profile: 'small' });
  await ctx.app.control?.seedFilesSettled();
  return digests(await captureState());
}

const seeded = (lines: readonly string[]): boolean => lines.some((line) => line.startsWith('[control] seeded'));

describe('kept seeds on disk', () => {
  it('a reset after a restart goes back to the kept seed from disk without running the seed, rewriting only what differs', async () => {
    await request(ctx.app).put('/__control/clock').send({ now: NOW }).expect(200);
    expect((await reset(ctx.app, { profile: 'small' })).lastReset).toMatchObject({ method: 'seed' });
    await ctx.app.control?.seedFilesSettled();
    expect(existsSync(seedFile)).toBe(true);
    const fresh = digests(await captureState());
    // A write of the old process: the data the restart finds differs from the seed.
    await renameVendor(ctx.app, 'Before The Restart');
    // A write a killed process left half done: never read, deleted by the next write.
    const leftover = `${seedFile}.999-dead.tmp`;
    writeFileSync(leftover, 'half a file');
    utimesSync(leftover, new Date(Date.now() - 3_600_000), new Date(Date.now() - 3_600_000));

    // The journal of what the data equals names the collections those writes touched, noted before each was sent.
    const noted = readFileSync(journalFile(), 'utf8').split('\n').slice(1).filter(Boolean);
    expect(noted).toEqual(expect.arrayContaining(['users']));
    expect(noted.length).toBeLessThanOrEqual(6);

    const lines: string[] = [];
    const again = await restarted(NOW, lines);
    try {
      // What main.ts starts in the background after listening; the reset asked for at once.
      void again.control.readKeptSeed();
      const state = await again.control.reset();
      expect(state.lastReset).toMatchObject({ method: 'copy', target: 'small' });
      // The account, its sign-in and its call log: a handful, not every collection of the seed.
      // The noted ones, and those the call log buffered in memory went to when the reset flushed it.
      expect(state.lastReset?.collectionsRewritten).toBeLessThanOrEqual(6);
      expect(seeded(lines)).toBe(false);
      expect(lines.some((line) => line.includes('read the kept small seed from'))).toBe(true);
      // Not read: the journal said which collections differ.
      expect(lines.some((line) => line.includes('the data journal says the data equals the kept small seed'))).toBe(
        true,
      );
      expect(lines.some((line) => line.includes('the data differs from the kept small seed in'))).toBe(false);
      expect(digests(await captureState())).toEqual(fresh);
    } finally {
      await again.close();
    }
    // The next seed of the profile replaces the file and sweeps the stale temporary file.
    await request(ctx.app).put('/__control/clock').send({ now: '2026-06-16T12:00:00Z' }).expect(200);
    await reset(ctx.app, { profile: 'small' });
    await ctx.app.control?.seedFilesSettled();
    expect(existsSync(leftover)).toBe(false);
    expect(readdirSync(folder).sort()).toEqual([basename(journalFile()), 'small.seed'].sort());
  });

  it('after a clean stop the first reset puts back the documents written, not each collection whole', async () => {
    const fresh = await keptSmallSeed();
    const users = (await mongoose.connection.db?.collection('users').countDocuments()) ?? 0;
    expect(users).toBeGreaterThan(1);

    // A process that writes and stops cleanly (main.ts: every call answered).
    const first = await restarted(NOW);
    await first.control.reset();
    await renameVendor(first, 'Before A Clean Stop');
    await first.close({ cleanStop: true });
    expect(readFileSync(journalFile(), 'utf8')).toMatch(/^\{"stopped":\{"written":\[.*\["users",\[\{"\$oid"/m);

    // The restore's own writes to users: one document put back, not the whole collection.
    const restoredUsers: number[] = [];
    const listen = (event: mongoose.mongo.CommandStartedEvent): void => {
      if (event.command['comment'] !== RESTORE_COMMENT || event.commandName !== 'insert') return;
      if (event.command['insert'] === 'users') restoredUsers.push((event.command['documents'] as unknown[]).length);
    };
    mongoose.connection.getClient().on('commandStarted', listen);
    const lines: string[] = [];
    const second = await restarted(NOW, lines);
    try {
      void second.control.readKeptSeed();
      expect((await second.control.reset()).lastReset).toMatchObject({ method: 'copy' });
      expect(lines.join('\n')).toMatch(/the data journal says .* but for \d+ collection\(s\) \([1-9]\d* by document\)/);
      expect(restoredUsers).toEqual([1]);
      expect(digests(await captureState())).toEqual(fresh);
    } finally {
      mongoose.connection.getClient().off('commandStarted', listen);
      await second.close();
    }
  });

  it('the start looks at the data journal in the background: the first reset, asked for after that, does not count again', async () => {
    const fresh = await keptSmallSeed();
    await renameVendor(ctx.app, 'Before The Look');

    const lines: string[] = [];
    const again = await restarted(NOW, lines);
    const counts: string[] = [];
    const listen = (event: mongoose.mongo.CommandStartedEvent): void => {
      if (event.commandName === 'aggregate' && JSON.stringify(event.command['pipeline']).includes('$collStats')) {
        counts.push(String(event.command['aggregate']));
      }
    };
    try {
      await again.control.readKeptSeed();
      // No reset asked for yet: the start's look goes on by itself once the seed is read.
      await vi.waitFor(
        () => expect(lines.join('\n')).toMatch(/the data journal says the data equals the kept small seed/),
        { timeout: 30_000, interval: 50 },
      );
      mongoose.connection.getClient().on('commandStarted', listen);
      const state = await again.control.reset();
      expect(state.lastReset).toMatchObject({ method: 'copy', target: 'small' });
      expect(counts).toEqual([]);
      expect(lines.filter((line) => line.includes('the data journal says')).length).toBe(1);
      expect(digests(await captureState())).toEqual(fresh);
    } finally {
      mongoose.connection.getClient().off('commandStarted', listen);
      await again.close();
    }
  });

  it('the read models load after the start: after its look at the data journal and the first reset asked meanwhile', async () => {
    await keptSmallSeed();
    await renameVendor(ctx.app, 'Before The Read Models');

    const again = await restarted(NOW);
    // In the order the server got them: the look's counts, the reset's writes and the read models' product reads.
    const order: string[] = [];
    const listen = (event: mongoose.mongo.CommandStartedEvent): void => {
      const { command, commandName } = event;
      if (commandName === 'aggregate' && JSON.stringify(command['pipeline']).includes('$collStats')) order.push('look');
      else if (command['comment'] === RESTORE_COMMENT) order.push('reset');
      else if (commandName === 'find' && command['find'] === 'products') order.push('read models');
    };
    mongoose.connection.getClient().on('commandStarted', listen);
    try {
      // What main.ts does once it listens, and a test run's first reset asked at once.
      void again.control.readKeptSeed();
      const warmed = again.warmReadModels();
      await again.control.reset();
      await warmed;
      const first = (what: string): number => order.indexOf(what);
      expect(first('look')).toBeGreaterThanOrEqual(0);
      expect(first('reset')).toBeGreaterThan(order.lastIndexOf('look'));
      // Not beside them: on 2 cores, the load of 30,000 products more than doubled the first reset after a restart.
      expect(first('read models')).toBeGreaterThan(order.lastIndexOf('reset'));
      expect(order.lastIndexOf('read models')).toBe(order.length - 1);
    } finally {
      mongoose.connection.getClient().off('commandStarted', listen);
      await again.close();
    }
  });

  it("the start's own writes before the app listens (an upload finished from its journal) are rewritten by the first reset", async () => {
    const fresh = await keptSmallSeed();
    await renameVendor(ctx.app, 'Before The Finished Upload');

    // As main.ts does: a tracker over the start's work. A write that keeps every count, as a finished upload's
    // replaced report documents do, so that the look alone would trust the journal. The old process is gone: none
    // of its listeners (its tracker would note the write in the journal) hears it.
    await ctx.app.flushRecorders();
    const client = mongoose.connection.getClient();
    const events = ['commandStarted', 'commandSucceeded', 'commandFailed'] as const;
    const old = events.map((event) => [event, client.rawListeners(event)] as const);
    for (const event of events) client.removeAllListeners(event);
    let writtenAtStart;
    try {
      const startWrites = createWriteTracker();
      await mongoose.connection.db?.collection('coupons').updateOne({}, { $set: { title: 'Written by the start' } });
      writtenAtStart = startWrites.take();
      startWrites.close();
    } finally {
      for (const [event, listeners] of old) for (const listener of listeners) client.on(event, listener as never);
    }
    const lines: string[] = [];
    const again = await restarted(NOW, lines);
    try {
      again.control.adoptStartWrites(writtenAtStart);
      void again.control.readKeptSeed();
      const state = await again.control.reset();
      expect(lines.join('\n')).toMatch(/the data journal says the data equals the kept small seed/);
      expect(state.lastReset).toMatchObject({ method: 'copy', target: 'small' });
      expect(digests(await captureState())).toEqual(fresh);
    } finally {
      await again.close();
    }
  });

  it('a write the journal did not see (another program) makes the first reset after a restart read the data', async () => {
    const fresh = await keptSmallSeed();
    expect(existsSync(journalFile())).toBe(true);
    // Carrying the restores' comment, the write is invisible to the tracker, as another program's would be.
    await mongoose.connection.db
      ?.collection('coupons')
      .insertOne({ title: 'Written behind the API' }, { comment: RESTORE_COMMENT });
    const lines: string[] = [];
    const again = await restarted(NOW, lines);
    try {
      const state = await again.control.reset();
      expect(state.lastReset).toMatchObject({ method: 'copy' });
      expect(lines.join('\n')).toMatch(
        /data journal .* not trusted \(collection coupons holds \d+ documents, the seed \d+\)/,
      );
      expect(lines.some((line) => line.includes('the data differs from the kept small seed in 1 collection(s)'))).toBe(
        true,
      );
      expect(digests(await captureState())).toEqual(fresh);
    } finally {
      await again.close();
    }
  });

  it("a collection the seed does not have, made behind the tracker (as mongoose's start makes its models'), is dropped: the journal stands", async () => {
    const fresh = await keptSmallSeed();
    await mongoose.connection.db?.command({ create: 'made_at_start', comment: RESTORE_COMMENT });
    const lines: string[] = [];
    const again = await restarted(NOW, lines);
    try {
      await again.control.reset();
      expect(lines.join('\n')).toMatch(/the data journal says .* and 1 not the seed's: not read/);
      expect(digests(await captureState())).toEqual(fresh);
    } finally {
      await again.close();
    }
  });

  it('a reset to a snapshot leaves no journal: the first reset after a restart reads the data', async () => {
    await request(ctx.app).put('/__control/clock').send({ now: NOW }).expect(200);
    await reset(ctx.app, { profile: 'small' });
    await ctx.app.control?.seedFilesSettled();
    expect(existsSync(journalFile())).toBe(true);
    await request(ctx.app).post('/__control/snapshots').send({ name: 'before' }).expect(201);
    await reset(ctx.app, { snapshot: 'before' });
    expect(existsSync(journalFile())).toBe(false);
    const lines: string[] = [];
    const again = await restarted(NOW, lines);
    try {
      expect((await again.control.reset()).lastReset).toMatchObject({ method: 'copy' });
      expect(lines.some((line) => line.includes('the data differs from the kept small seed in'))).toBe(true);
    } finally {
      await again.close();
    }
  });

  // One test a damage: each seeds once more under the 60 s guard (three in one test took 13 s alone and over 60 s
  // in a loaded CI run).
  const damages: [string, () => void][] = [
    ['truncated', () => writeFileSync(seedFile, readFileSync(seedFile).subarray(0, 5_000))],
    [
      'corrupt',
      () => {
        const content = readFileSync(seedFile);
        const at = content.length - 100;
        content[at] = (content[at] ?? 0) ^ 0xff;
        writeFileSync(seedFile, content);
      },
    ],
    ['of another format', () => rewriteHeader(seedFile, (header) => (header['format'] = KEPT_SEED_FORMAT + 1))],
  ];
  it.each(damages)(
    'a kept seed file %s is ignored with a log line and rewritten, and serves the next restart',
    async (_damage, apply) => {
      await request(ctx.app).put('/__control/clock').send({ now: NOW }).expect(200);
      await reset(ctx.app, { profile: 'small' });
      await ctx.app.control?.seedFilesSettled();
      expect(headerOf(seedFile).format).toBe(KEPT_SEED_FORMAT);
      apply();
      const lines: string[] = [];
      const again = await restarted(NOW, lines);
      try {
        expect((await reset(again, { profile: 'small' })).lastReset).toMatchObject({ method: 'seed' });
        expect(lines.some((line) => line.startsWith(`[control] kept seed ${seedFile} ignored`))).toBe(true);
        await again.control.seedFilesSettled();
        expect(headerOf(seedFile).format).toBe(KEPT_SEED_FORMAT);
      } finally {
        await again.close();
      }
      // The file rewritten after the damage serves the next restart.
      const next: string[] = [];
      const third = await restarted(NOW, next);
      try {
        expect((await reset(third, { profile: 'small' })).lastReset).toMatchObject({ method: 'copy' });
        expect(seeded(next)).toBe(false);
      } finally {
        await third.close();
      }
    },
  );

  it("the kept seed's key changes with the date: the file of another date is not used, and is replaced", async () => {
    await request(ctx.app).put('/__control/clock').send({ now: NOW }).expect(200);
    await reset(ctx.app, { profile: 'small' });
    await ctx.app.control?.seedFilesSettled();
    expect(headerOf(seedFile).key).toMatch(/^small:2026-06-15:\d+:/);

    const lines: string[] = [];
    const later = await restarted('2026-07-01T12:00:00Z', lines);
    try {
      expect((await reset(later, { profile: 'small' })).lastReset).toMatchObject({ method: 'seed' });
      expect(lines.some((line) => /ignored \(made for small:2026-06-15:.*not small:2026-07-01:/.test(line))).toBe(true);
      await later.control.seedFilesSettled();
      expect(headerOf(seedFile).key).toMatch(/^small:2026-07-01:\d+:/);
      // One seed file a profile, and the journal (now naming the new date's seed).
      expect(readdirSync(folder).sort()).toEqual([basename(journalFile()), 'small.seed'].sort());
      expect(readFileSync(journalFile(), 'utf8')).toMatch(/"key":"small:2026-07-01:/);
    } finally {
      await later.close();
    }
  });

  it('an unwritable folder: the seed stays kept in memory, and the failure is a warning until a write succeeds', async () => {
    const blocker = join(folder, 'not-a-folder');
    writeFileSync(blocker, '');
    const lines: string[] = [];
    const app = createMockApp({
      config: { ...ctx.config, keptSeedsDir: join(blocker, 'kept-seeds') },
      database: { kind: inject('databaseKind') },
      log: (line) => lines.push(line),
      state: createAppState(),
    });
    try {
      await request(app).put('/__control/clock').send({ now: '2026-08-01T12:00:00Z' }).expect(200);
      expect((await reset(app, { profile: 'small' })).lastReset).toMatchObject({ method: 'seed' });
      await app.control.seedFilesSettled();
      const warnings = app.control.warnings();
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/small seed could not be kept on disk .*KEPT_SEEDS_DIR/);
      expect(lines.some((line) => line.includes('the small seed was not kept on disk'))).toBe(true);
      // Listed where background failures are (GET /__control, GET /health), with what to do.
      const listed = (await request(app).get('/__control').expect(200)).body as {
        failures: { kind: string; whatToDo: string }[];
      };
      expect(listed.failures).toContainEqual(
        expect.objectContaining({ kind: 'seed-copy-not-kept', whatToDo: expect.stringMatching(/KEPT_SEEDS_DIR/) }),
      );
      expect((await reset(app)).lastReset).toMatchObject({ method: 'copy' });
    } finally {
      await app.close();
    }
  });
});

describe('the seed files without a database', () => {
  const state = keptStateOf(
    new Map([
      [
        'things',
        keptCollectionOf(
          [1, 2, 3].map((n) => Buffer.from(mongoose.mongo.BSON.serialize({ _id: n, name: `thing ${String(n)}` }))),
          [{ name: 'name_1', key: { name: 1 } }],
        ),
      ],
    ]),
  );

  it('a file written by other code (another code digest) is not used', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kept-seeds-code-'));
    const lines: string[] = [];
    const before = createKeptSeedFiles({ dir, codeDigest: async () => 'a'.repeat(64) });
    await before.save('small', 'small:2026-06-15:14', state);
    expect(digests((await before.load('small', 'small:2026-06-15:14')) ?? keptStateOf(new Map()))).toEqual(
      digests(state),
    );
    const after = createKeptSeedFiles({ dir, codeDigest: async () => 'b'.repeat(64), log: (line) => lines.push(line) });
    expect(await after.load('small', 'small:2026-06-15:14')).toBeUndefined();
    expect(lines.join('\n')).toMatch(/ignored \(made for .*code aaaa.*, not .*code bbbb/);
  });

  it('a failed write is told to onWriteFailure and listed until a write of that profile succeeds', async () => {
    const root = mkdtempSync(join(tmpdir(), 'kept-seeds-unwritable-'));
    writeFileSync(join(root, 'file'), '');
    const failures: { profile: string; whatToDo: string }[] = [];
    const files = createKeptSeedFiles({
      dir: join(root, 'file', 'kept-seeds'),
      codeDigest: async () => 'c'.repeat(64),
      onWriteFailure: (failure) => failures.push(failure),
    });
    await files.save('demo', 'demo:2026-06-15:180', state);
    expect(failures).toEqual([
      expect.objectContaining({ profile: 'demo', whatToDo: expect.stringMatching(/KEPT_SEEDS_DIR/) }),
    ]);
    expect(files.warnings()).toHaveLength(1);
    // The folder made writable again: the next write clears the warning.
    rmSync(join(root, 'file'));
    await files.save('demo', 'demo:2026-06-15:180', state);
    expect(files.warnings()).toEqual([]);
    expect(await files.load('demo', 'demo:2026-06-15:180')).toBeDefined();
  });

  it("the code digest follows the running code's sources, not its tests", async () => {
    const root = mkdtempSync(join(tmpdir(), 'running-code-'));
    const control = join(root, 'apps', 'api', 'src', 'control');
    mkdirSync(control, { recursive: true });
    mkdirSync(join(root, 'libs', 'contract', 'src'), { recursive: true });
    writeFileSync(join(root, 'package-lock.json'), '{}');
    writeFileSync(join(root, 'apps', 'api', 'src', 'seed.ts'), 'export const days = 14;');
    const moduleUrl = pathToFileURL(join(control, 'running-code.ts')).href;
    const first = await digestOfRunningCode(moduleUrl);
    writeFileSync(join(root, 'apps', 'api', 'src', 'seed.test.ts'), 'a test');
    expect(await digestOfRunningCode(moduleUrl)).toBe(first);
    writeFileSync(join(root, 'apps', 'api', 'src', 'seed.ts'), 'export const days = 15;');
    expect(await digestOfRunningCode(moduleUrl)).not.toBe(first);
  });
});
