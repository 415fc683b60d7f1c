import {
  isAppRoute,
  isAppRouteOtherResponse,
  isZodType,
  ResponseValidationError,
  type AppRoute,
  type AppRouter,
} from '@ts-rest/core';
import type { ZodTypeAny } from 'zod';
import { exactCheck } from './exact-check';
import { listJson } from './frozen-rows';

/**
 * Response validation of every contract route, in every environment: what ts-rest's `responseValidation` does
 * (an answer off its contract becomes a 500 `ResponseValidationError`, and the body sent is zod's output, so
 * keys a schema does not declare never leave the API), at a fraction of the cost. A precompiled exact check
 * (exact-check.ts) accepts a body that is already what zod would return, untouched; anything else is parsed
 * by zod as before, which strips what it must or names what is wrong.
 */

interface HandlerResult {
  status: number;
  body: unknown;
}
type Handler = (args: never) => Promise<HandlerResult>;
type Implementation = Handler | { handler: Handler; middleware?: unknown[] };

/** The body to send for a handler's answer: its own when exact, else zod's parse; throws when off-contract. */
export function validatedBody(route: AppRoute, status: number, body: unknown): unknown {
  const declared = route.responses[status];
  const schema = declared !== undefined && isAppRouteOtherResponse(declared) ? declared.body : declared;
  if (!isZodType(schema)) return body;
  if (exactCheck(schema as ZodTypeAny)(body)) return body;
  const parsed = (schema as ZodTypeAny).safeParse(body);
  if (!parsed.success) throw new ResponseValidationError(route, parsed.error);
  return parsed.data;
}

function wrap(route: AppRoute, handler: Handler): Handler {
  return async (args) => {
    const result = await handler(args);
    // Streams (CSV downloads) are piped by ts-rest as they are; their schema is a string.
    if (result.body !== null && typeof result.body === 'object' && 'pipe' in result.body) return result;
    const body = validatedBody(route, result.status, result.body);
    // A list of a read model's frozen rows goes out serialised from each row's kept text (frozen-rows.ts).
    return { ...result, body: listJson(body) ?? body };
  };
}

/**
 * The router implementation with every handler's answer validated against its route (give ts-rest
 * `responseValidation: false`). Works on any nesting of routers, as ts-rest does.
 */
export function withResponseValidation<T extends object>(contract: AppRouter, implementation: T): T {
  const wrapped: Record<string, unknown> = {};
  for (const [key, node] of Object.entries(contract)) {
    const value = (implementation as Record<string, unknown>)[key];
    if (value === undefined) continue;
    if (isAppRoute(node)) {
      const implementationOfRoute = value as Implementation;
      wrapped[key] =
        typeof implementationOfRoute === 'function'
          ? wrap(node, implementationOfRoute)
          : { ...implementationOfRoute, handler: wrap(node, implementationOfRoute.handler) };
    } else {
      wrapped[key] = withResponseValidation(node, value as object);
    }
  }
  return wrapped as T;
}
