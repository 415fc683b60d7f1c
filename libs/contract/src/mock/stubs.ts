import {
  isAppRouteNoBody,
  isAppRouteOtherResponse,
  type AppRoute,
  type AppRouteResponse,
  type AppRouter,
} from '@ts-rest/core';
import { z } from 'zod';
import { errorEnvelopeSchema } from '../common/error.schema';
import { contractRoutes, type ContractRoute } from '../common/routes';
import {
  STUB_BODY_LIMIT,
  stubDefinitionSchema,
  type StubAnswer,
  type StubDefinition,
  type StubMatch,
} from '../control/stubs.schema';
import { documentedStatuses } from './scenario';

/**
 * A stub checked against the contract, decided in one place for the API's POST /__control/stubs and the MSW
 * entry's `stubHandlers`, so both take and refuse the same stubs with the same words.
 */
export interface ResolvedStub {
  /** The route's name in the contract (`admin.getAllVendors`). */
  name: string;
  route: AppRoute;
  /** The match, with the path parameters of a concrete path (`GET /coupons/42`) added. */
  match: StubMatch;
  answer: StubAnswer;
  times: number | undefined;
}

export type StubResolution = { ok: true; stub: ResolvedStub } | { ok: false; messages: string[] };

const METHOD_AND_PATH = /^([A-Za-z]+)\s+(\/\S*)$/;
/** How many route names a refusal lists. */
const NAMES_LISTED = 12;

function listed(names: readonly string[]): string {
  const shown = names.slice(0, NAMES_LISTED).join(', ');
  return names.length > NAMES_LISTED ? `${shown} and ${String(names.length - NAMES_LISTED)} more` : shown;
}

function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, '(?<$1>[^/]+)');
  return new RegExp(`^${escaped}$`);
}

/** The route a stub names, with the path parameters a concrete path gives; or why there is none. */
function findStubRoute(
  routes: readonly ContractRoute[],
  name: string,
): { route: ContractRoute; params: Record<string, string> } | { message: string } {
  const byMethod = METHOD_AND_PATH.exec(name);
  if (byMethod) {
    const method = (byMethod[1] ?? '').toUpperCase();
    const path = byMethod[2] ?? '';
    const same = routes.filter((route) => route.method === method);
    const exact = same.find((route) => route.path === path);
    if (exact) return { route: exact, params: {} };
    // Fixed paths first, as the API routes: `/auth/signin` is not `/auth/:id`.
    const byParams = (route: ContractRoute) => (route.path.match(/:/g) ?? []).length;
    for (const route of [...same].sort((a, b) => byParams(a) - byParams(b))) {
      const found = pathPattern(route.path).exec(path);
      if (found) {
        const params = Object.fromEntries(
          Object.entries(found.groups ?? {}).map(([key, value]) => [key, decodeURIComponent(value)]),
        );
        return { route, params };
      }
    }
    const prefix = `/${path.split('/')[1] ?? ''}`;
    const near = same.filter((route) => route.path.startsWith(prefix)).map((route) => `${method} ${route.path}`);
    return {
      message: `route: ${method} ${path} is no route of the contract${near.length > 0 ? `; ${method} routes under ${prefix}: ${listed(near)}` : ''}.`,
    };
  }
  const found = routes.find((route) => route.key === name);
  if (found) return { route: found, params: {} };
  const [domain] = name.split('.');
  const inDomain = routes.filter((route) => route.key.startsWith(`${domain ?? ''}.`)).map((route) => route.key);
  const domains = [...new Set(routes.map((route) => route.key.split('.')[0] ?? ''))];
  return {
    message:
      inDomain.length > 0
        ? `route: ${name} is no route of the contract; routes of ${domain ?? ''}: ${listed(inDomain)}.`
        : `route: ${name} is no route of the contract; name it as the contract nests it (a domain of ${domains.join(', ')}, then the route, e.g. ${routes[0]?.key ?? ''}) or give METHOD /path.`,
  };
}

/** What `status` of `route` must carry: the route's schema, the common error envelope, or a refusal. */
function answerSchema(route: AppRoute, status: number): { schema: AppRouteResponse } | { message: string } {
  const documented = route.responses[status];
  if (documented !== undefined) return { schema: documented };
  // The API answers errors it does not declare per route (405, 408, 431) in the one envelope; a stub may too.
  if (status >= 400) return { schema: errorEnvelopeSchema };
  return {
    message: `answer.status: ${route.method} ${route.path} does not document ${String(status)}; it documents ${documentedStatuses(route).join(', ')}.`,
  };
}

function issuesOf(error: z.ZodError, prefix: string): string[] {
  return error.issues.map((issue) => `${[prefix, ...issue.path].join('.')}: ${issue.message}`);
}

type BodyCheck = { ok: true; body: unknown } | { ok: false; messages: string[] };

/**
 * The answer's body as the API would send it (keys its schema does not declare dropped, as the API's response
 * validation drops them), or why the route does not document it for its status.
 */
