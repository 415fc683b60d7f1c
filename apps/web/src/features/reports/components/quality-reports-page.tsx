import { CSV_FILE_NAMES, type QualityGroupBy, type QualityReportResponse } from '@publisher/contract';
import { Card } from '../../../components/ui/card';
import { DataTable, type DataColumn, fieldColumn } from '../../../components/ui/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { formatCount, formatPercent } from '../../../lib/format';
import { useDownloadQualityReport } from '../api/use-download-quality-report';
import { useQualityReport } from '../api/use-quality-report';
import type { DateRange } from '@publisher/contract';
import { useReportRange } from '../lib/report-range';
import type { CategoryQualityRow, MerchantQualityRow } from '../lib/report-rows';
import {
  campaignDescription,
  downloadApiKey,
  useReportCampaign,
  useToday,
  type ReportCampaign,
  type ReportViewer,
} from '../lib/report-viewer';
import { ReportDateFilter } from './report-date-filter';
import { ReportTableSection } from './report-table-section';
import { VendorRefusal, overrideRefusal } from './vendor-refusal';
import { CentsSwitch, ReportMoney } from './report-money';
import { csvFileName } from '../../../lib/csv-download';
import { AllSectionsFailed, haveAllFailed } from '../../../components/ui/failed-sections';

/** The fields the merchant and category rows share. */
type QualityFigures = Pick<CategoryQualityRow, 'clicks' | 'conversionRate' | 'costOfSale' | 'cpc' | 'placementId'>;

/** Clicks, conversion rate, cost of sale and CPC, in the same place in both tables. */
const FIGURE_COLUMNS: readonly DataColumn<QualityFigures>[] = [
  fieldColumn('clicks', (row) => formatCount(row.clicks), 'right', 'key'),
  {
    key: 'conversionRate',
    header: 'Conversion Rate',
    headerTitle: 'conversionRate',
    cell: (row) => formatPercent(row.conversionRate),
    align: 'right',
  },
  {
    key: 'costOfSale',
    header: 'Cost of Sale',
    headerTitle: 'costOfSale',
    cell: (row) => formatPercent(row.costOfSale),
    align: 'right',
  },
  fieldColumn('cpc', (row) => <ReportMoney value={row.cpc} precision="report1" />, 'right', 'key'),
];

const PLACEMENT_COLUMN: DataColumn<QualityFigures> = {
  key: 'placementId',
  header: 'Placement ID',
  headerTitle: 'placementId',
  cell: (row) => row.placementId,
};

/**
 * A merchant or category has a row per placement: the placement stands beside the name, so that two rows of one
 * merchant read as its two placements, not as a duplicate (it was the last column, off screen at 1280 px).
 */
const MERCHANT_COLUMNS: readonly DataColumn<MerchantQualityRow>[] = [
  fieldColumn('merchantName', (row) => row.merchantName, 'left', 'identity'),
  PLACEMENT_COLUMN,
  ...FIGURE_COLUMNS,
  {
    key: 'targetCostOfSaleLow',
    header: 'Target Cost of Sale Low',
    headerTitle: 'targetCostOfSaleLow',
    cell: (row) => formatPercent(row.targetCostOfSaleLow),
    align: 'right',
  },
  {
    key: 'targetCostOfSaleHigh',
    header: 'Target Cost of Sale High',
    headerTitle: 'targetCostOfSaleHigh',
    cell: (row) => formatPercent(row.targetCostOfSaleHigh),
    align: 'right',
  },
];

const CATEGORY_COLUMNS: readonly DataColumn<CategoryQualityRow>[] = [
  fieldColumn('category', (row) => row.category, 'left', 'identity'),
  PLACEMENT_COLUMN,
  ...FIGURE_COLUMNS,
];

/** The row of each groupBy, as the contract's discriminated answer pairs them. */
interface QualityRows {
  merchant: MerchantQualityRow;
  category: CategoryQualityRow;
}

