import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { DateRangeField } from '../../../components/form/date-range-field';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DataTable, fieldColumn, type DataColumn } from '../../../components/ui/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { formatCount, formatDate } from '../../../lib/format';
import { usePaging } from '../../../lib/use-paging';
import { useClicksReports } from '../api/use-clicks-reports';
import type { DateRange } from '@publisher/contract';
import { reportRangeFormSchema } from '../lib/report-range';
import type { ClicksReportRow } from '../lib/report-rows';
import { CONVERSION_PAGE_SIZE } from './conversion-report-page';
import { ReportTableSection } from './report-table-section';
import { CentsSwitch, ReportMoney } from './report-money';

const COLUMNS: readonly DataColumn<ClicksReportRow>[] = [
  fieldColumn('report_date', (row) => formatDate(row.report_date), 'left', 'identity'),
  fieldColumn('publisher_id', (row) => row.publisher_id),
  fieldColumn('campaign_id', (row) => row.campaign_id),
  fieldColumn('placement_id', (row) => row.placement_id),
  fieldColumn('rid', (row) => row.rid),
  fieldColumn('clicks', (row) => formatCount(row.clicks), 'right', 'key'),
  fieldColumn('earnings', (row) => <ReportMoney value={row.earnings} precision="report1" />, 'right', 'key'),
  fieldColumn('cpc', (row) => <ReportMoney value={row.cpc} precision="report1" />, 'right', 'key'),
];

/** The clicks-report query takes the report screens' range rules. */
const rangeResolver = zodResolver(reportRangeFormSchema);

/**
 * The revenue report (`/reportsDashboard`, part 2 §2): Start Date, End Date and Get Revenue, which does nothing
 * until both dates are chosen (part 2 §5), then the "Daily Revenue Info" table.
 */
export function RevenueReportPage() {
  const form = useForm<DateRange>({ defaultValues: { startDate: '', endDate: '' }, resolver: rangeResolver });
  const [applied, setApplied] = useState<DateRange | null>(null);
  const paging = usePaging(CONVERSION_PAGE_SIZE);
  const report = useClicksReports(applied ? { ...applied, page: paging.page, pageSize: paging.pageSize } : null);

  // Part 2 §5: nothing is read until both dates are chosen (the form says which is missing).
  const handleSubmit = form.handleSubmit((range) => {
    paging.resetPage();
    setApplied({ ...range });
  });

  return (
    <div className="space-y-6">
      <PageHeader title="Revenue Report" />
      <Card className="flex flex-wrap items-end justify-between gap-6">
        <form noValidate onSubmit={(event) => void handleSubmit(event)}>
          <DateRangeField form={form}>
            <Button type="submit" aria-busy={report.isFetching}>
              Get Revenue
            </Button>
          </DateRangeField>
        </form>
        <CentsSwitch />
      </Card>
      <ReportTableSection
        title="Daily Revenue Info"
        meta={report.data ? `Total Records: ${formatCount(report.data.totalRecords)}` : undefined}
      >
        {applied ? (
          <>
            <DataTable
              caption="Daily Revenue Info"
              columns={COLUMNS}
              rows={report.data?.reportsData ?? []}
              rowKey={(row, index) => `${row.report_date}-${row.placement_id}-${row.rid}-${index}`}
              isLoading={report.isPending}
              isRefreshing={report.isFetching && !report.isPending}
              error={report.error}
              onRetry={() => void report.refetch()}
              emptyMessage="No records found for these dates."
            />
            <Pagination
              page={paging.page}
              pageSize={paging.pageSize}
              totalRecords={report.data?.totalRecords}
              onPageChange={paging.setPage}
              onPageSizeChange={paging.setPageSize}
              // One count line per list: "Total Records" beside the title says it already.
              summary=""
            />
          </>
        ) : (
          <p className="text-sm text-slate-500">Pick both dates and press Get Revenue.</p>
        )}
      </ReportTableSection>
    </div>
  );
}
