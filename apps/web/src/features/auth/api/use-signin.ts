import type { SigninBody } from '@publisher/contract';
import { useMutation } from '@tanstack/react-query';
import { loadAuthRequests } from './load-auth-requests';

/** POST /auth/signin. The auth provider stores the session on success. */
export function useSignin() {
  return useMutation({
    mutationFn: async ({ body }: { body: SigninBody }) => (await loadAuthRequests()).requestSignin(body),
  });
}
