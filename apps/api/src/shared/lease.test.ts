import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app';
import { AppError } from './app-error';
import { withLease } from './lease';
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
