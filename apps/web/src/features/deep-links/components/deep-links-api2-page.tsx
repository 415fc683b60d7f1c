import {
  buildDirectLink,
  COUNTRY_MERCHANT_SORT_KEYS,
  DEFAULT_COUNTRY,
  DEFAULT_PAGE_SIZES,
  MERCHANT_LINKS_FILE_NAMES,
  merchantHomeUrl,
  type CountryMerchantRow,
  type CountryMerchantSort,
  countryQuerySchema,
  countryMerchantSortSchema,
} from '@publisher/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { formatMoney, formatShortPercent } from '../../../lib/format';
import { Card } from '../../../components/ui/card';
import { fieldColumn, RowActionText, type DataColumn } from '../../../components/ui/data-table';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { Select, type SelectOption } from '../../../components/ui/select';
import { usePaging } from '../../../lib/use-paging';
import { useCountryMerchants } from '../api/use-country-merchants';
import { useDownloadNewdashboardMerchantLinks } from '../api/use-download-newdashboard-merchant-links';
import { COUNTRY_OPTIONS_WITH_ALL, countryLabel } from '../lib/countries';
import { MERCHANT_URL_COPIED } from '../lib/deep-link-messages';
import type { DeepLinkViewer, LinkType } from '../lib/deep-link-viewer';
import { DEEP_LINK_INPUT_MAX, idFieldsSchema, type IdValues } from '../lib/id-inputs';
import { TRACKING_BASE_URL } from '../lib/tracking-host';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { CountryCountTable } from './country-count-table';
import { GeneratedLink } from './generated-link';
import { IdFields } from './id-fields';
import { MerchantLinksDownload } from './merchant-links-download';
import { MerchantListSection } from './merchant-list-section';

const SORT_LABELS: Record<CountryMerchantSort, string> = {
  CPCLtoH: 'CPC: low to high',
  CPCHtoL: 'CPC: high to low',
  CPALtoH: 'CPA rate: low to high',
  CPAHtoL: 'CPA rate: high to low',
  DomainAtoZ: 'Domain: A to Z',
  DomainZtoA: 'Domain: Z to A',
};
const SORT_OPTIONS: readonly SelectOption[] = COUNTRY_MERCHANT_SORT_KEYS.map((key) => ({
  value: key,
  label: SORT_LABELS[key],
}));
const TYPE_LABELS: Record<LinkType, string> = { CPC: 'CPC (cost per click)', CPA: 'CPA (cost per action)' };
const COUNTRY_PAGE_SIZES = [25, 50, 100, 200] as const;

/** A cost per click: fractions of a cent matter, so 4 decimals. */
const formatCpc = (value: number) => formatMoney(value, { decimals: 4 });

interface Api2Fields extends IdValues {
  type: LinkType;
  country: string;
  merchantName: string;
  sort: CountryMerchantSort;
  showCPC: boolean;
  showCPA: boolean;
}

/** API 2's id rules (generateDeepLinkAllBodySchema) and the merchant list's own filters; raw: strings stay. */
const fieldsResolver = zodResolver(
  idFieldsSchema('plain').extend({
    type: z.enum(['CPC', 'CPA']),
    country: countryQuerySchema,
    merchantName: z.string().max(DEEP_LINK_INPUT_MAX),
    sort: countryMerchantSortSchema,
    showCPC: z.boolean(),
    showCPA: z.boolean(),
  }),
  undefined,
  { raw: true },
) as Resolver<Api2Fields>;

interface Api2PageProps {
  viewer: DeepLinkViewer;
  /** The clock behind a blank campaign id, injected for tests. */
  now?: () => number;
}

/**
 * Deep Links API 2 (`/deepLinksAPI2`, part 2 §2, §5): type, country, merchant name, sort (CPCLtoH first), CPC and
 * CPA merchant toggles, campaign, placement and click ids; the country-keyed merchants (100 a page) with the
 * per-country summary, and the 'merchant links.csv' download.
 *
 * Generate Link on a row builds the direct link with the contract's builder (source 22267 CPC or 22269 CPA,
 * publisher = campaign id or the current time, sub = vendorId_placementId or vendorId_noid) on the API's tracking
 * host. Changing any input clears the link; changing the type also empties the merchant name.
 */
