import mongoose from 'mongoose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClickRecord } from './click.model';
import { createClickRecorder, type ClickWriter } from './click-recorder';

function click(date = '2026-11-23'): ClickRecord {
  return {
    _id: new mongoose.Types.ObjectId(),
    at: new Date(`${date}T10:00:00Z`),
    date,
    source: 'connexity',
    isCPC: true,
    programCode: '22261',
    vendorId: 5001,
    merchantName: 'Nautica',
    domain: 'nautica.com',
    campaign: '1',
    placementId: 'noid',
    clickId: 'noid',
    subId: '5001_noid_noid',
    country: '',
    device: 'desktop',
    referrer: '',
    shortCode: '',
  };
}

/** An in-memory writer that records batches, concurrency, and can be told to fail. */
function fakeWriter(options: { delayMs?: number; failTimes?: number; duplicateAfterWrite?: boolean } = {}) {
  const stored = new Map<string, ClickRecord>();
  const batches: { date: string; size: number }[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let failures = options.failTimes ?? 0;
  const writer: ClickWriter = {
    async insert(date, documents) {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        await new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 1));
        batches.push({ date, size: documents.length });
        for (const document of documents) stored.set(document._id.toHexString(), document);
        if (failures > 0) {
          failures -= 1;
          // The write landed but the answer was lost: the retry meets duplicate keys only.
          if (options.duplicateAfterWrite) throw new Error('connection reset');
          for (const document of documents) stored.delete(document._id.toHexString());
          throw new Error('write failed');
        }
        if (options.duplicateAfterWrite && batches.filter((batch) => batch.size === documents.length).length > 1) {
          throw Object.assign(new Error('E11000'), { writeErrors: documents.map(() => ({ code: 11000 })) });
        }
      } finally {
        inFlight -= 1;
      }
    },
  };
  return { writer, stored, batches, maxInFlight: () => maxInFlight };
}

