import type { User } from '@publisher/contract';
import { useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-clients/auth-api';
import { userQueryKey } from './use-user';

/** PUT /auth/update. On success the cached user becomes the updated one and is then re-read from the server. */
export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return authApi.update.useMutation({
    onSuccess: async (response) => {
      const key = userQueryKey(response.body.data._id);
      queryClient.setQueryData<{ data: User }>(key, (current) => (current ? { data: response.body.data } : current));
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
