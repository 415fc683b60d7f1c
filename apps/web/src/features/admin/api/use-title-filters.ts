import { settingsApi } from '../../../lib/api-clients/settings-api';
import { ADMIN_KEY } from './admin-key';

export const titleFiltersQueryKey = [...ADMIN_KEY, 'title-filters'] as const;

/** GET /dashboard/allTitleFilters: every title filter, newest first (admin). */
export function useTitleFilters() {
  return settingsApi.allTitleFilters.useQuery({ queryKey: titleFiltersQueryKey });
}
