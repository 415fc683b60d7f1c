import type { NextFunction, Request, Response } from 'express';
import { CONTROL_PATH_PREFIX } from '@publisher/contract';
import type { RequestJournal } from './request-journal';

/** The API's own pages and probes: not calls a frontend makes of the contract. */
function isJournaled(path: string): boolean {
  return !(
    path.startsWith(CONTROL_PATH_PREFIX) ||
    path === '/health' ||
    path === '/openapi.json' ||
    path === '/docs' ||
    path.startsWith('/docs/')
  );
}

/**
 * Records each call into the journal once its answer is sent (`finish`), when status and duration are known.
 * Mounted before the body parsers and the sign-in limiter, so a 429 or a malformed-JSON 400 is recorded too;
 * the body is read at the end, after the parsers ran. Mock mode only.
 */
export function requestJournalMiddleware(journal: RequestJournal) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const { path } = req;
    if (!isJournaled(path)) {
      next();
      return;
    }
    const receivedAtMs = journal.now();
    const started = performance.now();
    const { method } = req;
    const query: unknown = req.query;
    const headers = { ...req.headers };
    res.on('finish', () => {
      journal.record({
        method,
        path,
        query,
        headers,
        body: req.body,
        status: res.statusCode,
        durationMs: performance.now() - started,
        receivedAtMs,
      });
    });
    next();
  };
}
