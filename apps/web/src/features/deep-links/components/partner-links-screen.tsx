import { zodResolver } from '@hookform/resolvers/zod';
import {
  partnerMerchantLinksQuerySchema,
  DEFAULT_COUNTRY,
  DEFAULT_PAGE_SIZES,
  MERCHANT_LINKS_FILE_NAMES,
  type MerchantSummaryQuery,
  type MerchantSummaryResponse,
  type PartnerMerchantLinksQuery,
  type PartnerMerchantsQuery,
} from '@publisher/contract';
import type { UseMutationResult } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { Card } from '../../../components/ui/card';
import { RowActionText, type DataColumn } from '../../../components/ui/data-table';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { Select } from '../../../components/ui/select';
import { usePaging } from '../../../lib/use-paging';
import { COUNTRY_OPTIONS_WITH_ALL } from '../lib/countries';
import { MERCHANT_URL_COPIED } from '../lib/deep-link-messages';
import type { DeepLinkViewer } from '../lib/deep-link-viewer';
import { keepClean } from '../../../lib/form';
import { DEEP_LINK_INPUT_MAX, sanitizePlainClickId, sanitizePlainId } from '../lib/id-inputs';
import { useCopyLink } from '../lib/use-copy-link';
import { CountryCountTable } from './country-count-table';
import { MerchantLinksDownload } from './merchant-links-download';
import { MerchantListSection } from './merchant-list-section';

/** The ids typed on the screen, as the link builders take them. */
export interface PartnerLinkIds {
  placementId: string;
  clickId: string;
}

interface PartnerLinksFields extends PartnerLinkIds {
  country: string;
  merchantName: string;
}

/** The partner download's own query schema (ids, country, search text); raw: the form keeps what is typed. */
const fieldsResolver = zodResolver(
  partnerMerchantLinksQuerySchema
    .pick({ placementId: true, clickId: true, country: true })
    .extend({ merchantName: z.string().max(DEEP_LINK_INPUT_MAX) }),
  undefined,
  { raw: true },
) as Resolver<PartnerLinksFields>;

