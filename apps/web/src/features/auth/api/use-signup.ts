import { tsr } from '../../../lib/api-client';

/** POST /auth/signup_publisher_0599. The auth provider stores the session on success. */
export function useSignup() {
  return tsr.auth.signup.useMutation();
}
