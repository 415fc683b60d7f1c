import { authApi } from '../../../lib/api-clients/auth-api';

export const userQueryKey = (userId: string) => ['auth', 'user', userId] as const;

/**
 * GET /auth/:id: the signed-in user as the server has it now (menu flags and account fields may have changed
 * since sign-in). Disabled while signed out.
 */
export function useUser(userId: string | null) {
  return authApi.getUser.useQuery({
    queryKey: userQueryKey(userId ?? 'signed-out'),
    queryData: { params: { id: userId ?? '' } },
    enabled: userId !== null,
  });
}
