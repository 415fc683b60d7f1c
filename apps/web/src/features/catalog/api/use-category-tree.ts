import { catalogApi } from '../../../lib/api-clients/catalog-api';

export const categoryTreeQueryKey = ['catalog', 'categories', 'tree'] as const;

/** GET /home/getAllCategories: the whole category tree (id, name, children.category). */
export function useCategoryTree() {
  return catalogApi.getAllCategories.useQuery({
    queryKey: categoryTreeQueryKey,
    queryData: { query: {} },
    staleTime: 5 * 60_000,
  });
}
