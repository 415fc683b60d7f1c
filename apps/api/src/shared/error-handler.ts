import type { ErrorRequestHandler, RequestHandler } from 'express';
import { RequestValidationError } from '@ts-rest/express';
import { GENERIC_ERROR_MESSAGE } from '@publisher/contract';
import { AppError, type AppErrorKind } from './app-error';
import { envelope } from './error-envelope';
import { describeZodError } from './validation-messages';

/** The explicit mapping from error kind to HTTP status (tested on its own). */
export const STATUS_BY_KIND: Readonly<Record<AppErrorKind, number>> = {
  badRequest: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  tooManyRequests: 429,
  internal: 500,
};

interface HttpParserError {
  type?: string;
  status?: number;
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
  const parserError = error as HttpParserError;
  if (parserError?.type === 'entity.parse.failed') {
    return AppError.badRequest('Request body is not valid JSON.');
  }
  if (parserError?.type === 'entity.too.large') {
    return new AppError('payloadTooLarge', ['Request body is too large.']);
  }
  if ((error as { code?: number })?.code === 11000) {
    return AppError.conflict('A record with the same unique value already exists.');
  }
  return new AppError('internal', [GENERIC_ERROR_MESSAGE]);
}

/** The one error handler: every failure leaves as `{ statusMessages, errors }` with a mapped status. */
export function errorHandler(log: (line: string) => void): ErrorRequestHandler {
  return (error: unknown, _req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const appError = toAppError(error);
    if (appError.kind === 'internal')
      log(`unhandled error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    const errors = appError.details.length > 0 ? appError.details : appError.messages;
    res.status(STATUS_BY_KIND[appError.kind]).json(envelope(appError.messages, errors));
  };
}

/** Unknown paths answer 404 in the envelope, not Express's HTML page. */
export const notFoundHandler: RequestHandler = (req, res) => {
  res.status(404).json(envelope([`No route for ${req.method} ${req.path}.`]));
};
