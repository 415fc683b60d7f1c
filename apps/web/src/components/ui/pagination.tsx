import { useId, type ReactNode } from 'react';
import { Button } from './button';
import { fieldClasses } from './field-message';

interface PaginationProps {
  /** 1-based. */
  page: number;
  pageSize: number;
  /**
   * Undefined while it is not known (no answer yet, or the read failed): the "Showing" line is then left blank
   * rather than reading "0–0 of 0" beside an error.
   */
  totalRecords: number | undefined;
  onPageChange: (page: number) => void;
  /** Changing the page size goes back to page 1 (the caller decides; this only reports the new size). */
  onPageSizeChange: (pageSize: number) => void;
  pageSizeOptions?: readonly number[];
  /** What is being paged, for the labels ("rows", "orders"). */
  itemLabel?: string;
  /** Shown instead of the total in the "Showing" line, e.g. 'Many' for a total a search engine capped. */
  totalLabel?: string;
  /** Replaces the whole "Showing" line, for a screen whose spec words it its own way. */
  summary?: ReactNode;
  disabled?: boolean;
}

/** Previous/Next paging with a page-size select and a "Showing a–b of n" line. */
export function Pagination({
  page,
  pageSize,
  totalRecords,
  onPageChange,
  onPageSizeChange,
  pageSizeOptions = [10, 20, 50, 100],
  itemLabel = 'rows',
  totalLabel,
  summary,
  disabled = false,
}: PaginationProps) {
  const id = useId();
  const known = totalRecords ?? 0;
  const pageCount = Math.max(1, Math.ceil(known / pageSize));
  const first = known === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, known);
  const showing =
    totalRecords === undefined ? '\u00a0' : `Showing ${first}–${last} of ${totalLabel ?? totalRecords} ${itemLabel}`;
  const sizes = pageSizeOptions.includes(pageSize)
    ? pageSizeOptions
    : [...pageSizeOptions, pageSize].sort((a, b) => a - b);
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
      <p aria-live="polite">{summary ?? showing}</p>
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={`${id}-size`} className="flex items-center gap-2">
          <span className="whitespace-nowrap">Rows per page</span>
          <select
            id={`${id}-size`}
            value={pageSize}
            disabled={disabled}
            onChange={(event) => onPageSizeChange(Number(event.target.value))}
            className={fieldClasses(false, 'w-20 py-1.5')}
          >
            {sizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <Button variant="secondary" disabled={disabled || page <= 1} onClick={() => onPageChange(page - 1)}>
          Previous
        </Button>
        <span>
          Page {page} of {pageCount}
        </span>
        <Button variant="secondary" disabled={disabled || page >= pageCount} onClick={() => onPageChange(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
