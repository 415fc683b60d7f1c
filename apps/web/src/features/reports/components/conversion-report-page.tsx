import { CSV_FILE_NAMES, type ConversionRow, type SummaryByDateRow } from '@publisher/contract';
import { Card } from '../../../components/ui/card';
import { DataTable, fieldColumn, type DataColumn } from '../../../components/ui/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { ErrorState } from '../../../components/ui/error-state';
import { formatCount, formatDate, formatPercent } from '../../../lib/format';
import { usePaging } from '../../../lib/use-paging';
import { useConversionReportSummary } from '../api/use-conversion-report-summary';
import { useConversionReportSummaryByDate } from '../api/use-conversion-report-summary-by-date';
import { useConversionReports } from '../api/use-conversion-reports';
import { useDownloadConversionReport } from '../api/use-download-conversion-report';
import { useDownloadConversionReportByDate } from '../api/use-download-conversion-report-by-date';
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
import { ConversionSummaryCards } from './conversion-summary-cards';
import { ConversionTypeSelect, useConversionType } from './conversion-type-select';
import { VendorRefusal, overrideRefusal } from './vendor-refusal';
import { ReportDateFilter } from './report-date-filter';
import { ReportTableSection } from './report-table-section';
import { CentsSwitch, ReportMoney } from './report-money';
import { csvFileName } from '../../../lib/csv-download';
import { AllSectionsFailed, haveAllFailed } from '../../../components/ui/failed-sections';

/** Part 1 §9: conversion screens start on page 1 with 20 rows. */
export const CONVERSION_PAGE_SIZE = 20;

const SUMMARY_BY_DATE_COLUMNS: readonly DataColumn<SummaryByDateRow>[] = [
  fieldColumn('date', (row) => formatDate(row.date), 'left', 'identity'),
  {
    key: 'totalClicks',
    priority: 'key',
    header: 'Total Clicks',
    headerTitle: 'totalClicks',
    cell: (row) => formatCount(row.totalClicks),
    align: 'right',
  },
  fieldColumn('sales', (row) => formatCount(row.sales), 'right', 'key'),
  {
    key: 'earnings',
    header: 'Total Earnings',
    headerTitle: 'clickTotalEarnings',
    priority: 'key',
    cell: (row) => <ReportMoney value={row.clickTotalEarnings} precision="report1" />,
    align: 'right',
  },
  {
    key: 'conversionRate',
    header: 'Conversion Rate',
    headerTitle: 'total_Conversion_Rate',
    cell: (row) => formatPercent(row.total_Conversion_Rate),
    align: 'right',
  },
  {
    key: 'cpc',
    header: 'Avg. CPC',
    headerTitle: 'clickAvgCPC',
    cell: (row) => <ReportMoney value={row.clickAvgCPC} precision="report1" />,
    align: 'right',
  },
];

/** The spec's columns (part 1 §3) headed in words, each field name on hover; money to 6 decimals. */
const REPORT_COLUMNS: readonly DataColumn<ConversionRow>[] = [
  fieldColumn('REPORT_DATE', (row) => formatDate(row.REPORT_DATE), 'left', 'identity'),
  fieldColumn('CAMPAIGN_ID', (row) => row.CAMPAIGN_ID),
  fieldColumn('PLACEMENT_ID', (row) => row.PLACEMENT_ID),
  fieldColumn('RID', (row) => row.RID),
  fieldColumn('MERCHANT_NAME', (row) => row.MERCHANT_NAME),
  fieldColumn('CLICKS', (row) => formatCount(row.CLICKS), 'right', 'key'),
  fieldColumn('SALES', (row) => <ReportMoney value={row.SALES} precision="report1" />, 'right', 'key'),
  fieldColumn('EARNINGS', (row) => <ReportMoney value={row.EARNINGS} precision="report1" />, 'right', 'key'),
  fieldColumn('CONVERSION_RATE', (row) => formatPercent(row.CONVERSION_RATE), 'right', 'key'),
  fieldColumn('CPC', (row) => <ReportMoney value={row.CPC} precision="report1" />, 'right', 'key'),
];

interface ConversionReportPageProps {
  viewer: ReportViewer;
  /** What the Type selector offers: CPC and/or CPA, from the menu flags of deeplink1. */
  conversionTypes: readonly ConversionType[];
}

/**
 * Conversion report 1 (`/conversionReports1`, part 1 §2; `/conversionReports` is the Dashboard, part 2 §2): presets and Start/End, the CPC/CPA Type, five summary
 * cards, the date-wise summary and the paged full report, each table with its CSV download.
 */
