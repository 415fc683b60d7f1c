import {
  PREFER_HEADER,
  preferHeader,
  MOCK_CONTROL_TOKEN_HEADER,
  MOCK_SESSION_HEADER,
  SECOND_BRAND_QUERY_FLAG,
  SECOND_BRAND_QUERY_VALUE,
  SESSION_ENDED_MESSAGES,
  type RouteMetadata,
} from '@publisher/contract';
import { tsRestFetchApi, type ApiFetcher, type ApiFetcherArgs, type AppRouter } from '@ts-rest/core';
import { initTsrReactQuery } from '@ts-rest/react-query/v5';
import { env } from '../config/env';
import { paths, SESSION_ENDED_QUERY } from '../config/paths';
import { isCurrentHostAIBrand, isCurrentHostSecondBrand } from './brand';
import { clearStorage, readToken } from './session-storage';
import { readUser } from './stored-session';

/** Query flag of the second brand (part 1 §7: "a flag query is added under the second-brand host"). */
export const AI_BRAND_QUERY_FLAG = 'isPublisherAI';

export interface ApiFetcherDeps {
  getToken: () => string | null;
  /** The signed-in user's apiKey, added to POST/PUT bodies (part 1 §7). */
  getApiKey: () => string | null;
  isAIHost: () => boolean;
  /** The page is served from a second-brand host (part 1 §1 and §7): every call carries the brand's query flag. */
  isSecondBrandHost?: () => boolean;
  /** Called when the API says the session is gone ("Unauthenticated." / "User Not Found."). */
  onSessionEnded: () => void;
  /** The transport; tests may replace it, the app uses ts-rest's fetch implementation. */
  send?: ApiFetcher;
  /** A `Prefer` value for calls that do not set their own (the dev panel's "every call" setting). */
  getDefaultPrefer?: () => string | null;
  /** The isolated mock session to send every call to (X-Mock-Session; the dev panel's "Session"). */
  getMockSession?: () => string | null;
  /**
   * The mock controls' token (X-Mock-Control-Token; the dev panel's "Control token"), sent with the session's
   * calls: an API started with MOCK_CONTROL_TOKEN makes a new session only for a call that carries it.
   */
  getControlToken?: () => string | null;
  /** Told about every answered call (the dev panel's request list). */
  onResponse?: (call: RecordedCall) => void;
}

/** One answered call, as the dev panel lists it. */
export interface RecordedCall {
  method: string;
  /** Path and query, without the API's base URL. */
  path: string;
  status: number;
  ms: number;
  /** The `Prefer` header the call was sent with, if any. */
  prefer: string | null;
}

/**
 * Headers that ask the API (development and test builds only; production ignores them) for a scenario instead
 * of the real answer, for a hook's `extraHeaders`: `{ extraHeaders: withPrefer({ code: 503, delay: 500 }) }`.
 */
export function withPrefer(preference: Parameters<typeof preferHeader>[0]): Record<string, string> {
  return { [PREFER_HEADER.toLowerCase()]: preferHeader(preference) };
}

function headerValue(headers: Record<string, string>, name: string): string | null {
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  return key === undefined ? null : (headers[key] ?? null);
}

function withDefaultPrefer(headers: Record<string, string>, prefer: string | null): Record<string, string> {
  if (!prefer || headerValue(headers, PREFER_HEADER) !== null) return headers;
  return { ...headers, prefer };
}

const BODY_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT']);
const sessionEndedMessages: readonly string[] = SESSION_ENDED_MESSAGES;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

function isPublicRoute(args: ApiFetcherArgs): boolean {
  const metadata = args.route.metadata as Partial<RouteMetadata> | undefined;
  return metadata?.access === 'public';
}

export function withQueryFlag(path: string, name: string, value: string): string {
  const [beforeHash = '', hash] = path.split('#', 2);
  if (new RegExp(`[?&]${name}=`).test(beforeHash)) return path;
  const separator = beforeHash.includes('?') ? '&' : '?';
  return `${beforeHash}${separator}${name}=${encodeURIComponent(value)}${hash === undefined ? '' : `#${hash}`}`;
}

/**
 * Adds the apiKey to JSON bodies of authenticated POST/PUT calls. Sign-in and sign-up are public routes and
 * happen before there is a user, so they never carry one; an explicit apiKey in the body wins.
 */
