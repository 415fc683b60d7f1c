import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { isZodType, type AppRoute } from '@ts-rest/core';
import { contract, contractRoutes, routeAccessOf, type ContractRoute } from '@publisher/contract';
import { checkAnswer, checkBody, successStatusOf, type Difference } from './check';
import { call, type HttpAnswer, type HttpRequest } from './http';
import { ROUTE_OVERRIDES, type RouteRequest } from './overrides';
import { requiredFields, sample, type FieldHints } from './sample';
import {
  DEMO_ADMIN,
  DEMO_VENDOR,
  SessionError,
  sessionFromToken,
  signIn,
  type Credentials,
  type Session,
} from './session';

export type Verdict = 'PASS' | 'DRIFT' | 'UNREACHABLE';

export interface RouteResult {
  key: string;
  method: string;
  path: string;
  verdict: Verdict;
  /** The first difference from the contract (DRIFT) or why the server could not be reached (UNREACHABLE). */
  detail: string;
  /** Calls made for this route (the valid request and the invalid ones). */
  calls: number;
}

export interface VerifyOptions {
  baseUrl: string;
  /** The main caller (admin routes run as it): a token, or credentials; default the README's demo admin. */
  token?: string | undefined;
  credentials?: Credentials | undefined;
  /** A regular vendor for the vendor-only routes; default the README's demo vendor, or the main caller. */
  vendorCredentials?: Credentials | undefined;
  /** The extension revenue service account (the API's EXTENSION_SERVICE_* settings); default development's. */
  extensionService?: ExtensionService | undefined;
  /** Only the routes whose key or path contains one of these (all when empty). */
  only?: readonly string[] | undefined;
}

export interface ExtensionService {
  email: string;
  password: string;
  account: string;
}

/** The API's development defaults of EXTENSION_SERVICE_EMAIL, EXTENSION_SERVICE_PASSWORD and EXTENSION_ACCOUNT. */
export const DEVELOPMENT_EXTENSION_SERVICE: ExtensionService = {
  email: 'extension-service@publisher.test',
  password: 'extension-service-development-password',
  account: '1001',
};

/** The password of the vendors the verifier signs up. */
const THROWAWAY_PASSWORD = 'Verify#2026-pass';

/** What an override may use: the callers, helper calls, and values unique to this run. */
export interface VerifyContext {
  baseUrl: string;
  admin(): Promise<Session>;
  vendor(): Promise<Session>;
  /** A vendor the verifier signed up itself (one per label), for the calls that change an account. */
  throwaway(label?: string): Promise<Session>;
  /** The password of those vendors. */
  password: string;
  /** A helper call that must succeed (2xx); answers the parsed JSON body. */
  json(request: HttpRequest): Promise<unknown>;
  /** A helper call as it answers. */
  raw(request: HttpRequest): Promise<HttpAnswer>;
  extensionService: ExtensionService;
  /** A valid body for a route, generated from its schema as the verifier does for the route itself. */
  sampleBody(route: AppRoute, session: Session | undefined): Record<string, unknown>;
  /** A string unique to this run, for names the verifier creates. */
  unique(prefix: string): string;
  /** A seeded day range: the last week up to yesterday (UTC). */
  dates: { startDate: string; endDate: string };
}

const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

function seededRange(now: Date): { startDate: string; endDate: string } {
  const day = 24 * 60 * 60 * 1000;
  return { startDate: isoDay(new Date(now.getTime() - 7 * day)), endDate: isoDay(new Date(now.getTime() - day)) };
}

/** Field values that come from the caller and the seed; the sample generator tries them first. */
function hintsFor(session: Session | undefined, context: VerifyContext): FieldHints {
  const vendorId = session?.user.vendorId;
  const { startDate, endDate } = context.dates;
  return {
    startDate: [startDate],
    endDate: [endDate],
    start_date: [startDate],
    end_date: [endDate],
    date: [endDate],
    vendorId: vendorId === undefined ? [] : [vendorId, String(vendorId)],
    campaign_id: vendorId === undefined ? [] : [String(vendorId), vendorId],
    apiKey: session ? [session.user.apiKey] : [],
    email: [`${context.unique('verify')}@publisher.test`],
    password: [THROWAWAY_PASSWORD],
    conformPassword: [THROWAWAY_PASSWORD],
    country: ['us'],
    account: [context.extensionService.account],
    fullName: ['Verify Bot'],
    pageNo: ['1', 1],
    page: ['0', 0],
    pageSize: ['10', 10],
    limit: ['10', 10],
  };
}

