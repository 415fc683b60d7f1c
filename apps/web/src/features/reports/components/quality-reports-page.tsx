import { CSV_FILE_NAMES } from '@publisher/contract';
import { Card } from '../../../components/ui/card';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { useDownloadQualityReport } from '../api/use-download-quality-report';
import { useQualityReport } from '../api/use-quality-report';
import { formatCount, formatMoney, formatPercent } from '../lib/format';
import type { CategoryQualityRow, MerchantQualityRow } from '../lib/report-rows';
import type { DateRange } from '../lib/date-presets';
import { useReportRange } from '../lib/report-range';
import {
  downloadApiKey,
  useReportCampaign,
  useToday,
  type ReportCampaign,
  type ReportViewer,
} from '../lib/report-viewer';
import { QueryError } from './query-error';
import { ReportDateFilter } from './report-date-filter';
import { campaignDescription, ReportPageHeader } from './report-page-header';
import { ReportTableSection } from './report-table-section';

const money = (value: number) => formatMoney(value, 'report1');

const MERCHANT_COLUMNS: readonly DataColumn<MerchantQualityRow>[] = [
  { key: 'merchantName', header: 'Merchant Name', cell: (row) => row.merchantName },
  { key: 'clicks', header: 'Clicks', cell: (row) => formatCount(row.clicks), align: 'right' },
  {
    key: 'conversionRate',
    header: 'Conversion Rate',
    cell: (row) => formatPercent(row.conversionRate),
    align: 'right',
  },
  { key: 'costOfSale', header: 'Cost of Sale', cell: (row) => formatPercent(row.costOfSale), align: 'right' },
  { key: 'cpc', header: 'CPC', cell: (row) => money(row.cpc), align: 'right' },
  {
    key: 'targetCostOfSaleLow',
    header: 'Target Cost of Sale Low',
    cell: (row) => formatPercent(row.targetCostOfSaleLow),
    align: 'right',
  },
  {
    key: 'targetCostOfSaleHigh',
    header: 'Target Cost of Sale High',
    cell: (row) => formatPercent(row.targetCostOfSaleHigh),
    align: 'right',
  },
  { key: 'placementId', header: 'Placement Id', cell: (row) => row.placementId },
];

const CATEGORY_COLUMNS: readonly DataColumn<CategoryQualityRow>[] = [
  { key: 'category', header: 'Category', cell: (row) => row.category },
  { key: 'clicks', header: 'Clicks', cell: (row) => formatCount(row.clicks), align: 'right' },
  {
    key: 'conversionRate',
    header: 'Conversion Rate',
    cell: (row) => formatPercent(row.conversionRate),
    align: 'right',
  },
  { key: 'costOfSale', header: 'Cost of Sale', cell: (row) => formatPercent(row.costOfSale), align: 'right' },
  { key: 'cpc', header: 'CPC', cell: (row) => money(row.cpc), align: 'right' },
  { key: 'placementId', header: 'Placement Id', cell: (row) => row.placementId },
];

interface QualitySectionProps {
  viewer: ReportViewer;
  campaign: ReportCampaign;
  range: DateRange;
}

function MerchantWiseSection({ viewer, campaign, range }: QualitySectionProps) {
  const report = useQualityReport({ ...range, groupBy: 'merchant', campaign_id: campaign.campaignId });
  const download = useDownloadQualityReport();
  const rows = report.data?.groupBy === 'merchant' ? report.data.data : [];
  return (
    <ReportTableSection
      title="Merchant Wise Conversion Report"
      download={{
        fileName: CSV_FILE_NAMES.quality('merchant'),
        isPending: download.isPending,
        error: download.error,
        onDownload: () =>
          download.mutate({
            campaign_id: campaign.campaignId,
            apiKey: downloadApiKey(viewer, campaign),
            ...range,
            groupBy: 'merchant',
          }),
      }}
    >
      <QueryError error={report.error} />
      <DataTable
        caption="Merchant Wise Conversion Report"
        columns={MERCHANT_COLUMNS}
        rows={rows}
        rowKey={(row, index) => `${row.merchantName}-${row.placementId}-${index}`}
        isLoading={report.isPending}
        isRefreshing={report.isFetching && !report.isPending}
        emptyMessage="No records found for these dates."
        maxHeight={500}
      />
    </ReportTableSection>
  );
}

function CategoryWiseSection({ viewer, campaign, range }: QualitySectionProps) {
  const report = useQualityReport({ ...range, groupBy: 'category', campaign_id: campaign.campaignId });
  const download = useDownloadQualityReport();
  const rows = report.data?.groupBy === 'category' ? report.data.data : [];
  return (
    <ReportTableSection
      title="Category Wise Conversion Report"
      download={{
        fileName: CSV_FILE_NAMES.quality('category'),
        isPending: download.isPending,
        error: download.error,
        onDownload: () =>
          download.mutate({
            campaign_id: campaign.campaignId,
            apiKey: downloadApiKey(viewer, campaign),
            ...range,
            groupBy: 'category',
          }),
      }}
    >
      <QueryError error={report.error} />
      <DataTable
        caption="Category Wise Conversion Report"
        columns={CATEGORY_COLUMNS}
        rows={rows}
        rowKey={(row, index) => `${row.category}-${row.placementId}-${index}`}
        isLoading={report.isPending}
        isRefreshing={report.isFetching && !report.isPending}
        emptyMessage="No records found for these dates."
        maxHeight={500}
      />
    </ReportTableSection>
  );
}

/**
 * The quality and conversion dashboard (`/FullDashboard`, `/qualityReports`; part 2 §2): a date range and the
 * merchant-wise and category-wise tables, each with its CSV. `?vendorId=` reads another vendor (admin only).
 */
export function QualityReportsPage({ viewer }: { viewer: ReportViewer }) {
  const range = useReportRange(useToday());
  const campaign = useReportCampaign(viewer);
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <ReportPageHeader
        title="Quality Reports"
        description={campaignDescription(campaign.campaignId, campaign.isOverride)}
      />
      <Card>
        <ReportDateFilter range={range} />
      </Card>
      <MerchantWiseSection viewer={viewer} campaign={campaign} range={range.applied} />
      <CategoryWiseSection viewer={viewer} campaign={campaign} range={range.applied} />
    </div>
  );
}