function withApiKey(args: ApiFetcherArgs, apiKey: string | null): Pick<ApiFetcherArgs, 'body' | 'rawBody'> {
  const unchanged = { body: args.body, rawBody: args.rawBody };
  if (!apiKey || !BODY_METHODS.has(args.method.toUpperCase()) || isPublicRoute(args)) return unchanged;
  if (args.contentType !== 'application/json' || !isPlainObject(args.rawBody) || 'apiKey' in args.rawBody) {
    return unchanged;
  }
  const rawBody = { ...args.rawBody, apiKey };
  return { body: JSON.stringify(rawBody), rawBody };
}

function isSessionEnded(body: unknown): boolean {
  if (!isPlainObject(body)) return false;
  const messages = body['statusMessages'];
  return Array.isArray(messages) && typeof messages[0] === 'string' && sessionEndedMessages.includes(messages[0]);
}

function withBrandFlags(path: string, deps: ApiFetcherDeps): string {
  const withAI = deps.isAIHost() ? withQueryFlag(path, AI_BRAND_QUERY_FLAG, 'true') : path;
  return deps.isSecondBrandHost?.() ? withQueryFlag(withAI, SECOND_BRAND_QUERY_FLAG, SECOND_BRAND_QUERY_VALUE) : withAI;
}

/** The one place that decorates every call: token, apiKey, brand flag, and the end-of-session rule. */
export function createApiFetcher(deps: ApiFetcherDeps): ApiFetcher {
  const send = deps.send ?? tsRestFetchApi;
  return async (args) => {
    const token = deps.getToken();
    const session = deps.getMockSession?.() ?? null;
    const controlToken = session ? (deps.getControlToken?.() ?? null) : null;
    const headers = withDefaultPrefer(
      {
        ...args.headers,
        ...(token ? { authorization: token } : {}),
        ...(session ? { [MOCK_SESSION_HEADER.toLowerCase()]: session } : {}),
        ...(controlToken ? { [MOCK_CONTROL_TOKEN_HEADER.toLowerCase()]: controlToken } : {}),
      },
      deps.getDefaultPrefer?.() ?? null,
    );
    const started = performance.now();
    const response = await send({
      ...args,
      ...withApiKey(args, deps.getApiKey()),
      headers,
      path: withBrandFlags(args.path, deps),
    });
    deps.onResponse?.({
      method: args.method.toUpperCase(),
      path: args.path.startsWith(env.apiUrl) ? args.path.slice(env.apiUrl.length) : args.path,
      status: response.status,
      ms: Math.round(performance.now() - started),
      prefer: headerValue(headers, PREFER_HEADER),
    });
    if (isSessionEnded(response.body)) deps.onSessionEnded();
    return response;
  };
}

/**
 * Part 1 §8: clear local storage and send the browser to /signin. A full load also resets every cache. The query
 * lets the sign-in page say why the user is there (SESSION_ENDED_QUERY).
 */
function endSession(): void {
  clearStorage();
  window.location.assign(`${paths.signin}?${SESSION_ENDED_QUERY}`);
}

/**
 * Hooks of development tools (the dev panel, loaded only in development builds): a default `Prefer` for every
 * call and listeners of answered calls. Nothing sets them in a production build.
 */
export const apiDevHooks: {
  defaultPrefer: string | null;
  mockSession: string | null;
  controlToken: string | null;
  listeners: Set<(call: RecordedCall) => void>;
} = {
  defaultPrefer: null,
  mockSession: null,
  controlToken: null,
  listeners: new Set(),
};

export const apiFetcher = createApiFetcher({
  getToken: readToken,
  getApiKey: () => readUser()?.apiKey ?? null,
  isAIHost: isCurrentHostAIBrand,
  isSecondBrandHost: isCurrentHostSecondBrand,
  onSessionEnded: endSession,
  getDefaultPrefer: () => apiDevHooks.defaultPrefer,
  getMockSession: () => apiDevHooks.mockSession,
  getControlToken: () => apiDevHooks.controlToken,
  onResponse: (call) => {
    for (const listener of apiDevHooks.listeners) listener(call);
  },
});

/**
 * A typed client of one domain router of the contract (lib/api-clients), all sharing one fetcher. One client per
 * domain, not one of the whole contract, so a screen's chunk carries only the routes and schemas it calls: the
 * sign-in page loads the auth routes alone. Only the hooks in features/<domain>/api use them.
 */
export function createContractClient<TRouter extends AppRouter>(router: TRouter) {
  return initTsrReactQuery(router, { baseUrl: env.apiUrl, baseHeaders: {}, api: apiFetcher });
}