function createContext(options: VerifyOptions): VerifyContext {
  const memo = <T>(make: () => Promise<T>): (() => Promise<T>) => {
    let promise: Promise<T> | undefined;
    return () => (promise ??= make());
  };
  const runId = randomBytes(4).toString('hex');
  let counter = 0;
  const admin = memo(async () =>
    options.token !== undefined
      ? sessionFromToken(options.baseUrl, options.token)
      : signIn(options.baseUrl, options.credentials ?? DEMO_ADMIN),
  );
  const vendor = memo(async () => {
    if (options.vendorCredentials) return signIn(options.baseUrl, options.vendorCredentials);
    // The README's demo vendor where the server has it (some routes refuse the admin), else the main caller.
    try {
      return await signIn(options.baseUrl, DEMO_VENDOR);
    } catch (error) {
      if (error instanceof SessionError) return admin();
      throw error;
    }
  });
  const throwaways = new Map<string, Promise<Session>>();
  const signUp = async (): Promise<Session> => {
    const body = {
      fullName: 'Verify Bot',
      email: `${context.unique('verify')}@publisher.test`,
      password: THROWAWAY_PASSWORD,
      conformPassword: THROWAWAY_PASSWORD,
    };
    const answer = await call(options.baseUrl, { method: 'POST', path: contract.auth.signup.path, body });
    if (answer.status >= 300) throw new SessionError(`signing up a throw-away vendor failed: ${answer.text}`);
    return signIn(options.baseUrl, { email: body.email, password: THROWAWAY_PASSWORD });
  };
  const context: VerifyContext = {
    baseUrl: options.baseUrl,
    admin,
    vendor,
    password: THROWAWAY_PASSWORD,
    extensionService: options.extensionService ?? DEVELOPMENT_EXTENSION_SERVICE,
    raw: (request) => call(options.baseUrl, request),
    throwaway: (label = 'default') => {
      let account = throwaways.get(label);
      if (!account) {
        account = signUp();
        throwaways.set(label, account);
      }
      return account;
    },
    async json(request) {
      const answer = await call(options.baseUrl, request);
      if (answer.status >= 300) {
        throw new HelperCallError(`${request.method} ${request.path} answered ${answer.status}: ${answer.text}`);
      }
      return JSON.parse(answer.text) as unknown;
    },
    sampleBody: (route, session) => {
      const value = sample(
        (route as { body?: z.ZodTypeAny }).body ?? z.object({}),
        undefined,
        hintsFor(session, context),
      );
      return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
    },
    unique: (prefix) => `${prefix}-${runId}-${++counter}`,
    dates: seededRange(new Date()),
  };
  return context;
}

/** A helper call an override needs failed: the route cannot be checked, which counts as drift. */
export class HelperCallError extends Error {}

/** Builds the valid request for a route from its zod schemas, then applies the route's override. */
async function buildRequest(entry: ContractRoute, context: VerifyContext): Promise<RouteRequest> {
  const { route } = entry;
  const access = routeAccessOf(route);
  const override = ROUTE_OVERRIDES[entry.key];
  const as = override?.as ?? (access === 'public' ? 'none' : access === 'admin' ? 'admin' : 'vendor');
  const session = as === 'none' ? undefined : await context[as]();
  const hints = hintsFor(session, context);
  const generated = (candidate: unknown, what: string): unknown => {
    const schema = zodSchema(candidate);
    if (!schema) return undefined;
    const value = sample(schema, undefined, hints);
    // A route with an override may get what the schemas cannot give from it.
    if (value === undefined && !override?.build && !schema.safeParse(undefined).success) {
      throw new HelperCallError(`cannot build a valid ${what} from the schema; add an override`);
    }
    return value;
  };
  const request: RouteRequest = {
    session,
    params: generated(route.pathParams, 'path') as Record<string, string> | undefined,
    query: generated(route.query, 'query') as Record<string, unknown> | undefined,
    body: route.method === 'GET' ? undefined : generated((route as { body?: unknown }).body, 'body'),
    expectStatus: successStatusOf(route),
  };
  return override?.build ? override.build(request, context) : request;
}

const zodSchema = (value: unknown): z.ZodTypeAny | undefined => (isZodType(value) ? value : undefined);

