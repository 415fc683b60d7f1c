import type { SigninBody } from '@publisher/contract';
import { useContractMutation } from '../../../lib/contract-query';
import { loadAuthRequests } from './load-auth-requests';

/**
 * POST /auth/signin. The auth provider stores the session on success. The contract client's own `useMutation`
 * would put zod and the auth routes in the sign-in page's first load; this loads them with the session layer.
 */
export function useSignin() {
  return useContractMutation({
    request: async ({ body }: { body: SigninBody }) => (await loadAuthRequests()).authApi.signin.mutate({ body }),
  });
}
