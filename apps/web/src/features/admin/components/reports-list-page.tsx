import type { ClicksReportDayRow } from '@publisher/contract';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryError } from '../../../components/ui/query-error';
import { formatCount } from '../../../lib/format';
import { useClicksReportDays } from '../api/use-clicks-report-days';

const COLUMNS: readonly DataColumn<ClicksReportDayRow>[] = [
  { key: 'date', header: 'Date', cell: (row) => row.date },
  { key: 'count', header: 'Count', cell: (row) => formatCount(row.count), align: 'right' },
];

/** `/reportsList`, All Reports List (part 2 §2): each saved report date and how many rows it holds. */
export function ReportsListPage() {
  const days = useClicksReportDays();
  const rows = days.data?.body.data ?? [];
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title="All Reports List" description="Saved report rows per date, newest date first." />
      <QueryError error={days.error} />
      <DataTable
        caption="Saved reports per date"
        columns={COLUMNS}
        rows={rows}
        rowKey={(row) => row.date}
        isLoading={days.isPending}
        emptyMessage="No reports saved yet."
        maxHeight={500}
      />
    </div>
  );
}
