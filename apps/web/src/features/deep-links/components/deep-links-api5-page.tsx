import { DEFAULT_COUNTRY, DEFAULT_PAGE_SIZES, type Deeplink5MerchantRow } from '@publisher/contract';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { formatMoney } from '../../../lib/format';
import { Card } from '../../../components/ui/card';
import { fieldColumn, type DataColumn } from '../../../components/ui/data-table';
import { FormError } from '../../../components/ui/form-error';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { Select } from '../../../components/ui/select';
import { usePaging } from '../../../lib/use-paging';
import { useGenerateKelkooDeepLink } from '../api/use-generate-kelkoo-deep-link';
import { useKelkooMerchants } from '../api/use-kelkoo-merchants';
import { COUNTRY_OPTIONS_WITH_ALL, countryLabel } from '../lib/countries';
import { PRODUCT_URL_COPIED } from '../lib/deep-link-messages';
import type { DeepLinkViewer } from '../lib/deep-link-viewer';
import { DEEP_LINK_INPUT_MAX, limitMerchantName } from '../lib/id-inputs';
import { campaignIdOrNow } from '../lib/timestamp';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { generationErrorOf } from '../lib/generation-error';
import { GeneratedLink } from './generated-link';
import { IdFields } from './id-fields';
import { LoadingOverlay } from './loading-overlay';
import { MerchantListSection } from './merchant-list-section';

interface Api5Fields {
  country: string;
  merchantName: string;
  campaignId: string;
  placementId: string;
  clickId: string;
}

const INITIAL_FIELDS: Api5Fields = {
  country: DEFAULT_COUNTRY,
  merchantName: '',
  campaignId: '',
  placementId: '',
  clickId: '',
};

/** A cost per click: fractions of a cent matter, so 4 decimals. */
const formatCpc = (value: number) => formatMoney(value, { decimals: 4 });

/**
 * Deep Links API 5 (`/deepLinksAPI5`, part 2 §2, §4 "Deep Links 5", §5): country (United States first), merchant
 * name, optional campaign, placement and click ids; the kelkoo merchants, 10 a page, each with Generate Link.
 *
 * Generate Link keeps the chosen merchant, clears the last result and asks for a link under a loading overlay; the
 * result shows the merchant's logo (linking to the link), its name, the link and Copy URL. A failure shows the
 * server's text in the form and above the table. Editing any field clears the result; country, merchant name
 * (once typing pauses), page and page size reload the list. A blank campaign id is sent as the current time.
 */
export function DeepLinksAPI5Page({ viewer }: { viewer: DeepLinkViewer }) {
  const paging = usePaging(DEFAULT_PAGE_SIZES.kelkooMerchants);
  const [fields, setFields] = useState<Api5Fields>(INITIAL_FIELDS);
  const searchText = useDebouncedValue(fields.merchantName.trim());
  const generate = useGenerateKelkooDeepLink();

  const merchants = useKelkooMerchants({
    pageNo: paging.page,
    pageSize: paging.pageSize,
    searchText,
    country: fields.country,
  });

  const edit = <TKey extends keyof Api5Fields>(key: TKey, value: Api5Fields[TKey]) => {
    setFields((current) => ({ ...current, [key]: value }));
    generate.reset();
    if (key === 'country' || key === 'merchantName') paging.resetPage();
  };

  const { mutate, reset } = generate;
  const columns = useMemo<DataColumn<Deeplink5MerchantRow>[]>(() => {
    const handleGenerate = (merchant: Deeplink5MerchantRow) => {
      // Part 2 §4 "Merchant link access": only a merchant with a url gets a link.
      if (merchant.url === '') return;
      reset();
      mutate({
        body: {
          merchantUrl: merchant.url,
          country: merchant.country,
          campaign_id: String(viewer.vendorId),
          new_campaign_id: campaignIdOrNow(fields.campaignId),
          placement_id: fields.placementId,
          click_id: fields.clickId,
        },
      });
    };
    return [
      fieldColumn('country', (row) => countryLabel(row.country)),
      { key: 'name', header: 'Merchant Name', headerTitle: 'name', cell: (row) => row.name },
      {
        key: 'url',
        header: 'Merchant Url',
        headerTitle: 'url',
        cell: (row) => (
          <a href={row.url} target="_blank" rel="noopener noreferrer" className="text-indigo-700 hover:underline">
            {row.url}
          </a>
        ),
      },
      {
        key: 'cpc',
        header: 'Est. CPC',
        headerTitle: 'merchantEstimatedCpc',
        cell: (row) => formatCpc(row.merchantEstimatedCpc),
        align: 'right',
      },
      {
        key: 'action',
        header: 'Action',
        isSticky: true,
        cell: (row) => (
          <Button
            className="py-1.5"
            aria-label={`Generate Link for ${row.name} (${countryLabel(row.country)})`}
            onClick={() => handleGenerate(row)}
          >
            Generate Link
          </Button>
        ),
      },
    ];
  }, [mutate, reset, viewer.vendorId, fields.campaignId, fields.placementId, fields.clickId]);

  const generateError = generate.isError ? generationErrorOf(generate.error) : null;
  const result = generate.data?.body.data;

  return (
    <div className="space-y-6">
      <LoadingOverlay isVisible={generate.isPending} label="Generating the link" />
      <PageHeader
        title="Deep Links API 5"
        description="Generate a tracked link to any merchant of the network, with your own campaign, placement and click ids."
      />

      <Card>
        <form
          aria-label="Deep link filters"
          noValidate
          onSubmit={(event) => event.preventDefault()}
          className="space-y-4"
        >
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-5">
            <Select
              label="Country"
              options={COUNTRY_OPTIONS_WITH_ALL}
              value={fields.country}
              onChange={(event) => edit('country', event.target.value)}
            />
            <Input
              label="Merchant Name"
              placeholder="Any merchant"
              maxLength={DEEP_LINK_INPUT_MAX}
              value={fields.merchantName}
              onChange={(event) => edit('merchantName', limitMerchantName(event.target.value))}
            />
            <IdFields
              values={{ campaignId: fields.campaignId, placementId: fields.placementId, clickId: fields.clickId }}
              rules="braces"
              onEdit={edit}
            />
          </div>
          <p className="text-xs text-slate-600">
            Ids accept letters, digits, hyphen and braces (click id also underscore), up to 50 characters.
          </p>
          <FormError message={generateError} />
          {result ? (
            <GeneratedLink
              link={result.link}
              copyMessage={PRODUCT_URL_COPIED}
              copyLabel="Copy URL"
              merchant={{ name: result.merchantName, logoUrl: result.merchantLogo }}
            />
          ) : null}
        </form>
      </Card>

      <MerchantListSection
        caption="Merchants"
        columns={columns}
        rows={merchants.data?.body.data ?? []}
        rowKey={(row) => `${row.country}-${row.name}-${row.url}`}
        totalRecords={merchants.data?.body.totalRecords}
        isLoading={merchants.isPending}
        isRefreshing={merchants.isFetching && !merchants.isPending}
        error={merchants.error}
        onRetry={() => void merchants.refetch()}
        notice={<FormError message={generateError} />}
        paging={paging}
        minWidth={800}
      />
    </div>
  );
}
