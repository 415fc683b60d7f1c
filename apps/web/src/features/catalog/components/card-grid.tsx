import type { ReactNode } from 'react';

interface CardGridProps<TItem extends { _id: string }> {
  /** The list's accessible name ("Coupons"). */
  label: string;
  items: readonly TItem[];
  renderItem: (item: TItem) => ReactNode;
  /** Cards per row from a breakpoint on, e.g. "sm:grid-cols-2 lg:grid-cols-3"; one per row below them. */
  columnsClassName: string;
  /** A page is on its way. */
  isBusy: boolean;
  /** The cards are the previous page's, kept on screen (dimmed) until the next one arrives. */
  isStale: boolean;
}

/** One page of a catalog list as a grid of cards. */
export function CardGrid<TItem extends { _id: string }>({
  label,
  items,
  renderItem,
  columnsClassName,
  isBusy,
  isStale,
}: CardGridProps<TItem>) {
  return (
    <ul
      aria-label={label}
      aria-busy={isBusy}
      className={`grid grid-cols-1 gap-4 ${columnsClassName} ${isStale ? 'opacity-60 transition-opacity' : ''}`}
    >
      {items.map((item) => (
        <li key={item._id}>{renderItem(item)}</li>
      ))}
    </ul>
  );
}
