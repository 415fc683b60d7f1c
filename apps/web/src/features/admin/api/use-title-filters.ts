import { tsr } from '../../../lib/api-client';
import { ADMIN_KEY } from './admin-key';

export const titleFiltersQueryKey = [...ADMIN_KEY, 'title-filters'] as const;

/** GET /dashboard/allTitleFilters: every title filter, newest first (admin). */
export function useTitleFilters() {
  return tsr.settings.allTitleFilters.useQuery({ queryKey: titleFiltersQueryKey });
}
