import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app';
import { AppError } from './app-error';
import mongoose from 'mongoose';
import { LeaseLostError, withLease } from './lease';
import { LeaseModel } from './lease.model';

useTestApp();

const options = { ttlMs: 3_000, waitMs: 5_000, pollMs: 10, busyMessage: 'busy' };

describe('withLease', () => {
  it('runs holders of one name one after another, never together', async () => {
    const events: string[] = [];
    const task = (who: string) => async () => {
      events.push(`${who} in`);
      await LeaseModel.findById('save:a').lean();
      events.push(`${who} out`);
      return who;
    };
    const results = await Promise.all([
      withLease('save:a', options, task('first')),
      withLease('save:a', options, task('second')),
      withLease('save:a', options, task('third')),
    ]);
    expect(results).toEqual(['first', 'second', 'third']);
    for (let i = 0; i < events.length; i += 2) {
      expect(events[i]?.replace(' in', '')).toBe(events[i + 1]?.replace(' out', ''));
    }
    expect(await LeaseModel.findById('save:a').lean()).toBeNull();
  });

  it('lets holders of different names run at once', async () => {
    // The first holder finishes only once the second is inside: serialised, the second would give up (409).
    let secondInside: () => void = () => undefined;
    const entered = new Promise<void>((resolve) => {
      secondInside = resolve;
    });
    const short = { ...options, waitMs: 1_000 };
    const both = await Promise.all([
      withLease('save:b', short, async () => {
        await entered;
        return 'b';
      }),
      withLease('save:c', short, () => {
        secondInside();
        return Promise.resolve('c');
      }),
    ]);
    expect(both).toEqual(['b', 'c']);
  });

  it('frees the lease when the task fails', async () => {
    await expect(withLease('save:d', options, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await LeaseModel.findById('save:d').lean()).toBeNull();
  });

  it('takes over a lease whose holder stopped renewing (it died)', async () => {
    await LeaseModel.create({ _id: 'save:e', holder: 'dead-process', expiresAt: new Date(Date.now() - 1) });
    expect(await withLease('save:e', options, () => Promise.resolve('ran'))).toBe('ran');
  });

  it('gives up with a 409 and the given message while a live holder keeps it', async () => {
    await LeaseModel.create({ _id: 'save:f', holder: 'live-process', expiresAt: new Date(Date.now() + 60_000) });
    const attempt = withLease('save:f', { ...options, waitMs: 100 }, () => Promise.resolve('ran'));
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ kind: 'conflict', messages: ['busy'] });
    expect((await LeaseModel.findById('save:f').lean())?.holder).toBe('live-process');
  });

  it('takes over at once a lease whose holder was a process of this host that is gone (a restart after a crash)', async () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    await LeaseModel.create({
      _id: 'save:g',
      holder: `${hostname()}/${String(gone)}/crashed`,
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect(await withLease('save:g', { ...options, waitMs: 100 }, () => Promise.resolve('ran'))).toBe('ran');
  });

  it("leaves a live process's lease, and another host's, to their ttl", async () => {
    for (const [id, holder] of [
      ['save:h', `${hostname()}/${String(process.ppid)}/alive`],
      ['save:i', `another-host/${String(spawnSync(process.execPath, ['-e', '']).pid)}/elsewhere`],
    ] as const) {
      await LeaseModel.create({ _id: id, holder, expiresAt: new Date(Date.now() + 60_000) });
      await expect(withLease(id, { ...options, waitMs: 100 }, () => Promise.resolve('ran'))).rejects.toMatchObject({
        kind: 'conflict',
      });
    }
  });
});

describe('fencing: a holder that cannot renew stops before its next write', () => {
  /** One write of the work a lease guards, in a collection of its own. */
  const write = (who: string, batch: number) =>
    mongoose.connection.collection('fenced_writes').insertOne({ who, batch, at: new Date() });
  /** The work's pace between batches (a partition's write takes about this long on a loaded machine). */
  const pace = () => new Promise((resolve) => setTimeout(resolve, 20));

  it('renewal held back past the ttl: the first holder stops, the second takes the lease and writes alone', async () => {
    const ttlMs = 900;
    const events: string[] = [];
    let renewals = 0;
    // The database never answers the first holder's renewals (a stall of its connection, say).
    const heldBack = {
      ...options,
      ttlMs,
      renew: () => {
        renewals += 1;
        return new Promise<boolean>(() => undefined);
      },
    };
    let firstInside: () => void = () => undefined;
    const inside = new Promise<void>((resolve) => {
      firstInside = resolve;
    });
    const first = withLease('fence:a', heldBack, async (signal) => {
      firstInside();
      for (let batch = 0; ; batch += 1) {
        signal.throwIfAborted();
        await write('first', batch);
        events.push('first wrote');
        await pace();
      }
    });
    first.catch(() => undefined);
    await inside;
    const second = withLease('fence:a', { ...options, ttlMs }, async () => {
      events.push('second in');
      for (let batch = 0; batch < 3; batch += 1) {
        await write('second', batch);
        events.push('second wrote');
      }
      return 'second done';
    });

    await expect(first).rejects.toBeInstanceOf(LeaseLostError);
    await expect(first).rejects.toMatchObject({ kind: 'unavailable' });
    expect(await second).toBe('second done');
    expect(renewals).toBeGreaterThan(0);
    // The first holder wrote, then stopped; every write after the second came in is the second's.
    const secondIn = events.indexOf('second in');
    expect(events.slice(0, secondIn)).toContain('first wrote');
    expect(events.slice(secondIn)).not.toContain('first wrote');
    const writes = await mongoose.connection
      .collection<{ who: string; at: Date }>('fenced_writes')
      .find({})
      .sort({ at: 1 })
      .toArray();
    const firstSecond = writes.findIndex((doc) => doc.who === 'second');
    expect(writes.slice(firstSecond).every((doc) => doc.who === 'second')).toBe(true);
  });

  it('a renewal that finds the lease taken by another stops the holder at once', async () => {
    const lost = { ...options, ttlMs: 300, renew: () => Promise.resolve(false) };
    const attempt = withLease('fence:b', lost, async (signal) => {
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
      signal.throwIfAborted();
      return 'wrote after losing it';
    });
    await expect(attempt).rejects.toThrow(/fence:b lease was lost \(another holder has it/);
  });
});
