import { useQuery } from '@tanstack/react-query';
import { loadAuthRequests } from './load-auth-requests';

export const userQueryKey = (userId: string) => ['auth', 'user', userId] as const;

/**
 * GET /auth/:id: the signed-in user as the server has it now (menu flags and account fields may have changed
 * since sign-in). Disabled while signed out. The cached data is the call's `{ status, body }` answer, as the
 * contract client's own hooks cache it (use-update-account.ts writes it through them).
 */
export function useUser(userId: string | null) {
  return useQuery({
    queryKey: userQueryKey(userId ?? 'signed-out'),
    queryFn: async ({ signal }) => (await loadAuthRequests()).requestUser(userId ?? '', signal),
    enabled: userId !== null,
  });
}
