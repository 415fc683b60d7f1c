/**
 * The API's one notion of "now" for business dates: date presets and report ranges ("today"), coupon validity,
 * token and signed-link expiry, the day a click is recorded under. Outside production the scenario controls
 * (`PUT /__control/clock`) can fix it, so a journey or a test sees the same dates on any day it runs.
 *
 * A fixed clock stands still. Caches, rate limits, lockout windows and run logs keep reading the real time:
 * they measure how long things take, not what day it is.
 */
/** Its functions use no `this`: they may be passed on alone (`now: clock.now`). */
export interface Clock {
  /** Milliseconds since the epoch: the fixed instant when one is set, else the real time. */
  nowMs: () => number;
  /** The current instant as a Date (a new object each call). */
  now: () => Date;
  /** The fixed instant, or null when the clock follows the real time. */
  fixed: () => Date | null;
  /** Fixes the clock at `at`, or lets it follow the real time again with null. */
  setFixed: (at: Date | null) => void;
}

/**
 * One app's clock (app-state.ts), following the real time until it is fixed: each app has its own, so fixing
 * one app's "now" (a scenario, a mock session) moves no other app's. Code outside an app (the seed CLI, bench
 * scripts) reads the real time: it has no scenario to follow.
 */
export function createClock(): Clock {
  let fixedMs: number | null = null;
  const nowMs = (): number => fixedMs ?? Date.now();
  return {
    nowMs,
    now: () => new Date(nowMs()),
    fixed: () => (fixedMs === null ? null : new Date(fixedMs)),
    setFixed: (at) => {
      if (at !== null && Number.isNaN(at.getTime())) throw new RangeError('Invalid date for the clock.');
      fixedMs = at === null ? null : at.getTime();
    },
  };
}