function checkBody(schema: AppRouteResponse, body: unknown): BodyCheck {
  if (isAppRouteNoBody(schema)) {
    return body === undefined || body === null
      ? { ok: true, body: undefined }
      : { ok: false, messages: ['answer.body: this answer has no body; leave body out'] };
  }
  if (isAppRouteOtherResponse(schema)) {
    if (typeof body !== 'string')
      return { ok: false, messages: [`answer.body: a ${schema.contentType} answer is text`] };
    return schema.body instanceof z.ZodType ? parsedBody(schema.body, body) : { ok: true, body };
  }
  return schema instanceof z.ZodType ? parsedBody(schema, body) : { ok: true, body };
}

function parsedBody(schema: z.ZodType, body: unknown): BodyCheck {
  const result = schema.safeParse(body);
  return result.success
    ? { ok: true, body: result.data as unknown }
    : { ok: false, messages: issuesOf(result.error, 'answer.body') };
}

/**
 * Checks a stub against `router` (the whole contract): the definition's own schema, the route it names (an unknown
 * one is refused with the known names), the path parameters it matches, the status (documented by the route, or an
 * error status in the common envelope) and the body against that status's schema. A refusal says every problem as
 * `where: zod's message`, so a stub never teaches a client a shape the API does not send. The resolved answer's body
 * is the schema's output: keys it does not declare are dropped, as the API's response validation drops them.
 */
export function resolveStub(router: AppRouter, definition: unknown): StubResolution {
  const parsed = stubDefinitionSchema.safeParse(definition);
  if (!parsed.success)
    return { ok: false, messages: issuesOf(parsed.error, '').map((text) => text.replace(/^\./, '')) };
  const stub: StubDefinition = parsed.data;
  const found = findStubRoute(contractRoutes(router), stub.route);
  if ('message' in found) return { ok: false, messages: [found.message] };
  const { route } = found.route;
  const messages: string[] = [];
  const params = { ...found.params, ...stub.match?.params };
  const declared = [...route.path.matchAll(/:(\w+)/g)].map((part) => part[1]);
  for (const name of Object.keys(params)) {
    if (!declared.includes(name)) {
      messages.push(
        `match.params.${name}: ${route.path} has ${declared.length > 0 ? `the path parameters ${declared.join(', ')}` : 'no path parameters'}`,
      );
    }
  }
  if (stub.match?.body !== undefined && (route.method === 'GET' || route.method === 'DELETE')) {
    messages.push(`match.body: ${route.method} ${route.path} takes no body`);
  }
  const bodyText = stub.answer.body === undefined ? '' : JSON.stringify(stub.answer.body);
  if (bodyText.length > STUB_BODY_LIMIT) {
    messages.push(
      `answer.body: ${String(bodyText.length)} characters of JSON, over the limit of ${String(STUB_BODY_LIMIT)}`,
    );
  }
  const schema = answerSchema(route, stub.answer.status);
  if ('message' in schema) messages.push(schema.message);
  const checked = 'schema' in schema && messages.length === 0 ? checkBody(schema.schema, stub.answer.body) : undefined;
  if (checked && !checked.ok) messages.push(...checked.messages);
  if (messages.length > 0 || !checked?.ok) return { ok: false, messages };
  const answer: StubAnswer = { ...stub.answer };
  if (checked.body === undefined) delete answer.body;
  else answer.body = checked.body;
  const match: StubMatch = {
    ...stub.match,
    ...(Object.keys(params).length > 0 ? { params } : {}),
  };
  return { ok: true, stub: { name: found.route.key, route, match, answer, times: stub.times } };
}

/** One call as a stub's match sees it: path parameters and query as sent, the parsed JSON body. */
export interface StubCall {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

/**
 * True when `sent` holds `wanted` at every depth: an object every key of which `sent` has, each holding the wanted
 * value in turn (keys not given are not compared); an array of the same length whose items each hold the wanted item
 * at the same place (order counts, nothing extra); any other value equal (`===`: `1` is not `"1"`).
 */
function holdsSubset(wanted: unknown, sent: unknown): boolean {
  if (wanted === null || typeof wanted !== 'object') return wanted === sent;
  if (sent === null || typeof sent !== 'object' || Array.isArray(wanted) !== Array.isArray(sent)) return false;
  if (Array.isArray(wanted) && Array.isArray(sent)) {
    return wanted.length === sent.length && wanted.every((item, index) => holdsSubset(item, sent[index]));
  }
  const fields = sent as Record<string, unknown>;
  return Object.entries(wanted).every(
    ([name, value]) => Object.hasOwn(fields, name) && holdsSubset(value, fields[name]),
  );
}

/**
 * True when every key the match gives equals the call's: params and query as text as sent, the body a subset of the
 * call's at every depth ({@link holdsSubset}); an empty body match takes any call, one with no body too.
 */
export function stubMatches(match: StubMatch, call: StubCall): boolean {
  for (const [name, value] of Object.entries(match.params ?? {})) {
    const sent = call.params[name];
    if ((typeof sent === 'number' ? String(sent) : sent) !== value) return false;
  }
  for (const [name, value] of Object.entries(match.query ?? {})) {
    if (!holdsSubset(value, call.query[name])) return false;
  }
  const { body } = match;
  return body === undefined || Object.keys(body).length === 0 || holdsSubset(body, call.body);
}