/** What a list hook of these screens answers (the subset the screen reads). */
interface ListResult<TRow> {
  data?: { body: { data: TRow[]; totalRecords: number } } | undefined;
  isPending: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/** Everything that tells API 3, 3 (New) and 4 apart. */
export interface PartnerLinksConfig<TRow> {
  title: string;
  description: string;
  useList: (query: PartnerMerchantsQuery) => ListResult<TRow>;
  useSummary: (query: MerchantSummaryQuery) => {
    data?: { body: MerchantSummaryResponse } | undefined;
    isPending: boolean;
  };
  useDownload: () => UseMutationResult<string, Error, PartnerMerchantLinksQuery>;
  /** The data columns; the Copy Link action column is added after them. */
  columns: readonly DataColumn<TRow>[];
  rowKey: (row: TRow) => string;
  /** Names the row for the Copy Link button ("Harbor Outfitters (US)"). */
  rowLabel: (row: TRow) => string;
  /** The finished link of a row with the typed ids. */
  buildLink: (row: TRow, ids: PartnerLinkIds, vendorId: number) => string;
  /** API 4 (New) names the click id "Click Id / Ref Id" (part 2 §2). */
  clickIdLabel?: string;
}

/**
 * The partner merchant-link screens (part 2 §2 API 3, 3 New, 4, 4 New): country, merchant name, placement id and click
 * id, Generate and the CSV download icon; the merchants with Copy Link, and the per-country counts.
 *
 * Country reloads the list at once; the merchant name applies on Generate, from page 1. The ids only shape the
 * copied links and the CSV. Their rules follow the download's (letters, digits and hyphen; click id also
 * underscore): part 2 §5 states them for API 4 New and the downloads take no other.
 */
export function PartnerLinksScreen<TRow>({
  viewer,
  config,
}: {
  viewer: DeepLinkViewer;
  config: PartnerLinksConfig<TRow>;
}) {
  const { useList, useSummary, useDownload, buildLink, rowLabel } = config;
  const paging = usePaging(DEFAULT_PAGE_SIZES.merchants);
  const form = useForm<PartnerLinksFields>({
    defaultValues: { country: DEFAULT_COUNTRY, merchantName: '', placementId: '', clickId: '' },
    resolver: fieldsResolver,
  });
  const { errors } = form.formState;
  const [country, placementId, clickId] = useWatch({
    control: form.control,
    name: ['country', 'placementId', 'clickId'],
  });
  const ids = useMemo<PartnerLinkIds>(() => ({ placementId, clickId }), [placementId, clickId]);
  // The merchant name as last applied by Generate: the list and the download search it.
  const [searchText, setSearchText] = useState('');
  const copyLink = useCopyLink(MERCHANT_URL_COPIED);
  const download = useDownload();

  const merchants = useList({
    pageNo: paging.page,
    pageSize: paging.pageSize,
    searchText,
    country,
  });
  const summary = useSummary({ searchText });

  const columns = useMemo<DataColumn<TRow>[]>(
    () => [
      ...config.columns,
      {
        key: 'action',
        // The row is read for its link: without figures of its own, the Copy Link column is what must stay in view.
        priority: 'key',
        header: 'Action',
        isSticky: true,
        cell: (row) => (
          <CopyButton
            className="py-1.5"
            aria-label={`Copy Link of ${rowLabel(row)}`}
            onCopy={() => copyLink(buildLink(row, ids, viewer.vendorId))}
          >
            <RowActionText text="Copy Link" />
          </CopyButton>
        ),
      },
    ],
    [config.columns, copyLink, buildLink, rowLabel, ids, viewer.vendorId],
  );

  const handleSubmit = form.handleSubmit(({ merchantName }) => {
    paging.resetPage();
    if (merchantName.trim() === searchText) void merchants.refetch();
    else setSearchText(merchantName.trim());
  });

  const handleDownload = form.handleSubmit((fields) =>
    download.mutate({
      placementId: fields.placementId,
      clickId: fields.clickId,
      campaign_id: String(viewer.vendorId),
      apiKey: viewer.apiKey,
      country: fields.country,
      searchText,
    }),
  );

  const cleanAs = (field: keyof PartnerLinkIds, clean: (value: string) => string) =>
    form.register(field, {
      onChange: keepClean(clean, (value) => form.setValue(field, value, { shouldValidate: true })),
    });

  return (
    <div className="space-y-6">
      <PageHeader title={config.title} description={config.description} />

      <Card>
        <form
          aria-label="Deep link filters"
          noValidate
          onSubmit={(event) => void handleSubmit(event)}
          className="space-y-4"
        >
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Select
              label="Country"
              options={COUNTRY_OPTIONS_WITH_ALL}
              error={errors.country?.message}
              {...form.register('country', { onChange: () => paging.resetPage() })}
            />
            <Input
              label="Merchant Name"
              placeholder="Any merchant"
              maxLength={DEEP_LINK_INPUT_MAX}
              error={errors.merchantName?.message}
              {...form.register('merchantName')}
            />
            <Input
              label="Placement Id (optional)"
              placeholder="noid"
              maxLength={DEEP_LINK_INPUT_MAX}
              hint="Letters, digits and hyphen."
              error={errors.placementId?.message}
              {...cleanAs('placementId', sanitizePlainId)}
            />
            <Input
              label={`${config.clickIdLabel ?? 'Click Id'} (optional)`}
              placeholder="noid"
              maxLength={DEEP_LINK_INPUT_MAX}
              hint="Letters, digits, hyphen and underscore."
              error={errors.clickId?.message}
              {...cleanAs('clickId', sanitizePlainClickId)}
            />
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit">Generate</Button>
            <MerchantLinksDownload
              fileName={MERCHANT_LINKS_FILE_NAMES.partner}
              isPending={download.isPending}
              error={download.error}
              onDownload={() => void handleDownload()}
            />
          </div>
        </form>
      </Card>

      {/* Five columns need the full width below 2xl; the per-country counts then follow the list. */}
      <div className="grid grid-cols-1 gap-6 2xl:grid-cols-3">
        <div className="min-w-0 2xl:col-span-2">
          <MerchantListSection
            caption="Merchants"
            columns={columns}
            rows={merchants.data?.body.data ?? []}
            rowKey={config.rowKey}
            totalRecords={merchants.data?.body.totalRecords}
            isLoading={merchants.isPending}
            isRefreshing={merchants.isFetching && !merchants.isPending}
            error={merchants.error}
            onRetry={() => void merchants.refetch()}
            paging={paging}
          />
        </div>
        <div className="max-w-md 2xl:max-w-none">
          <CountryCountTable rows={summary.data?.body.data ?? []} isLoading={summary.isPending} />
        </div>
      </div>
    </div>
  );
}
