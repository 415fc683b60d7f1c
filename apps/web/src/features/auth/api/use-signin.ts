import { authApi } from '../../../lib/api-clients/auth-api';

/** POST /auth/signin. The auth provider stores the session on success. */
export function useSignin() {
  return authApi.signin.useMutation();
}
