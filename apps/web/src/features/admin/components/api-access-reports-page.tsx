import type { ReportRun } from '@publisher/contract';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { formatCount, formatDateRange } from '../../../lib/format';
import { useApiLogs } from '../api/use-api-logs';
import { useReportRuns } from '../api/use-report-runs';
import { formatRunTime } from '../lib/format';
import { ApiLogTable } from './api-log-columns';
import { AllSectionsFailed, haveAllFailed } from '../../../components/ui/failed-sections';

const STATUS_CLASSES: Record<ReportRun['status'], string> = {
  success: 'bg-emerald-50 text-emerald-700',
  failed: 'bg-rose-50 text-rose-700',
  running: 'bg-amber-50 text-amber-800',
  staged: 'bg-sky-50 text-sky-800',
  discarded: 'bg-slate-100 text-slate-700',
};

const RUN_COLUMNS: readonly DataColumn<ReportRun>[] = [
  { key: 'start', priority: 'identity', header: 'Start Time', cell: (run) => formatRunTime(run.start_time) },
  { key: 'end', header: 'End Time', cell: (run) => formatRunTime(run.end_time) },
  {
    key: 'status',
    header: 'Status',
    cell: (run) => (
      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_CLASSES[run.status]}`}>
        {run.status}
      </span>
    ),
  },
  { key: 'source', header: 'Source', cell: (run) => run.source },
  {
    key: 'dates',
    header: 'Dates',
    cell: (run) => formatDateRange(run.startDate, run.endDate),
  },
  { key: 'rows', priority: 'key', header: 'Rows', cell: (run) => formatCount(run.rowsWritten), align: 'right' },
  {
    key: 'error',
    header: 'What Failed',
    headerTitle: 'error',
    // A failed run's reason: an upload set aside says why and what to do (send a corrected file).
    cell: (run) => (run.error ? <span className="block min-w-64 whitespace-normal text-xs">{run.error}</span> : ''),
  },
];

/**
 * `/apiAccessReports`, "All Vendors API Access Reports List" (part 2 §2; the route is designed): API calls grouped
 * per vendor, then the report runs. No pagination; both tables scroll inside 1500x500 (part 2 §9).
 */
export function ApiAccessReportsPage() {
  const logs = useApiLogs('all');
  const runs = useReportRuns();
  const reads = [logs, runs];
  return (
    <div className="space-y-8">
      <PageHeader
        title="All Vendors API Access Reports List"
        description="Authenticated API calls per vendor, and the runs that saved or uploaded reports."
      />
      {haveAllFailed(reads) ? (
        <AllSectionsFailed reads={reads} what="The API access reports" />
      ) : (
        <>
          <section aria-labelledby="api-access-heading" className="space-y-3">
            <h2 id="api-access-heading" className="text-lg font-semibold text-slate-900">
              API access logs
            </h2>
            <ApiLogTable caption="API access logs per vendor" logs={logs} maxHeight={500} />
          </section>
          <section aria-labelledby="report-runs-heading" className="space-y-3">
            <h2 id="report-runs-heading" className="text-lg font-semibold text-slate-900">
              Report runs
            </h2>
            <DataTable
              caption="Report runs"
              columns={RUN_COLUMNS}
              rows={runs.data?.body.data ?? []}
              rowKey={(run) => run._id}
              isLoading={runs.isPending}
              error={runs.error}
              onRetry={() => void runs.refetch()}
              emptyMessage="No report runs yet."
              maxHeight={500}
            />
          </section>
        </>
      )}
    </div>
  );
}
