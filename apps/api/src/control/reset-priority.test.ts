import { describe, expect, it } from 'vitest';
import { createResetPriority } from './reset-priority';

/** A promise with its resolve function, to hold a piece of work open until the test lets it end. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** Lets every queued promise callback run. */
const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('reset priority: background steps and resets never overlap', () => {
  it('a step waits while a reset runs and starts when it ends', async () => {
    const priority = createResetPriority();
    const events: string[] = [];
    const resetHeld = deferred();
    const reset = priority.reset(async () => {
      events.push('reset start');
      await resetHeld.promise;
      events.push('reset end');
    });
    const step = priority.step(async () => {
      events.push('step');
      return 7;
    });
    await settle();
    expect(events).toEqual(['reset start']);
    expect(priority.resets()).toBe(1);
    resetHeld.resolve();
    await reset;
    expect(await step).toBe(7);
    expect(events).toEqual(['reset start', 'reset end', 'step']);
    expect(priority.resets()).toBe(0);
  });

  it('idle resolves at once with no reset, else once the last reset running or waiting has ended', async () => {
    const priority = createResetPriority();
    await priority.idle();
    const events: string[] = [];
    const stepHeld = deferred();
    const step = priority.step(() => stepHeld.promise);
    const resetHeld = deferred();
    // Waiting for the step in flight counts: idle does not resolve between the two.
    const reset = priority.reset(() => resetHeld.promise.then(() => events.push('reset')));
    const idle = priority.idle().then(() => events.push('idle'));
    stepHeld.resolve();
    await step;
    await settle();
    expect(events).toEqual([]);
    resetHeld.resolve();
    await Promise.all([reset, idle]);
    expect(events).toEqual(['reset', 'idle']);
  });

  it('a reset waits for the step in flight, and later steps wait for the reset', async () => {
    const priority = createResetPriority();
    const events: string[] = [];
    const stepHeld = deferred();
    const first = priority.step(async () => {
      events.push('step 1 start');
      await stepHeld.promise;
      events.push('step 1 end');
    });
    const reset = priority.reset(async () => {
      events.push('reset');
    });
    const second = priority.step(async () => {
      events.push('step 2');
    });
    await settle();
    expect(events).toEqual(['step 1 start']);
    stepHeld.resolve();
    await Promise.all([first, reset, second]);
    expect(events).toEqual(['step 1 start', 'step 1 end', 'reset', 'step 2']);
  });

  it('steps wait until the last of overlapping resets has ended; a failed step or reset frees the way', async () => {
    const priority = createResetPriority();
    const events: string[] = [];
    const one = deferred();
    const two = deferred();
    const resetOne = priority.reset(() => one.promise.then(() => events.push('reset 1')));
    const resetTwo = priority.reset(() => two.promise.then(() => events.push('reset 2')));
    const step = priority.step(async () => {
      events.push('step');
    });
    one.resolve();
    await resetOne;
    await settle();
    expect(events).toEqual(['reset 1']);
    two.resolve();
    await Promise.all([resetTwo, step]);
    expect(events).toEqual(['reset 1', 'reset 2', 'step']);

    await expect(priority.step(() => Promise.reject(new Error('step failed')))).rejects.toThrow('step failed');
    await expect(priority.reset(() => Promise.reject(new Error('reset failed')))).rejects.toThrow('reset failed');
    expect(priority.resets()).toBe(0);
    expect(await priority.step(async () => 'free')).toBe('free');
  });
});
