/**
 * Keeps the background filling of spare session databases (control/sessions.ts) out of the way of resets, in
 * every app of the process: the default session's and each isolated session's. Background work runs as short
 * steps (one batch of inserts, one collection's indexes); a step starts only while no reset runs or waits, and a
 * reset starts only once the step in flight has finished. So the two never overlap, and a reset waits at most
 * one step (a few hundred documents) for the pool, never a whole fill.
 *
 * Why process-wide and not each app's reset gate: the gate holds back the calls of one app; the database server
 * (FerretDB's few writers, the machine's cores) is shared by all of them, and a reset is what a test waits on.
 */
export interface ResetPriority {
  /** Runs a reset: waits for the background step in flight, and holds every later step until it ends. */
  reset<T>(work: () => Promise<T>): Promise<T>;
  /** Runs one short step of background work once no reset runs or waits. */
  step<T>(work: () => Promise<T>): Promise<T>;
  /** Resolves once no reset runs or waits (at once when none does). */
  idle(): Promise<void>;
  /** Resets running or waiting now. */
  resets(): number;
}

export function createResetPriority(): ResetPriority {
  let resets = 0;
  const steps = new Set<Promise<unknown>>();
  let whenNoReset: Promise<void> | undefined;
  let noReset: () => void = () => undefined;

  const idle = async (): Promise<void> => {
    while (whenNoReset) await whenNoReset;
  };

  return {
    async reset(work) {
      if (resets === 0) {
        whenNoReset = new Promise<void>((resolve) => {
          noReset = resolve;
        });
      }
      resets += 1;
      try {
        // A step's own failure is its caller's to report; the reset only waits for it to be over.
        await Promise.allSettled([...steps]);
        return await work();
      } finally {
        resets -= 1;
        if (resets === 0) {
          whenNoReset = undefined;
          noReset();
        }
      }
    },
    async step(work) {
      // Not `await idle()`: with no reset, the step must start (and count as in flight) before this call returns.
      while (whenNoReset) await whenNoReset;
      const running = work();
      steps.add(running);
      try {
        return await running;
      } finally {
        steps.delete(running);
      }
    },
    idle,
    resets: () => resets,
  };
}
