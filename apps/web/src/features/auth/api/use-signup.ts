import { authApi } from '../../../lib/api-clients/auth-api';

/** POST /auth/signup_publisher_0599. The auth provider stores the session on success. */
export function useSignup() {
  return authApi.signup.useMutation();
}
