import { useQueryClient } from '@tanstack/react-query';
import { settingsApi } from '../../../lib/api-clients/settings-api';
import { titleFiltersQueryKey } from './use-title-filters';

/** POST /dashboard/deleteTitleFilters: deletes a title filter by _id (admin). The list is read again afterwards, after a refusal too (an entry already gone answers 404). */
export function useDeleteTitleFilter() {
  const queryClient = useQueryClient();
  return settingsApi.deleteTitleFilters.useMutation({
    onSettled: () => queryClient.invalidateQueries({ queryKey: titleFiltersQueryKey }),
  });
}
