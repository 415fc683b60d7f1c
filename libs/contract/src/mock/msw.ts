/**
 * `@publisher/contract/msw`: Mock Service Worker handlers for every route of the contract, so a frontend's unit
 * tests (msw/node) or its dev server (msw/browser) run with no API. A separate entry point: apps that do not use
 * MSW never load it, nor msw itself.
 *
 * Each handler behaves as the API's mock mode does: it reads `Prefer` (RFC 7240: `code=N`, `example=<name>`,
 * `delay=ms`; unknown preferences ignored, a malformed `code` or `delay` is a 400), checks the request against the
 * route's schemas (400 with the API's `statusMessages` envelope and messages), and answers an example built from
 * the route's response schema (the same generator as the API's `Prefer: code=` answers). A test replaces any
 * route's answer with {@link answer}; the request checks and `Prefer` still apply first. {@link stubHandlers}
 * takes the stubs of POST /__control/stubs (the same definitions, checked against the contract the same way).
 */
import {
  checkZodSchema,
  isAppRoute,
  isAppRouteNoBody,
  isAppRouteOtherResponse,
  type AppRoute,
  type AppRouter,
  type ServerInferResponses,
} from '@ts-rest/core';
import { http, HttpResponse, delay, type HttpHandler } from 'msw';
import { z, type ZodError } from 'zod';
import { routeAccessOf } from '../common/access';
import type { ErrorEnvelope } from '../common/error.schema';
import { SESSION_ENDED_MESSAGES } from '../common/messages';
import { exampleText } from './example-text';
import { exampleBody, type ExampleName } from './named-examples';
import { parsePrefer } from './prefer';
import {
  PREFERENCE_APPLIED_HEADER,
  documentedStatuses,
  planScenario,
  preferenceApplied,
  scenarioDelayMs,
} from './scenario';
import { resolveStub, stubMatches, type ResolvedStub } from './stubs';
import { describeZodError } from './validation-messages';
import { MOCK_STUB_HEADER } from '../control/stubs.schema';

/** One call as a handler sees it: the parsed parts of the request. */
export interface RouteCall {
  request: Request;
  params: Record<string, string>;
  /** The query string, a repeated name as an array (as the API's Express reads it). */
  query: Record<string, string | string[]>;
  /** The JSON body, a FormData for multipart routes, undefined when there is none. */
  body: unknown;
}

export interface ContractHandlerOptions {
  /** The API's origin the app calls, e.g. `http://localhost:3333`; by default any origin. */
  baseUrl?: string;
  /**
   * Answer 401 `Unauthenticated.` as the API does when a route that is not public gets no credentials (no
   * `Authorization` header, nor an `apiKey` in the query where the route takes one); any credential passes, since
   * a mock cannot verify a token. Off by default: component tests need not sign in first.
   */
  requireCredentials?: boolean;
}

/** What a test's answer may be: any response the route documents, typed from the contract. */
export type RouteAnswer<TRoute extends AppRoute> = ServerInferResponses<TRoute>;

type Resolver = (call: RouteCall) => { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

/** What the route answers when all goes well: its 2xx, else its redirect (`/redirect` documents only a 302). */
function successStatus(route: AppRoute): number {
  const statuses = documentedStatuses(route);
  return statuses.find((status) => status >= 200 && status < 300) ?? statuses.find((status) => status < 400) ?? 200;
}

function envelope(statusMessages: string[], errors: string[] = statusMessages): ErrorEnvelope {
  return { statusMessages, errors };
}

function errorResponse(status: number, messages: string[], details?: string[]): Response {
  return HttpResponse.json(envelope(messages, details), { status });
}

function queryOf(url: URL): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const name of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(name);
    query[name] = values.length === 1 ? (values[0] ?? '') : values;
  }
  return query;
}

async function readCall(request: Request, params: Record<string, string | readonly string[] | undefined>) {
  const flatParams = Object.fromEntries(
    Object.entries(params).map(([name, value]) => [name, Array.isArray(value) ? value.join('/') : String(value ?? '')]),
  );
  const contentType = request.headers.get('content-type') ?? '';
  let body: unknown;
  // undici marks formData() as unfit for servers (it buffers the whole upload); a mock's uploads are a test's few bytes.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  if (contentType.includes('multipart/form-data')) body = await request.clone().formData();
  else {
    const text = await request.clone().text();
    if (text !== '') {
      try {
        body = JSON.parse(text) as unknown;
      } catch {
        return { error: errorResponse(400, ['The request body is not valid JSON.']) };
      }
    }
  }
  const call: RouteCall = { request, params: flatParams, query: queryOf(new URL(request.url)), body };
  return { call };
}

