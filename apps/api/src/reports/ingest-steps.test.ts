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
