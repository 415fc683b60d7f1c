import {
  clickIdQuery,
  idListQuery,
  merchantIdQuery,
  optionalQuery,
  placementIdQuery,
  priceQuery,
  productSortSchema,
  type ProductSort,
  type ProductsQuery,
} from '@publisher/contract';
import { z } from 'zod';
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

/**
 * The filter form's check, field by field the getProductslist query's own schemas (productsQuerySchema), so
 * nothing sent earns a 400; the price range is named as the screen labels it. Used raw: the form keeps strings.
 */
export const productFiltersSchema = z
  .object({
    mid: optionalQuery(merchantIdQuery('mid')),
    sortBy: productSortSchema,
    minPrice: priceQuery('minPrice'),
    maxPrice: priceQuery('maxPrice'),
    placementId: placementIdQuery,
    clickId: clickIdQuery,
    // A trailing comma is still being typed, not an error: checked as it will be sent.
    categoryIds: z.preprocess(
      (value) => (typeof value === 'string' ? (categoryIdsParam(value) ?? '') : value),
      idListQuery('categoryIds'),
    ),
  })
  .refine((value) => value.minPrice === undefined || value.maxPrice === undefined || value.minPrice <= value.maxPrice, {
    message: PRICE_RANGE_MESSAGE,
    path: ['minPrice'],
  });

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
