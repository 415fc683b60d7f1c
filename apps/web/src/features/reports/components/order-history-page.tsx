import type { Order } from '@publisher/contract';
import { DataTable, type DataColumn, fieldColumn } from '../../../components/ui/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { formatDate, formatMoney } from '../../../lib/format';
import { usePaging } from '../../../lib/use-paging';
import { useOrderHistory } from '../api/use-order-history';

const ORDER_PAGE_SIZE = 20;

const STATUS_CLASSES: Readonly<Record<Order['status'], string>> = {
  approved: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  pending: 'bg-amber-50 text-amber-700 ring-amber-200',
  declined: 'bg-rose-50 text-rose-700 ring-rose-200',
};

const SOURCE_LABELS: Readonly<Record<Order['source'], string>> = {
  connexity: 'Deep Links API',
  newdashboard: 'Deep Links API 2',
  doneoftheownou: 'Deep Links API 3',
  shoppermeet: 'Deep Links API 4',
  kelkoo: 'Deep Links API 5',
};

const COLUMNS: readonly DataColumn<Order>[] = [
  fieldColumn('orderDate', (row) => formatDate(row.orderDate), 'left', 'identity'),
  fieldColumn('orderId', (row) => row.orderId),
  { key: 'merchantName', header: 'Merchant', headerTitle: 'merchantName', cell: (row) => row.merchantName },
  {
    key: 'status',
    header: 'Status',
    cell: (row) => (
      <span
        className={`rounded-full px-2 py-0.5 text-xs font-medium capitalize ring-1 ring-inset ${STATUS_CLASSES[row.status]}`}
      >
        {row.status}
      </span>
    ),
  },
  { key: 'source', header: 'Program', headerTitle: 'source', cell: (row) => SOURCE_LABELS[row.source] },
  fieldColumn('placementId', (row) => row.placementId),
  {
    key: 'amount',
    priority: 'key',
    header: 'Order Amount',
    headerTitle: 'amount',
    cell: (row) => formatMoney(row.amount),
    align: 'right',
  },
  {
    key: 'commission',
    priority: 'key',
    header: 'Commission',
    headerTitle: 'commission',
    cell: (row) => formatMoney(row.commission),
    align: 'right',
  },
];

/** My Orders (`/orderHistory`, linked from the profile page): the vendor's sales, newest first, paged. */
export function OrderHistoryPage() {
  const paging = usePaging(ORDER_PAGE_SIZE);
  const orders = useOrderHistory({ page: paging.page, pageSize: paging.pageSize });
  return (
    <div className="max-w-6xl space-y-6">
      <PageHeader title="My Orders" description="Sales your links brought in, newest first." />
      <DataTable
        caption="My Orders"
        columns={COLUMNS}
        rows={orders.data?.data ?? []}
        rowKey={(row) => `${row.source}-${row.orderId}`}
        isLoading={orders.isPending}
        isRefreshing={orders.isFetching && !orders.isPending}
        error={orders.error}
        onRetry={() => void orders.refetch()}
        emptyMessage="No orders yet."
      />
      <Pagination
        page={paging.page}
        pageSize={paging.pageSize}
        totalRecords={orders.data?.totalRecords}
        onPageChange={paging.setPage}
        onPageSizeChange={paging.setPageSize}
        itemLabel="orders"
      />
    </div>
  );
}