export function DeepLinksAPI2Page({ viewer, now = Date.now }: Api2PageProps) {
  const paging = usePaging(DEFAULT_PAGE_SIZES.countryMerchants);
  const offers = (kind: LinkType) => viewer.conversionTypes.length === 0 || viewer.conversionTypes.includes(kind);
  const form = useForm<Api2Fields>({
    defaultValues: {
      type: viewer.conversionTypes[0] ?? 'CPC',
      country: DEFAULT_COUNTRY,
      merchantName: '',
      sort: 'CPCLtoH',
      // Merchants of the kinds of link the vendor may make: a CPC-only vendor's list does not open on CPA merchants,
      // whose average CPC is $0 and which the default sort (CPC, low to high) puts first.
      showCPC: offers('CPC'),
      showCPA: offers('CPA'),
      campaignId: '',
      placementId: '',
      clickId: '',
    },
    resolver: fieldsResolver,
  });
  const [type, country, merchantName, sort, showCPC, showCPA] = useWatch({
    control: form.control,
    name: ['type', 'country', 'merchantName', 'sort', 'showCPC', 'showCPA'],
  });
  const [generated, setGenerated] = useState<{ link: string; domain: string } | null>(null);
  const searchText = useDebouncedValue(merchantName.trim());
  const download = useDownloadNewdashboardMerchantLinks();

  const merchants = useCountryMerchants({
    pageNo: paging.page,
    pageSize: paging.pageSize,
    searchText,
    country,
    sortByValue: sort,
    showCPCMerchants: showCPC ? 'true' : 'false',
    showCPAMerchants: showCPA ? 'true' : 'false',
    ...(type === 'CPA' ? { isPublisherAI: 'true' } : {}),
  });

  /** A list filter reloads from page 1; every edit clears the link. */
  const handleFilterEdit = () => {
    setGenerated(null);
    paging.resetPage();
  };
  const handleTypeEdit = () => {
    form.setValue('merchantName', '');
    handleFilterEdit();
  };
  const handleIdEdit = () => setGenerated(null);

  const typeOptions = useMemo<SelectOption[]>(
    () => viewer.conversionTypes.map((value) => ({ value, label: TYPE_LABELS[value] })),
    [viewer.conversionTypes],
  );

  const { handleSubmit } = form;
  const columns = useMemo<DataColumn<CountryMerchantRow>[]>(() => {
    // Generate Link is the form's submit for one row: the ids are checked first.
    const handleGenerate = (row: CountryMerchantRow) =>
      void handleSubmit((fields) => {
        setGenerated({
          domain: row.domain,
          link: buildDirectLink({
            trackingBaseUrl: TRACKING_BASE_URL,
            source: 'newdashboard',
            type: fields.type,
            vendorId: viewer.vendorId,
            merchantUrl: merchantHomeUrl(row.domain),
            campaignId: fields.campaignId,
            placementId: fields.placementId,
            clickId: fields.clickId,
            country: row.country,
            now: now(),
          }),
        });
      })();
    return [
      fieldColumn('country', (row) => countryLabel(row.country)),
      fieldColumn('domain', (row) => row.domain, 'left', 'identity'),
      {
        key: 'ave_cpa_rate',
        header: 'Avg. CPA Rate',
        headerTitle: 'ave_cpa_rate',
        cell: (row) => formatShortPercent(row.ave_cpa_rate),
        align: 'right',
      },
      {
        key: 'ave_cpc',
        priority: 'key',
        header: 'Avg. CPC',
        headerTitle: 'ave_cpc',
        cell: (row) => formatCpc(row.ave_cpc),
        align: 'right',
      },
      {
        key: 'action',
        header: 'Action',
        isSticky: true,
        cell: (row) => (
          <Button
            className="py-1.5"
            aria-label={`Generate Link for ${row.domain} (${countryLabel(row.country)})`}
            onClick={() => handleGenerate(row)}
          >
            <RowActionText text="Generate Link" />
          </Button>
        ),
      },
    ];
  }, [handleSubmit, viewer.vendorId, now]);

  const handleDownload = () =>
    void handleSubmit((fields) =>
      download.mutate({
        placementId: fields.placementId,
        clickId: fields.clickId,
        campaign_id: String(viewer.vendorId),
        apiKey: viewer.apiKey,
        isPublisherAI: fields.type === 'CPA' ? 'true' : 'false',
        new_campaign_id: fields.campaignId,
        country: fields.country,
      }),
    )();

  return (
    <div className="space-y-6">
      <PageHeader
        title="Deep Links API 2"
        description="Direct links to the merchants of every country, by CPC or CPA, with your own campaign, placement and click ids."
      />

      <Card>
        <form
          aria-label="Deep link filters"
          noValidate
          // Enter in a field submits nothing: a row's Generate Link and the download are this form's submits.
          onSubmit={(event) => event.preventDefault()}
          className="space-y-4"
        >
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Select label="Type" options={typeOptions} {...form.register('type', { onChange: handleTypeEdit })} />
            <Select
              label="Country"
              options={COUNTRY_OPTIONS_WITH_ALL}
              error={form.formState.errors.country?.message}
              {...form.register('country', { onChange: handleFilterEdit })}
            />
            <Input
              label="Merchant Name"
              placeholder="Any merchant"
              maxLength={DEEP_LINK_INPUT_MAX}
              error={form.formState.errors.merchantName?.message}
              {...form.register('merchantName', { onChange: handleFilterEdit })}
            />
            <Select label="Sort By" options={SORT_OPTIONS} {...form.register('sort', { onChange: handleFilterEdit })} />
            <IdFields form={form} rules="plain" onEdit={handleIdEdit} />
            <fieldset className="flex flex-col justify-end gap-2 pb-1">
              <legend className="sr-only">Merchants to show</legend>
              <label className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  {...form.register('showCPC', { onChange: handleFilterEdit })}
                  className="h-4 w-4 rounded border-slate-300 accent-indigo-600"
                />
                Show CPC merchants
              </label>
              <label className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  {...form.register('showCPA', { onChange: handleFilterEdit })}
                  className="h-4 w-4 rounded border-slate-300 accent-indigo-600"
                />
                Show CPA merchants
              </label>
            </fieldset>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-xs text-slate-600">
              Ids accept letters, digits and hyphen (click id also underscore), up to 50.
            </p>
            <MerchantLinksDownload
              fileName={MERCHANT_LINKS_FILE_NAMES.newdashboard}
              isPending={download.isPending}
              error={download.error}
              onDownload={handleDownload}
            />
          </div>
          {generated ? (
            <div className="space-y-2">
              <p className="text-sm text-slate-700">
                Link to <span className="font-semibold">{generated.domain}</span>
              </p>
              <GeneratedLink key={generated.link} link={generated.link} copyMessage={MERCHANT_URL_COPIED} />
            </div>
          ) : null}
        </form>
      </Card>

      {/* The per-country counts go beside the list only from 2xl: at 1280 px the list's last columns went under its
          sticky Action column, as on the partner lists (partner-links-screen.tsx). */}
      <div className="grid grid-cols-1 gap-6 2xl:grid-cols-3">
        <div className="min-w-0 2xl:col-span-2">
          <MerchantListSection
            caption="Merchants"
            columns={columns}
            rows={merchants.data?.body.data ?? []}
            rowKey={(row) => `${row.country}-${row.domain}`}
            totalRecords={merchants.data?.body.totalRecords}
            isLoading={merchants.isPending}
            isRefreshing={merchants.isFetching && !merchants.isPending}
            error={merchants.error}
            onRetry={() => void merchants.refetch()}
            paging={paging}
            pageSizeOptions={COUNTRY_PAGE_SIZES}
          />
        </div>
        <CountryCountTable rows={merchants.data?.body.summary ?? []} isLoading={merchants.isPending} />
      </div>
    </div>
  );
}
