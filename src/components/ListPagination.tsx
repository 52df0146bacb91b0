import Box from '@mui/material/Box';
import TablePagination from '@mui/material/TablePagination';
import { useState } from 'react';

/** What the API says of a page of a list (`list.pagination`). */
export interface ListPage {
  totalItems?: number | undefined;
  hasMoreItems?: boolean | undefined;
}

interface Props {
  pagination: ListPage | undefined;
  /** Zero-based. */
  page: number;
  pageSize: number;
  /** How many items this page shows (for the count when the server gives no total). */
  shown: number;
  pageSizes?: readonly number[];
  onPageChange(page: number): void;
  /** Without it the page size is fixed. */
  onPageSizeChange?(pageSize: number): void;
}

/**
 * Paging under a server-paged list: the total when the server gives one, else "more" as long as
 * `hasMoreItems` says so. While the page loads (no pagination yet) it keeps its place empty: no
 * "0–0 of 0".
 */
export function ListPagination({
  pagination,
  page,
  pageSize,
  shown,
  pageSizes,
  onPageChange,
  onPageSizeChange,
}: Props) {
  if (!pagination) return <Box sx={{ minHeight: 52 }} aria-hidden />;
  const count = pagination.totalItems ?? (pagination.hasMoreItems ? -1 : page * pageSize + shown);
  return (
    <TablePagination
      component="div"
      count={count}
      page={page}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[...(pageSizes ?? [pageSize])]}
      onPageChange={(_e, next) => onPageChange(next)}
      {...(onPageSizeChange ? { onRowsPerPageChange: (e) => onPageSizeChange(Number(e.target.value)) } : {})}
      // A narrow window wraps the pager onto two lines rather than pushing its buttons off-screen.
      sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', pl: { xs: 1, sm: 2 } } }}
    />
  );
}

/**
 * The page and page size of a server-paged list, held by the screen: `skipCount`/`maxItems` for the
 * call, `pager` for ListPagination. A new page size, or `restart()` (the search or a filter
 * changed), goes back to the first page.
 */
export function usePaging(pageSizes: readonly [number, ...number[]], initialSize = pageSizes[0]) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(initialSize);
  return {
    page,
    skipCount: page * pageSize,
    maxItems: pageSize,
    restart: () => setPage(0),
    pager: {
      page,
      pageSize,
      pageSizes,
      onPageChange: setPage,
      onPageSizeChange: (size: number) => {
        setPage(0);
        setPageSize(size);
      },
    },
  };
}
