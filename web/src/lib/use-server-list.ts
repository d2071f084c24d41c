import { useState } from 'react';
import { nextSort, sortParam, type ListSort } from './list-sort';
import { useDebouncedValue } from './use-debounced-value';

/** Rows per page of every list. */
export const listPageSizes = [20, 50, 100] as const;
export type ListPageSize = (typeof listPageSizes)[number];

/** The search box asks the server once typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 300;

/** What a list's RTK Query hook answers (a page of rows and how many match). */
interface PageQueryState<Row> {
  currentData?: { items: Row[]; total: number };
  data?: { items: Row[]; total: number };
  isFetching: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/** What every list sends besides its own filters. */
export interface ServerListArgs {
  search?: string;
  sort?: string;
  limit: number;
  offset: number;
}

/**
 * One list read from the server (CONTRACT §4b, §13): a debounced search, the order chosen by a
 * column header, pages of 20, 50 or 100. A new search, order, page size or filter starts again
 * at the first page; a page that no longer exists (rows deleted meanwhile) becomes the last one.
 * `filters` are the list's own (a client, a status…), sent with every page.
 */
export function useServerList<Row, F extends string, Filters extends object>(
  useQuery: (args: Filters & ServerListArgs) => PageQueryState<Row>,
  filters: Filters,
) {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [sort, setSortState] = useState<ListSort<F> | null>(null);
  const [pageSize, setPageSizeState] = useState<ListPageSize>(listPageSizes[0]);
  // The page belongs to what it was chosen for: another search, order or filter reads page 0 at once.
  const key = JSON.stringify([filters, search, sort, pageSize]);
  const [paging, setPaging] = useState({ key, page: 0 });
  const page = paging.key === key ? paging.page : 0;

  const query = useQuery({
    ...filters,
    search: search || undefined,
    sort: sortParam(sort),
    limit: pageSize,
    offset: page * pageSize,
  });
  const total = query.data?.total ?? 0;

  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);
  // Past the last page: move to the last one, during render (no effect round).
  if (query.currentData && page > lastPage) setPaging({ key, page: lastPage });

  return {
    searchText,
    setSearchText,
    /** The search the server was asked for (trimmed, debounced). */
    search,
    sort,
    /** A click on a column's header: ascending, descending, then the list's own order. */
    sortBy: (field: F) => setSortState((current) => nextSort(current, field)),
    /** An order chosen whole (a phone's "Sort by"), or null for the list's own. */
    setSort: (next: ListSort<F> | null) => setSortState(next),
    page,
    setPage: (next: number) => setPaging({ key, page: next }),
    pageSize,
    setPageSize: (next: ListPageSize) => setPageSizeState(next),
    total,
    /** The rows of exactly this search, order and page; undefined while they load. */
    rows: query.currentData?.items,
    /** Nothing at all (not just nothing matching a search). */
    isEmpty: !search && !searchText.trim() && query.currentData?.total === 0,
    isFetching: query.isFetching,
    isError: query.isError,
    error: query.error,
    refetch: query.refetch,
    /** The query an export of this list sends: its filters, search and order, no paging. */
    exportParams: { ...filters, search: search || undefined, sort: sortParam(sort) } as Record<
      string,
      string | number | undefined
    >,
  };
}
