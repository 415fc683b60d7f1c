import type { RequestHandler } from 'express';
import type { AppRouter } from '@ts-rest/core';
import { ZodType } from 'zod';
import { contractRoutes } from '@publisher/contract';
import { AppError } from './app-error';
import { literalPattern } from './text';

/** A contract path (`/auth/:id`) as Express 5 matches it: case-insensitive, a trailing slash allowed. */
function pathPattern(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? `(?<${segment.slice(1)}>[^/]+)` : literalPattern(segment)))
    .join('/');
  return new RegExp(`^${source}/?$`, 'i');
}

/** Whether the route is the resource at `path`: its pattern matches and its path parameters are ones it takes. */
function isRouteOf(route: { pattern: RegExp; pathParams: unknown }, path: string): boolean {
  const match = route.pattern.exec(path);
  if (match === null) return false;
  if (!(route.pathParams instanceof ZodType)) return true;
  try {
    const params = Object.fromEntries(
      Object.entries(match.groups ?? {}).map(([name, value]) => [name, decodeURIComponent(value)]),
    );
    return route.pathParams.safeParse(params).success;
  } catch {
    return false;
  }
}

/**
 * Answers 405 with an `Allow` header when the path is a route of the contract but the method is not one of
 * its methods (HEAD goes with GET), and 204 with the same header to an OPTIONS that is not a CORS preflight; other
 * requests go on to the 404. A route counts only where its path parameters are valid: `/auth/signin` is not
 * `GET /auth/:id`, whose id is an ObjectId, as the OpenAPI document says.
 */
export function methodNotAllowedHandler(router: AppRouter): RequestHandler {
  const routes = contractRoutes(router).map(({ route }) => ({
    pattern: pathPattern(route.path),
    pathParams: route.pathParams,
    methods: route.method === 'GET' ? ['GET', 'HEAD'] : [route.method],
  }));
  return (req, res, next) => {
    const allowed = new Set<string>();
    for (const route of routes) {
      if (isRouteOf(route, req.path)) for (const method of route.methods) allowed.add(method);
    }
    if (allowed.size === 0 || allowed.has(req.method)) {
      next();
      return;
    }
    allowed.add('OPTIONS');
    const allow = [...allowed].sort().join(', ');
    res.setHeader('Allow', allow);
    // An OPTIONS that is not a CORS preflight (cors answers those) asks what the resource supports: the answer is
    // the Allow header itself (RFC 9110 §9.3.7), not a 405 naming OPTIONS among the allowed methods.
    if (req.method === 'OPTIONS') {
      res.status(204).end();
      return;
    }
    next(new AppError('methodNotAllowed', [`${req.method} is not allowed on ${req.path}; allowed: ${allow}.`]));
  };
}
