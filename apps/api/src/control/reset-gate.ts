import type { RequestHandler } from 'express';
import { CONTROL_PATH_PREFIX } from '@publisher/contract';
import { AppError } from '../shared/app-error';

/** Longest a call waits for a running reset before it is answered 503 with Retry-After. */
export const RESET_WAIT_MS = 15_000;
/** Longest a reset waits for the calls already running to finish before it rewrites the data regardless. */
export const DRAIN_WAIT_MS = 5_000;

/**
 * Keeps calls and a reset apart (the mock mode): while a reset runs, new calls wait for it (at most
 * RESET_WAIT_MS, then 503 with Retry-After), and the reset starts rewriting only once the calls that were
 * already running have answered. No call ever reads half-restored data or writes into the middle of a restore.
 * The control API itself and /health pass (they say a reset is running).
 */
export interface ResetGate {
  middleware: RequestHandler;
  /** Runs `work` with new calls held back, once the running ones have finished. */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
}

export function createResetGate({ waitMs = RESET_WAIT_MS }: { waitMs?: number } = {}): ResetGate {
  let running = 0;
  let closed: Promise<void> | undefined;
  let whenIdle: (() => void) | undefined;

  const finished = (): void => {
    running -= 1;
    if (running === 0) whenIdle?.();
  };

  const middleware: RequestHandler = (req, res, next) => {
    if (req.path.startsWith(CONTROL_PATH_PREFIX) || req.path === '/health') {
      next();
      return;
    }
    const enter = (): void => {
      running += 1;
      res.once('close', finished);
      next();
    };
    if (!closed) {
      enter();
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), waitMs);
    });
    void Promise.race([closed.then(() => 'done' as const), timedOut]).then((outcome) => {
      clearTimeout(timer);
      if (outcome === 'done') {
        enter();
        return;
      }
      next(AppError.unavailable('The data is being reset; try again in a moment.'));
    });
  };

  return {
    middleware,
    async exclusive(work) {
      let open: () => void = () => undefined;
      closed = new Promise<void>((resolve) => {
        open = resolve;
      });
      try {
        if (running > 0) {
          let timer: NodeJS.Timeout | undefined;
          await Promise.race([
            new Promise<void>((resolve) => {
              whenIdle = resolve;
            }),
            new Promise<void>((resolve) => {
              timer = setTimeout(resolve, DRAIN_WAIT_MS);
            }),
          ]);
          clearTimeout(timer);
          whenIdle = undefined;
        }
        return await work();
      } finally {
        closed = undefined;
        open();
      }
    },
  };
}
