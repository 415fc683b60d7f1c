import type { SignupBody } from '@publisher/contract';
import { useMutation } from '@tanstack/react-query';
import { loadAuthRequests } from './load-auth-requests';

/** POST /auth/signup_publisher_0599. The auth provider stores the session on success. */
export function useSignup() {
  return useMutation({
    mutationFn: async ({ body }: { body: SignupBody }) => (await loadAuthRequests()).requestSignup(body),
  });
}
