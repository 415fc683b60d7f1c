import { useQueryClient } from '@tanstack/react-query';
import { settingsApi } from '../../../lib/api-clients/settings-api';
import { titleFiltersQueryKey } from './use-title-filters';

/** POST /dashboard/deleteTitleFilters: deletes a title filter by _id (admin). The list is read again afterwards. */
export function useDeleteTitleFilter() {
  const queryClient = useQueryClient();
  return settingsApi.deleteTitleFilters.useMutation({
    onSuccess: () => queryClient.invalidateQueries({ queryKey: titleFiltersQueryKey }),
  });
}