/** Narrows an answer to the rows of the groupBy it was asked for. */
function isGroupedBy<TGroupBy extends QualityGroupBy>(
  report: QualityReportResponse | undefined,
  groupBy: TGroupBy,
): report is QualityReportResponse & { groupBy: TGroupBy; data: QualityRows[TGroupBy][] } {
  return report?.groupBy === groupBy;
}

/** One table of the dashboard; its CSV file is named after its groupBy. */
interface QualityTable<TGroupBy extends QualityGroupBy> {
  groupBy: TGroupBy;
  /** The table's heading and accessible name. */
  title: string;
  columns: readonly DataColumn<QualityRows[TGroupBy]>[];
  rowKey: (row: QualityRows[TGroupBy], index: number) => string;
}

const MERCHANT_WISE: QualityTable<'merchant'> = {
  groupBy: 'merchant',
  title: 'Merchant Wise Conversion Report',
  columns: MERCHANT_COLUMNS,
  rowKey: (row, index) => `${row.merchantName}-${row.placementId}-${index}`,
};

const CATEGORY_WISE: QualityTable<'category'> = {
  groupBy: 'category',
  title: 'Category Wise Conversion Report',
  columns: CATEGORY_COLUMNS,
  rowKey: (row, index) => `${row.category}-${row.placementId}-${index}`,
};

interface QualitySectionProps<TGroupBy extends QualityGroupBy> {
  viewer: ReportViewer;
  campaign: ReportCampaign;
  range: DateRange;
  table: QualityTable<TGroupBy>;
}

/** One table of the dashboard with its CSV download, both asked for with the table's groupBy. */
function QualitySection<TGroupBy extends QualityGroupBy>({
  viewer,
  campaign,
  range,
  table,
}: QualitySectionProps<TGroupBy>) {
  const { groupBy, title, columns, rowKey } = table;
  const report = useQualityReport({ ...range, groupBy, campaign_id: campaign.campaignId });
  const download = useDownloadQualityReport();
  const rows = isGroupedBy(report.data, groupBy) ? report.data.data : [];
  return (
    <ReportTableSection
      title={title}
      download={{
        fileName: csvFileName(CSV_FILE_NAMES.quality(groupBy), range),
        isPending: download.isPending,
        error: download.error,
        onDownload: () =>
          download.mutate({
            campaign_id: campaign.campaignId,
            apiKey: downloadApiKey(viewer, campaign),
            ...range,
            groupBy,
          }),
      }}
    >
      <DataTable
        caption={title}
        columns={columns}
        rows={rows}
        rowKey={rowKey}
        isLoading={report.isPending}
        isRefreshing={report.isFetching && !report.isPending}
        error={report.error}
        onRetry={() => void report.refetch()}
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
  // The sections' own reads (the same query keys, so nothing is fetched twice): a refused override is said once.
  const byMerchant = useQualityReport({ ...range.applied, groupBy: 'merchant', campaign_id: campaign.campaignId });
  const byCategory = useQualityReport({ ...range.applied, groupBy: 'category', campaign_id: campaign.campaignId });
  const refusal = overrideRefusal(campaign, [byMerchant.error, byCategory.error]);
  const reads = [byMerchant, byCategory];
  const header = (
    <PageHeader title="Quality Reports" description={campaignDescription(campaign.campaignId, campaign.isOverride)} />
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
        <ReportDateFilter range={range} />
        <CentsSwitch />
      </Card>
      {haveAllFailed(reads) ? (
        <AllSectionsFailed reads={reads} what="The quality reports" />
      ) : (
        <>
          <QualitySection viewer={viewer} campaign={campaign} range={range.applied} table={MERCHANT_WISE} />
          <QualitySection viewer={viewer} campaign={campaign} range={range.applied} table={CATEGORY_WISE} />
        </>
      )}
    </div>
  );
}
