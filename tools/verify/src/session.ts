import { authResponseSchema, contract, userEnvelopeSchema, type User } from '@publisher/contract';
import { issuesOfZod, type Issue } from './check';
import { call, type HttpAnswer, type HttpRequest } from './http';

/** How a session makes its calls (the run's gated, noted call). */
export type Caller = (request: HttpRequest) => Promise<HttpAnswer>;

/** A signed-in caller: its token and the user the API answered for it. */
export interface Session {
  token: string;
  user: User;
}

/** The README's demo accounts, the verifier's default callers. */
export const DEMO_ADMIN = { email: 'admin@publisher.test', password: 'Publisher#2026' } as const;
export const DEMO_VENDOR = { email: 'vendor@publisher.test', password: 'Publisher#2026' } as const;

export interface Credentials {
  email: string;
  password: string;
}

/**
 * A caller could not be set up (sign-in, sign-up, the token's user): the routes needing it cannot be checked.
 * `what` names the step, `issues` what its answer got wrong against the contract.
 */
export class SessionError extends Error {
  constructor(
    readonly what: string,
    readonly issues: readonly Issue[],
  ) {
    super(
      `${what}: ${issues.map((issue) => `${issue.path}: expected ${issue.expected}, received ${issue.received}`).join('; ')}`,
    );
  }
}

function failure(what: string, answer: HttpAnswer): SessionError {
  return new SessionError(what, [
    { path: 'status', expected: '200', received: `${answer.status} ${answer.text.slice(0, 200)}` },
  ]);
}

function parsedJson(what: string, answer: HttpAnswer): unknown {
  try {
    return JSON.parse(answer.text) as unknown;
  } catch {
    throw new SessionError(what, [{ path: '(body)', expected: 'JSON', received: answer.text.slice(0, 200) }]);
  }
}

/** Signs in through the contract's sign-in route. */
export async function signIn(
  baseUrl: string,
  credentials: Credentials,
  send: Caller = (request) => call(baseUrl, request),
): Promise<Session> {
  const what = `sign-in as ${credentials.email}`;
  const answer = await send({ method: 'POST', path: contract.auth.signin.path, body: credentials });
  if (answer.status !== 200) throw failure(what, answer);
  const body = parsedJson(what, answer);
  const parsed = authResponseSchema.safeParse(body);
  if (!parsed.success) throw new SessionError(`${what} answered off-contract`, issuesOfZod(parsed.error, body));
  return parsed.data;
}

/** The JWT's subject (the user id), read without verifying: the server checks the token on every call. */
function subjectOf(token: string): string | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: unknown };
    return typeof claims.sub === 'string' ? claims.sub : undefined;
  } catch {
    return undefined;
  }
}

/** A session from a token given on the command line: the user comes from `GET /auth/:id`. */
export async function sessionFromToken(
  baseUrl: string,
  token: string,
  send: Caller = (request) => call(baseUrl, request),
): Promise<Session> {
  const id = subjectOf(token);
  if (!id) {
    throw new SessionError('reading the token', [{ path: 'sub', expected: 'a user id', received: 'none' }]);
  }
  const what = 'reading the token’s user (GET /auth/:id)';
  const answer = await send({ method: 'GET', path: `/auth/${encodeURIComponent(id)}`, token });
  if (answer.status !== 200) throw failure(what, answer);
  const body = parsedJson(what, answer);
  const parsed = userEnvelopeSchema.safeParse(body);
  if (!parsed.success) throw new SessionError(`${what} answered off-contract`, issuesOfZod(parsed.error, body));
  return { token, user: parsed.data.data };
}
