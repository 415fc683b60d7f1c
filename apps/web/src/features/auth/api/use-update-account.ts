import { tsr } from '../../../lib/api-client';
import { userQueryKey } from './use-user';

/** PUT /auth/update. On success the cached user becomes the updated one and is then re-read from the server. */
export function useUpdateAccount() {
  const queryClient = tsr.useQueryClient();
  return tsr.auth.update.useMutation({
    onSuccess: async (response) => {
      const key = userQueryKey(response.body.data._id);
      queryClient.auth.getUser.setQueryData(key, (current) =>
        current ? { ...current, body: { data: response.body.data } } : current,
      );
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
