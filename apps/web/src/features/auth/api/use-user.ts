import { skipToken } from '@tanstack/react-query';
import { useContractQuery } from '../../../lib/contract-query';
import { loadAuthRequests } from './load-auth-requests';

export const userQueryKey = (userId: string) => ['auth', 'user', userId] as const;

/**
 * GET /auth/:id: the signed-in user as the server has it now (menu flags and account fields may have changed
 * since sign-in). Idle while signed out. The cached data is the answer's body, `{ data: user }`
 * (use-update-account.ts writes it). Through the lazily loaded session layer, like use-signin.ts.
 */
export function useUser(userId: string | null) {
  return useContractQuery({
    queryKey: userQueryKey(userId ?? 'signed-out'),
    request:
      userId === null
        ? skipToken
        : async (signal) =>
            (await loadAuthRequests()).authApi.getUser.query({ params: { id: userId }, fetchOptions: { signal } }),
  });
}
