import type { AccessLogEntry, SearchLogEntry } from '@publisher/contract';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { formatCount, formatDateTime } from '../../../lib/format';
import { usePaging } from '../../../lib/use-paging';
import { useAccessLogs } from '../api/use-access-logs';
import { useSearchLogs } from '../api/use-search-logs';

const statusClass = (status: number) =>
  status >= 500 ? 'text-rose-700' : status >= 400 ? 'text-amber-800' : 'text-emerald-700';

const ACCESS_COLUMNS: readonly DataColumn<AccessLogEntry>[] = [
  { key: 'at', header: 'Time', cell: (entry) => formatDateTime(entry.at) },
  { key: 'vendor', header: 'Vendor', cell: (entry) => `${entry.vendorId} - ${entry.fullName}` },
  {
    key: 'call',
    header: 'Call',
    cell: (entry) => (
      <code className="text-xs text-slate-800">
        <span className="font-semibold">{entry.method}</span> {entry.path}
      </code>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (entry) => <span className={`font-semibold ${statusClass(entry.status)}`}>{entry.status}</span>,
    align: 'right',
  },
  // Identical calls within one second share a line.
  { key: 'count', header: 'Calls', cell: (entry) => formatCount(entry.count), align: 'right' },
  { key: 'via', header: 'Signed by', cell: (entry) => (entry.via === 'apiKey' ? 'apiKey' : 'token') },
];

const SEARCH_COLUMNS: readonly DataColumn<SearchLogEntry>[] = [
  { key: 'text', header: 'Search text', cell: (entry) => entry.text },
  { key: 'count', header: 'Count', cell: (entry) => formatCount(entry.count), align: 'right' },
  { key: 'list', header: 'List', cell: (entry) => (entry.list === 'products' ? 'Products' : 'Merchants') },
  { key: 'vendor', header: 'Vendor', cell: (entry) => `${entry.vendorId} - ${entry.fullName}` },
  { key: 'last', header: 'Last searched', cell: (entry) => formatDateTime(entry.lastSearchedAt) },
];

/**
 * `/AllLogs`, the Merchant/logs screen (part 2 §2): the API logs (every authenticated call, newest first; identical
 * calls within a second are one line with their count) and the
 * search logs (what vendors searched in product and merchant lists, most frequent first), each paged.
 */
export function AllLogsPage() {
  const accessPaging = usePaging(20);
  const searchPaging = usePaging(20);
  const access = useAccessLogs(accessPaging.page, accessPaging.pageSize);
  const searches = useSearchLogs(searchPaging.page, searchPaging.pageSize);
  return (
    <div className="space-y-8">
      <PageHeader title="All Logs" description="API calls and searches of every vendor." />
      <section aria-labelledby="api-logs-heading" className="space-y-3">
        <h2 id="api-logs-heading" className="text-lg font-semibold text-slate-900">
          API logs
        </h2>
        <DataTable
          caption="API logs"
          columns={ACCESS_COLUMNS}
          rows={access.data?.body.data ?? []}
          rowKey={(entry, index) => `${entry.at}-${index}`}
          isLoading={access.isPending}
          error={access.error}
          onRetry={() => void access.refetch()}
          isRefreshing={access.isPlaceholderData}
          emptyMessage="No API calls recorded yet."
        />
        <Pagination
          page={accessPaging.page}
          pageSize={accessPaging.pageSize}
          totalRecords={access.data?.body.totalRecords ?? 0}
          onPageChange={accessPaging.setPage}
          onPageSizeChange={accessPaging.setPageSize}
          itemLabel="lines"
        />
      </section>
      <section aria-labelledby="search-logs-heading" className="space-y-3">
        <h2 id="search-logs-heading" className="text-lg font-semibold text-slate-900">
          Search logs
        </h2>
        <DataTable
          caption="Search logs"
          columns={SEARCH_COLUMNS}
          rows={searches.data?.body.data ?? []}
          rowKey={(entry) => `${entry.vendorId}-${entry.list}-${entry.text}`}
          isLoading={searches.isPending}
          error={searches.error}
          onRetry={() => void searches.refetch()}
          isRefreshing={searches.isPlaceholderData}
          emptyMessage="No searches recorded yet."
        />
        <Pagination
          page={searchPaging.page}
          pageSize={searchPaging.pageSize}
          totalRecords={searches.data?.body.totalRecords ?? 0}
          onPageChange={searchPaging.setPage}
          onPageSizeChange={searchPaging.setPageSize}
          itemLabel="searches"
        />
      </section>
    </div>
  );
}
