import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBufferedRecorder, type BufferedRecorderOptions, type RecordBuffer } from './buffered-recorder';

const OPTIONS: BufferedRecorderOptions = {
  name: 'test',
  unit: 'items',
  batchSize: 100,
  maxInFlight: 1,
  flushDelayMs: 10,
  retryDelayMs: 100,
  maxRetryDelayMs: 1_000,
  maxAttempts: 5,
  log: () => undefined,
};

/** A buffer of numbers taken all at once, whose write runs `write` on the batch (an array it may shorten). */
function numbers(write: (batch: number[]) => Promise<void>): RecordBuffer<number, number[]> & { waiting: number[] } {
  const waiting: number[] = [];
  return {
    waiting,
    add: (item) => waiting.push(item),
    size: () => waiting.length,
    items: () => waiting.length,
    take: () => (waiting.length > 0 ? waiting.splice(0) : undefined),
    count: (batch) => batch.length,
    describe: (batch) => `${batch.length} items`,
    write,
  };
}

describe('buffered recorder', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('retries only what a write that failed part way did not write', async () => {
    const written: number[][] = [];
    let attempts = 0;
    const buffer = numbers(async (batch) => {
      attempts += 1;
      // The first attempt writes two items, then fails: it takes them out of the batch, as the activity recorder does.
      const chunk = attempts === 1 ? batch.splice(0, 2) : batch.splice(0);
      written.push(chunk);
      if (attempts === 1) throw new Error('connection reset');
    });
    const recorder = createBufferedRecorder(buffer, { ...OPTIONS, retryDelayMs: 1 });
    for (const item of [1, 2, 3, 4, 5]) await recorder.record(item);
    await recorder.flush();
    expect(written).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
    expect(recorder.pending()).toBe(0);
    expect(recorder.dropped()).toBe(0);
  });

  it('writes nothing again once closed: a write that fails after close() gave up waiting stays pending', async () => {
    vi.useFakeTimers();
    let attempts = 0;
    const buffer = numbers(
      () =>
        new Promise<void>((_resolve, reject) => {
          attempts += 1;
          setTimeout(() => reject(new Error('down')), 5_000);
        }),
    );
    const recorder = createBufferedRecorder(buffer, OPTIONS);
    await recorder.record(1);
    const closing = recorder.close(1_000);
    await vi.advanceTimersByTimeAsync(1_000);
    await closing;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(attempts).toBe(1);
    expect(recorder.pending()).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
