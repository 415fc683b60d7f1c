import { useQueryClient } from '@tanstack/react-query';
import { tsr } from '../../../lib/api-client';
import { titleFiltersQueryKey } from './use-title-filters';

/** POST /dashboard/addTitleFilters: adds a product title filter (admin). The list is read again afterwards. */
export function useAddTitleFilter() {
  const queryClient = useQueryClient();
  return tsr.settings.addTitleFilters.useMutation({
    onSuccess: () => queryClient.invalidateQueries({ queryKey: titleFiltersQueryKey }),
  });
}