/** The route's own request checks, answered as the API answers them: 400 with one message per problem. */
function invalidRequest(route: AppRoute, call: RouteCall): Response | undefined {
  const headers = Object.fromEntries(call.request.headers.entries());
  const isMultipart = 'contentType' in route && route.contentType === 'multipart/form-data';
  const checks: [ZodError | null, string][] = [
    [checkParts(call.params, route.pathParams, true), 'path'],
    [checkParts(call.query, route.query, false), 'query'],
    [checkParts(headers, route.headers, true), 'header'],
    [isMultipart ? null : checkParts(call.body, 'body' in route ? route.body : null, false), 'body'],
  ];
  const parts = checks.flatMap(([error, part]) => describeZodError(error, part));
  if (parts.length === 0) return undefined;
  return errorResponse(
    400,
    parts.map((part) => part.message),
    parts.map((part) => part.detail),
  );
}

function checkParts(data: unknown, schema: unknown, passThroughExtraKeys: boolean): ZodError | null {
  const result = checkZodSchema(data, schema, { passThroughExtraKeys });
  return result.success ? null : result.error;
}

/** An example of what the route documents for `status`, as the API's scenario controls build it. */
function exampleResponse(route: AppRoute, status: number, name: ExampleName | undefined): Response {
  const headers = new Headers();
  if (status === 503 || status === 429) headers.set('Retry-After', '1');
  const response = route.responses[status];
  if (response === undefined || isAppRouteNoBody(response)) {
    if (status >= 300 && status < 400) headers.set('Location', 'https://example.test/');
    return new HttpResponse(null, { status, headers });
  }
  if (isAppRouteOtherResponse(response)) {
    headers.set('Content-Type', response.contentType);
    return new HttpResponse(exampleText(route, response.contentType), { status, headers });
  }
  return HttpResponse.json((exampleBody(route, status, name) ?? null) as never, { status, headers });
}

function toResponse(answer: { status: number; body?: unknown }): Response {
  if (answer.body === undefined) return new HttpResponse(null, { status: answer.status });
  if (typeof answer.body === 'string') return new HttpResponse(answer.body, { status: answer.status });
  return HttpResponse.json(answer.body as never, { status: answer.status });
}

/** The answer, saying what of `Prefer` shaped it (as the API does; refusals say nothing). */
function withPreferenceApplied(response: Response, value: string | undefined): Response {
  if (value !== undefined) response.headers.set(PREFERENCE_APPLIED_HEADER, value);
  return response;
}

/** The API's access check, short of verifying anything: a credential of the kind the route takes is there. */
function hasCredentials(route: AppRoute, call: RouteCall): boolean {
  const access = routeAccessOf(route);
  if (access === 'public') return true;
  if (access === 'tokenOrApiKey' && call.query.apiKey !== undefined && call.query.apiKey !== '') return true;
  return (call.request.headers.get('authorization') ?? '').trim() !== '';
}

function routeHandler(route: AppRoute, options: ContractHandlerOptions, resolve?: Resolver): HttpHandler {
  const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  return http[method](`${options.baseUrl ?? '*'}${route.path}`, async ({ request, params }) => {
    const read = await readCall(request, params);
    if ('error' in read) return read.error;
    const { call } = read;
    if (options.requireCredentials && !hasCredentials(route, call)) {
      return errorResponse(401, [SESSION_ENDED_MESSAGES[0]]);
    }
    const parsed = parsePrefer(request.headers.get('prefer') ?? undefined);
    if (!parsed.ok) return errorResponse(400, [parsed.message]);
    const { preference } = parsed;
    const delayMs = scenarioDelayMs(preference.delay);
    if (delayMs !== undefined) await delay(delayMs);
    const plan = planScenario(route, preference);
    if (plan.kind === 'refuse') return errorResponse(400, [plan.message]);
    if (plan.kind === 'example') {
      const invalid = plan.validatesRequest ? invalidRequest(route, call) : undefined;
      if (invalid) return invalid;
      return withPreferenceApplied(
        exampleResponse(route, plan.status, plan.name),
        preferenceApplied(delayMs, plan.applied),
      );
    }
    const invalid = invalidRequest(route, call);
    if (invalid) return invalid;
    const normal = resolve ? toResponse(await resolve(call)) : exampleResponse(route, successStatus(route), undefined);
    return withPreferenceApplied(normal, preferenceApplied(delayMs));
  });
}

/** The route of `router` that serves `method pathname`, fixed paths before parametrised ones, as the API routes. */
export function findRoute(router: AppRouter, method: string, pathname: string): AppRoute | undefined {
  const upper = method.toUpperCase();
  return routesOf(router)
    .sort(byFixedPathsFirst)
    .find((route) => {
      if (route.method !== upper) return false;
      const pattern = route.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+');
      return new RegExp(`^${pattern}$`).test(pathname);
    });
}

/**
 * Why `body` is not what `route` documents for `status` (an undocumented status, or the schema's complaint), or
 * undefined when it is. For checking a test's own answers against the contract.
 */
