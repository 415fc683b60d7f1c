import type { ProductsQuery } from '@publisher/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { catalogApi } from '../../../lib/api-clients/catalog-api';

export const productsQueryKey = (query: ProductsQuery) => ['catalog', 'products', query] as const;

/** GET /home/getProductslist: one page of products (1-based), total capped at 10000. */
export function useProducts(query: ProductsQuery) {
  return catalogApi.getProductslist.useQuery({
    queryKey: productsQueryKey(query),
    queryData: { query },
    placeholderData: keepPreviousData,
    // Part 2 §4: a page or filter change always asks the server again, even for a page seen a moment ago.
    staleTime: 0,
  });
}
