import { useState, type SubmitEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DataTable, fieldColumn, type DataColumn } from '../../../components/ui/data-table';
import { DateRangeInputs } from '../../../components/ui/date-range-inputs';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { formatCount, formatDate } from '../../../lib/format';
import { usePaging } from '../../../lib/use-paging';
import { useClicksReports } from '../api/use-clicks-reports';
import type { DateRange } from '../../../lib/dates';
import { rangeError, type RangeField } from '../lib/date-presets';
import { reportMoney } from '../lib/format';
import type { ClicksReportRow } from '../lib/report-rows';
import { CONVERSION_PAGE_SIZE } from './conversion-report-page';
import { ReportTableSection } from './report-table-section';

const money = reportMoney('report1');

const COLUMNS: readonly DataColumn<ClicksReportRow>[] = [
  fieldColumn('report_date', (row) => formatDate(row.report_date)),
  fieldColumn('publisher_id', (row) => row.publisher_id),
  fieldColumn('campaign_id', (row) => row.campaign_id),
  fieldColumn('placement_id', (row) => row.placement_id),
  fieldColumn('rid', (row) => row.rid),
  fieldColumn('clicks', (row) => formatCount(row.clicks), 'right'),
  fieldColumn('earnings', (row) => money(row.earnings), 'right'),
  fieldColumn('cpc', (row) => money(row.cpc), 'right'),
];

/**
 * The revenue report (`/reportsDashboard`, part 2 §2): Start Date, End Date and Get Revenue, which does nothing
 * until both dates are chosen (part 2 §5), then the "Daily Revenue Info" table.
 */
export function RevenueReportPage() {
  const [draft, setDraft] = useState({ startDate: '', endDate: '' });
  const [lastEdited, setLastEdited] = useState<RangeField>('startDate');
  const [applied, setApplied] = useState<DateRange | null>(null);
  const paging = usePaging(CONVERSION_PAGE_SIZE);
  const report = useClicksReports(applied ? { ...applied, page: paging.page, pageSize: paging.pageSize } : null);
  const error = rangeError(draft, lastEdited);
  const hasBothDates = draft.startDate !== '' && draft.endDate !== '';

  const handleEdit = (field: RangeField, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setLastEdited(field);
  };

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!hasBothDates || error) return;
    paging.resetPage();
    setApplied({ ...draft });
  };

  return (
    <div className="space-y-6">
      <PageHeader title="Revenue Report" />
      <Card>
        <form noValidate onSubmit={handleSubmit} className="flex flex-wrap items-end gap-4">
          <DateRangeInputs
            startDate={draft.startDate}
            endDate={draft.endDate}
            error={error}
            onStartDateChange={(value) => handleEdit('startDate', value)}
            onEndDateChange={(value) => handleEdit('endDate', value)}
          />
          <Button type="submit" aria-busy={report.isFetching}>
            Get Revenue
          </Button>
        </form>
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
              totalRecords={report.data?.totalRecords ?? 0}
              onPageChange={paging.setPage}
              onPageSizeChange={paging.setPageSize}
            />
          </>
        ) : (
          <p className="text-sm text-slate-500">Pick both dates and press Get Revenue.</p>
        )}
      </ReportTableSection>
    </div>
  );
}
