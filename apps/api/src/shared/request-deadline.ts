import type { RequestHandler, Response } from 'express';
import { AppError } from './app-error';
import { DATABASE_UNAVAILABLE_MESSAGE } from './db-limits';
import { envelope } from './error-envelope';
import { withRequestScope } from './request-scope';

/** Seconds a client is told to wait after a 503 (the same figure the error handler sends). */
export const RETRY_AFTER_SECONDS = '5';

/**
 * Whether the database answers, asked by many waiting requests at once: one query at a time, and an answer is
 * reused for `reuseMs` (a stall makes hundreds of requests reach their deadline within the same second).
 */
export interface DatabaseProbe {
  answers(): Promise<boolean>;
}

export function createDatabaseProbe(
  query: (timeoutMs: number) => Promise<boolean>,
  { timeoutMs, reuseMs = 500, now = Date.now }: { timeoutMs: number; reuseMs?: number; now?: () => number },
): DatabaseProbe {
  let pending: Promise<boolean> | undefined;
  let last: { answered: boolean; at: number } | undefined;
  return {
    answers() {
      if (last && now() - last.at < reuseMs) return Promise.resolve(last.answered);
      pending ??= query(timeoutMs)
        .catch(() => false)
        .then((answered) => {
          last = { answered, at: now() };
          pending = undefined;
          return answered;
        });
      return pending;
    },
  };
}

/**
 * What a write learns of its request's deadline (the policy: a write answered 503 is aborted before its commit point,
 * and past its commit point it is never answered 503 but runs to its real result, within the operation timeouts).
 */
export interface WriteFence {
  /** Aborted (with the 503's AppError) when the deadline answered 503: the handler must not commit any more. */
  readonly signal: AbortSignal;
  /**
   * Called right before the write that cannot be taken back (every mongoose write of the request: request-scope.ts;
   * an upload's journal commit, a save's first report write): throws the abort reason if the 503 was sent already; after it, the deadline sends no 503 for the
   * request, which then answers what really happened. The check and the mark are one synchronous step, so no 503
   * can slip in between.
   */
  commit(): void;
  /** Whether a write was committed: its outcome is the database's, even when it fails to answer in time. */
  readonly committed: boolean;
}

const WRITE_FENCE = Symbol('writeFence');

/** The request's write fence (none outside the deadline, e.g. the seed, scripts and the control API). */
export function writeFenceOf(res: Response): WriteFence | undefined {
  return (res.locals as { [WRITE_FENCE]?: WriteFence })[WRITE_FENCE];
}

export interface RequestDeadlineOptions {
  /** Longest a request waits on a database that does not answer before its 503 (5 s, at most the operation timeout). */
  deadlineMs: number;
  /**
   * How long the probe may take: it starts this long (and a quarter of it more, for the scheduling and the answer
   * itself) before the deadline, so the answer leaves by the deadline.
   */
  probeTimeoutMs: number;
  /** A slow request on a database that answers is checked again this often (a stall that starts later). */
  recheckMs: number;
  probe: DatabaseProbe;
  log?: (line: string) => void;
}

/**
 * Bounds every request by the database's health rather than by its age: a request with no answer shortly before
 * `deadlineMs` asks the probe whether the database answers; if it does not, the request gets the 503 envelope with
 * Retry-After at once, and if it does, the request goes on (a long report save or a large upload is slow, not
 * stuck) and is asked about again every `recheckMs`. So an answer leaves within about `deadlineMs` of a stall,
 * whenever the stall starts, while the operation timeouts (shared/db.ts) still end the abandoned work later.
 *
 * A write is fenced (WriteFence, res's write fence): the 503 aborts it before its commit point, and once committed it
 * is not answered 503 at all. A read may still finish after the 503 was sent: its late answer is refused by Express
 * (headers sent) and
 * reaches the error handler, which drops it for an ended response; a late stream write to the finished response
 * is refused by Node without an 'error' event (request-deadline.test.ts holds both).
 */
export function requestDeadline({
  deadlineMs,
  probeTimeoutMs,
  recheckMs,
  probe,
  log = () => undefined,
}: RequestDeadlineOptions): RequestHandler {
  const answer = (res: Response, path: string): void => {
    log(`[deadline] ${path}: the database did not answer; 503 sent`);
    res.setHeader('Retry-After', RETRY_AFTER_SECONDS);
    res.status(503).json(envelope([DATABASE_UNAVAILABLE_MESSAGE]));
  };

  return (req, res, next) => {
    let timer: NodeJS.Timeout | undefined;
    // Answered, or the client went away: a probe still running must not arm another check.
    let settled = false;
    const abandon = new AbortController();
    let committed = false;
    const fence: WriteFence = {
      signal: abandon.signal,
      commit: () => {
        abandon.signal.throwIfAborted();
        committed = true;
      },
      get committed() {
        return committed;
      },
    };
    (res.locals as { [WRITE_FENCE]?: WriteFence })[WRITE_FENCE] = fence;
    const stop = (): void => {
      settled = true;
      clearTimeout(timer);
    };
    const check = (): void => {
      if (settled || res.headersSent) return;
      void probe.answers().then((answered) => {
        if (settled || res.headersSent) return;
        // Past its commit point a write answers its real result: it is not told 503 and then applied.
        if (answered || committed) timer = setTimeout(check, recheckMs);
        else {
          answer(res, req.path);
          abandon.abort(AppError.unavailable(DATABASE_UNAVAILABLE_MESSAGE));
        }
      });
    };
    timer = setTimeout(check, Math.max(0, deadlineMs - Math.round(probeTimeoutMs * 1.25)));
    res.once('finish', stop);
    res.once('close', stop);
    // Its reads stop with the 503, and its writes commit (request-scope.ts).
    withRequestScope(fence, next);
  };
}
