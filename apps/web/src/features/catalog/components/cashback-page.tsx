import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_COUPON_PAGE_SIZE } from '@publisher/contract';
import { useMemo, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { SearchableSelect } from '../../../components/ui/searchable-select';
import type { SelectOption } from '../../../components/ui/select';
import { keepClean } from '../../../lib/form';
import { formatCount } from '../../../lib/format';
import { usePaging } from '../../../lib/use-paging';
import { useCashback } from '../api/use-cashback';
import { useCashbackFilters } from '../api/use-cashback-filters';
import type { CatalogViewer } from '../lib/catalog-viewer';
import { cashbackFormSchema, cashbackQueryOf, type CashbackForm } from '../lib/coupon-filters';
import { sanitizePlacementId } from '../lib/filter-inputs';
import { countryName } from '../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useOfferLinks } from '../lib/use-offer-links';
import { CashbackCard } from './cashback-card';
import { OfferResults } from './offer-results';
import { PLACEMENT_ID_DELAY_MS, PlacementIdInput } from './placement-id-input';

/** Search text is sent once the user pauses typing. */
export const CASHBACK_SEARCH_DELAY_MS = 400;
const SEARCH_MAX_LENGTH = 50;
const cashbackResolver = zodResolver(cashbackFormSchema, undefined, { raw: true }) as Resolver<CashbackForm>;
const EMPTY_FORM: CashbackForm = { country: '', searchText: '', placementId: '' };

/**
 * All Cashbacks (`/AllCashback`, any vendor with a vendorId; part 1 §2, §6): Country Name, Search title and an optional Placement id; the
 * offer cards with their commission details, and pagination (100 per page). Country and search reload from page
 * 1; the placement id personalises the copied links and is sent as placementId, as the coupon screen sends it
 * (part 1 §7), once typing pauses.
 */
export function CashbackPage({ viewer }: { viewer: CatalogViewer }) {
  const paging = usePaging(DEFAULT_COUPON_PAGE_SIZE);
  // The filters apply as they change: the form holds the values and says what is wrong; nothing is submitted.
  const form = useForm<CashbackForm>({ defaultValues: EMPTY_FORM, resolver: cashbackResolver, mode: 'onChange' });
  const { errors } = form.formState;
  const [country, searchText, placementId] = useWatch({
    control: form.control,
    name: ['country', 'searchText', 'placementId'],
  });
  const settledSearch = useDebouncedValue(searchText.trim(), CASHBACK_SEARCH_DELAY_MS);
  const links = useOfferLinks(viewer.vendorId, placementId);

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

  const settledPlacementId = useDebouncedValue(placementId, PLACEMENT_ID_DELAY_MS);
  const query = cashbackQueryOf(
    { country, searchText: settledSearch },
    { pageNo: paging.page, pageSize: paging.pageSize },
    viewer.vendorId,
    settledPlacementId,
  );
  const offers = useCashback(query);

  return (
    <div className="space-y-6">
      <PageHeader title="All Cashbacks" description="Cashback offers of our advertisers, with your tracked links." />

      <Card>
        <form aria-label="Cashback filters" noValidate onSubmit={(event) => event.preventDefault()}>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
            <SearchableSelect
              label="Country Name"
              options={countryOptions}
              value={country}
              onChange={(next) => {
                form.setValue('country', next, { shouldValidate: true });
                paging.setPage(1);
              }}
              placeholder="Search countries"
            />
            <Input
              label="Search title"
              type="search"
              placeholder="Advertiser or domain"
              maxLength={SEARCH_MAX_LENGTH}
              error={errors.searchText?.message}
              {...form.register('searchText')}
            />
            <PlacementIdInput
              error={errors.placementId?.message}
              registration={form.register('placementId', {
                onChange: keepClean(sanitizePlacementId, (value) => form.setValue('placementId', value)),
              })}
            />
          </div>
        </form>
      </Card>

      <OfferResults
        label="Cashback results"
        noun="Cashbacks"
        what="cashback offers"
        itemLabel="offers"
        emptyMessage="No cashback offers match these filters."
        columnsClassName="md:grid-cols-2 xl:grid-cols-3"
        offers={offers}
        filterValues={filterValues}
        paging={paging}
        renderOffer={(offer) => (
          <CashbackCard offer={offer} onCopyLink={() => links.copyOfferLink(offer.deeplinkUrl)} />
        )}
      />
    </div>
  );
}
