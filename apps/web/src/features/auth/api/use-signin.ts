import { tsr } from '../../../lib/api-client';

/** POST /auth/signin. The auth provider stores the session on success. */
export function useSignin() {
  return tsr.auth.signin.useMutation();
}
