import { zodResolver } from '@hookform/resolvers/zod';
import {
  countryQuerySchema,
  DEFAULT_COUNTRY,
  DEFAULT_PAGE_SIZES,
  type Deeplink5MerchantRow,
} from '@publisher/contract';
import { useMemo } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { formatMoney } from '../../../lib/format';
import { Card } from '../../../components/ui/card';
import { fieldColumn, RowActionText, type DataColumn } from '../../../components/ui/data-table';
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
import { DEEP_LINK_INPUT_MAX, idFieldsSchema, type IdValues } from '../lib/id-inputs';
import { campaignIdOrNow } from '../lib/timestamp';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { generationErrorOf } from '../lib/generation-error';
import { GeneratedLink } from './generated-link';
import { IdFields } from './id-fields';
import { LoadingOverlay } from './loading-overlay';
import { MerchantListSection } from './merchant-list-section';

interface Api5Fields extends IdValues {
  country: string;
  merchantName: string;
}

/** The kelkoo generator's id rules and the merchant list's country; raw: the form keeps what is chosen. */
const fieldsResolver = zodResolver(
  idFieldsSchema('braces').extend({
    country: countryQuerySchema,
    merchantName: z.string().max(DEEP_LINK_INPUT_MAX),
  }),
  undefined,
  { raw: true },
) as Resolver<Api5Fields>;

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
  const form = useForm<Api5Fields>({ defaultValues: INITIAL_FIELDS, resolver: fieldsResolver });
  const [country, merchantName] = useWatch({ control: form.control, name: ['country', 'merchantName'] });
  const searchText = useDebouncedValue(merchantName.trim());
  const generate = useGenerateKelkooDeepLink();

  const merchants = useKelkooMerchants({
    pageNo: paging.page,
    pageSize: paging.pageSize,
    searchText,
    country,
  });

  /** Country and merchant name reload the list from page 1; every edit clears the result. */
  const handleFilterEdit = () => {
    generate.reset();
    paging.resetPage();
  };

  const { mutate, reset } = generate;
  const { handleSubmit } = form;
  const columns = useMemo<DataColumn<Deeplink5MerchantRow>[]>(() => {
    // Generate Link is the form's submit for one row: the ids are checked first.
    const handleGenerate = (merchant: Deeplink5MerchantRow) =>
      void handleSubmit((fields) => {
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
      })();
    return [
      fieldColumn('country', (row) => countryLabel(row.country)),
      { key: 'name', priority: 'identity', header: 'Merchant Name', headerTitle: 'name', cell: (row) => row.name },
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
        priority: 'key',
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
            <RowActionText text="Generate Link" />
          </Button>
        ),
      },
    ];
  }, [handleSubmit, mutate, reset, viewer.vendorId]);

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
          // Enter in a field submits nothing: each row's Generate Link is this form's submit.
          onSubmit={(event) => event.preventDefault()}
          className="space-y-4"
        >
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-5">
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
            <IdFields form={form} rules="braces" onEdit={generate.reset} />
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
