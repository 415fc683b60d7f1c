import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { isZodType, type AppRoute } from '@ts-rest/core';
import {
  addDays,
  contract,
  contractRoutes,
  routeAccessOf,
  todayUtc,
  type ContractRoute,
  type DateRange,
} from '@publisher/contract';
import { formatIssue, inspectAnswer, inspectBody, successStatusOf, type Finding, type Issue } from './check';
import { changesNothing, Ledger, routeOfCall } from './effects';
import { call, queryString, type HttpAnswer, type HttpRequest } from './http';
import { ROUTE_OVERRIDES, type RouteRequest } from './overrides';
import { startReadOnlyRecording, type ReadOnlyEffects } from './read-only';
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

/**
 * PASS, DRIFT (the answer differs from the contract), UNREACHABLE (no answer), SKIPPED (not called: read-only,
 * or a caller it needs could not be set up) and ERROR (a caller could not be set up: one result per cause).
 */
export type Verdict = 'PASS' | 'DRIFT' | 'UNREACHABLE' | 'SKIPPED' | 'ERROR';

/**
 * What a result checks: the route against the contract, its refusal without a token, its refusal of another
 * vendor's data, or the set-up of a caller (sign-in).
 */
export type CheckKind = 'contract' | 'no-token' | 'other-vendor' | 'setup';

/** A call as a report shows it: passwords, tokens and keys redacted. */
export interface Exchange {
  request: { method: string; url: string; body?: string | undefined };
  response: { status: number; excerpt: string };
}

export interface RouteResult {
  key: string;
  method: string;
  path: string;
  check: CheckKind;
  verdict: Verdict;
  /** The first difference (DRIFT, ERROR), why the server could not be reached, or why it was skipped. */
  detail: string;
  /** Every difference from the contract (path, expected, received). */
  differences: Issue[];
  /** Keys the answer carries and the contract does not declare: reported, not failed. */
  warnings: Issue[];
  /** Calls made for this result (the valid request and the invalid ones). */
  calls: number;
  durationMs: number;
  /** The last call made for this result, when there was one. */
  exchange?: Exchange | undefined;
}

/** A run: each result, and what it changed on the server and did not undo. */
export interface VerifyReport {
  results: RouteResult[];
  /** The results not called (read-only, or a caller that could not be set up). */
  skipped: number;
  /** What the run created or changed and did not delete (no delete route, or a change of its own vendors). */
  leftBehind: string[];
  /** How many created records it deleted again. */
  deleted: number;
  /** Read-only: the calls it made and what the target recorded of them (see read-only.ts). */
  readOnly?: ReadOnlyEffects | undefined;
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
  /** Call only the routes that change nothing (see effects.ts); the rest are skipped. */
  readOnly?: boolean | undefined;
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
  readOnly: boolean;
  /** Every call of the run: refused before it is sent when read-only and it writes; noted in the ledger. */
  http(request: HttpRequest): Promise<HttpAnswer>;
  /** The last call made, for the report of the result that made it. */
  lastExchange: Exchange | undefined;
  /** Headers every call carries (a read-only run's mock session). */
  headers: Record<string, string>;
  /** Calls made of the contract's routes, and how many were sign-ins. */
  made: { calls: number; signIns: number };
  ledger: Ledger;
  /** Credentials that may sign in without signing anyone up (read-only runs check sign-in with them). */
  knownCredentials: Credentials | undefined;
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

function seededRange(now: Date): DateRange {
  const today = todayUtc(now);
  return { startDate: addDays(today, -7), endDate: addDays(today, -1) };
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
  const readOnly = options.readOnly ?? false;
  const ledger = new Ledger();
  const http = async (request: HttpRequest): Promise<HttpAnswer> => {
    const entry = routeOfCall(request.method, request.path);
    if (readOnly && (entry ? !changesNothing(entry) : request.method !== 'GET')) {
      throw new ReadOnlySkip(`read-only: ${entry?.key ?? `${request.method} ${request.path}`} changes data`);
    }
    const answer = await call(options.baseUrl, { ...request, headers: { ...context.headers, ...request.headers } });
    context.made.calls += 1;
    if (entry?.key === 'auth.signin') context.made.signIns += 1;
    context.lastExchange = exchangeOf(options.baseUrl, request, answer);
    if (entry && answer.status < 400) ledger.note(entry, request.path, request.body, answer.text);
    return answer;
  };
  const admin = memo(async () =>
    options.token !== undefined
      ? sessionFromToken(options.baseUrl, options.token, http)
      : signIn(options.baseUrl, options.credentials ?? DEMO_ADMIN, http),
  );
  const vendor = memo(async () => {
    if (options.vendorCredentials) return signIn(options.baseUrl, options.vendorCredentials, http);
    // The README's demo vendor where the server has it (some routes refuse the admin), else the main caller.
    try {
      return await signIn(options.baseUrl, DEMO_VENDOR, http);
    } catch (error) {
      if (error instanceof SessionError) return admin();
      throw error;
    }
  });
  const throwaways = new Map<string, Promise<Session>>();
  const signUp = async (): Promise<Session> => {
    // The main caller first: when sign-in itself is broken, that is the one cause to report (and the admin
    // deletes what these vendors add).
    await admin();
    const body = {
      fullName: 'Verify Bot',
      email: `${context.unique('verify')}@publisher.test`,
      password: THROWAWAY_PASSWORD,
      conformPassword: THROWAWAY_PASSWORD,
    };
    const answer = await http({ method: 'POST', path: contract.auth.signup.path, body });
    if (answer.status >= 300) {
      throw new SessionError('signing up a throw-away vendor', [
        { path: 'status', expected: '201', received: `${answer.status} ${answer.text.slice(0, 200)}` },
      ]);
    }
    return signIn(options.baseUrl, { email: body.email, password: THROWAWAY_PASSWORD }, http);
  };
  const context: VerifyContext = {
    baseUrl: options.baseUrl,
    readOnly,
    http,
    lastExchange: undefined,
    headers: {},
    made: { calls: 0, signIns: 0 },
    ledger,
    knownCredentials:
      options.vendorCredentials ?? options.credentials ?? (options.token === undefined ? DEMO_VENDOR : undefined),
    admin,
    vendor,
    password: THROWAWAY_PASSWORD,
    extensionService: options.extensionService ?? DEVELOPMENT_EXTENSION_SERVICE,
    raw: http,
    throwaway: (label = 'default') => {
      let account = throwaways.get(label);
      if (!account) {
        account = signUp();
        throwaways.set(label, account);
      }
      return account;
    },
    async json(request) {
      const answer = await http(request);
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

/** A call a read-only run does not make: the result that needs it is skipped. */
export class ReadOnlySkip extends Error {}

const SECRET = /pass(word)?|token|secret|api_?key|authorization|cookie/i;
/** How much of an answer a report shows. */
export const EXCERPT_CHARS = 2048;

/** Whether a field's value is a secret a report must not show (passwords, tokens, keys, cookies). */
export const isSecretKey = (key: string): boolean => SECRET.test(key);

/** A copy with the value of every secret-looking key replaced. */
export function redacted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redacted);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, isSecretKey(key) ? '[redacted]' : redacted(item)]),
  );
}

