import type { ReactNode } from 'react';
import { Pagination } from '../../../components/ui/pagination';
import { formatCount } from '../../../lib/format';
import type { Paging } from '../../../lib/use-paging';
import { CardGrid } from './card-grid';
import { ListStatus } from './list-status';

/** Page sizes of the offer lists, which start at DEFAULT_COUPON_PAGE_SIZE (100). */
const OFFER_PAGE_SIZES = [50, 100, 200] as const;

/** The parts of a coupons or cashback query the list shows. */
interface OffersQuery<TOffer> {
  data?: { body: { data: TOffer[]; totalCount: number } };
  isPending: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

interface OfferResultsProps<TOffer extends { _id: string }> {
  /** The section's accessible name ("Coupon results"). */
  label: string;
  /** The screen's plural ("Coupons"): it names the list and ends the "Showing n of m" line. */
  noun: string;
  /** What the spinner says is loading ("coupons"). */
  what: string;
  /** What the pager counts ("coupons"). */
  itemLabel: string;
  emptyMessage: string;
  /** Cards per row from a breakpoint on (see CardGrid). */
  columnsClassName: string;
  offers: OffersQuery<TOffer>;
  /** The query of the filter values: its failure is shown in place of the list's own, and Retry reads it again. */
  filterValues: Pick<OffersQuery<unknown>, 'error' | 'isFetching' | 'refetch'>;
  /** No request is due (the filters are in conflict): nothing loads and the pager is off. */
  isIdle?: boolean;
  paging: Paging;
  renderOffer: (offer: TOffer) => ReactNode;
}

/**
 * The results of the coupon and cashback screens (part 1 §2): "Showing n of m", the offer cards with their
 * loading, error and empty states, and the pager (its page controls only: the count line above is the list's one).
 */
export function OfferResults<TOffer extends { _id: string }>({
  label,
  noun,
  what,
  itemLabel,
  emptyMessage,
  columnsClassName,
  offers,
  filterValues,
  isIdle = false,
  paging,
  renderOffer,
}: OfferResultsProps<TOffer>) {
  const rows = offers.data?.body.data ?? [];
  const total = offers.data?.body.totalCount ?? 0;
  return (
    <section aria-label={label} className="space-y-4">
      <p className="text-sm text-slate-600" aria-live="polite">
        {offers.data ? `Showing ${formatCount(rows.length)} of ${formatCount(total)} ${noun}` : '\u00a0'}
      </p>
      <ListStatus
        what={what}
        isLoading={!isIdle && offers.isPending}
        error={filterValues.error ?? offers.error}
        onRetry={() => {
          // Whatever failed is read again: the filter values (their lists stay empty until then) and the offers.
          if (filterValues.error) void filterValues.refetch();
          void offers.refetch();
        }}
        isRetrying={offers.isFetching || filterValues.isFetching}
        isEmpty={rows.length === 0}
        emptyMessage={emptyMessage}
      >
        <CardGrid
          label={noun}
          items={rows}
          renderItem={renderOffer}
          columnsClassName={columnsClassName}
          isBusy={offers.isFetching}
          isStale={offers.isPlaceholderData}
        />
      </ListStatus>
      <Pagination
        page={paging.page}
        pageSize={paging.pageSize}
        totalRecords={offers.data ? total : undefined}
        onPageChange={paging.setPage}
        onPageSizeChange={paging.setPageSize}
        pageSizeOptions={OFFER_PAGE_SIZES}
        itemLabel={itemLabel}
        // One count line per list: the spec's "Showing N of M Coupons" above the cards (part 1 §2) says it already.
        summary=""
        disabled={isIdle || offers.isPending}
      />
    </section>
  );
}
