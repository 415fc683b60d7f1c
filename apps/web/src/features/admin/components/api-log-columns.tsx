import type { Contract } from '@publisher/contract';
import type { ClientInferResponseBody } from '@ts-rest/core';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { formatCount } from '../../../lib/format';
import type { useApiLogs } from '../api/use-api-logs';
import { formatCreatedDate } from '../lib/format';

export type ApiLogEntry = ClientInferResponseBody<Contract['reports']['apiLogs'], 200>['data'][number];

/** Part 2 §2 / §3 "API log entry": the columns of GET /home/logs/apiLogs, on /AllLogs and /apiAccessReports. */
export const API_LOG_COLUMNS: readonly DataColumn<ApiLogEntry>[] = [
  { key: 'fullName', priority: 'identity', header: 'Full Name', cell: (entry) => entry.data.fullName },
  { key: 'created', header: 'Created Date', cell: (entry) => formatCreatedDate(entry.data.created_date) },
  { key: 'email', header: 'Email', cell: (entry) => entry.data.email },
  {
    key: 'vendorId',
    header: 'Vendor ID',
    headerTitle: 'vendorId',
    cell: (entry) => entry.data.vendorId,
    align: 'right',
  },
  { key: 'count', priority: 'key', header: 'Count', cell: (entry) => formatCount(entry.count), align: 'right' },
];

/** The API log table of /AllLogs and /apiAccessReports: one vendor a row, over a read of GET /home/logs/apiLogs. */
export function ApiLogTable({
  caption,
  logs,
  maxHeight,
}: {
  caption: string;
  logs: ReturnType<typeof useApiLogs>;
  maxHeight?: number;
}) {
  return (
    <DataTable
      caption={caption}
      columns={API_LOG_COLUMNS}
      rows={logs.data?.body.data ?? []}
      rowKey={(entry) => String(entry.data.vendorId)}
      isLoading={logs.isPending}
      error={logs.error}
      onRetry={() => void logs.refetch()}
      emptyMessage="No API calls recorded yet."
      maxHeight={maxHeight}
    />
  );
}