function exchangeOf(baseUrl: string, request: HttpRequest, answer: HttpAnswer): Exchange {
  const query = redacted(request.query ?? {}) as Record<string, unknown>;
  const body = request.rawBody
    ? `(${request.rawBody.contentType}, ${request.rawBody.data.length} bytes)`
    : request.body === undefined
      ? undefined
      : JSON.stringify(redacted(request.body));
  return {
    request: {
      method: request.method,
      url: `${baseUrl.replace(/\/+$/, '')}${request.path}${queryString(query)}`,
      body,
    },
    response: { status: answer.status, excerpt: answer.text.slice(0, EXCERPT_CHARS) },
  };
}

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
  context.http({
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

/** What one check found, before it becomes a result. */
interface Outcome {
  verdict: Verdict;
  detail?: string;
  finding?: Finding;
}

const finding = (found: Finding, passDetail = ''): Outcome => {
  const first = found.differences[0];
  return first
    ? { verdict: 'DRIFT', detail: formatIssue(first), finding: found }
    : { verdict: 'PASS', detail: passDetail, finding: found };
};

const drift = (path: string, expected: string, received: string): Outcome =>
  finding({ differences: [{ path, expected, received }], warnings: [] });

/** Setup failures of the run, one per cause (the step that failed), in the order they happened. */
type SetupFailures = Map<string, SessionError>;

/**
 * Runs one check and makes its result: times it, keeps its last call, and turns what stopped it into a
 * verdict (a skip for read-only or a failed setup, unreachable for no answer, drift for a failed helper call).
 */
async function runCheck(
  entry: ContractRoute,
  check: CheckKind,
  context: VerifyContext,
  setupFailures: SetupFailures,
  body: (count: () => void) => Promise<Outcome>,
): Promise<RouteResult> {
  let calls = 0;
  const started = performance.now();
  context.lastExchange = undefined;
  let outcome: Outcome;
  try {
    outcome = await body(() => (calls += 1));
  } catch (error) {
    if (error instanceof ReadOnlySkip) outcome = { verdict: 'SKIPPED', detail: error.message };
    else if (error instanceof SessionError) {
      if (!setupFailures.has(error.what)) setupFailures.set(error.what, error);
      outcome = { verdict: 'SKIPPED', detail: `needs ${error.what}, which failed (see setup)` };
    } else if (isUnreachable(error)) {
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
      outcome = { verdict: 'UNREACHABLE', detail: `${error instanceof Error ? error.message : String(error)}${cause}` };
    } else if (error instanceof HelperCallError) {
      outcome = drift('(helper call)', 'a 2xx answer', error.message);
    } else {
      throw error;
    }
  }
  return {
    key: entry.key,
    method: entry.method,
    path: entry.path,
    check,
    verdict: outcome.verdict,
    detail: outcome.detail ?? '',
    differences: outcome.finding?.differences ?? [],
    warnings: outcome.finding?.warnings ?? [],
    calls,
    durationMs: Math.round(performance.now() - started),
    exchange: context.lastExchange,
  };
}

/** The route against the contract: its invalid requests get 400 with the envelope, its valid one succeeds. */
async function checkContract(entry: ContractRoute, context: VerifyContext, counted: () => void): Promise<Outcome> {
  if (context.readOnly && !changesNothing(entry)) {
    throw new ReadOnlySkip('read-only: changes data');
  }
  if (routeAccessOf(entry.route) === 'admin') {
    const admin = await context.admin();
    if (admin.user.role !== 'admin') {
      // Only an admin can succeed here: check the refusal is the documented 403 envelope, and say so.
      counted();
      const refused = await send(context, entry, { session: admin, expectStatus: 403 });
      return finding(inspectAnswer(entry.route, refused, 403), 'checked as a non-admin: 403');
    }
  }
  const valid = await buildRequest(entry, context);
  // The invalid requests go first: the valid one may end what they need (a password change ends the session).
  for (const { what, request } of invalidRequests(entry, valid)) {
    counted();
    const refused = await send(context, entry, request);
    if (refused.status !== 400) return drift(`${what}: status`, '400', String(refused.status));
    const envelope = inspectBody(entry.route, refused);
    if (envelope.differences.length > 0) {
      const differences = envelope.differences.map((issue) => ({ ...issue, path: `${what}: ${issue.path}` }));
      return finding({ differences, warnings: envelope.warnings });
    }
  }
  counted();
  const answer = await send(context, entry, valid);
  const found = inspectAnswer(entry.route, answer, valid.expectStatus);
  if (found.differences.length === 0) await valid.cleanUp?.(answer);
  return finding(found);
}

/** A request built from the schemas alone (no override, no helper call), as `session` would send it. */
function generatedRequest(entry: ContractRoute, context: VerifyContext, session: Session | undefined): RouteRequest {
  const hints = hintsFor(session, context);
  const value = (candidate: unknown): unknown => {
    const schema = zodSchema(candidate);
    return schema ? sample(schema, undefined, hints) : undefined;
  };
  const params = value(entry.route.pathParams) as Record<string, string> | undefined;
  return {
    session,
    params: params ?? Object.fromEntries([...entry.path.matchAll(/:(\w+)/g)].map(([, name]) => [name ?? '', 'verify'])),
    query: value(entry.route.query) as Record<string, unknown> | undefined,
    body: entry.method === 'GET' ? undefined : value((entry.route as { body?: unknown }).body),
    expectStatus: 401,
  };
}

/** A protected route called without a token (nor apiKey) must answer 401 with the error envelope. */
async function checkNoToken(entry: ContractRoute, context: VerifyContext, counted: () => void): Promise<Outcome> {
  // A server that ignores the missing token would act on the call: a read-only run sends only reads.
  if (context.readOnly && !changesNothing(entry)) throw new ReadOnlySkip('read-only: changes data');
  counted();
  const answer = await send(context, entry, generatedRequest(entry, context, undefined));
  return finding(inspectAnswer(entry.route, answer, 401), 'refused without a token: 401');
}

/** The fields a request names whose data it reads by (the spec's vendorId and campaign_id). */
const VENDOR_FIELDS = ['vendorId', 'campaign_id'] as const;

/** Where a route's request names whose data it reads: the query or the body, and the field. */
function vendorField(entry: ContractRoute): { where: 'query' | 'body'; field: string } | undefined {
  const fieldOf = (candidate: unknown): string | undefined => {
    const schema = zodSchema(candidate);
    const inner: unknown = schema instanceof z.ZodEffects ? schema.innerType() : schema;
    if (!(inner instanceof z.ZodObject)) return undefined;
    const shape = inner.shape as Record<string, unknown>;
    return VENDOR_FIELDS.find((field) => field in shape);
  };
  const inQuery = fieldOf(entry.route.query);
  if (inQuery) return { where: 'query', field: inQuery };
  const inBody = entry.method === 'GET' ? undefined : fieldOf((entry.route as { body?: unknown }).body);
  return inBody ? { where: 'body', field: inBody } : undefined;
}

/**
 * The vendor that reads and the vendor whose data it asks for: a vendor the run signs up asking for the
 * regular vendor's; read-only, the regular vendor asking for the main account's. Undefined when the two are
 * the same vendor or the reader is an admin (who may read any vendor).
 */
async function vendorPair(context: VerifyContext): Promise<{ reader: Session; owner: Session } | undefined> {
  // The owner first: when the regular callers cannot be set up, that is the one cause to report.
  const owner = context.readOnly ? await context.admin() : await context.vendor();
  const reader = context.readOnly ? await context.vendor() : await context.throwaway('other vendor');
  const pair = { reader, owner };
  if (pair.reader.user.role === 'admin' || pair.reader.user.vendorId === pair.owner.user.vendorId) return undefined;
  return pair;
}

/** A vendor naming another vendor's vendorId must be refused (403 or 404, with the error envelope). */
async function checkOtherVendor(entry: ContractRoute, context: VerifyContext, counted: () => void): Promise<Outcome> {
  const pair = await vendorPair(context);
  if (!pair) throw new ReadOnlySkip('needs two different vendors, the reader not an admin');
  const request = generatedRequest(entry, context, pair.reader);
  const naming = vendorField(entry);
  if (!naming) throw new ReadOnlySkip('names no vendor');
  const target = (naming.where === 'query' ? request.query : request.body) as Record<string, unknown> | undefined;
  const owner = pair.owner.user.vendorId;
  // The type the schema took from the hints (a string in queries, a number in most bodies).
  const named = { ...target, [naming.field]: typeof target?.[naming.field] === 'string' ? String(owner) : owner };
  const asked: RouteRequest = naming.where === 'query' ? { ...request, query: named } : { ...request, body: named };
  counted();
  const answer = await send(context, entry, asked);
  if (answer.status !== 403 && answer.status !== 404) {
    return drift(
      'status',
      `403 or 404 (vendor ${pair.reader.user.vendorId} asking for vendor ${owner}'s data)`,
      String(answer.status),
    );
  }
  return finding(inspectBody(entry.route, answer), `vendor ${owner}'s data refused: ${answer.status}`);
}

/** Walks every route of the contract against the server, one after another, in the contract's order. */
export async function verify(options: VerifyOptions): Promise<VerifyReport> {
  const context = createContext(options);
  const recording = context.readOnly
    ? await startReadOnlyRecording(options.baseUrl, context.unique('verify').slice(0, 32))
    : undefined;
  // The admin's token for the counts, when it can be set up (a failure is the walk's to report).
  const counter = {
    http: (request: Parameters<VerifyContext['http']>[0]) => context.http(request),
    adminToken: async () => {
      try {
        return (await context.admin()).token;
      } catch {
        return undefined;
      }
    },
  };
  if (recording) {
    context.headers = { ...recording.headers };
    await recording.countBefore(counter);
  }
  const only = options.only ?? [];
  const routes = contractRoutes(contract).filter(
    (entry) => only.length === 0 || only.some((part) => entry.key.includes(part) || entry.path.includes(part)),
  );
  const setupFailures: SetupFailures = new Map();
  const results: RouteResult[] = [];
  const run = (
    entry: ContractRoute,
    check: CheckKind,
    body: (entry: ContractRoute, c: VerifyContext, counted: () => void) => Promise<Outcome>,
  ) => runCheck(entry, check, context, setupFailures, (counted) => body(entry, context, counted));
  for (const entry of routes) results.push(await run(entry, 'contract', checkContract));
  for (const entry of routes) {
    if (routeAccessOf(entry.route) !== 'public') results.push(await run(entry, 'no-token', checkNoToken));
  }
  for (const entry of routes) {
    const access = routeAccessOf(entry.route);
    if ((access === 'token' || access === 'tokenOrApiKey') && changesNothing(entry) && vendorField(entry)) {
      results.push(await run(entry, 'other-vendor', checkOtherVendor));
    }
  }
  // One error per cause, first: the results that needed it are skipped, not failed one by one.
  const setup = [...setupFailures.values()].map((error): RouteResult => ({
    key: 'setup',
    method: 'SETUP',
    path: error.what,
    check: 'setup',
    verdict: 'ERROR',
    detail: error.issues[0] ? formatIssue(error.issues[0]) : error.message,
    differences: [...error.issues],
    warnings: [],
    calls: 0,
    durationMs: 0,
  }));
  const all = [...setup, ...results];
  const readOnly = recording ? await recording.finish(counter, context.made) : undefined;
  return {
    readOnly,
    results: all,
    skipped: all.filter((result) => result.verdict === 'SKIPPED').length,
    leftBehind: context.ledger.leftBehind(),
    deleted: context.ledger.deleted(),
  };
}
