import type { Contract, PagedReportBody } from '@publisher/contract';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { ClientInferRequest } from '@ts-rest/core';
import { useMemo, type ReactNode } from 'react';
import type { DataColumn } from '../../../components/ui/data-table';
import { fieldLabel } from '../../../lib/field-label';
import { formatCount, formatDate } from '../../../lib/format';
import { usePaging } from '../../../lib/use-paging';
import type { ScreenPaged } from '../api/screen-page';
import type { MoneyCurrency } from '../../../lib/format';
import type { MoneyPrecision } from '../lib/format';
import { useReportRange } from '../lib/report-range';
import {
  campaignDescription,
  downloadApiKey,
  queryBoolean,
  useReportCampaign,
  useToday,
  type ConversionType,
  type ReportViewer,
} from '../lib/report-viewer';
import { CONVERSION_PAGE_SIZE } from './conversion-report-page';
import { ConversionTypeSelect, useConversionType } from './conversion-type-select';
import { PagedReportLayout } from './paged-report-layout';
import { ReportMoney } from './report-money';
import { VendorRefusal, overrideRefusal } from './vendor-refusal';
import { csvFileName } from '../../../lib/csv-download';

/** The query of the partner downloads (reports 2 to 5 share one schema, so any of their routes names it). */
type CampaignDownloadQuery = ClientInferRequest<Contract['reports']['downloadConversionReports2']>['query'];

/** A row of a partner report: the API's own field names, each a text or a number. */
type PartnerRow = Record<string, string | number>;

/** The fields of a row that hold numbers. */
type NumberField<TRow> = { [TKey in keyof TRow]: TRow[TKey] extends number ? TKey : never }[keyof TRow] & string;

/**
 * One table column, headed in words with the field name (the report's CSV heading) on hover. Without `format` the value is shown as
 * sent; counts get thousands separators and money the report's `precision`, both right-aligned.
 */
type PartnerColumn<TRow> =
  | { key: keyof TRow & string; format?: undefined }
  | { key: keyof TRow & string; format: 'date' }
  | { key: NumberField<TRow>; format: 'count' }
  | { key: NumberField<TRow>; format: 'money'; currency?: MoneyCurrency };

/** What report 2's summary cards are drawn from. */
interface PartnerSummaryProps<TPage> {
  /** The page's answer; undefined until the first one arrives. */
  page: TPage | undefined;
  isPending: boolean;
}

/** Everything that tells one partner conversion report from another. */
export interface PartnerConversionReportConfig<TRow extends PartnerRow, TPage extends { reportsData: TRow[] }> {
  title: string;
  /** Part 1 §9: report 2 shows money with 7 decimals, the deep links 3 to 5 variants with 6, as their CSV files do. */
  precision: MoneyPrecision;
  columns: readonly PartnerColumn<TRow>[];
  rowKey: (row: TRow, index: number) => string;
  /** The endpoint hook that reads one page of the report. */
  usePage: (body: ScreenPaged<PagedReportBody>) => UseQueryResult<TPage>;
  /** The "Total Count" of a page's answer (report 2 names it totalCount, the others totalRecords). */
  totalCount: (page: TPage) => number;
  /** Cards between the date filter and the table, when the report has a summary. */
  renderSummary?: (props: PartnerSummaryProps<TPage>) => ReactNode;
  /** The endpoint hook behind the download button, and the spec's name of the file it saves (the range is added). */
  useDownload: () => UseMutationResult<string, Error, CampaignDownloadQuery>;
  fileName: string;
}

function columnOf<TRow extends PartnerRow>(column: PartnerColumn<TRow>, precision: MoneyPrecision): DataColumn<TRow> {
  const { key } = column;
  const heading = { header: fieldLabel(key), headerTitle: key };
  if (column.format === undefined) return { key, ...heading, cell: (row) => row[key] };
  if (column.format === 'date') {
    return { key, ...heading, cell: (row) => formatDate(String(row[key])), priority: 'identity' };
  }
  if (column.format === 'count') {
    return { key, ...heading, cell: (row) => formatCount(Number(row[key])), align: 'right', priority: 'key' };
  }
  const { currency } = column;
  return {
    key,
    ...heading,
    cell: (row) => <ReportMoney value={Number(row[key])} precision={precision} currency={currency} />,
    align: 'right',
    priority: 'key',
  };
}

interface PartnerConversionReportProps<TRow extends PartnerRow, TPage extends { reportsData: TRow[] }> {
  viewer: ReportViewer;
  config: PartnerConversionReportConfig<TRow, TPage>;
  /**
   * The CPC/CPA types the menu offers for the report's deep link, when the report has a Type selector (report 2:
   * part 1 §7 lists isCPC for /newdashboard/getConversionReports2). Without it no isCPC is sent.
   */
  conversionTypes?: readonly ConversionType[];
}

/**
 * A partner conversion report (`/conversionReports2` to `/conversionReports5`; part 1 §2 report 2, part 2 §2
 * "Conversion report variants"): date presets and range, "Total Count", a download icon and a paged table of the
 * vendor's rows, or of `?vendorId=`'s for the admin.
 */
export function PartnerConversionReport<TRow extends PartnerRow, TPage extends { reportsData: TRow[] }>({
  viewer,
  config,
  conversionTypes,
}: PartnerConversionReportProps<TRow, TPage>) {
  const { title, precision, usePage, totalCount, renderSummary, useDownload, fileName } = config;
  const range = useReportRange(useToday());
  const campaign = useReportCampaign(viewer);
  const paging = usePaging(CONVERSION_PAGE_SIZE);
  const conversionType = useConversionType(conversionTypes ?? []);
  const { isCPC } = conversionType;
  const report = usePage({
    ...range.applied,
    campaign_id: campaign.campaignId,
    ...(isCPC === undefined ? {} : { isCPC }),
    page: paging.page,
    pageSize: paging.pageSize,
  });
  const download = useDownload();
  const columns = useMemo(
    () => config.columns.map((column) => columnOf(column, precision)),
    [config.columns, precision],
  );
  const refusal = overrideRefusal(campaign, [report.error]);

  return (
    <PagedReportLayout
      title={title}
      description={campaignDescription(campaign.campaignId, campaign.isOverride)}
      range={range}
      paging={paging}
      filters={
        conversionTypes && (
          <ConversionTypeSelect conversionTypes={conversionTypes} choice={conversionType} onChange={paging.resetPage} />
        )
      }
      summary={renderSummary?.({ page: report.data, isPending: report.isPending })}
      columns={columns}
      rows={report.data?.reportsData ?? []}
      rowKey={config.rowKey}
      totalCount={report.data ? totalCount(report.data) : undefined}
      isLoading={report.isPending}
      isRefreshing={report.isFetching && !report.isPending}
      error={report.error}
      onRetry={() => void report.refetch()}
      refusal={refusal && <VendorRefusal campaignId={campaign.campaignId} error={refusal} />}
      download={{
        fileName: csvFileName(fileName, range.applied),
        isPending: download.isPending,
        error: download.error,
        onDownload: () =>
          download.mutate({
            campaign_id: campaign.campaignId,
            apiKey: downloadApiKey(viewer, campaign),
            ...range.applied,
            ...(isCPC === undefined ? {} : { isCPC: queryBoolean(isCPC) }),
          }),
      }}
    />
  );
}
