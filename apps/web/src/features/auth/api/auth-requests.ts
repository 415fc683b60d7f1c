import type { SigninBody, SignupBody } from '@publisher/contract';
import { authApi } from '../../../lib/api-clients/auth-api';

export { signinBodySchema } from '@publisher/contract';
export { errorMessageOf } from '../../../lib/api-error';
export { readSession } from '../../../lib/stored-session';

/**
 * The session layer of the auth provider: the sign-in, sign-up and user calls, the stored session's validation and
 * the sign-in form's schema. They need zod and the auth contract, so they load after the first paint
 * (`loadAuthRequests`): a signed-out visitor on /signin gets them when they submit, never with the page.
 * Like ts-rest's react-query hooks, any other answer is thrown as the whole `{ status, body }` response.
 */
export async function requestSignin(body: SigninBody) {
  const response = await authApi.signin.mutate({ body });
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the hooks' contract: errorMessageOf reads it
  if (response.status !== 200) throw response;
  return response;
}

export async function requestSignup(body: SignupBody) {
  const response = await authApi.signup.mutate({ body });
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the hooks' contract: errorMessageOf reads it
  if (response.status !== 201) throw response;
  return response;
}

export async function requestUser(id: string, signal?: AbortSignal) {
  const response = await authApi.getUser.query({ params: { id }, fetchOptions: { signal } });
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the hooks' contract: errorMessageOf reads it
  if (response.status !== 200) throw response;
  return response;
}
