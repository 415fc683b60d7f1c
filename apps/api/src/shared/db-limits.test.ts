import { describe, expect, it, vi } from 'vitest';
import { AppError } from './app-error';
import { WRITE_BATCH_SIZE, createWeightedGate, isDatabaseUnavailableError, writeInBatches } from './db-limits';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('createWeightedGate', () => {
  it('never lets more weight run than its capacity, and serves waiters first come first served', async () => {
    const gate = createWeightedGate(10, 5_000);
    const order: string[] = [];
    const first = deferred();
    const second = deferred();
    const running = [
      gate.run(6, async () => {
        order.push('a');
        await first.promise;
      }),
      gate.run(6, async () => {
        order.push('b');
        await second.promise;
      }),
      // Fits beside "a" but must not overtake "b", which came first.
      gate.run(1, async () => {
        order.push('c');
      }),
    ];
    await tick();
    expect(order).toEqual(['a']);
    expect(gate.state()).toEqual({ inFlight: 6, waiting: 2 });
    first.resolve();
    await tick();
    await tick();
    expect(order).toEqual(['a', 'b', 'c']);
    second.resolve();
    await Promise.all(running);
    expect(gate.state()).toEqual({ inFlight: 0, waiting: 0 });
  });

  it('gives the weight back when the work fails', async () => {
    const gate = createWeightedGate(4, 5_000);
    await expect(gate.run(4, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(gate.state()).toEqual({ inFlight: 0, waiting: 0 });
  });

  it('fails a waiter with a 503 AppError when its turn does not come in time', async () => {
    const gate = createWeightedGate(1, 20);
    const blocker = deferred();
    const holding = gate.run(1, () => blocker.promise);
    const waiting = gate.run(1, () => Promise.resolve('never'));
    await expect(waiting).rejects.toMatchObject({ kind: 'unavailable' });
    await expect(waiting).rejects.toBeInstanceOf(AppError);
    expect(gate.state()).toEqual({ inFlight: 1, waiting: 0 });
    blocker.resolve();
    await holding;
  });

  it('reads its wait when a writer starts waiting (the operation timeout the connection was given)', async () => {
    vi.useFakeTimers();
    try {
      let waitMs = 1_000;
      const gate = createWeightedGate(1, () => waitMs);
      const blocker = deferred();
      const holding = gate.run(1, () => blocker.promise);
      waitMs = 300;
      const waiting = gate.run(1, () => Promise.resolve('never'));
      const refused = expect(waiting).rejects.toMatchObject({ kind: 'unavailable' });
      await vi.advanceTimersByTimeAsync(299);
      expect(gate.state()).toEqual({ inFlight: 1, waiting: 1 });
      await vi.advanceTimersByTimeAsync(1);
      await refused;
      blocker.resolve();
      await holding;
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('writeInBatches', () => {
  it('sends at most WRITE_BATCH_SIZE statements per call, in order, one call at a time', async () => {
    const items = Array.from({ length: WRITE_BATCH_SIZE * 2 + 3 }, (_, index) => index);
    const sizes: number[] = [];
    let inFlight = 0;
    let most = 0;
    await writeInBatches(items, async (batch) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      sizes.push(batch.length);
      await tick();
      inFlight -= 1;
    });
    expect(sizes).toEqual([WRITE_BATCH_SIZE, WRITE_BATCH_SIZE, 3]);
    expect(most).toBe(1);
  });
});

describe('isDatabaseUnavailableError', () => {
  it('knows the driver and mongoose errors of a database that does not answer', () => {
    const named = (name: string, message = 'x') => Object.assign(new Error(message), { name });
    expect(isDatabaseUnavailableError(named('MongoNetworkTimeoutError'))).toBe(true);
    expect(isDatabaseUnavailableError(named('MongoServerSelectionError'))).toBe(true);
    expect(isDatabaseUnavailableError(named('MongoWaitQueueTimeoutError'))).toBe(true);
    expect(isDatabaseUnavailableError(named('MongooseError', 'Operation buffering timed out after 10ms'))).toBe(true);
    expect(isDatabaseUnavailableError(named('MongoServerError'))).toBe(false);
    expect(isDatabaseUnavailableError({ name: 'MongoNetworkError' })).toBe(false);
  });
});
