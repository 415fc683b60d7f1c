import { RequestValidationError } from '@ts-rest/express';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './app-error';
import { STATUS_BY_KIND, toAppError } from './error-handler';

describe('STATUS_BY_KIND', () => {
  it('maps every error kind to its HTTP status', () => {
    expect(STATUS_BY_KIND).toEqual({
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
    });
  });
});

describe('toAppError', () => {
  it('keeps an AppError as it is', () => {
    const error = AppError.conflict('taken');
    expect(toAppError(error)).toBe(error);
  });

  it('turns request validation failures into a 400 naming each field', () => {
    const body = z
      .object({ email: z.string().email('Please Enter valid email'), age: z.number() })
      .safeParse({ email: 'x', age: 'y' });
    const query = z.object({ page: z.coerce.number().min(1) }).safeParse({ page: '0' });
    if (body.success || query.success) throw new Error('fixtures must fail');
    const error = toAppError(new RequestValidationError(null, null, query.error, body.error));
    expect(error.kind).toBe('badRequest');
    expect(error.messages).toEqual([
      'page: Number must be greater than or equal to 1',
      'Please Enter valid email',
      'age: Expected number, received string',
    ]);
    expect(error.details).toEqual([
      'query.page: Number must be greater than or equal to 1',
      'body.email: Please Enter valid email',
      'body.age: Expected number, received string',
    ]);
  });

  it('maps body-parser and duplicate-key errors', () => {
    expect(toAppError({ type: 'entity.parse.failed' }).kind).toBe('badRequest');
    expect(toAppError({ type: 'entity.too.large' }).kind).toBe('payloadTooLarge');
    expect(toAppError({ code: 11000 }).kind).toBe('conflict');
  });

  it('maps what the HTTP layers raise for bad input to 4xx, never 500', () => {
    expect(toAppError({ type: 'charset.unsupported', status: 415, charset: 'latin1' })).toMatchObject({
      kind: 'unsupportedMediaType',
      messages: ['Unsupported charset: send JSON as UTF-8.'],
    });
    expect(toAppError({ type: 'encoding.unsupported', status: 415 }).kind).toBe('unsupportedMediaType');
    expect(toAppError(Object.assign(new Error('incorrect header check'), { status: 400 })).messages).toEqual([
      'The request body could not be decoded.',
    ]);
    expect(toAppError(Object.assign(new URIError("Failed to decode param '%C0'"), { status: 400 })).messages).toEqual([
      'The request path is not valid percent-encoding.',
    ]);
    expect(toAppError(Object.assign(new Error('server error'), { status: 502 })).kind).toBe('internal');
  });

  it('maps a database that does not answer to 503', () => {
    const timeout = Object.assign(new Error('connection 1 to 127.0.0.1:27017 timed out'), {
      name: 'MongoNetworkTimeoutError',
    });
    expect(toAppError(timeout).kind).toBe('unavailable');
    const buffering = Object.assign(new Error('Operation `users.findOne()` buffering timed out after 10000ms'), {
      name: 'MongooseError',
    });
    expect(toAppError(buffering).kind).toBe('unavailable');
    expect(toAppError(Object.assign(new Error('other'), { name: 'MongooseError' })).kind).toBe('internal');
  });

  it('hides the details of unexpected errors behind the generic message', () => {
    const error = toAppError(new Error('connection string with password=hunter2'));
    expect(error.kind).toBe('internal');
    expect(error.messages).toEqual(['Something went wrong']);
  });
});
