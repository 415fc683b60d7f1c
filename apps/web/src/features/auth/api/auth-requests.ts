import { zodResolver } from '@hookform/resolvers/zod';
import { signinBodySchema, userSchema } from '@publisher/contract';

export { authApi } from '../../../lib/api-clients/auth-api';
export { errorMessageOf } from '../../../lib/api-error';
export { readSession } from '../../../lib/stored-session';

/**
 * The session layer of the auth provider: the auth routes' typed client, the stored session's validation and the
 * sign-in and sign-up forms' schemas. They need zod and the auth contract, so they load after the first paint
 * (`loadAuthRequests`): a signed-out visitor on /signin gets them once they start on the form, never with the page.
 * The hooks beside this file call the client through lib/contract-query.ts, as every hook of the app does.
 */

/** The sign-in form's validation: the contract's body schema, so the form and the API cannot disagree. */
export const signinResolver = zodResolver(signinBodySchema);

/**
 * Why a 2xx sign-in or sign-up answer cannot open a session, or null when it can. Part 1 §4 stores the session only
 * for "a user carrying _id", and part 1 §8 shows "a response payload error if present": an answer with its own
 * `error`, without a token or without a whole user is refused with words, never stored (a stored half-user left a
 * blank page).
 */
export function sessionRefusalOf(body: unknown): string | null {
  if (typeof body === 'object' && body !== null && 'error' in body) {
    const { error } = body;
    if (typeof error === 'string' && error.trim() !== '') return error;
    if (error !== undefined && error !== null && error !== false) return SIGNIN_WITHOUT_ACCOUNT;
  }
  if (typeof body !== 'object' || body === null) return SIGNIN_WITHOUT_ACCOUNT;
  const token = 'token' in body ? body.token : undefined;
  const user = 'user' in body ? body.user : undefined;
  if (typeof token !== 'string' || token === '') return SIGNIN_WITHOUT_ACCOUNT;
  return userSchema.safeParse(user).success ? null : SIGNIN_WITHOUT_ACCOUNT;
}

/** The words for a sign-in answer that carries no usable account (no user `_id`, no token). */
export const SIGNIN_WITHOUT_ACCOUNT =
  'The sign-in answer did not include your account. Please try again; if it happens again, contact support.';

/** The `error` text of a failed call's body (`{ error: "…" }`), if it carries one. */
export function payloadErrorOf(failure: unknown): string | null {
  if (typeof failure !== 'object' || failure === null || !('body' in failure)) return null;
  const { body } = failure;
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  return typeof body.error === 'string' && body.error.trim() !== '' ? body.error : null;
}
