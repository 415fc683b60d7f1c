import { CSV_FILE_NAMES } from '@publisher/contract';
import type { DataColumn } from '../../../components/ui/data-table';
import { useDeeplink3ConversionReports } from '../api/use-deeplink3-conversion-reports';
import { useDownloadDeeplink3ConversionReports } from '../api/use-download-deeplink3-conversion-reports';
import { formatCount, formatMoney } from '../lib/format';
import { usePaging } from '../lib/paging';
import type { Deeplink3Row } from '../lib/report-rows';
import { useReportRange } from '../lib/report-range';
import { downloadApiKey, useReportCampaign, useToday, type ReportViewer } from '../lib/report-viewer';
import { CONVERSION_PAGE_SIZE } from './conversion-report-page';
import { PagedReportLayout } from './paged-report-layout';
import { campaignDescription } from './report-page-header';

/** The partner variants round money like report 1 (6 decimals), as their CSV files do. */
const money = (value: number) => formatMoney(value, 'report1');

const COLUMNS: readonly DataColumn<Deeplink3Row>[] = [
  { key: 'REPORT_DATE', header: 'REPORT_DATE', cell: (row) => row.REPORT_DATE },
  { key: 'CAMPAIGN_ID', header: 'CAMPAIGN_ID', cell: (row) => row.CAMPAIGN_ID },
  { key: 'BRAND', header: 'BRAND', cell: (row) => row.BRAND },
  { key: 'PLACEMENT_ID', header: 'PLACEMENT_ID', cell: (row) => row.PLACEMENT_ID },
  { key: 'CLICK_ID', header: 'CLICK_ID', cell: (row) => row.CLICK_ID },
  { key: 'COUNTRY', header: 'COUNTRY', cell: (row) => row.COUNTRY },
  { key: 'CLICKS', header: 'CLICKS', cell: (row) => formatCount(row.CLICKS), align: 'right' },
  { key: 'REVENUE', header: 'REVENUE', cell: (row) => money(row.REVENUE), align: 'right' },
];

/** Conversion report 3 (`/conversionReports3`, the deep links 3 source). */
export function ConversionReport3Page({ viewer }: { viewer: ReportViewer }) {
  const range = useReportRange(useToday());
  const campaign = useReportCampaign(viewer);
  const paging = usePaging(CONVERSION_PAGE_SIZE);
  const report = useDeeplink3ConversionReports({
    ...range.applied,
    campaign_id: campaign.campaignId,
    page: paging.page,
    pageSize: paging.pageSize,
  });
  const download = useDownloadDeeplink3ConversionReports();

  return (
    <PagedReportLayout
      title="Conversion Reports 3"
      description={campaignDescription(campaign.campaignId, campaign.isOverride)}
      range={range}
      paging={paging}
      columns={COLUMNS}
      rows={report.data?.reportsData ?? []}
      rowKey={(row, index) => `${row.REPORT_DATE}-${row.PLACEMENT_ID}-${row.CLICK_ID}-${row.BRAND}-${index}`}
      totalCount={report.data?.totalRecords}
      isLoading={report.isPending}
      isRefreshing={report.isFetching && !report.isPending}
      error={report.error}
      download={{
        fileName: CSV_FILE_NAMES.deeplink3,
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
