import type { ClicksReportDayRow } from '@publisher/contract';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { formatCount, formatDate } from '../../../lib/format';
import { usePaging } from '../../../lib/use-paging';
import { useClicksReportDays } from '../api/use-clicks-report-days';

const COLUMNS: readonly DataColumn<ClicksReportDayRow>[] = [
  { key: 'date', priority: 'identity', header: 'Date', cell: (row) => formatDate(row.date) },
  { key: 'count', priority: 'key', header: 'Count', cell: (row) => formatCount(row.count), align: 'right' },
];

/** `/reportsList`, All Reports List (part 2 §2): each saved report date and how many rows it holds. */
export function ReportsListPage() {
  const paging = usePaging(50);
  const days = useClicksReportDays(paging.page, paging.pageSize);
  const rows = days.data?.body.data ?? [];
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeader title="All Reports List" description="Saved report rows per date, newest date first." />
      <DataTable
        caption="Saved reports per date"
        columns={COLUMNS}
        rows={rows}
        rowKey={(row) => row.date}
        isLoading={days.isPending}
        error={days.error}
        onRetry={() => void days.refetch()}
        emptyMessage="No reports saved yet."
        isRefreshing={days.isPlaceholderData}
        maxHeight={500}
      />
      <Pagination
        page={paging.page}
        pageSize={paging.pageSize}
        totalRecords={days.data?.body.totalRecords}
        onPageChange={paging.setPage}
        onPageSizeChange={paging.setPageSize}
        pageSizeOptions={[50, 100, 200]}
        itemLabel="dates"
      />
    </div>
  );
}