describe('click recorder', () => {
  it('writes every click once, in batches of at most batchSize, with at most maxInFlight writes', async () => {
    const fake = fakeWriter({ delayMs: 5 });
    const recorder = createClickRecorder({ writer: fake.writer, batchSize: 50, maxInFlight: 4, flushDelayMs: 5 });
    await Promise.all(Array.from({ length: 1_234 }, () => recorder.record(click())));
    await recorder.flush();
    expect(fake.stored.size).toBe(1_234);
    expect(Math.max(...fake.batches.map((batch) => batch.size))).toBeLessThanOrEqual(50);
    expect(fake.maxInFlight()).toBeLessThanOrEqual(4);
    expect(recorder.pending()).toBe(0);
  });

  it('writes a short burst within the flush delay, without an explicit flush', async () => {
    vi.useFakeTimers();
    try {
      const fake = fakeWriter();
      const recorder = createClickRecorder({ writer: fake.writer, flushDelayMs: 10 });
      await recorder.record(click());
      await vi.advanceTimersByTimeAsync(9);
      expect(fake.stored.size).toBe(0);
      // The flush delay, then the fake writer's 1 ms.
      await vi.advanceTimersByTimeAsync(2);
      expect(fake.stored.size).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps one day per batch (a batch ends where the day changes)', async () => {
    const fake = fakeWriter();
    const recorder = createClickRecorder({ writer: fake.writer });
    await recorder.record(click('2026-11-22'));
    await recorder.record(click('2026-11-23'));
    await recorder.record(click('2026-11-22'));
    await recorder.flush();
    expect(fake.batches.map((batch) => `${batch.date}:${batch.size}`).sort()).toEqual([
      '2026-11-22:1',
      '2026-11-22:1',
      '2026-11-23:1',
    ]);
    expect(fake.stored.size).toBe(3);
  });

  it('retries a failed write until it lands; flush waits for it', async () => {
    const fake = fakeWriter({ failTimes: 3 });
    const lines: string[] = [];
    const recorder = createClickRecorder({ writer: fake.writer, retryDelayMs: 1, log: (line) => lines.push(line) });
    for (let i = 0; i < 10; i += 1) await recorder.record(click());
    await recorder.flush();
    expect(fake.stored.size).toBe(10);
    expect(lines).toHaveLength(3);
  });

  it('counts a retried batch that had landed (duplicate keys only) as written, never twice', async () => {
    const fake = fakeWriter({ failTimes: 1, duplicateAfterWrite: true });
    const recorder = createClickRecorder({ writer: fake.writer, retryDelayMs: 1, log: () => undefined });
    for (let i = 0; i < 7; i += 1) await recorder.record(click());
    await recorder.flush();
    expect(fake.stored.size).toBe(7);
    expect(recorder.pending()).toBe(0);
  });

  it('times out a hung write and retries it', async () => {
    let calls = 0;
    const stored: ClickRecord[] = [];
    const writer: ClickWriter = {
      insert(_date, documents) {
        calls += 1;
        if (calls === 1) return new Promise(() => undefined);
        stored.push(...documents);
        return Promise.resolve();
      },
    };
    const recorder = createClickRecorder({ writer, writeTimeoutMs: 20, retryDelayMs: 1, log: () => undefined });
    await recorder.record(click());
    await recorder.flush();
    expect(stored).toHaveLength(1);
    expect(calls).toBe(2);
  });

  it('ends a flush under steady load: it waits only for clicks recorded before it', async () => {
    const fake = fakeWriter({ delayMs: 2 });
    const recorder = createClickRecorder({ writer: fake.writer, batchSize: 10, maxInFlight: 2 });
    for (let i = 0; i < 30; i += 1) await recorder.record(click());
    let stop = false;
    const load = (async () => {
      while (!stop) {
        await recorder.record(click());
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await recorder.flush();
    expect(fake.stored.size).toBeGreaterThanOrEqual(30);
    stop = true;
    await load;
    await recorder.close();
    expect(recorder.pending()).toBe(0);
  });

  it('applies back-pressure when the buffer is full', async () => {
    const fake = fakeWriter({ delayMs: 5 });
    const recorder = createClickRecorder({ writer: fake.writer, batchSize: 5, maxInFlight: 1, maxBuffered: 10 });
    let maxPending = 0;
    for (let i = 0; i < 100; i += 1) {
      await recorder.record(click());
      maxPending = Math.max(maxPending, recorder.pending());
    }
    expect(maxPending).toBeLessThanOrEqual(15);
    await recorder.flush();
    expect(fake.stored.size).toBe(100);
  });

  it('a flush with a timeout rejects while the database is down, and the clicks are still written later', async () => {
    let isDown = true;
    const stored: ClickRecord[] = [];
    const writer: ClickWriter = {
      insert(_date, documents) {
        if (isDown) return Promise.reject(new Error('connection refused'));
        stored.push(...documents);
        return Promise.resolve();
      },
    };
    const recorder = createClickRecorder({ writer, retryDelayMs: 5, log: () => undefined });
    await recorder.record(click());
    await expect(recorder.flush(50)).rejects.toThrow(/not written within 50 ms/);
    isDown = false;
    await recorder.flush();
    expect(stored).toHaveLength(1);
  });

  it('retries nothing once closed: a write that fails after close() gave up waiting is not tried again', async () => {
    vi.useFakeTimers();
    try {
      let attempts = 0;
      const writer: ClickWriter = {
        insert: () =>
          new Promise<void>((_resolve, reject) => {
            attempts += 1;
            setTimeout(() => reject(new Error('down')), 5_000);
          }),
      };
      const recorder = createClickRecorder({ writer, log: () => undefined });
      await recorder.record(click());
      const closing = recorder.close(1_000);
      await vi.advanceTimersByTimeAsync(1_000);
      await closing;
      // Past every retry pause: a retry here would write into whatever database the process used next.
      await vi.advanceTimersByTimeAsync(120_000);
      expect(attempts).toBe(1);
      expect(recorder.pending()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  describe('a batch the database keeps refusing', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('is retried with doubling pauses up to maxAttempts, then dropped, counted and logged', async () => {
      vi.useFakeTimers();
      const attemptsAt: number[] = [];
      const writer: ClickWriter = {
        insert() {
          attemptsAt.push(Date.now());
          return Promise.reject(new Error('document failed validation'));
        },
      };
      const lines: string[] = [];
      const recorder = createClickRecorder({
        writer,
        maxAttempts: 5,
        retryDelayMs: 100,
        flushDelayMs: 10,
        log: (line) => lines.push(line),
      });
      for (let i = 0; i < 12; i += 1) await recorder.record(click());
      const flushed = recorder.flush();
      await vi.runAllTimersAsync();
      await flushed;

      expect(attemptsAt).toHaveLength(5);
      const pauses = attemptsAt.slice(1).map((at, index) => at - (attemptsAt[index] ?? 0));
      expect(pauses).toEqual([100, 200, 400, 800]);
      expect(recorder.dropped()).toBe(12);
      expect(recorder.pending()).toBe(0);
      expect(lines.at(-1)).toMatch(/^\[clicks\] dropped 12 clicks of 2026-11-23 after 5 failed writes/);
      // Nothing is left to retry: no timer keeps the loop going.
      expect(vi.getTimerCount()).toBe(0);
    });

    it('caps the pause at maxRetryDelayMs and keeps recording after a drop', async () => {
      vi.useFakeTimers();
      let refusing = true;
      const attemptsAt: number[] = [];
      const stored: ClickRecord[] = [];
      const writer: ClickWriter = {
        insert(_date, documents) {
          attemptsAt.push(Date.now());
          if (refusing) return Promise.reject(new Error('disk full'));
          stored.push(...documents);
          return Promise.resolve();
        },
      };
      const recorder = createClickRecorder({
        writer,
        maxAttempts: 4,
        retryDelayMs: 1_000,
        maxRetryDelayMs: 1_500,
        log: () => undefined,
      });
      await recorder.record(click());
      const flushed = recorder.flush();
      await vi.runAllTimersAsync();
      await flushed;
      expect(attemptsAt.slice(1).map((at, index) => at - (attemptsAt[index] ?? 0))).toEqual([1_000, 1_500, 1_500]);
      expect(recorder.dropped()).toBe(1);

      refusing = false;
      await recorder.record(click());
      const next = recorder.flush();
      await vi.runAllTimersAsync();
      await next;
      expect(stored).toHaveLength(1);
      expect(recorder.dropped()).toBe(1);
    });
  });
});
