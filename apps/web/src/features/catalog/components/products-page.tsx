import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_PAGE_SIZES, PRODUCT_SEARCH_WINDOW, PRODUCT_SORT_KEYS, type Product } from '@publisher/contract';
import { useMemo, useState, type ChangeEvent } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { ErrorState } from '../../../components/ui/error-state';
import { haveAllFailed } from '../../../components/ui/failed-sections';
import { SearchableSelect } from '../../../components/ui/searchable-select';
import { Select, type SelectOption } from '../../../components/ui/select';
import { keepClean } from '../../../lib/form';
import { usePaging } from '../../../lib/use-paging';
import { useMerchants } from '../api/use-merchants';
import { useProducts } from '../api/use-products';
import type { CatalogViewer } from '../lib/catalog-viewer';
import {
  ID_MAX_LENGTH,
  sanitizeCategoryIds,
  sanitizeClickId,
  sanitizePlacementId,
  sanitizePrice,
} from '../lib/filter-inputs';
import { formatProductTotal } from '../lib/format';
import {
  EMPTY_PRODUCT_FILTERS,
  productFiltersSchema,
  productsQueryOf,
  sameProductFilters,
  SORT_LABELS,
  type ProductFilters,
} from '../lib/product-filters';
import { buildProductUrl } from '../lib/tracking-links';
import { useCopyLink } from '../lib/use-copy-link';
import { CardGrid } from './card-grid';
import { ListStatus } from './list-status';
import { ProductCard } from './product-card';

const SORT_OPTIONS: readonly SelectOption[] = PRODUCT_SORT_KEYS.map((key) => ({ value: key, label: SORT_LABELS[key] }));
const ALL_MERCHANTS: SelectOption = { value: '', label: 'All Merchants' };
/** Each divides the 10000 search window, so the last page a capped total offers is one the API accepts. */
const PRODUCT_PAGE_SIZES = [20, 40, 50, 100] as const;
/** Raw: the form keeps what is typed (strings); productsQueryOf turns it into the query. */
const filtersResolver = zodResolver(productFiltersSchema, undefined, { raw: true }) as Resolver<ProductFilters>;
type TextFilter = 'minPrice' | 'maxPrice' | 'placementId' | 'clickId' | 'categoryIds';

/**
 * Products (`/products`, part 2 §2, §4, §9): merchant, sort, price range, placement id, click id and category ids;
 * a page of products (20 by default) with a Copy URL action that appends the vendor's af_campaign_id.
 *
 * Merchant, sort, page and page size reload at once. The other fields apply on Submit: on a page other than 1
 * Submit goes back to page 1, otherwise it reloads the page.
 */
