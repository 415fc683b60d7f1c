import { useCallback, useState } from 'react';

export interface Paging {
  /** 1-based. */
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
  /** A new page size starts again at page 1. */
  setPageSize: (pageSize: number) => void;
  /** Back to page 1, e.g. after the filters changed. */
  resetPage: () => void;
}

/** Page and page size of one paged list (part 2 §4: kept per list; changing either refetches). */
export function usePaging(initialPageSize: number): Paging {
  const [page, setPage] = useState(1);
  const [pageSize, setSize] = useState(initialPageSize);
  const setPageSize = useCallback((size: number) => {
    setSize(size);
    setPage(1);
  }, []);
  const resetPage = useCallback(() => setPage(1), []);
  return { page, pageSize, setPage, setPageSize, resetPage };
}
