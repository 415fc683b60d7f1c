import type { VendorListRow } from '@publisher/contract';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { usePaging } from '../../../lib/use-paging';
import { useAllVendors } from '../api/use-all-vendors';
import { formatCreatedDate } from '../lib/format';

const COLUMNS: readonly DataColumn<VendorListRow>[] = [
  { key: 'fullName', header: 'Full Name', cell: (row) => row.fullName },
  { key: 'createdAt', header: 'Created Date', cell: (row) => formatCreatedDate(row.createdAt) },
  { key: 'email', header: 'Email', cell: (row) => row.email },
  { key: 'vendorId', header: 'vendorId', cell: (row) => row.vendorId, align: 'right' },
  { key: 'apiKey', header: 'apiKey', cell: (row) => <code className="text-xs text-slate-700">{row.apiKey}</code> },
];

/**
 * `/vendorsList98761234`, All Vendors List (part 2 §2). The spec's screen reverses the list on load; the API now
 * answers newest first and paged (`order=newest`), so the screen shows its pages as they come.
 */
export function VendorsListPage() {
  const paging = usePaging(20);
  const vendors = useAllVendors(paging.page, paging.pageSize);
  const rows = vendors.data?.body.data ?? [];

  return (
    <div className="space-y-6">
      <PageHeader title="All Vendors List" description="Every vendor account, newest first." />
      <DataTable
        caption="All vendors"
        columns={COLUMNS}
        rows={rows}
        rowKey={(row) => row._id}
        isLoading={vendors.isPending}
        error={vendors.error}
        onRetry={() => void vendors.refetch()}
        isRefreshing={vendors.isPlaceholderData}
        emptyMessage="No vendors found."
      />
      <Pagination
        page={paging.page}
        pageSize={paging.pageSize}
        totalRecords={vendors.data?.body.totalRecords ?? 0}
        onPageChange={paging.setPage}
        onPageSizeChange={paging.setPageSize}
        itemLabel="vendors"
      />
    </div>
  );
}
