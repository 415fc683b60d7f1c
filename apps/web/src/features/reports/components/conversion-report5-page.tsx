import { CSV_FILE_NAMES } from '@publisher/contract';
import type { DataColumn } from '../../../components/ui/data-table';
import { useDeeplink5ConversionReports } from '../api/use-deeplink5-conversion-reports';
import { useDownloadDeeplink5ConversionReports } from '../api/use-download-deeplink5-conversion-reports';
import { formatCount, formatMoney } from '../lib/format';
import { usePaging } from '../lib/paging';
import type { Deeplink5Row } from '../lib/report-rows';
import { useReportRange } from '../lib/report-range';
import { downloadApiKey, useReportCampaign, useToday, type ReportViewer } from '../lib/report-viewer';
import { CONVERSION_PAGE_SIZE } from './conversion-report-page';
import { PagedReportLayout } from './paged-report-layout';
import { campaignDescription } from './report-page-header';

/** The partner variants round money like report 1 (6 decimals), as their CSV files do. */
const money = (value: number) => formatMoney(value, 'report1');

const COLUMNS: readonly DataColumn<Deeplink5Row>[] = [
  { key: 'REPORT_DATE', header: 'REPORT_DATE', cell: (row) => row.REPORT_DATE },
  { key: 'CAMPAIGN_ID', header: 'CAMPAIGN_ID', cell: (row) => row.CAMPAIGN_ID },
  { key: 'MERCHANT_NAME', header: 'MERCHANT_NAME', cell: (row) => row.MERCHANT_NAME },
  { key: 'COUNTRY', header: 'COUNTRY', cell: (row) => row.COUNTRY },
  { key: 'CLICKS', header: 'CLICKS', cell: (row) => formatCount(row.CLICKS), align: 'right' },
  { key: 'CPC', header: 'CPC', cell: (row) => money(row.CPC), align: 'right' },
  { key: 'REVENUE', header: 'REVENUE', cell: (row) => money(row.REVENUE), align: 'right' },
];

/** Conversion report 5 (`/conversionReports5`, the deep links 5 source). */
export function ConversionReport5Page({ viewer }: { viewer: ReportViewer }) {
  const range = useReportRange(useToday());
  const campaign = useReportCampaign(viewer);
  const paging = usePaging(CONVERSION_PAGE_SIZE);
  const report = useDeeplink5ConversionReports({
    ...range.applied,
    campaign_id: campaign.campaignId,
    page: paging.page,
    pageSize: paging.pageSize,
  });
  const download = useDownloadDeeplink5ConversionReports();

  return (
    <PagedReportLayout
      title="Conversion Reports 5"
      description={campaignDescription(campaign.campaignId, campaign.isOverride)}
      range={range}
      paging={paging}
      columns={COLUMNS}
      rows={report.data?.reportsData ?? []}
      rowKey={(row, index) => `${row.REPORT_DATE}-${row.MERCHANT_NAME}-${row.COUNTRY}-${index}`}
      totalCount={report.data?.totalRecords}
      isLoading={report.isPending}
      isRefreshing={report.isFetching && !report.isPending}
      error={report.error}
      download={{
        fileName: CSV_FILE_NAMES.deeplink5,
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
