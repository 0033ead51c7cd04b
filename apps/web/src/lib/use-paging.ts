import { useState } from 'react';

export interface Paging {
  page: number;
  size: number;
  /** The size the list starts with: the pager shows at it only when there is more than one page. */
  defaultSize: number;
  setPage: (page: number) => void;
  /** A new page size starts again at page 1, so that the page asked for always exists. */
  setSize: (size: number) => void;
}

/** A list's page and page size, kept by the page (not the address): for lists that start on page 1 each visit. */
export function usePaging(defaultSize: number): Paging {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(defaultSize);
  return {
    page,
    size,
    defaultSize,
    setPage,
    setSize: (next) => {
      setSize(next);
      setPage(1);
    },
  };
}
