import { contract, controlContract } from '@publisher/contract';
import { answerProblem, createContractHandlers, findRoute } from '@publisher/contract/msw';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { env } from '../config/env';
import type { User } from '@publisher/contract';

/**
 * The API for component tests: MSW's node server with a handler for every contract route (the contract's own,
 * from `@publisher/contract/msw`), started and reset by test-setup.ts. Nothing reaches the network; a call outside
 * the contract fails the test. A test changes answers with `server.use(answer(contract.x.y, ...))` (typed by the
 * route) or with {@link answerApi} (one function for many routes, and a record of every call).
 */
const everyRoute = { ...contract, control: controlContract };
export const server = setupServer(...createContractHandlers(everyRoute, { baseUrl: env.apiUrl }));

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
  /** This answer breaks the contract on purpose: the test is about what the app does with a server that does. */
  isOffContract?: boolean;
}

/**
 * A test's answers: undefined leaves the call to the contract's handler (an example of the route's answer);
 * 'network-error' fails the fetch itself, as a refused CORS check or a dropped connection does.
 */
type HandlerAnswer = MockResponse | 'network-error' | undefined;
export type ApiHandler = (request: RecordedRequest) => HandlerAnswer | Promise<HandlerAnswer>;

const contractBreaches: string[] = [];

/**
 * The test's own answers that the contract does not allow (a field missing, a status the route does not document),
 * since the last call; test-setup.ts fails the test on any, so a screen is never tested against data the API cannot
 * send.
 */
export function takeContractBreaches(): string[] {
  return contractBreaches.splice(0);
}

async function recorded(request: Request): Promise<RecordedRequest> {
  const isJson = (request.headers.get('content-type') ?? '').includes('json');
  const text = isJson ? await request.clone().text() : '';
  return {
    method: request.method.toUpperCase(),
    url: new URL(request.url),
    headers: new Headers(request.headers),
    body: text === '' ? undefined : (JSON.parse(text) as unknown),
  };
}

/**
 * Puts `handler` in front of the contract's handlers for this test (test-setup.ts resets after each) and records
 * every call the app makes to the API, answered by the handler or not.
 */
export function answerApi(handler: ApiHandler = () => undefined) {
  const requests: RecordedRequest[] = [];
  server.use(
    // Any origin: a test of the fetcher itself may point its client elsewhere than env.apiUrl.
    http.all('*', async ({ request }) => {
      const call = await recorded(request);
      requests.push(call);
      const response = await handler(call);
      if (response === undefined) return undefined;
      if (response === 'network-error') return HttpResponse.error();
      const route = findRoute(everyRoute, call.method, call.url.pathname);
      const problem = route ? answerProblem(route, response.status, response.body) : undefined;
      if (problem && !response.isOffContract) contractBreaches.push(problem);
      return HttpResponse.json(response.body as never, { status: response.status });
    }),
  );
  return { requests };
}

/**
 * A handler for a signed-in screen: GET /auth/:id answers `user` (the session's refresh), everything else goes
 * through `routes`; what `routes` leaves gets the contract's example answer.
 */
export function apiFor(user: User, routes: ApiHandler): ApiHandler {
  return (request) => {
    if (request.url.pathname.startsWith('/auth/')) return { status: 200, body: { data: user } };
    return routes(request);
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
