import { describe, expect, it, vi } from 'vitest';
import { createSnapshotCache, createSnapshotShelf } from './snapshot-cache';

/** A database stand-in: the revision and what a load would read. */
function fakeSource(revision: string | null) {
  const state = { revision, data: 'v0', loads: 0, revisionReads: 0 };
  return {
    state,
    load: async () => {
      state.loads += 1;
      // Settles a turn later, like a read: concurrent callers overlap without waiting on a real timer.
      await Promise.resolve();
      return state.data;
    },
    readRevision: async () => {
      state.revisionReads += 1;
      return state.revision;
    },
  };
}

describe('createSnapshotCache', () => {
  it('loads once for concurrent callers and serves the snapshot from memory', async () => {
    const source = fakeSource('r1');
    const cache = createSnapshotCache({ ...source, recheckMs: 60_000 });
    expect(await Promise.all([cache.get(), cache.get(), cache.get()])).toEqual(['v0', 'v0', 'v0']);
    expect(await cache.get()).toBe('v0');
    expect(source.state.loads).toBe(1);
  });

  it('keeps looking on every call while nothing is seeded, and loads once something is', async () => {
    const source = fakeSource(null);
    const cache = createSnapshotCache({ ...source, recheckMs: 60_000 });
    cache.warm();
    expect(await cache.get()).toBe('v0');
    source.state.data = 'seeded';
    source.state.revision = 'r1';
    expect(await cache.get()).toBe('seeded');
    expect(await cache.get()).toBe('seeded');
    expect(source.state.loads).toBe(2);
  });

  it('reloads in the background when the revision changes, at most once per interval', async () => {
    let now = 0;
    const source = fakeSource('r1');
    const cache = createSnapshotCache({ ...source, recheckMs: 1000, now: () => now });
    expect(await cache.get()).toBe('v0');
    source.state.data = 'v1';
    source.state.revision = 'r2';
    now = 500;
    expect(await cache.get()).toBe('v0');
    expect(source.state.revisionReads).toBe(1);
    now = 1500;
    expect(await cache.get()).toBe('v0');
    // The background reload is a few promise turns away: polled every millisecond, not slept for.
    await vi.waitFor(() => expect(source.state.loads).toBe(2), { interval: 1, timeout: 1_000 });
    expect(await cache.get()).toBe('v1');
    expect(source.state.loads).toBe(2);
  });

  it('logs a failed warm-up and recovers on the next call', async () => {
    const lines: string[] = [];
    let fail = true;
    const cache = createSnapshotCache({
      load: async () => {
        if (fail) throw new Error('database down');
        return 'ok';
      },
      readRevision: async () => 'r1',
      log: (line) => lines.push(line),
    });
    cache.warm();
    await vi.waitFor(() => expect(lines).toEqual(['snapshot load failed: Error: database down']), {
      interval: 1,
      timeout: 1_000,
    });
    fail = false;
    expect(await cache.get()).toBe('ok');
  });
});

describe('createSnapshotShelf', () => {
  /** Two apps' databases on the same revision: what each would load is an object of its own. */
  function twoDatabases(revision: string) {
    const state = { revision, loads: 0 };
    const load = async () => {
      state.loads += 1;
      await Promise.resolve();
      return { rows: ['a', 'b'] };
    };
    const readRevision = async () => state.revision;
    return { state, load, readRevision };
  }

  it('gives caches of the same revision one snapshot, loaded once, even when they ask at once', async () => {
    const source = twoDatabases('r1');
    const shelf = createSnapshotShelf<{ rows: string[] }>();
    const [first, second] = [1, 2].map(() => createSnapshotCache({ ...source, shelf, recheckMs: 60_000 }));
    const [a, b] = await Promise.all([first?.get(), second?.get()]);
    expect(a).toBe(b);
    expect(await createSnapshotCache({ ...source, shelf, recheckMs: 60_000 }).get()).toBe(a);
    expect(source.state.loads).toBe(1);
    expect(shelf.size()).toBe(1);
  });

  it('shelves nothing whose revision changed while it loaded, and nothing of an unseeded database', async () => {
    const source = twoDatabases('r1');
    const shelf = createSnapshotShelf<{ rows: string[] }>();
    const moving = {
      ...source,
      load: async () => {
        const value = await source.load();
        source.state.revision = 'r2';
        return value;
      },
    };
    await createSnapshotCache({ ...moving, shelf }).get();
    // The check after the load settles on a later turn than the load's own answer.
    await new Promise(setImmediate);
    expect(shelf.size()).toBe(0);
    const unseeded = twoDatabases('');
    await createSnapshotCache({ ...unseeded, readRevision: async () => null, shelf }).get();
    expect(shelf.size()).toBe(0);
  });
});
