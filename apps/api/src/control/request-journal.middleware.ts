import type { NextFunction, Request, Response } from 'express';
import { CONTROL_PATH_PREFIX } from '@publisher/contract';
import type { RequestJournal } from './request-journal';
import { ANSWERING_STUB } from './stubs';

/** Where a refused body's text waits for the journal, in the request's own `res.locals`. */
const UNPARSED_BODY = 'journalUnparsedBody';

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
    // The body of an answer sent in one piece (res.json and res.send end here); a streamed one (CSV) is not kept.
    let responseBody: string | Buffer | undefined;
    const send = res.send.bind(res);
    res.send = (body?: unknown) => {
      if (typeof body === 'string' || Buffer.isBuffer(body)) responseBody = body;
      return send(body);
    };
    res.on('finish', () => {
      const unparsed: unknown = res.locals[UNPARSED_BODY];
      const stub: unknown = res.locals[ANSWERING_STUB];
      const type = res.getHeader('content-type');
      journal.record({
        method,
        path,
        query,
        headers,
        body: req.body,
        unparsedBody: typeof unparsed === 'string' ? unparsed : undefined,
        status: res.statusCode,
        responseBody,
        responseType: typeof type === 'string' ? type : undefined,
        stub: typeof stub === 'string' ? stub : undefined,
        durationMs: performance.now() - started,
        receivedAtMs,
      });
    });
    next();
  };
}

/**
 * Keeps the text of a body the JSON parser refused (body-parser puts it on its `entity.parse.failed` error) for the
 * journal, so a developer sees what was sent and why it failed, then hands the error on. Mounted right after the
 * JSON parser, mock mode only.
 */
export function keepUnparsedBody(error: unknown, _req: Request, res: Response, next: NextFunction): void {
  if (isParseFailure(error)) res.locals[UNPARSED_BODY] = error.body;
  next(error);
}

function isParseFailure(error: unknown): error is { body: string } {
  if (error === null || typeof error !== 'object') return false;
  const { type, body } = error as { type?: unknown; body?: unknown };
  return type === 'entity.parse.failed' && typeof body === 'string';
}
