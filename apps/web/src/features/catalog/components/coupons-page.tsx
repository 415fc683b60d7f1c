import { COUPON_TYPES, DEFAULT_COUPON_PAGE_SIZE, type Coupon } from '@publisher/contract';
import { useMemo, useState } from 'react';
import { Card } from '../../../components/ui/card';
import { DateRangeInputs } from '../../../components/ui/date-range-inputs';
import { Input } from '../../../components/ui/input';
import { Pagination } from '../../../components/ui/pagination';
import { SearchableSelect } from '../../../components/ui/searchable-select';
import { Select, type SelectOption } from '../../../components/ui/select';
import { useCouponFilters } from '../api/use-coupon-filters';
import { useCoupons } from '../api/use-coupons';
import type { CatalogViewer } from '../lib/catalog-viewer';
import { couponDateError, couponsQueryOf, EMPTY_COUPON_FILTERS, type CouponFilters } from '../lib/coupon-filters';
import { ID_MAX_LENGTH, sanitizePlacementId } from '../lib/filter-inputs';
import { formatCount } from '../lib/format';
import { usePaging } from '../lib/paging';
import { buildCouponLink } from '../lib/tracking-links';
import { useCopyLink } from '../lib/use-copy-link';
import { CatalogPageHeader } from './catalog-page-header';
import { CouponCard } from './coupon-card';
import { ListStatus } from './list-status';

const withCount = (label: string, count: number | undefined) =>
  count === undefined ? label : `${label} (${formatCount(count)})`;

/**
 * All Coupons (`/allCoupons`, admin; part 1 §2): Merchant Name, Coupon Type, Start Date, Expiry Date and an
 * optional Placement id; "Showing N of M Coupons", the coupon cards and pagination (100 per page). Every filter
 * but the placement id reloads from page 1; the placement id only personalises the copied links.
 */
export function CouponsPage({ viewer }: { viewer: CatalogViewer }) {
  const paging = usePaging(DEFAULT_COUPON_PAGE_SIZE);
  const [filters, setFilters] = useState<CouponFilters>(EMPTY_COUPON_FILTERS);
  const [placementId, setPlacementId] = useState('');
  const copyLink = useCopyLink();

  const filterValues = useCouponFilters();
  const merchantOptions = useMemo<SelectOption[]>(
    () => [
      { value: '', label: 'All' },
      ...(filterValues.data?.body.domainNames ?? []).map((entry) => ({
        value: entry._id,
        label: withCount(entry._id, entry.count),
      })),
    ],
    [filterValues.data],
  );
  const typeOptions = useMemo<SelectOption[]>(() => {
    const counts = new Map((filterValues.data?.body.type ?? []).map((entry) => [entry._id, entry.count]));
    return [
      { value: '', label: 'All' },
      ...COUPON_TYPES.map((type) => ({ value: type, label: withCount(type, counts.get(type)) })),
    ];
  }, [filterValues.data]);

  const dateError = couponDateError(filters);
  const query = couponsQueryOf(filters, { pageNo: paging.page, pageSize: paging.pageSize }, viewer.vendorId);
  const coupons = useCoupons(query);
  const rows = coupons.data?.body.data ?? [];
  const total = coupons.data?.body.totalCount ?? 0;

  const change = (next: Partial<CouponFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    paging.setPage(1);
  };

  const handleCopyLink = (coupon: Coupon) => {
    void copyLink(buildCouponLink(coupon.jumpUrl, viewer.vendorId, placementId));
  };

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <CatalogPageHeader
        title="All Coupons"
        description="Coupons and deals of our merchants, with your tracked links."
      />

      <Card>
        <form aria-label="Coupon filters" noValidate onSubmit={(event) => event.preventDefault()}>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
            <SearchableSelect
              label="Merchant Name"
              options={merchantOptions}
              value={filters.domainName}
              onChange={(domainName) => change({ domainName })}
              placeholder="Search merchants"
            />
            <Select
              label="Coupon Type"
              options={typeOptions}
              value={filters.type}
              onChange={(event) => change({ type: COUPON_TYPES.find((type) => type === event.target.value) ?? '' })}
            />
            <Input
              label="Placement id (optional)"
              placeholder="Optional"
              maxLength={ID_MAX_LENGTH}
              value={placementId}
              hint="Used in the links you copy."
              onChange={(event) => setPlacementId(sanitizePlacementId(event.target.value))}
            />
            <DateRangeInputs
              className="md:col-span-2 xl:col-span-3"
              startDate={filters.startDate}
              endDate={filters.endDate}
              startLabel="Start Date"
              endLabel="Expiry Date"
              error={dateError}
              onStartDateChange={(startDate) => change({ startDate })}
              onEndDateChange={(endDate) => change({ endDate })}
            />
          </div>
        </form>
      </Card>

      <section aria-label="Coupon results" className="space-y-4">
        <p className="text-sm text-slate-600" aria-live="polite">
          {coupons.data ? `Showing ${formatCount(rows.length)} of ${formatCount(total)} Coupons` : '\u00a0'}
        </p>
        <ListStatus
          what="coupons"
          isLoading={query !== null && coupons.isPending}
          error={filterValues.error ?? coupons.error}
          isEmpty={rows.length === 0}
          emptyMessage={query === null ? 'Fix the dates to see coupons.' : 'No coupons match these filters.'}
        >
          <ul
            aria-label="Coupons"
            aria-busy={coupons.isFetching}
            className={`grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 ${coupons.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}`}
          >
            {rows.map((coupon) => (
              <li key={coupon._id}>
                <CouponCard coupon={coupon} onCopyLink={handleCopyLink} />
              </li>
            ))}
          </ul>
        </ListStatus>
        <Pagination
          page={paging.page}
          pageSize={paging.pageSize}
          totalRecords={total}
          onPageChange={paging.setPage}
          onPageSizeChange={paging.setPageSize}
          pageSizeOptions={[50, 100, 200]}
          itemLabel="coupons"
          disabled={query === null || coupons.isPending}
        />
      </section>
    </div>
  );
}
