import { authResponseSchema, contract, userEnvelopeSchema, type User } from '@publisher/contract';
import { call, type HttpAnswer } from './http';

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

export class SessionError extends Error {}

function failure(what: string, answer: HttpAnswer): SessionError {
  return new SessionError(`${what}: HTTP ${answer.status} ${answer.text.slice(0, 200)}`);
}

/** Signs in through the contract's sign-in route. */
export async function signIn(baseUrl: string, credentials: Credentials): Promise<Session> {
  const answer = await call(baseUrl, { method: 'POST', path: contract.auth.signin.path, body: credentials });
  if (answer.status !== 200) throw failure(`sign-in as ${credentials.email} failed`, answer);
  const parsed = authResponseSchema.safeParse(JSON.parse(answer.text));
  if (!parsed.success) throw new SessionError(`sign-in as ${credentials.email} answered off-contract`);
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
export async function sessionFromToken(baseUrl: string, token: string): Promise<Session> {
  const id = subjectOf(token);
  if (!id) throw new SessionError('the token carries no user id (sub)');
  const answer = await call(baseUrl, { method: 'GET', path: `/auth/${encodeURIComponent(id)}`, token });
  if (answer.status !== 200) throw failure('reading the token’s user failed', answer);
  const parsed = userEnvelopeSchema.safeParse(JSON.parse(answer.text));
  if (!parsed.success) throw new SessionError('GET /auth/:id answered off-contract');
  return { token, user: parsed.data.data };
}