export function answerProblem(route: AppRoute, status: number, body: unknown): string | undefined {
  const documented = route.responses[status];
  if (documented === undefined) {
    return `${route.method} ${route.path} does not document ${String(status)} (it documents ${documentedStatuses(route).join(', ')})`;
  }
  if (!(documented instanceof z.ZodType)) return undefined;
  const result = documented.safeParse(body);
  if (result.success) return undefined;
  const issues = result.error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`);
  return `${route.method} ${route.path} ${String(status)}: ${issues.join('; ')}`;
}

function routesOf(router: AppRouter): AppRoute[] {
  return Object.values(router).flatMap((entry) => (isAppRoute(entry) ? [entry] : routesOf(entry)));
}

/** Fixed paths first: `/auth/signin` must not be taken by `/auth/:id`. */
function byFixedPathsFirst(a: AppRoute, b: AppRoute): number {
  const params = (route: AppRoute) => (route.path.match(/:/g) ?? []).length;
  return params(a) - params(b);
}

/**
 * One handler per route of `router` (the whole contract, or a part of it), each answering an example of its
 * success response. Pass them to `setupServer(...)` (msw/node) or `setupWorker(...)` (msw/browser).
 */
export function createContractHandlers(router: AppRouter, options: ContractHandlerOptions = {}): HttpHandler[] {
  return routesOf(router)
    .sort(byFixedPathsFirst)
    .map((route) => routeHandler(route, options));
}

/**
 * A test's own answer for one route, typed by the contract: `server.use(answer(contract.auth.signin, () => ({
 * status: 401, body: { statusMessages: ['Invalid credentials'], errors: [] } })))`. The request is still checked
 * against the route's schemas and `Prefer` still applies, as on the API.
 */
export function answer<TRoute extends AppRoute>(
  route: TRoute,
  resolve: (call: RouteCall) => RouteAnswer<TRoute> | Promise<RouteAnswer<TRoute>>,
  options: ContractHandlerOptions = {},
): HttpHandler {
  return routeHandler(route, options, resolve);
}

/** Why `stubHandlers` refused a stub: the same words as the 400 of POST /__control/stubs. */
export class StubRefusedError extends Error {
  constructor(readonly messages: readonly string[]) {
    super(`The stub is refused: ${messages.join('; ')}`);
    this.name = 'StubRefusedError';
  }
}

/** The stub's answer, named in its header as the API names it. */
function stubResponse(stub: ResolvedStub, id: string): Response {
  const { status, body, headers: given = {} } = stub.answer;
  const headers = new Headers(given);
  headers.set(MOCK_STUB_HEADER, id);
  const documented = stub.route.responses[status];
  if (body === undefined || body === null || (documented !== undefined && isAppRouteNoBody(documented))) {
    return new HttpResponse(null, { status, headers });
  }
  if (documented !== undefined && isAppRouteOtherResponse(documented) && typeof body === 'string') {
    if (!headers.has('content-type')) headers.set('Content-Type', documented.contentType);
    return new HttpResponse(body, { status, headers });
  }
  return HttpResponse.json(body as never, { status, headers });
}

function stubHandler(stub: ResolvedStub, id: string, options: ContractHandlerOptions): HttpHandler {
  const { route } = stub;
  const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  // The calls it still answers: this handler's own count (undefined: until the handlers are reset).
  let remaining = stub.times;
  return http[method](`${options.baseUrl ?? '*'}${route.path}`, async ({ request, params }) => {
    if (remaining === 0) return undefined;
    // As on the API, a stub is the test's instruction for this call: `Prefer` (code, example, delay) is not read.
    const read = await readCall(request, params);
    if ('error' in read) return undefined;
    const { call } = read;
    if (!stubMatches(stub.match, call)) return undefined;
    if (options.requireCredentials && !hasCredentials(route, call)) return undefined;
    // A success or redirect never stands in for the 400 that bad input gets.
    if (stub.answer.status < 400 && invalidRequest(route, call)) return undefined;
    if (remaining !== undefined) remaining -= 1;
    if (stub.answer.delayMs) await delay(stub.answer.delayMs);
    return stubResponse(stub, id);
  });
}

/**
 * Handlers for stubs of POST /__control/stubs' shape, for `server.use(...)` before (or instead of) the contract's
 * handlers: each stub is checked against `router` as the API checks it (the route by name or `METHOD /path`, the
 * status, the body against that status's schema) and a refusal throws a {@link StubRefusedError} naming each zod
 * issue. A call the stub does not match (or one whose request fails the route's schemas when the stub answers a
 * success) falls through to the next handler; one it matches gets the stub whatever its `Prefer` says, as on the API. The first stub given is
 * tried first; the answer carries `X-Mock-Stub: msw-<index>`.
 */
export function stubHandlers(
  router: AppRouter,
  definitions: readonly unknown[],
  options: ContractHandlerOptions = {},
): HttpHandler[] {
  return definitions.map((definition, index) => {
    const resolution = resolveStub(router, definition);
    if (!resolution.ok) throw new StubRefusedError(resolution.messages);
    return stubHandler(resolution.stub, `msw-${String(index + 1)}`, options);
  });
}