export function ConversionReportPage({ viewer, conversionTypes }: ConversionReportPageProps) {
  const today = useToday();
  const range = useReportRange(today);
  const campaign = useReportCampaign(viewer);
  const conversionType = useConversionType(conversionTypes);
  const paging = usePaging(CONVERSION_PAGE_SIZE);
  const { page, pageSize } = paging;
  const { isCPC } = conversionType;

  const rangeBody = { ...range.applied, campaign_id: campaign.campaignId, isCPC };
  const summary = useConversionReportSummary(rangeBody);
  const byDate = useConversionReportSummaryByDate(rangeBody);
  const report = useConversionReports({ ...rangeBody, page, pageSize });
  const download = useDownloadConversionReport();
  const downloadByDate = useDownloadConversionReportByDate();

  const downloadQuery = {
    vendorId: campaign.campaignId,
    apiKey: downloadApiKey(viewer, campaign),
    ...range.applied,
    isCPC: queryBoolean(isCPC),
  };

  const refusal = overrideRefusal(campaign, [summary.error, byDate.error, report.error]);
  const reads = [summary, byDate, report];
  const header = (
    <PageHeader
      title="Conversion Reports"
      description={campaignDescription(campaign.campaignId, campaign.isOverride)}
    />
  );
  if (refusal) {
    return (
      <div className="space-y-6">
        {header}
        <VendorRefusal campaignId={campaign.campaignId} error={refusal} />
      </div>
    );
  }

  return (
    <div className="space-y-6">
      {header}

      <Card className="flex flex-wrap items-end justify-between gap-6">
        <ReportDateFilter range={range} onChange={paging.resetPage} />
        <div className="flex flex-wrap items-end gap-6">
          <ConversionTypeSelect conversionTypes={conversionTypes} choice={conversionType} onChange={paging.resetPage} />
          <CentsSwitch />
        </div>
      </Card>

      {haveAllFailed(reads) ? (
        <AllSectionsFailed reads={reads} what="The conversion report" />
      ) : (
        <>
          <ErrorState
            error={summary.error}
            onRetry={() => void summary.refetch()}
            isRetrying={summary.isFetching}
            what="The summary"
          />
          <ConversionSummaryCards totals={summary.data?.data} isPending={summary.isPending} precision="report1" />

          <ReportTableSection
            title="Date Wise Summary"
            download={{
              fileName: csvFileName(CSV_FILE_NAMES.conversionReportsDayWise, range.applied),
              isPending: downloadByDate.isPending,
              error: downloadByDate.error,
              onDownload: () => downloadByDate.mutate(downloadQuery),
            }}
          >
            <DataTable
              caption="Date Wise Summary"
              columns={SUMMARY_BY_DATE_COLUMNS}
              rows={byDate.data?.data ?? []}
              rowKey={(row) => row.date}
              isLoading={byDate.isPending}
              isRefreshing={byDate.isFetching && !byDate.isPending}
              emptyMessage="No records found for these dates."
              error={byDate.error}
              onRetry={() => void byDate.refetch()}
              maxHeight={500}
            />
          </ReportTableSection>

          <ReportTableSection
            title="Conversion Report"
            meta={report.data ? `Total Records: ${formatCount(report.data.totalRecords)}` : undefined}
            download={{
              fileName: csvFileName(CSV_FILE_NAMES.conversionReports, range.applied),
              isPending: download.isPending,
              error: download.error,
              onDownload: () => download.mutate(downloadQuery),
            }}
          >
            <DataTable
              caption="Conversion Report"
              columns={REPORT_COLUMNS}
              rows={report.data?.reportsData ?? []}
              rowKey={(row, index) => `${row.REPORT_DATE}-${row.PLACEMENT_ID}-${row.RID}-${row.MERCHANT_NAME}-${index}`}
              isLoading={report.isPending}
              isRefreshing={report.isFetching && !report.isPending}
              emptyMessage="No records found for these dates."
              error={report.error}
              onRetry={() => void report.refetch()}
            />
            {report.isError && !report.data ? null : (
              <Pagination
                page={page}
                pageSize={pageSize}
                totalRecords={report.data?.totalRecords}
                onPageChange={paging.setPage}
                onPageSizeChange={paging.setPageSize}
                // One count line per list: "Total Records" beside the title says it already.
                summary=""
              />
            )}
          </ReportTableSection>
        </>
      )}
    </div>
  );
}
