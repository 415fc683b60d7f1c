import { authApi } from '../../../lib/api-clients/auth-api';

/**
 * POST /auth/changePassword. Nothing is invalidated on success: the API revokes the current token, so the
 * next authenticated call would end the session; the screen signs the user out instead.
 */
export function useChangePassword() {
  return authApi.changePassword.useMutation();
}
