import { spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { hostname } from 'node:os';
import mongoose from 'mongoose';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { waitForHttp } from '@publisher/db';
import { spawnApiProcess } from '../testing/api-process';
import { useTestApp } from '../testing/test-app';
import { claimMockDatabase, ownerDatabaseOf } from './mock-owner';

useTestApp();

describe('one mock-mode process per database', () => {
  const releases: (() => Promise<void>)[] = [];
  const claim = async (...args: Parameters<typeof claimMockDatabase>) => {
    const release = await claimMockDatabase(...args);
    releases.push(release);
    return release;
  };
  const leases = () =>
    mongoose.connection.useDb(ownerDatabaseOf(mongoose.connection.name), { useCache: true }).collection('leases');

  /** API processes a test started: stopped after it, whether it passed, failed or timed out. */
  const children: ChildProcess[] = [];
  const stop = async (child: ChildProcess) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await once(child, 'exit');
  };

  afterEach(async () => {
    for (const release of releases.splice(0)) await release();
    for (const child of children.splice(0)) await stop(child);
  });
  afterAll(async () => {
    await mongoose.connection.useDb(ownerDatabaseOf(mongoose.connection.name), { useCache: false }).dropDatabase();
  });

  it('refuses a second process on the same database with what to do, and lets it in once the first stops', async () => {
    await claim(mongoose.connection, { ttlMs: 30_000 });
    const second = claimMockDatabase(mongoose.connection, { ttlMs: 30_000, waitMs: 0 });
    await expect(second).rejects.toMatchObject({
      kind: 'conflict',
      message: expect.stringMatching(
        new RegExp(
          `^Another API process with MOCK_CONTROLS=true serves the database ${mongoose.connection.name}: .*MONGODB_DB_NAME`,
        ),
      ),
    });
    await releases.splice(0)[0]?.();
    expect(await leases().countDocuments()).toBe(0);
    await claim(mongoose.connection, { ttlMs: 30_000, waitMs: 0 });
  });

  it('keeps its claim beside the database, where a reset that drops the database does not reach', async () => {
    await claim(mongoose.connection, { ttlMs: 30_000 });
    await mongoose.connection.dropDatabase();
    expect(await leases().countDocuments({ _id: 'mock-controls' as never })).toBe(1);
    await expect(claimMockDatabase(mongoose.connection, { waitMs: 0 })).rejects.toMatchObject({ kind: 'conflict' });
  });

  it('leaves another database alone', async () => {
    await claim(mongoose.connection, { ttlMs: 30_000 });
    const other = mongoose.connection.useDb(`${mongoose.connection.name}_other`, { useCache: false });
    try {
      await claim(other, { ttlMs: 30_000, waitMs: 0 });
    } finally {
      await releases.splice(1)[0]?.();
      await other.useDb(ownerDatabaseOf(other.name), { useCache: false }).dropDatabase();
    }
  });

  it('takes at once the claim of a process of this host that died, and waits for a live one to stop', async () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    await leases().insertOne({
      _id: 'mock-controls' as never,
      holder: `${hostname()}/${String(gone)}/crashed`,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const lines: string[] = [];
    await claim(mongoose.connection, { waitMs: 0, log: (line) => lines.push(line) });
    expect(lines).toEqual([]);

    // A restart while the claim it left is still live (in a container, a process of the same host name and pid):
    // it says it waits, and gets in when the claim goes.
    const first = releases.splice(0)[0];
    const second = claim(mongoose.connection, {
      ttlMs: 30_000,
      waitMs: 20_000,
      log: (line) => {
        lines.push(line);
        void first?.();
      },
    });
    await second;
    expect(lines).toEqual([expect.stringMatching(/claimed by another mock-mode process; waiting up to 20 s/)]);
  });

  it('holds in a real start: a second mock-mode API on the database waits, and starts once the first stops', async () => {
    const env = { MOCK_CONTROLS: 'true', JWT_SECRET: 'mock-owner-test-secret-long-enough' };
    let printedFirst = '';
    const first = await spawnApiProcess(env, (text) => (printedFirst += text));
    children.push(first.child);
    await waitForHttp(`${first.url}/health`, first.child, 60_000);
    // Each process is judged by what it prints, not by a port answering: the second never listens while it waits,
    // and the free port it was given may meanwhile serve another program on a busy CI machine.
    let printed = '';
    let said: (word: 'waits' | 'listens' | 'exits') => void = () => undefined;
    const firstWord = new Promise<'waits' | 'listens' | 'exits'>((resolve) => (said = resolve));
    const second = await spawnApiProcess(env, (text) => {
      printed += text;
      if (printed.includes('claimed by another mock-mode process')) said('waits');
      if (printed.includes('[api] listening on')) said('listens');
    });
    children.push(second.child);
    second.child.once('exit', () => said('exits'));
    if ((await firstWord) !== 'waits') {
      const state = ({ exitCode, signalCode }: ChildProcess) =>
        exitCode === null && signalCode === null ? 'running' : `exited (${String(exitCode ?? signalCode)})`;
      throw new Error(
        `the second mock-mode API did not wait (it ${await firstWord}); the first is ${state(first.child)}.\n` +
          `first printed:\n${printedFirst}\nsecond printed:\n${printed}`,
      );
    }
    // The first one's stop lets its claim go; the second gets in without waiting out the claim's 30 s.
    await stop(first.child);
    await waitForHttp(`${second.url}/health`, second.child, 20_000);
    expect(printed).toMatch(new RegExp(`database ${mongoose.connection.name} is claimed by another mock-mode process`));
    expect(printed).toMatch(/\[api\] listening on/);
  }, 120_000);
});
