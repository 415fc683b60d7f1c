import { tsr } from '../../../lib/api-client';

export const categoryTreeQueryKey = ['catalog', 'categories', 'tree'] as const;

/** GET /home/getAllCategories: the whole category tree (id, name, children.category). */
export function useCategoryTree() {
  return tsr.catalog.getAllCategories.useQuery({
    queryKey: categoryTreeQueryKey,
    queryData: { query: {} },
    staleTime: 5 * 60_000,
  });
}
