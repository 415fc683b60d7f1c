import type { ErrorRequestHandler, RequestHandler } from 'express';
import { RequestValidationError } from '@ts-rest/express';
import { GENERIC_ERROR_MESSAGE } from '@publisher/contract';
import { AppError, type AppErrorKind } from './app-error';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailableError, WRITE_UNCONFIRMED_MESSAGE } from './db-limits';
import { envelope } from './error-envelope';
import { describeZodError } from '@publisher/contract/mock';
import { RETRY_AFTER_SECONDS, writeFenceOf } from './request-deadline';

/** The explicit mapping from error kind to HTTP status (tested on its own). */
export const STATUS_BY_KIND: Readonly<Record<AppErrorKind, number>> = {
  badRequest: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
  tooManyRequests: 429,
  methodNotAllowed: 405,
  unavailable: 503,
  internal: 500,
};

/** What body-parser, raw-body and the router attach to the errors they raise (http-errors' shape). */
interface HttpLayerError {
  type?: unknown;
  status?: unknown;
  statusCode?: unknown;
  charset?: unknown;
}

/** The client's mistakes that Express's own layers (body parsing) report, by their `type`. */
const HTTP_LAYER_ERRORS: Readonly<Record<string, { kind: AppErrorKind; message: string }>> = {
  'entity.parse.failed': { kind: 'badRequest', message: 'Request body is not valid JSON.' },
  'entity.too.large': { kind: 'payloadTooLarge', message: 'Request body is too large.' },
  'entity.verify.failed': { kind: 'badRequest', message: 'Request body could not be verified.' },
  'request.aborted': { kind: 'badRequest', message: 'The request was aborted before its body arrived.' },
  'request.size.invalid': { kind: 'badRequest', message: 'Request body is shorter or longer than its Content-Length.' },
  'encoding.unsupported': {
    kind: 'unsupportedMediaType',
    message: 'Unsupported Content-Encoding: send the body as identity, gzip, deflate or br.',
  },
  'charset.unsupported': { kind: 'unsupportedMediaType', message: 'Unsupported charset: send JSON as UTF-8.' },
  'stream.encoding.set': { kind: 'badRequest', message: 'The request body could not be read.' },
  'parameters.too.many': { kind: 'badRequest', message: 'Too many parameters in the request.' },
};

const KIND_BY_CLIENT_STATUS: Readonly<Record<number, AppErrorKind>> = {
  400: 'badRequest',
  413: 'payloadTooLarge',
  415: 'unsupportedMediaType',
};

/**
 * A client error raised below the handlers, as an AppError (else null): body-parser's errors by their `type`,
 * and anything else carrying a 4xx `status` (a path that is not valid percent-encoding, a corrupt gzip body).
 */
function httpLayerError(error: unknown): AppError | null {
  if (typeof error !== 'object' || error === null) return null;
  const { type, status, statusCode } = error as HttpLayerError;
  const known = typeof type === 'string' ? HTTP_LAYER_ERRORS[type] : undefined;
  if (known) return new AppError(known.kind, [known.message]);
  const code = typeof status === 'number' ? status : typeof statusCode === 'number' ? statusCode : undefined;
  if (code === undefined || code < 400 || code >= 500) return null;
  const kind = KIND_BY_CLIENT_STATUS[code] ?? 'badRequest';
  if (error instanceof URIError) return new AppError('badRequest', ['The request path is not valid percent-encoding.']);
  // Decompression failures (a corrupt gzip body) come from zlib with a 400 status and zlib's own words.
  if (kind === 'badRequest') return new AppError('badRequest', ['The request body could not be decoded.']);
  return new AppError(kind, [kind === 'payloadTooLarge' ? 'Request body is too large.' : 'Unsupported request body.']);
}

/** Turns anything thrown into an AppError; unknown errors become a generic 500. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof RequestValidationError) {
    const parts = [
      ...describeZodError(error.pathParams, 'path'),
      ...describeZodError(error.query, 'query'),
      ...describeZodError(error.headers, 'header'),
      ...describeZodError(error.body, 'body'),
    ];
    return new AppError(
      'badRequest',
      parts.map((part) => part.message),
      parts.map((part) => part.detail),
    );
  }
  const fromHttpLayer = httpLayerError(error);
  if (fromHttpLayer) return fromHttpLayer;
  if (isDatabaseUnavailableError(error)) return AppError.unavailable(DATABASE_UNAVAILABLE_MESSAGE);
  if ((error as { code?: number } | null)?.code === 11000) {
    return AppError.conflict('A record with the same unique value already exists.');
  }
  return new AppError('internal', [GENERIC_ERROR_MESSAGE]);
}

/** Fields a route's contract adds to the envelope of its failures (given the path and the first message). */
export type FailureFields = (path: string, message: string) => Record<string, unknown> | undefined;

/**
 * The one error handler: every failure leaves as `{ statusMessages, errors }` with a mapped status, plus the
 * fields `failureFields` gives for its path (the deep-link generators' `success` and `error`).
 */
export function errorHandler(log: (line: string) => void, failureFields?: FailureFields): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.writableEnded) {
      // A late result of a request already answered (the request deadline's 503): there is nothing left to
      // abort, and Express's default handler would destroy the socket, cutting the client's next call on it.
      log(
        `late error after the answer to ${req.method} ${req.path}: ${error instanceof Error ? error.message : String(error)}`,
      );
      return;
    }
    if (res.headersSent) {
      next(error);
      return;
    }
    // A write already sent may still be applied: its request is not told that it failed (request-scope.ts).
    const unconfirmed = isDatabaseUnavailableError(error) && writeFenceOf(res)?.committed === true;
    const appError = unconfirmed ? AppError.unavailable(WRITE_UNCONFIRMED_MESSAGE) : toAppError(error);
    if (appError.kind === 'internal' || appError.kind === 'unavailable')
      log(`${appError.kind} error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    if (appError.kind === 'unavailable') res.setHeader('Retry-After', RETRY_AFTER_SECONDS);
    const errors = appError.details.length > 0 ? appError.details : appError.messages;
    const body = envelope(appError.messages, errors);
    const extra = failureFields?.(req.path, body.statusMessages[0] ?? body.errors[0] ?? GENERIC_ERROR_MESSAGE);
    res.status(STATUS_BY_KIND[appError.kind]).json(extra ? { ...body, ...extra } : body);
  };
}

/** Unknown paths answer 404 in the envelope, not Express's HTML page. */
export const notFoundHandler: RequestHandler = (req, res) => {
  res.status(404).json(envelope([`No route for ${req.method} ${req.path}.`]));
};
