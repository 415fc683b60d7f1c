import type { NextFunction, Request, Response } from 'express';
import type { AppRoute } from '@ts-rest/core';
import { expressEtagOf, isRevalidated, jsonBytes, sendJsonBytes } from './send-json';

/**
 * A cache of the serialised 200 responses of read calls whose answer depends only on the caller, the input
 * and data that an in-process cache already tracks (the report rollups, the catalog snapshot).
 *
 * Why: once the data is in memory, most of a dashboard call's cost is framework work done again for every
 * identical request (request and response validation, presenting, JSON serialisation, the garbage they
 * leave). A hit sends the bytes the first, fully validated answer produced.
 *
 * Correctness:
 * - The key is the route, the caller (user id, token version and last update, so a profile change or a new
 *   password starts afresh) and the request as sent: its URL (path and query string) and its JSON body. Only a
 *   200 is stored, and input the route's schemas refuse never gets one (ts-rest answers it 400), so a refused
 *   input is only ever a miss. Keying on the raw request rather than the parsed one spares a second schema parse
 *   per request (ts-rest parses once the request misses); two spellings of one query are two entries. Requests
 *   whose key would exceed `MAX_KEY_LENGTH` are not cached. Errors and non-JSON answers (CSV) are never stored.
 * - Each route names the generation of the data it reads. An entry is used only while that generation is the
 *   one it was computed under (read before the handler ran, so a change during the computation makes the entry
 *   stale at once). A negative generation means "not known yet": nothing is stored or served.
 * - Entries also expire after `ttlMs`, which bounds how long an answer that depends on the clock (coupon
 *   validity, "today") can lag it.
 * - Bounded by entry count and bytes; the least recently used entries go first.
 */
export interface ResponseCacheOptions {
  maxEntries?: number;
  maxBytes?: number;
  ttlMs?: number;
  now?: () => number;
  /**
   * Store an answer only when its request misses a second time while the first miss is still among the last
   * `maxEntries` remembered (default true): a dashboard reloaded or polled is stored at its second read, while a
   * stream of distinct queries (every date range, every price bound) costs no copies, hashes or evictions.
   */
  storeOnRepeat?: boolean;
}

/** The generation of the data a route reads; it changes whenever that data may have changed. */
export type DataGeneration = () => number;

export interface ResponseCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
}

export interface ResponseCache {
  /** A ts-rest global middleware (after the access check): serves and stores the routes given to `cache`. */
  middleware: (req: Request & { tsRestRoute?: AppRoute }, res: Response, next: NextFunction) => void;
  /** Declares routes as cacheable, each with the generation of the data it reads. */
  cache: (routes: readonly AppRoute[], generation: DataGeneration) => void;
  stats: () => ResponseCacheStats;
  /** Forgets every entry (the data or the clock changed under all of them: a scenario reset or a new "now"). */
  clear: () => void;
}

interface Entry {
  body: Buffer;
  /** A GET's or HEAD's (nothing revalidates a POST). */
  etag: string | undefined;
  generation: number;
  expiresAt: number;
}

export const CACHE_STATUS_HEADER = 'X-Cache';

function callerKey(req: Request): string {
  const user = req.caller?.user;
  if (!user) return 'anonymous';
  const updatedAt = (user as { updatedAt?: Date | string }).updatedAt;
  const stamp = updatedAt instanceof Date ? updatedAt.getTime() : (updatedAt ?? '');
  return `${String(user._id)}:${String(user.tokenVersion)}:${stamp}`;
}

/** Longest key kept: URLs and bodies of the cached reads are short; longer ones are computed every time. */
export const MAX_KEY_LENGTH = 4_096;

/** The key of a request: route, caller, URL as sent and JSON body. Null when too long to keep. */
function keyOf(req: Request, route: AppRoute): string | null {
  let body: string | undefined;
  try {
    body = req.body === undefined ? '' : JSON.stringify(req.body);
  } catch {
    // Nested too deep to serialise (a hostile body): not cached; the route's schema refuses it.
    return null;
  }
  const key = `${req.method} ${route.path} ${callerKey(req)} ${req.originalUrl} ${body ?? ''}`;
  return key.length > MAX_KEY_LENGTH ? null : key;
}

export function createResponseCache(options: ResponseCacheOptions = {}): ResponseCache {
  const {
    maxEntries = 2_000,
    maxBytes = 32 * 1024 * 1024,
    ttlMs = 30_000,
    now = Date.now,
    storeOnRepeat = true,
  } = options;
  /** Keys that missed once lately (insertion order: the oldest go first past `maxEntries`). */
  const recentMisses = new Set<string>();
  // By method and path: the composed contract holds copies of the domain contracts' route objects.
  const routes = new Map<string, DataGeneration>();
  const routeKey = (route: AppRoute): string => `${route.method} ${route.path}`;
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;

  function remove(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.body.length;
  }

  function store(key: string, entry: Entry): void {
    remove(key);
    if (entry.body.length > maxBytes) return;
    entries.set(key, entry);
    bytes += entry.body.length;
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      remove(oldest);
    }
  }

  function send(res: Response, entry: Entry, status: 'hit' | 'miss'): void {
    res.setHeader(CACHE_STATUS_HEADER, status);
    // Set before sending, Express does not hash the body again on every send.
    if (entry.etag !== undefined) res.setHeader('ETag', entry.etag);
    // Per caller: a browser may keep it but must revalidate (a 304 then), and no shared cache may store it.
    res.setHeader('Cache-Control', 'private, no-cache');
    sendJsonBytes(res.status(200), entry.body);
  }

  return {
    cache(list, generation) {
      for (const route of list) routes.set(routeKey(route), generation);
    },

    middleware(req, res, next) {
      const route = req.tsRestRoute;
      const generationOf = route ? routes.get(routeKey(route)) : undefined;
      const generation = generationOf?.() ?? -1;
      const key = route && generation >= 0 ? keyOf(req, route) : null;
      if (key === null) {
        next();
        return;
      }
      const hit = entries.get(key);
      if (hit && hit.generation === generation && hit.expiresAt > now()) {
        hits += 1;
        // Most recently used goes last.
        entries.delete(key);
        entries.set(key, hit);
        send(res, hit, 'hit');
        return;
      }
      if (hit) remove(key);
      misses += 1;
      if (storeOnRepeat && !hit && !recentMisses.delete(key)) {
        // First sight: remembered, not stored. Most distinct queries are asked once; storing each would copy,
        // hash and keep every answer only to evict it unused.
        recentMisses.add(key);
        if (recentMisses.size > maxEntries) recentMisses.delete(recentMisses.values().next().value as string);
        next();
        return;
      }

      // ts-rest answers JSON through res.json once the response passed validation: serialise it once, keep it.
      const json = res.json.bind(res);
      res.json = (payload: unknown) => {
        const body = res.statusCode === 200 ? jsonBytes(payload) : undefined;
        if (body === undefined) return json(payload);
        const entry: Entry = {
          body,
          // The ETag Express gave the computed answer, so a browser holding that one gets a 304 from the entry.
          etag: isRevalidated(req.method) ? expressEtagOf(res, body) : undefined,
          generation,
          expiresAt: now() + ttlMs,
        };
        store(key, entry);
        send(res, entry, 'miss');
        return res;
      };
      next();
    },

    stats: () => ({ entries: entries.size, bytes, hits, misses }),
    clear() {
      entries.clear();
      recentMisses.clear();
      bytes = 0;
    },
  };
}
