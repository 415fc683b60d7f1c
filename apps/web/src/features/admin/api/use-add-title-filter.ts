import { useQueryClient } from '@tanstack/react-query';
import { settingsApi } from '../../../lib/api-clients/settings-api';
import { titleFiltersQueryKey } from './use-title-filters';

/** POST /dashboard/addTitleFilters: adds a product title filter (admin). The list is read again afterwards. */
export function useAddTitleFilter() {
  const queryClient = useQueryClient();
  return settingsApi.addTitleFilters.useMutation({
    onSuccess: () => queryClient.invalidateQueries({ queryKey: titleFiltersQueryKey }),
  });
}
