import { DEFAULT_COUPON_PAGE_SIZE, type Cashback } from '@publisher/contract';
import { useMemo, useState } from 'react';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Pagination } from '../../../components/ui/pagination';
import { SearchableSelect } from '../../../components/ui/searchable-select';
import type { SelectOption } from '../../../components/ui/select';
import { useCashback } from '../api/use-cashback';
import { useCashbackFilters } from '../api/use-cashback-filters';
import type { CatalogViewer } from '../lib/catalog-viewer';
import { cashbackQueryOf } from '../lib/coupon-filters';
import { ID_MAX_LENGTH, sanitizePlacementId } from '../lib/filter-inputs';
import { countryName, formatCount } from '../lib/format';
import { usePaging } from '../lib/paging';
import { buildCouponLink } from '../lib/tracking-links';
import { useCopyLink } from '../lib/use-copy-link';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { CashbackCard } from './cashback-card';
import { CatalogPageHeader } from './catalog-page-header';
import { ListStatus } from './list-status';

/** Search text is sent once the user pauses typing. */
export const CASHBACK_SEARCH_DELAY_MS = 400;
const SEARCH_MAX_LENGTH = 50;

/**
 * All Cashbacks (`/AllCashback`, admin; part 1 §2): Country Name, Search title and an optional Placement id; the
 * offer cards with their commission details, and pagination (100 per page). Country and search reload from page
 * 1; the placement id only personalises the copied links.
 */
export function CashbackPage({ viewer }: { viewer: CatalogViewer }) {
  const paging = usePaging(DEFAULT_COUPON_PAGE_SIZE);
  const [country, setCountry] = useState('');
  const [searchText, setSearchText] = useState('');
  const [placementId, setPlacementId] = useState('');
  const settledSearch = useDebouncedValue(searchText.trim(), CASHBACK_SEARCH_DELAY_MS);
  const copyLink = useCopyLink();

  const filterValues = useCashbackFilters();
  const countryOptions = useMemo<SelectOption[]>(
    () => [
      { value: '', label: 'All' },
      ...(filterValues.data?.body.country ?? [])
        .map((entry) => ({ value: entry._id, label: `${countryName(entry._id)} (${formatCount(entry.count)})` }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    ],
    [filterValues.data],
  );

  // A new search text starts again at page 1; remembered per text so typing back and forth stays consistent.
  const [searchedText, setSearchedText] = useState(settledSearch);
  if (searchedText !== settledSearch) {
    setSearchedText(settledSearch);
    paging.setPage(1);
  }

  const query = cashbackQueryOf(
    { country, searchText: settledSearch },
    { pageNo: paging.page, pageSize: paging.pageSize },
    viewer.vendorId,
  );
  const offers = useCashback(query);
  const rows = offers.data?.body.data ?? [];
  const total = offers.data?.body.totalCount ?? 0;

  const handleCopyLink = (offer: Cashback) => {
    void copyLink(buildCouponLink(offer.deeplinkUrl, viewer.vendorId, placementId));
  };

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <CatalogPageHeader
        title="All Cashbacks"
        description="Cashback offers of our advertisers, with your tracked links."
      />

      <Card>
        <form aria-label="Cashback filters" noValidate onSubmit={(event) => event.preventDefault()}>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
            <SearchableSelect
              label="Country Name"
              options={countryOptions}
              value={country}
              onChange={(next) => {
                setCountry(next);
                paging.setPage(1);
              }}
              placeholder="Search countries"
            />
            <Input
              label="Search title"
              type="search"
              placeholder="Advertiser or domain"
              maxLength={SEARCH_MAX_LENGTH}
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
            />
            <Input
              label="Placement id (optional)"
              placeholder="Optional"
              maxLength={ID_MAX_LENGTH}
              value={placementId}
              hint="Used in the links you copy."
              onChange={(event) => setPlacementId(sanitizePlacementId(event.target.value))}
            />
          </div>
        </form>
      </Card>

      <section aria-label="Cashback results" className="space-y-4">
        <p className="text-sm text-slate-600" aria-live="polite">
          {offers.data ? `Showing ${formatCount(rows.length)} of ${formatCount(total)} Cashbacks` : '\u00a0'}
        </p>
        <ListStatus
          what="cashback offers"
          isLoading={offers.isPending}
          error={filterValues.error ?? offers.error}
          isEmpty={rows.length === 0}
          emptyMessage="No cashback offers match these filters."
        >
          <ul
            aria-label="Cashbacks"
            aria-busy={offers.isFetching}
            className={`grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3 ${offers.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}`}
          >
            {rows.map((offer) => (
              <li key={offer._id}>
                <CashbackCard offer={offer} onCopyLink={handleCopyLink} />
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
          itemLabel="offers"
          disabled={offers.isPending}
        />
      </section>
    </div>
  );
}
