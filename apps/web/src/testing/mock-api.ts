import type { User } from '@publisher/contract';
import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  /** The parsed JSON body, or undefined. */
  body: unknown;
}

export interface MockResponse {
  status: number;
  body: unknown;
}

export type ApiHandler = (request: RecordedRequest) => MockResponse | Promise<MockResponse>;

/**
 * Replaces `fetch` for one test: every call is recorded and answered by `handler` as JSON. Nothing reaches the
 * network; vitest's `unstubGlobals` restores the real fetch afterwards.
 */
export function mockApi(handler: ApiHandler) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    const rawBody = typeof init?.body === 'string' ? init.body : undefined;
    const request: RecordedRequest = {
      method: (init?.method ?? 'GET').toUpperCase(),
      url,
      headers: new Headers(init?.headers),
      body: rawBody === undefined ? undefined : JSON.parse(rawBody),
    };
    requests.push(request);
    const response = await handler(request);
    return new Response(JSON.stringify(response.body), {
      status: response.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, requests };
}

/**
 * A handler for a signed-in screen: GET /auth/:id answers `user` (the session's refresh), everything else goes
 * through `routes`, and a call `routes` does not answer is a 404 the test can see.
 */
export function apiFor(user: User, routes: (request: RecordedRequest) => MockResponse | undefined): ApiHandler {
  return (request) => {
    if (request.url.pathname.startsWith('/auth/')) return { status: 200, body: { data: user } };
    return routes(request) ?? { status: 404, body: errorBody('Not found in the test') };
  };
}

/** The API's error envelope. */
export function errorBody(...statusMessages: string[]) {
  return { statusMessages, errors: [] };
}

/** A promise plus its resolver, to hold a response back while a test looks at the busy state. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
