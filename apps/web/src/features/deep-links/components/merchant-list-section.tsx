import type { ReactNode } from 'react';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { Pagination } from '../../../components/ui/pagination';
import { formatCount } from '../../../lib/format';
import type { Paging } from '../../../lib/use-paging';

interface MerchantListSectionProps<TRow> {
  /** The table's accessible name. */
  caption: string;
  columns: readonly DataColumn<TRow>[];
  rows: readonly TRow[];
  rowKey: (row: TRow, index: number) => string;
  /** totalRecords of the last answer; undefined before the first one. */
  totalRecords: number | undefined;
  isLoading: boolean;
  isRefreshing: boolean;
  /** The list call's failure, shown in the table with Retry. */
  error: unknown;
  onRetry: () => void;
  /** Shown above the table too, e.g. a failed link generation (part 2 §8: "for API 5 also above the table"). */
  notice?: ReactNode;
  paging: Paging;
  pageSizeOptions?: readonly number[];
  /** Part 2 §9: 800 pixels wide for API 5; 500 pixels high for every merchant table. */
  minWidth?: number;
}

/**
 * A paged merchant list of the deep link screens (part 2 §2): "Total Merchants: N", the table, and under it
 * "Showing X of N Merchants" (X: the rows on this page) with the pager.
 */
export function MerchantListSection<TRow>({
  caption,
  columns,
  rows,
  rowKey,
  totalRecords,
  isLoading,
  isRefreshing,
  error,
  onRetry,
  notice,
  paging,
  pageSizeOptions,
  minWidth,
}: MerchantListSectionProps<TRow>) {
  const total = totalRecords ?? 0;
  return (
    <section aria-label={caption} className="space-y-4">
      <p className="text-sm text-slate-600" aria-live="polite">
        Total Merchants:{' '}
        <span className="font-semibold text-slate-900">
          {totalRecords !== undefined ? formatCount(total) : error ? '—' : '…'}
        </span>
      </p>
      {notice}
      <DataTable
        caption={caption}
        columns={columns}
        rows={rows}
        rowKey={rowKey}
        isLoading={isLoading}
        isRefreshing={isRefreshing}
        error={error}
        onRetry={onRetry}
        emptyMessage="No merchants found. Try another country or merchant name."
        maxHeight={500}
        minWidth={minWidth}
      />
      <Pagination
        page={paging.page}
        pageSize={paging.pageSize}
        totalRecords={totalRecords}
        onPageChange={paging.setPage}
        onPageSizeChange={paging.setPageSize}
        pageSizeOptions={pageSizeOptions}
        itemLabel="Merchants"
        summary={
          totalRecords === undefined
            ? undefined
            : `Showing ${formatCount(rows.length)} of ${formatCount(total)} Merchants`
        }
        disabled={isLoading}
      />
    </section>
  );
}
