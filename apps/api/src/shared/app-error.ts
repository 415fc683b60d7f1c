import { SESSION_ENDED_MESSAGES } from '@publisher/contract';

/** The kinds of failure the services raise; the error handler maps each to one HTTP status. */
export type AppErrorKind =
  | 'badRequest'
  | 'unauthenticated'
  | 'forbidden'
  | 'notFound'
  | 'conflict'
  | 'tooManyRequests'
  | 'payloadTooLarge'
  | 'unsupportedMediaType'
  | 'methodNotAllowed'
  | 'unavailable'
  | 'internal';

/** The one error type services throw. `messages` become the envelope's `statusMessages`. */
export class AppError extends Error {
  constructor(
    readonly kind: AppErrorKind,
    readonly messages: string[],
    readonly details: string[] = [],
  ) {
    super(messages[0] ?? kind);
    this.name = 'AppError';
  }

  static badRequest(message: string, details: string[] = []): AppError {
    return new AppError('badRequest', [message], details);
  }
  static unauthenticated(message: string = SESSION_ENDED_MESSAGES[0]): AppError {
    return new AppError('unauthenticated', [message]);
  }
  static userNotFound(): AppError {
    return new AppError('unauthenticated', [SESSION_ENDED_MESSAGES[1]]);
  }
  static forbidden(message = 'You do not have access to this resource.'): AppError {
    return new AppError('forbidden', [message]);
  }
  static notFound(message: string): AppError {
    return new AppError('notFound', [message]);
  }
  static conflict(message: string): AppError {
    return new AppError('conflict', [message]);
  }
  static tooManyRequests(message: string): AppError {
    return new AppError('tooManyRequests', [message]);
  }
  /** The database (or another dependency) did not answer: the caller may try again. */
  static unavailable(message: string): AppError {
    return new AppError('unavailable', [message]);
  }
}
