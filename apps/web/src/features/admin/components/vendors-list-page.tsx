import { useState } from 'react';
import type { VendorListRow } from '@publisher/contract';
import { Button } from '../../../components/ui/button';
import { DataTable, type DataColumn, fieldColumn } from '../../../components/ui/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { usePaging } from '../../../lib/use-paging';
import { errorMessageOf } from '../../../lib/api-error';
import { useAllVendors } from '../api/use-all-vendors';
import { useRevealVendorApiKey } from '../api/use-reveal-vendor-api-key';
import { formatCreatedDate } from '../lib/format';

/**
 * The apiKey cell: the masked key the list answers, and a Reveal button that asks the API for the whole key (the
 * API logs each reveal). The revealed key stays on screen until the list is left; a refusal shows its message.
 */
function ApiKeyCell({ row }: { row: VendorListRow }) {
  const reveal = useRevealVendorApiKey();
  const [revealed, setRevealed] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onReveal = async (): Promise<void> => {
    setError(null);
    try {
      const res = await reveal.mutateAsync({ params: { vendorId: row.vendorId }, body: {} });
      setRevealed(res.body.data.apiKey);
    } catch (caught) {
      setError(errorMessageOf(caught));
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <code className="text-xs break-all text-slate-700">{revealed ?? row.apiKey}</code>
      {revealed === null && (
        <Button
          variant="ghost"
          className="px-2 py-1 text-xs"
          onClick={() => void onReveal()}
          disabled={reveal.isPending}
          aria-label={`Reveal the apiKey of vendor ${row.vendorId}`}
        >
          {reveal.isPending ? 'Revealing…' : 'Reveal'}
        </Button>
      )}
      {error && (
        <span role="alert" className="text-xs text-rose-700">
          {error}
        </span>
      )}
    </div>
  );
}

const COLUMNS: readonly DataColumn<VendorListRow>[] = [
  { key: 'fullName', priority: 'identity', header: 'Full Name', cell: (row) => row.fullName },
  { key: 'createdAt', header: 'Created Date', cell: (row) => formatCreatedDate(row.createdAt) },
  { key: 'email', header: 'Email', cell: (row) => row.email },
  fieldColumn('vendorId', (row) => row.vendorId, 'right'),
  { key: 'apiKey', priority: 'key', header: 'API Key', headerTitle: 'apiKey', cell: (row) => <ApiKeyCell row={row} /> },
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
        totalRecords={vendors.data?.body.totalRecords}
        onPageChange={paging.setPage}
        onPageSizeChange={paging.setPageSize}
        itemLabel="vendors"
      />
    </div>
  );
}
