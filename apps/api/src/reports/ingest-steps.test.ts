import { describe, expect, it } from 'vitest';
import { runInPool } from './ingest-steps';

describe('runInPool', () => {
  it('starts no item once its signal is aborted (a lost lease), and throws the reason when the started ones settle', async () => {
    const fence = new AbortController();
    const started: number[] = [];
    const run = runInPool(
      [1, 2, 3, 4, 5, 6],
      2,
      async (item) => {
        started.push(item);
        // The lease is lost while the third item runs.
        if (item === 3) fence.abort(new Error('lease lost'));
        await Promise.resolve();
      },
      fence.signal,
    );
    await expect(run).rejects.toThrow('lease lost');
    expect(started).toEqual([1, 2, 3]);
  });
});

describe('runInPool after a failure', () => {
  it('throws the first error only once the items already started have settled, and starts no other', async () => {
    let releaseSlow: () => void = () => undefined;
    const slowGate = new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
    const started: number[] = [];
    const settled: number[] = [];
    let outcome: 'pending' | 'rejected' = 'pending';
    const run = runInPool([1, 2, 3, 4], 2, async (item) => {
      started.push(item);
      if (item === 1) await slowGate;
      if (item === 2) throw new Error('write failed');
      settled.push(item);
    }).catch((error: unknown) => {
      outcome = 'rejected';
      throw error;
    });
    // Item 2 has failed; item 1 (a write in flight) still runs, so the run has not answered yet.
    await new Promise((resolve) => setImmediate(resolve));
    expect(outcome).toBe('pending');
    releaseSlow();
    await expect(run).rejects.toThrow('write failed');
    expect(settled).toEqual([1]);
    expect(started).toEqual([1, 2]);
  });
});
