/**
 * The API's one notion of "now" for business dates: date presets and report ranges ("today"), coupon validity,
 * token and signed-link expiry, the day a click is recorded under. Outside production the scenario controls
 * (`PUT /__control/clock`) can fix it, so a journey or a test sees the same dates on any day it runs.
 *
 * A fixed clock stands still. Caches, rate limits, lockout windows and run logs keep reading the real time:
 * they measure how long things take, not what day it is.
 */
// eslint-disable-next-line no-restricted-syntax -- still one clock per process: threading a Clock from createApp to every reader of "now" is a later change
let fixedMs: number | null = null;

/** Milliseconds since the epoch: the fixed instant when one is set, else the real time. */
export function nowMs(): number {
  return fixedMs ?? Date.now();
}

/** The current instant as a Date (a new object each call). */
export function now(): Date {
  return new Date(nowMs());
}

/** The fixed instant, or null when the clock follows the real time. */
export function fixedNow(): Date | null {
  return fixedMs === null ? null : new Date(fixedMs);
}

/** Fixes the clock at `at`, or lets it follow the real time again with null. */
export function setFixedNow(at: Date | null): void {
  if (at !== null && Number.isNaN(at.getTime())) throw new RangeError('Invalid date for the clock.');
  fixedMs = at === null ? null : at.getTime();
}
