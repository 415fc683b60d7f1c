import type { SignupBody } from '@publisher/contract';
import { useContractMutation } from '../../../lib/contract-query';
import { loadAuthRequests } from './load-auth-requests';

/** POST /auth/signup_publisher_0599. The auth provider stores the session on success (see use-signin.ts). */
export function useSignup() {
  return useContractMutation({
    request: async ({ body }: { body: SignupBody }) => (await loadAuthRequests()).authApi.signup.mutate({ body }),
  });
}
