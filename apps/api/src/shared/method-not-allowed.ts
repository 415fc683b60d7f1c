import type { RequestHandler } from 'express';
import type { AppRouter } from '@ts-rest/core';
import { contractRoutes } from '@publisher/contract';
import { AppError } from './app-error';

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A contract path (`/auth/:id`) as Express 5 matches it: case-insensitive, a trailing slash allowed. */
function pathPattern(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment)))
    .join('/');
  return new RegExp(`^${source}/?$`, 'i');
}

/**
 * Answers 405 with an `Allow` header when the path is a route of the contract but the method is not one of
 * its methods (HEAD goes with GET), and 204 with the same header to an OPTIONS that is not a CORS preflight; other
 * requests go on to the 404.
 */
export function methodNotAllowedHandler(router: AppRouter): RequestHandler {
  const byPath = new Map<string, { pattern: RegExp; methods: Set<string> }>();
  for (const { route } of contractRoutes(router)) {
    const entry = byPath.get(route.path) ?? { pattern: pathPattern(route.path), methods: new Set<string>() };
    entry.methods.add(route.method);
    if (route.method === 'GET') entry.methods.add('HEAD');
    byPath.set(route.path, entry);
  }
  const patterns = [...byPath.values()];
  return (req, res, next) => {
    const allowed = new Set<string>();
    for (const { pattern, methods } of patterns) {
      if (pattern.test(req.path)) for (const method of methods) allowed.add(method);
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
