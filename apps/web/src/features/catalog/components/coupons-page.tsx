import { zodResolver } from '@hookform/resolvers/zod';
import { COUPON_TYPES, DEFAULT_COUPON_PAGE_SIZE } from '@publisher/contract';
import { useMemo } from 'react';
import { useForm, useWatch, type PathValue, type Resolver } from 'react-hook-form';
import { Card } from '../../../components/ui/card';
import { DateRangeInputs } from '../../../components/ui/date-range-inputs';
import { PageHeader } from '../../../components/ui/page-header';
import { SearchableSelect } from '../../../components/ui/searchable-select';
import { Select, type SelectOption } from '../../../components/ui/select';
import { keepClean } from '../../../lib/form';
import { formatCount } from '../../../lib/format';
import { usePaging } from '../../../lib/use-paging';
import { useCouponFilters } from '../api/use-coupon-filters';
import { useCoupons } from '../api/use-coupons';
import type { CatalogViewer } from '../lib/catalog-viewer';
import {
  couponFormSchema,
  couponsQueryOf,
  EMPTY_COUPON_FILTERS,
  type CouponFilters,
  type CouponForm,
} from '../lib/coupon-filters';
import { sanitizePlacementId } from '../lib/filter-inputs';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useOfferLinks } from '../lib/use-offer-links';
import { CouponCard } from './coupon-card';
import { OfferResults } from './offer-results';
import { PLACEMENT_ID_DELAY_MS, PlacementIdInput } from './placement-id-input';

const couponResolver = zodResolver(couponFormSchema, undefined, { raw: true }) as Resolver<CouponForm>;
const EMPTY_FORM: CouponForm = { ...EMPTY_COUPON_FILTERS, placementId: '' };

const withCount = (label: string, count: number | undefined) =>
  count === undefined ? label : `${label} (${formatCount(count)})`;

/**
 * All Coupons (`/allCoupons`, any vendor with a vendorId; part 1 §2, §6): Merchant Name, Coupon Type, Start Date, Expiry Date and an
 * optional Placement id, and "Valid coupons only" (validCoupons); "Showing N of M Coupons", the coupon cards (running
 * offers first, then upcoming, then expired: the API's order) and pagination (100 per page). Every filter
 * but the placement id reloads from page 1; the placement id is sent as placementId (part 1 §7) and personalises
 * the copied links.
 */
export function CouponsPage({ viewer }: { viewer: CatalogViewer }) {
  const paging = usePaging(DEFAULT_COUPON_PAGE_SIZE);
  // Every filter applies as it changes: the form holds the values and says what is wrong; nothing is submitted.
  const form = useForm<CouponForm>({ defaultValues: EMPTY_FORM, resolver: couponResolver, mode: 'onChange' });
  const { errors } = form.formState;
  const [domainName, type, startDate, endDate, validOnly, placementId] = useWatch({
    control: form.control,
    name: ['domainName', 'type', 'startDate', 'endDate', 'validOnly', 'placementId'],
  });
  const filters: CouponForm = { domainName, type, startDate, endDate, validOnly, placementId };
  const links = useOfferLinks(viewer.vendorId, filters.placementId);

  const filterValues = useCouponFilters(filters.validOnly);
  const merchantOptions = useMemo<SelectOption[]>(
    () => [
      { value: '', label: 'All' },
      // A publisher knows a merchant by its store name ("Nautica"), not its domain; the query still takes the domain.
      ...(filterValues.data?.body.domainNames ?? [])
        .map((entry) => ({ value: entry._id, label: withCount(entry.storeName, entry.count) }))
        .sort((a, b) => a.label.localeCompare(b.label)),
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

  const dateError = errors.startDate?.message ?? errors.endDate?.message ?? null;
  const settledPlacementId = useDebouncedValue(filters.placementId, PLACEMENT_ID_DELAY_MS);
  const query = couponsQueryOf(
    filters,
    { pageNo: paging.page, pageSize: paging.pageSize },
    viewer.vendorId,
    settledPlacementId,
  );
  const coupons = useCoupons(query);

  /** A filter other than the placement id reloads from page 1. */
  const change = <TKey extends keyof CouponFilters>(field: TKey, value: PathValue<CouponForm, TKey>) => {
    form.setValue(field, value, { shouldValidate: true });
    paging.setPage(1);
  };

  const changeDate = (field: 'startDate' | 'endDate', value: string) => {
    form.clearErrors(field === 'startDate' ? 'endDate' : 'startDate');
    change(field, value);
  };

  return (
    <div className="space-y-6">
      <PageHeader title="All Coupons" description="Coupons and deals of our merchants, with your tracked links." />

      <Card>
        <form aria-label="Coupon filters" noValidate onSubmit={(event) => event.preventDefault()}>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
            <SearchableSelect
              label="Merchant Name"
              options={merchantOptions}
              value={filters.domainName}
              onChange={(domainName) => change('domainName', domainName)}
              placeholder="Search merchants"
            />
            <Select
              label="Coupon Type"
              options={typeOptions}
              value={filters.type}
              onChange={(event) => change('type', COUPON_TYPES.find((type) => type === event.target.value) ?? '')}
            />
            <PlacementIdInput
              error={errors.placementId?.message}
              registration={form.register('placementId', {
                onChange: keepClean(sanitizePlacementId, (value) => form.setValue('placementId', value)),
              })}
            />
            <div className="flex items-center gap-3 md:col-span-2 xl:col-span-3">
              <input
                id="coupons-valid-only"
                type="checkbox"
                checked={filters.validOnly}
                onChange={(event) => change('validOnly', event.target.checked)}
                className="h-4 w-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-500"
              />
              <label htmlFor="coupons-valid-only" className="text-sm text-slate-700">
                Valid coupons only (running today)
              </label>
            </div>
            <DateRangeInputs
              className="md:col-span-2 xl:col-span-3"
              startDate={filters.startDate}
              endDate={filters.endDate}
              startLabel="Start Date"
              endLabel="Expiry Date"
              error={dateError}
              onStartDateChange={(startDate) => changeDate('startDate', startDate)}
              onEndDateChange={(endDate) => changeDate('endDate', endDate)}
            />
          </div>
        </form>
      </Card>

      <OfferResults
        label="Coupon results"
        noun="Coupons"
        what="coupons"
        itemLabel="coupons"
        emptyMessage={query === null ? 'Fix the dates to see coupons.' : 'No coupons match these filters.'}
        columnsClassName="sm:grid-cols-2 lg:grid-cols-3"
        offers={coupons}
        filterValues={filterValues}
        isIdle={query === null}
        paging={paging}
        renderOffer={(coupon) => <CouponCard coupon={coupon} onCopyLink={() => links.copyOfferLink(coupon.jumpUrl)} />}
      />
    </div>
  );
}
