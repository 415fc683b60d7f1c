import type { SearchLogEntry } from '@publisher/contract';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { formatCount, formatDateTime } from '../../../lib/format';
import { usePaging } from '../../../lib/use-paging';
import { useApiLogs } from '../api/use-api-logs';
import { useSearchLogs } from '../api/use-search-logs';
import { ApiLogTable } from './api-log-columns';
import { AllSectionsFailed, haveAllFailed } from '../../../components/ui/failed-sections';

const SEARCH_COLUMNS: readonly DataColumn<SearchLogEntry>[] = [
  {
    key: 'text',
    priority: 'identity',
    header: 'Search text',
    // Wrapped, so a long search (up to 100 characters, any) does not push the count out of view.
    cell: (entry) => <span className="block max-w-md whitespace-normal wrap-anywhere">{entry.text}</span>,
  },
  { key: 'count', priority: 'key', header: 'Count', cell: (entry) => formatCount(entry.count), align: 'right' },
  { key: 'list', header: 'List', cell: (entry) => (entry.list === 'products' ? 'Products' : 'Merchants') },
  { key: 'vendor', header: 'Vendor', cell: (entry) => `${entry.vendorId} - ${entry.fullName}` },
  { key: 'last', header: 'Last searched', cell: (entry) => formatDateTime(entry.lastSearchedAt) },
];

/**
 * `/AllLogs`, the Merchant/logs screen (part 2 §2): for any signed-in vendor, the two lists the spec names, each
 * from its call (part 1 §7): the API logs (GET /home/logs/apiLogs, calls counted per vendor) and the search-engine
 * logs (GET /home/logs/esLogs, what was searched in product and merchant lists). The API scopes both: a vendor
 * reads its own, the admin every vendor's.
 */
export function AllLogsPage() {
  const searchPaging = usePaging(20);
  const apiLogs = useApiLogs('all');
  const searches = useSearchLogs(searchPaging.page, searchPaging.pageSize);
  const reads = [apiLogs, searches];
  return (
    <div className="space-y-8">
      <PageHeader title="All Logs" description="API calls and searches: your own, or every vendor's for the admin." />
      {haveAllFailed(reads) ? (
        <AllSectionsFailed reads={reads} what="The logs" />
      ) : (
        <>
          <section aria-labelledby="api-logs-heading" className="space-y-3">
            <h2 id="api-logs-heading" className="text-lg font-semibold text-slate-900">
              API logs
            </h2>
            <ApiLogTable caption="API logs" logs={apiLogs} />
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
              totalRecords={searches.data?.body.totalRecords}
              onPageChange={searchPaging.setPage}
              onPageSizeChange={searchPaging.setPageSize}
              itemLabel="searches"
            />
          </section>
        </>
      )}
    </div>
  );
}
