import { beforeEach, describe, expect, it } from 'vitest';
import type { Options } from 'express-rate-limit';
import { useTestApp } from '../testing/test-app';
import { RateLimitHitModel } from './rate-limit-hit.model';
import { MongoRateLimitStore } from './rate-limit-store';

useTestApp();

function storeWithWindow(windowMs: number, now: () => number = Date.now): MongoRateLimitStore {
  const store = new MongoRateLimitStore('test', now);
  store.init({ windowMs } as Options);
  return store;
}

describe('the database-backed sign-in limit store', () => {
  beforeEach(async () => {
    await RateLimitHitModel.deleteMany({});
  });

  it('counts every one of a burst of concurrent hits from one client', async () => {
    const store = storeWithWindow(60_000);
    const results = await Promise.all(Array.from({ length: 40 }, () => store.increment('203.0.113.7')));
    expect(results.map((result) => result.totalHits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, index) => index + 1),
    );
    expect((await store.get('203.0.113.7'))?.totalHits).toBe(40);
  });

  it('shares counts between two stores (two processes) and keeps clients apart', async () => {
    const first = storeWithWindow(60_000);
    const second = storeWithWindow(60_000);
    await first.increment('198.51.100.1');
    await second.increment('198.51.100.1');
    await second.increment('198.51.100.2');
    expect((await first.get('198.51.100.1'))?.totalHits).toBe(2);
    expect((await first.get('198.51.100.2'))?.totalHits).toBe(1);
  });

  it('a decrement undoes a hit, a reset forgets the client, and a new window starts at one', async () => {
    let now = Date.parse('2026-11-23T10:00:00Z');
    const store = storeWithWindow(1_000, () => now);
    await store.increment('a');
    await store.increment('a');
    await store.decrement('a');
    expect((await store.get('a'))?.totalHits).toBe(1);
    await store.resetKey('a');
    expect(await store.get('a')).toBeUndefined();

    await store.increment('a');
    now += 1_500;
    expect(await store.get('a')).toBeUndefined();
    const restarted = await store.increment('a');
    expect(restarted.totalHits).toBe(1);
    expect(restarted.resetTime?.getTime()).toBe(now + 1_000);
  });

  it('sweeps the windows of clients that never came back', async () => {
    let now = Date.parse('2026-11-23T10:00:00Z');
    const store = storeWithWindow(1_000, () => now);
    await store.increment('gone');
    now += 2_000;
    await store.increment('back');
    expect((await RateLimitHitModel.find().lean()).map((record) => record._id)).toEqual(['test:back']);
  });
});
