import { CSV_FILE_NAMES, type Report2Row } from '@publisher/contract';
import type { DataColumn } from '../../../components/ui/data-table';
import { StatCard, StatGrid } from '../../../components/ui/stat-card';
import { useConversionReports2 } from '../api/use-conversion-reports2';
import { useDownloadConversionReports2 } from '../api/use-download-conversion-reports2';
import { formatCount, formatMoney, formatPercent } from '../lib/format';
import { usePaging } from '../lib/paging';
import { useReportRange } from '../lib/report-range';
import { downloadApiKey, useReportCampaign, useToday, type ReportViewer } from '../lib/report-viewer';
import { CONVERSION_PAGE_SIZE } from './conversion-report-page';
import { PagedReportLayout } from './paged-report-layout';
import { campaignDescription } from './report-page-header';

/** Part 1 §9: report 2 money is shown with 7 decimals. */
const money = (value: number) => formatMoney(value, 'report2');

const COLUMNS: readonly DataColumn<Report2Row>[] = [
  { key: 'date', header: 'date', cell: (row) => row.date },
  { key: 'pub_id', header: 'pub_id', cell: (row) => row.pub_id },
  { key: 'domain', header: 'domain', cell: (row) => row.domain },
  { key: 'clicks', header: 'clicks', cell: (row) => formatCount(row.clicks), align: 'right' },
  { key: 'commission', header: 'commission', cell: (row) => money(row.commission), align: 'right' },
  { key: 'commission_eur', header: 'commission_eur', cell: (row) => money(row.commission_eur), align: 'right' },
];

/** Conversion report 2 (`/conversionReports2`, the deep links 2 source). */
export function ConversionReport2Page({ viewer }: { viewer: ReportViewer }) {
  const range = useReportRange(useToday());
  const campaign = useReportCampaign(viewer);
  const paging = usePaging(CONVERSION_PAGE_SIZE);
  const report = useConversionReports2({
    ...range.applied,
    campaign_id: campaign.campaignId,
    page: paging.page,
    pageSize: paging.pageSize,
  });
  const download = useDownloadConversionReports2();
  const summary = report.data?.summary;
  const placeholder = report.isPending ? '…' : '—';

  return (
    <PagedReportLayout
      title="Conversion Reports 2"
      description={campaignDescription(campaign.campaignId, campaign.isOverride)}
      range={range}
      paging={paging}
      summary={
        <StatGrid label="Summary" columns={5}>
          <StatCard label="Total Clicks" value={summary ? formatCount(summary.totalClicks) : placeholder} />
          <StatCard label="Total Earnings" value={summary ? money(summary.totalEarnings) : placeholder} />
          <StatCard label="Total Sales" value={summary ? formatCount(summary.sales) : placeholder} />
          <StatCard label="Avg. CPC" value={summary ? money(summary.clickAvgCPC) : placeholder} />
          <StatCard
            label="Total Conversion Rate"
            value={summary ? formatPercent(summary.totalConversionRate) : placeholder}
          />
        </StatGrid>
      }
      columns={COLUMNS}
      rows={report.data?.reportsData ?? []}
      rowKey={(row, index) => `${row.date}-${row.domain}-${index}`}
      totalCount={report.data?.totalCount}
      isLoading={report.isPending}
      isRefreshing={report.isFetching && !report.isPending}
      error={report.error}
      download={{
        fileName: CSV_FILE_NAMES.conversionReports2,
        isPending: download.isPending,
        error: download.error,
        onDownload: () =>
          download.mutate({
            campaign_id: campaign.campaignId,
            apiKey: downloadApiKey(viewer, campaign),
            ...range.applied,
          }),
      }}
    />
  );
}
