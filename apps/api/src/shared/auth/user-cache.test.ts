import { Types } from 'mongoose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserRecord } from '../../auth/user.model';
import { createUserCache } from './user-cache';

const userVersion = (tokenVersion: number) => ({ _id: new Types.ObjectId(), tokenVersion }) as unknown as UserRecord;

/** A fake user store: counts reads, and lets a test hold a read open until it says so. */
function store() {
  let current: UserRecord | null = userVersion(0);
  let reads = 0;
  let release: (() => void) | undefined;
  let holding = false;
  return {
    load: async (): Promise<UserRecord | null> => {
      reads += 1;
      const value = current;
      if (holding) await new Promise<void>((resolve) => (release = resolve));
      return value;
    },
    set: (user: UserRecord | null) => (current = user),
    reads: () => reads,
    hold: () => (holding = true),
    release: () => {
      holding = false;
      release?.();
    },
  };
}

describe('user cache', () => {
  it('shares one read between concurrent misses', async () => {
    const db = store();
    const cache = createUserCache(db.load);
    const users = await Promise.all(Array.from({ length: 50 }, () => cache.find('u1')));
    expect(db.reads()).toBe(1);
    expect(new Set(users).size).toBe(1);
  });

  it('serves a fresh entry without reading, refreshes an older one in the background, and reads again past maxAge', async () => {
    const db = store();
    let clock = 0;
    const cache = createUserCache(db.load, { freshMs: 1_000, maxAgeMs: 2_000, now: () => clock });
    await cache.find('u1');
    clock = 999;
    await cache.find('u1');
    expect(db.reads()).toBe(1);

    db.set(userVersion(1));
    clock = 1_500;
    // Stale but within maxAge: answered at once with what is cached, while one read refreshes it.
    expect((await cache.find('u1'))?.tokenVersion).toBe(0);
    // The background read has answered once the promises already queued have run (no time passes).
    await new Promise((resolve) => setImmediate(resolve));
    expect((await cache.find('u1'))?.tokenVersion).toBe(1);
    expect(db.reads()).toBe(2);

    db.set(userVersion(2));
    clock = 1_500 + 2_000;
    expect((await cache.find('u1'))?.tokenVersion).toBe(2);
    expect(db.reads()).toBe(3);
  });

  it('forgets a user at once on invalidate, even if a read that started before is still running', async () => {
    const db = store();
    db.hold();
    let clock = 0;
    const slow = createUserCache(db.load, { now: () => clock });
    const before = slow.find('u1'); // reads version 0 and waits
    db.set(userVersion(5));
    slow.invalidate('u1');
    db.release();
    expect((await before)?.tokenVersion).toBe(0);
    clock = 10;
    expect((await slow.find('u1'))?.tokenVersion).toBe(5);
  });

  it('forgets everything on clear, even what a read that started before it finds', async () => {
    const db = store();
    let clock = 0;
    const cache = createUserCache(db.load, { now: () => clock });
    await cache.find('u1');
    db.hold();
    clock = 1_500; // stale: a background read starts and waits
    expect((await cache.find('u1'))?.tokenVersion).toBe(0);
    db.set(userVersion(7));
    cache.clear();
    db.release();
    clock = 1_510;
    expect((await cache.find('u1'))?.tokenVersion).toBe(7);
  });

  it('does not keep users that are gone', async () => {
    const db = store();
    const cache = createUserCache(db.load);
    db.set(null);
    expect(await cache.find('u1')).toBeNull();
    expect(await cache.find('u1')).toBeNull();
    expect(db.reads()).toBe(2);
  });

  describe('when the database does not answer', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('serves an entry up to staleGraceMs old once its re-read has waited staleWaitMs, then the new read', async () => {
      vi.useFakeTimers();
      const db = store();
      let clock = 0;
      const cache = createUserCache(db.load, { staleGraceMs: 60_000, staleWaitMs: 1_000, now: () => clock });
      await cache.find('u1');
      db.hold();
      db.set(userVersion(3));
      clock = 30_000;
      let answered: UserRecord | null | undefined;
      void cache.find('u1').then((user) => (answered = user));
      await vi.advanceTimersByTimeAsync(999);
      expect(answered).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(answered?.tokenVersion).toBe(0);

      // A second call while the same read is still stuck does not wait again: its 1 s is spent.
      clock = 31_500;
      expect((await cache.find('u1'))?.tokenVersion).toBe(0);
      expect(db.reads()).toBe(2);

      // The database answers: what it read is stored and served.
      db.release();
      await vi.advanceTimersByTimeAsync(0);
      clock = 31_600;
      expect((await cache.find('u1'))?.tokenVersion).toBe(3);
    });

    it('serves the recent entry at once when its re-read fails', async () => {
      let failing = false;
      let clock = 0;
      const user = userVersion(4);
      const cache = createUserCache(
        async () => {
          if (failing) throw new Error('MongoNetworkTimeoutError');
          return user;
        },
        { now: () => clock },
      );
      await cache.find('u1');
      failing = true;
      clock = 10_000;
      expect(await cache.find('u1')).toBe(user);
    });

    it('waits on the database for an entry older than staleGraceMs', async () => {
      vi.useFakeTimers();
      const db = store();
      let clock = 0;
      const cache = createUserCache(db.load, { staleGraceMs: 60_000, staleWaitMs: 1_000, now: () => clock });
      await cache.find('u1');
      db.hold();
      clock = 60_000;
      let answered: UserRecord | null | undefined;
      void cache.find('u1').then((found) => (answered = found));
      await vi.advanceTimersByTimeAsync(5_000);
      expect(answered).toBeUndefined();
      db.set(userVersion(9));
      db.release();
      await vi.advanceTimersByTimeAsync(0);
      // The held read had already taken its value (version 0) when it started.
      expect(answered?.tokenVersion).toBe(0);
    });
  });
});
