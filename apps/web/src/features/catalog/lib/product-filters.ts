import type { ProductSort, ProductsQuery } from '@publisher/contract';
import { categoryIdsParam, optionalParam, withoutUndefined } from './filter-inputs';

/** The Products filter form, as typed (every field a string; '' is "not given"). */
export interface ProductFilters {
  /** Merchant id, '' for all merchants. */
  mid: string;
  sortBy: ProductSort;
  minPrice: string;
  maxPrice: string;
  placementId: string;
  clickId: string;
  /** Comma-joined category ids. */
  categoryIds: string;
}

export const EMPTY_PRODUCT_FILTERS: ProductFilters = {
  mid: '',
  sortBy: 'priceLtoH',
  minPrice: '',
  maxPrice: '',
  placementId: '',
  clickId: '',
  categoryIds: '',
};

export const SORT_LABELS: Readonly<Record<ProductSort, string>> = {
  priceLtoH: 'Price: Low to High',
  priceHtoL: 'Price: High to Low',
};

export const PRICE_RANGE_MESSAGE = 'Min Price cannot be greater than Max Price';

/** The form's own check before a call: min above max would only earn a 400. */
export function priceRangeError(filters: Pick<ProductFilters, 'minPrice' | 'maxPrice'>): string | null {
  if (filters.minPrice === '' || filters.maxPrice === '') return null;
  return Number(filters.minPrice) > Number(filters.maxPrice) ? PRICE_RANGE_MESSAGE : null;
}

/** The GET /home/getProductslist query for these filters, this page and this vendor. */
export function productsQueryOf(
  filters: ProductFilters,
  page: { pageNo: number; pageSize: number },
  vendorId: number,
): ProductsQuery {
  return withoutUndefined({
    pageNo: page.pageNo,
    pageSize: page.pageSize,
    sortBy: filters.sortBy,
    mid: optionalParam(filters.mid),
    minPrice: optionalParam(filters.minPrice),
    maxPrice: optionalParam(filters.maxPrice),
    placementId: optionalParam(filters.placementId),
    clickId: optionalParam(filters.clickId),
    categoryIds: categoryIdsParam(filters.categoryIds),
    vendorId,
  });
}

export function sameProductFilters(a: ProductFilters, b: ProductFilters): boolean {
  return (Object.keys(a) as (keyof ProductFilters)[]).every((key) => a[key] === b[key]);
}