/** A copy of an object without one field. */
const without = (value: Readonly<Record<string, unknown>>, field: string): Record<string, unknown> =>
  Object.fromEntries(Object.entries(value).filter(([name]) => name !== field));

function pathWith(path: string, params: Readonly<Record<string, string>> | undefined): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params?.[name] ?? `missing-${name}`));
}

/**
 * The invalid requests of a route: the valid one without each of its first required body field and first
 * required query field. Each should answer 400 with the error envelope.
 */
function invalidRequests(entry: ContractRoute, valid: RouteRequest): { what: string; request: RouteRequest }[] {
  const requests: { what: string; request: RouteRequest }[] = [];
  const body = zodSchema((entry.route as { body?: unknown }).body);
  if (entry.route.method !== 'GET' && body && typeof valid.body === 'object' && valid.body !== null) {
    const field = requiredFields(body)[0];
    if (field !== undefined) {
      const rest = without(valid.body as Record<string, unknown>, field);
      requests.push({ what: `body without ${field}`, request: { ...valid, body: rest } });
    }
  }
  const query = zodSchema(entry.route.query);
  if (query && valid.query) {
    const field = requiredFields(query)[0];
    if (field !== undefined) {
      requests.push({ what: `query without ${field}`, request: { ...valid, query: without(valid.query, field) } });
    }
  }
  return requests;
}

const send = (context: VerifyContext, entry: ContractRoute, request: RouteRequest): Promise<HttpAnswer> =>
  call(context.baseUrl, {
    method: entry.method,
    path: pathWith(entry.path, request.params),
    query: request.query,
    body: request.body,
    rawBody: request.rawBody,
    token: request.token ?? request.session?.token,
  });

/** A network failure (refused, reset, timed out) rather than an answer. */
const isUnreachable = (error: unknown): boolean =>
  error instanceof TypeError ||
  (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'));

async function verifyRoute(entry: ContractRoute, context: VerifyContext): Promise<RouteResult> {
  const result = (verdict: Verdict, detail: string, calls: number): RouteResult => ({
    key: entry.key,
    method: entry.method,
    path: entry.path,
    verdict,
    detail,
    calls,
  });
  let calls = 0;
  try {
    if (routeAccessOf(entry.route) === 'admin') {
      const admin = await context.admin();
      if (admin.user.role !== 'admin') {
        // Only an admin can succeed here: check the refusal is the documented 403 envelope, and say so.
        calls += 1;
        const refused = await send(context, entry, { session: admin, expectStatus: 403 });
        const difference = checkAnswer(entry.route, refused, 403);
        return difference ? result('DRIFT', difference, calls) : result('PASS', 'checked as a non-admin: 403', calls);
      }
    }
    const valid = await buildRequest(entry, context);
    // The invalid requests go first: the valid one may end what they need (a password change ends the session).
    for (const { what, request } of invalidRequests(entry, valid)) {
      calls += 1;
      const refused = await send(context, entry, request);
      if (refused.status !== 400) return result('DRIFT', `${what}: expected 400, got ${refused.status}`, calls);
      const envelope = checkBody(entry.route, refused);
      if (envelope) return result('DRIFT', `${what}: ${envelope}`, calls);
    }
    calls += 1;
    const answer = await send(context, entry, valid);
    const difference: Difference = checkAnswer(entry.route, answer, valid.expectStatus);
    if (difference) return result('DRIFT', difference, calls);
    await valid.cleanUp?.(answer);
    return result('PASS', '', calls);
  } catch (error) {
    if (isUnreachable(error)) {
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
      return result('UNREACHABLE', `${error instanceof Error ? error.message : String(error)}${cause}`, calls);
    }
    if (error instanceof SessionError || error instanceof HelperCallError) {
      return result('DRIFT', error.message, calls);
    }
    throw error;
  }
}

/** Walks every route of the contract against the server, one after another, in the contract's order. */
export async function verify(options: VerifyOptions): Promise<RouteResult[]> {
  const context = createContext(options);
  const only = options.only ?? [];
  const routes = contractRoutes(contract).filter(
    (entry) => only.length === 0 || only.some((part) => entry.key.includes(part) || entry.path.includes(part)),
  );
  const results: RouteResult[] = [];
  for (const entry of routes) results.push(await verifyRoute(entry, context));
  return results;
}
