import type { NextFunction, Request, Response } from 'express';
import type { AppRoute } from '@ts-rest/core';
import { isAppRouteNoBody, isAppRouteOtherResponse } from '@ts-rest/core';
import { MAX_STUBS_PER_SESSION, MOCK_STUB_HEADER, contract, type Stub, type StubList } from '@publisher/contract';
import { resolveStub, stubMatches, type ResolvedStub } from '@publisher/contract/mock';
import { AppError } from '../shared/app-error';
import { validateRequest } from './scenario.middleware';

/** Where the id of the stub that answered a call waits for the journal, in the call's `res.locals`. */
export const ANSWERING_STUB = 'answeringStub';

/** A stub that matched a call: its id and what it answers, as the contract resolved it. */
export interface MatchedStub {
  id: string;
  resolved: ResolvedStub;
}

interface HeldStub {
  id: string;
  resolved: ResolvedStub;
  remaining: number | undefined;
  answered: number;
  createdAt: string;
}

/**
 * The stubs of one app, so of one mock session (POST /__control/stubs): checked against the contract when taken
 * (control/stubs.ts in the contract), tried newest first, each answering until its `times` are used up (then it is
 * gone) or it is deleted. A reset clears them (mock-app.ts).
 */
export interface StubStore {
  /** Takes a stub; a 400 naming each problem when the contract does not allow it, or when the store is full. */
  add: (definition: unknown) => Stub;
  list: () => StubList;
  /** Deletes one; undefined when there is none of that id. */
  delete: (id: string) => Stub | undefined;
  /** Deletes every stub; answers how many there were. */
  clear: () => number;
  /** The newest stub that answers this call of `route`, not yet counted as used; undefined when none matches. */
  match: (route: AppRoute, call: { params: unknown; query: unknown; body: unknown }) => MatchedStub | undefined;
  /**
   * Counts a call the stub answered (it is gone once its `times` are used up). Called in the same tick as `match`,
   * so two calls at once never both take a `times: 1` stub.
   */
  use: (id: string) => Stub | undefined;
}

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function present(held: HeldStub): Stub {
  const { resolved } = held;
  return {
    id: held.id,
    route: resolved.name,
    method: resolved.route.method,
    path: resolved.route.path,
    match: resolved.match,
    answer: resolved.answer,
    remaining: held.remaining ?? null,
    answered: held.answered,
    createdAt: held.createdAt,
  };
}

export function createStubStore({
  limit = MAX_STUBS_PER_SESSION,
  now = () => new Date(),
}: { limit?: number; now?: () => Date } = {}): StubStore {
  // Newest first: the order they are tried in and listed.
  let stubs: HeldStub[] = [];
  let lastId = 0;
  return {
    add(definition) {
      const resolution = resolveStub(contract, definition);
      if (!resolution.ok) throw new AppError('badRequest', resolution.messages, resolution.messages);
      if (stubs.length >= limit) {
        throw AppError.badRequest(
          `This session holds ${String(limit)} stubs, the most it takes: delete some (DELETE /__control/stubs/:id, or all with DELETE /__control/stubs) first.`,
        );
      }
      lastId += 1;
      const held: HeldStub = {
        id: `stub-${String(lastId)}`,
        resolved: resolution.stub,
        remaining: resolution.stub.times,
        answered: 0,
        createdAt: now().toISOString(),
      };
      stubs = [held, ...stubs];
      return present(held);
    },
    list: () => ({ stubs: stubs.map(present), limit }),
    delete(id) {
      const held = stubs.find((stub) => stub.id === id);
      if (!held) return undefined;
      stubs = stubs.filter((stub) => stub !== held);
      return present(held);
    },
    clear() {
      const deleted = stubs.length;
      stubs = [];
      return deleted;
    },
    match(route, call) {
      const seen = { params: asRecord(call.params), query: asRecord(call.query), body: call.body };
      const held = stubs.find((stub) => stub.resolved.route === route && stubMatches(stub.resolved.match, seen));
      return held && { id: held.id, resolved: held.resolved };
    },
    use(id) {
      const held = stubs.find((stub) => stub.id === id);
      if (!held) return undefined;
      held.answered += 1;
      if (held.remaining !== undefined) {
        held.remaining -= 1;
        if (held.remaining === 0) stubs = stubs.filter((stub) => stub !== held);
      }
      return present(held);
    },
  };
}

function send(res: Response, stub: ResolvedStub): void {
  const { status, body, headers = {} } = stub.answer;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  const documented = stub.route.responses[status];
  res.status(status);
  if (body === undefined || body === null || (documented !== undefined && isAppRouteNoBody(documented))) {
    res.end();
    return;
  }
  if (documented !== undefined && isAppRouteOtherResponse(documented) && typeof body === 'string') {
    if (res.getHeader('content-type') === undefined) res.type(documented.contentType);
    res.send(body);
    return;
  }
  res.json(body);
}

/**
 * Answers a call with the newest stub that matches it (a ts-rest global middleware, right after the access check, so
 * a 401 or 403 still wins). A stub is the test's explicit instruction for that call, so it comes before every
 * scenario control: the session's latency and error rate and the call's `Prefer` (code, example, delay; not even
 * read, so no Preference-Applied) do not shape its answer, and its own `delayMs` is its only wait. A stub of a
 * success or redirect answers only a request the route accepts (its 400 is never stubbed away). The answer names
 * the stub in X-Mock-Stub, and the journal records it. Mounted only in the mock mode.
 */
export function stubMiddleware(
  store: StubStore,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
) {
  return async (req: Request & { tsRestRoute?: AppRoute }, res: Response, next: NextFunction): Promise<void> => {
    try {
      const route = req.tsRestRoute;
      if (!route) {
        next();
        return;
      }
      const matched = store.match(route, { params: req.params, query: req.query, body: req.body });
      if (!matched) {
        next();
        return;
      }
      // A success or redirect never stands in for the 400 that bad input gets (the request's own check throws it).
      if (matched.resolved.answer.status < 400) validateRequest(req, route);
      store.use(matched.id);
      const { id, resolved } = matched;
      res.locals[ANSWERING_STUB] = id;
      if (resolved.answer.delayMs) await wait(resolved.answer.delayMs);
      res.setHeader(MOCK_STUB_HEADER, id);
      send(res, resolved);
    } catch (error) {
      next(error);
    }
  };
}