export function ProductsPage({ viewer }: { viewer: CatalogViewer }) {
  const paging = usePaging(DEFAULT_PAGE_SIZES.products);
  const form = useForm<ProductFilters>({ defaultValues: EMPTY_PRODUCT_FILTERS, resolver: filtersResolver });
  const { errors } = form.formState;
  const [mid, sortBy] = useWatch({ control: form.control, name: ['mid', 'sortBy'] });
  const [applied, setApplied] = useState<ProductFilters>(EMPTY_PRODUCT_FILTERS);
  const copyLink = useCopyLink();

  const merchants = useMerchants();
  const isLocked = viewer.lockedMerchant !== null;
  const merchantOptions = useMemo<SelectOption[]>(() => {
    const rows = merchants.data?.body.data ?? [];
    const options = rows.map((merchant) => ({ value: merchant.mid, label: merchant.merchantInfo.name }));
    // A locked vendor (5036) sees only their merchant, so "All" would only name the same thing twice.
    return isLocked ? options : [ALL_MERCHANTS, ...options];
  }, [merchants.data, isLocked]);

  const query = productsQueryOf(applied, { pageNo: paging.page, pageSize: paging.pageSize }, viewer.vendorId);
  const products = useProducts(query);
  // Both reads failed: one error and one Retry for the screen, not one per section.
  const isAllFailed = haveAllFailed([merchants, products]);
  const total = products.data?.body.totalRecords ?? 0;
  const rows = products.data?.body.data ?? [];

  /**
   * The typed text cleaned as typed (part 2 §5), so what is sent passes the API's checks; a price edit drops the
   * range message until the next check.
   */
  const cleanAs = (field: TextFilter, sanitize: (value: string) => string) => ({
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      keepClean(sanitize, (value) => form.setValue(field, value))(event);
      if (field === 'minPrice' || field === 'maxPrice') form.clearErrors('minPrice');
    },
  });

  /** Merchant and sort reload the list straight away, with whatever else the form holds, from page 1. */
  const applyAtOnce = form.handleSubmit((filters) => {
    setApplied(filters);
    paging.setPage(1);
  });

  const handleSelect = (field: 'mid' | 'sortBy', value: string) => {
    if (field === 'mid') form.setValue('mid', value);
    else form.setValue('sortBy', PRODUCT_SORT_KEYS.find((key) => key === value) ?? 'priceLtoH');
    void applyAtOnce();
  };

  const handleSubmit = form.handleSubmit((filters) => {
    if (paging.page !== 1) {
      setApplied(filters);
      paging.setPage(1);
    } else if (sameProductFilters(filters, applied)) {
      void products.refetch();
    } else {
      setApplied(filters);
    }
  });

  const handleCopyUrl = (product: Product) => copyLink(buildProductUrl(product._source.url.value, viewer.vendorId));

  const selectedMid = isLocked && mid === '' ? (merchantOptions[0]?.value ?? '') : mid;
  const totalLabel = formatProductTotal(total);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Products"
        description="Browse the product catalog and copy tracked product links for your placements."
      />

      <Card>
        <form
          aria-label="Product filters"
          noValidate
          onSubmit={(event) => void handleSubmit(event)}
          className="space-y-4"
        >
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <SearchableSelect
              label="Merchant"
              options={merchantOptions}
              value={selectedMid}
              onChange={(value) => handleSelect('mid', value)}
              disabled={merchants.isPending && !isLocked}
            />
            <Select
              label="Sort By"
              options={SORT_OPTIONS}
              value={sortBy}
              onChange={(event) => handleSelect('sortBy', event.target.value)}
            />
            <Input
              label="Min Price"
              inputMode="numeric"
              placeholder="Any"
              error={errors.minPrice?.message}
              {...form.register('minPrice', cleanAs('minPrice', sanitizePrice))}
            />
            <Input
              label="Max Price"
              inputMode="numeric"
              placeholder="Any"
              isInvalid={errors.minPrice !== undefined}
              error={errors.maxPrice?.message}
              {...form.register('maxPrice', cleanAs('maxPrice', sanitizePrice))}
            />
            <Input
              label="Placement Id"
              placeholder="Optional"
              maxLength={ID_MAX_LENGTH}
              error={errors.placementId?.message}
              {...form.register('placementId', cleanAs('placementId', sanitizePlacementId))}
            />
            <Input
              label="Click Id"
              placeholder="Optional"
              maxLength={ID_MAX_LENGTH}
              error={errors.clickId?.message}
              {...form.register('clickId', cleanAs('clickId', sanitizeClickId))}
            />
            <Input
              label="Category Ids"
              placeholder="e.g. 10000,20100"
              hint="Comma-separated; a category includes its sub-categories."
              error={errors.categoryIds?.message}
              {...form.register('categoryIds', cleanAs('categoryIds', sanitizeCategoryIds))}
            />
            <div className="flex items-start pt-7">
              <Button type="submit" isFullWidth>
                Submit
              </Button>
            </div>
          </div>
          {/* Without the merchant list only "All Merchants" is offered; say why (once, below, when all failed). */}
          <ErrorState
            error={isAllFailed ? null : merchants.error}
            onRetry={() => void merchants.refetch()}
            isRetrying={merchants.isFetching}
            what="The merchant list"
          />
        </form>
      </Card>

      <section aria-label="Product results" className="space-y-4">
        <p className="text-sm text-slate-600" aria-live="polite">
          Total Products:{' '}
          <span className="font-semibold text-slate-900">
            {products.data ? totalLabel : products.isError ? '—' : '…'}
          </span>
        </p>
        <ListStatus
          what="products"
          isLoading={products.isPending}
          error={products.error}
          onRetry={() => {
            // All failed: the one Retry reads the merchant list again too.
            if (isAllFailed) void merchants.refetch();
            void products.refetch();
          }}
          isRetrying={products.isFetching || (isAllFailed && merchants.isFetching)}
          isEmpty={rows.length === 0}
          emptyMessage={
            applied.categoryIds === ''
              ? 'No products found. Try another merchant or a wider price range.'
              : 'No products found. Try other category ids, another merchant or a wider price range.'
          }
        >
          <CardGrid
            label="Products"
            items={rows}
            renderItem={(product) => <ProductCard product={product} onCopyUrl={handleCopyUrl} />}
            columnsClassName="sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
            isBusy={products.isFetching}
            isStale={products.isPlaceholderData}
          />
        </ListStatus>
        <Pagination
          page={paging.page}
          pageSize={paging.pageSize}
          totalRecords={products.data ? total : undefined}
          totalLabel={total === PRODUCT_SEARCH_WINDOW ? totalLabel : undefined}
          onPageChange={paging.setPage}
          onPageSizeChange={paging.setPageSize}
          pageSizeOptions={PRODUCT_PAGE_SIZES}
          itemLabel="products"
          // One count line per list: "Total Products" above the cards says it already.
          summary=""
          disabled={products.isPending}
        />
      </section>
    </div>
  );
}
