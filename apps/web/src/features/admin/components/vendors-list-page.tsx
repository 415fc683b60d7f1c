import type { VendorListRow } from '@publisher/contract';
import { useMemo } from 'react';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { QueryError } from '../../../components/ui/query-error';
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

/** `/vendorsList98761234`, All Vendors List (part 2 §2): the list reversed on load (newest first), paged here. */
export function VendorsListPage() {
  const vendors = useAllVendors();
  const paging = usePaging(20);
  const newestFirst = useMemo(() => [...(vendors.data?.body.data ?? [])].reverse(), [vendors.data]);
  const start = (paging.page - 1) * paging.pageSize;
  const rows = newestFirst.slice(start, start + paging.pageSize);

  return (
    <div className="space-y-6">
      <PageHeader title="All Vendors List" description="Every vendor account, newest first." />
      <QueryError error={vendors.error} />
      <DataTable
        caption="All vendors"
        columns={COLUMNS}
        rows={rows}
        rowKey={(row) => row._id}
        isLoading={vendors.isPending}
        emptyMessage="No vendors found."
      />
      <Pagination
        page={paging.page}
        pageSize={paging.pageSize}
        totalRecords={newestFirst.length}
        onPageChange={paging.setPage}
        onPageSizeChange={paging.setPageSize}
        itemLabel="vendors"
      />
    </div>
  );
}
