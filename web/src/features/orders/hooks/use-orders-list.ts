import { useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useGetOrdersQuery } from '../api/orders-api';

/** Rows per page of the Recent Orders table. */
export const orderPageSizes = [20, 50, 100] as const;
export type OrderPageSize = (typeof orderPageSizes)[number];

/** The search box asks the server once typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * Recent Orders: a search the server runs (order number or client, debounced) and server-side
 * pages. A new search starts again at the first page. With `clientId`, that client's orders only.
 */
export function useOrdersList({ clientId }: { clientId?: string } = {}) {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [pageSize, setPageSizeState] = useState<OrderPageSize>(orderPageSizes[0]);
  // The page belongs to the search it was chosen for: another search reads page 0 at once.
  const [paging, setPaging] = useState({ search, page: 0 });
  const page = paging.search === search ? paging.page : 0;

  const query = useGetOrdersQuery({ search: search || undefined, clientId, limit: pageSize, offset: page * pageSize });
  const total = query.data?.total ?? 0;

  // When the list shrank under the current page, show the last page there is.
  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);
  // Past the last page (rows deleted meanwhile): move to the last one, during render (no effect round).
  if (query.currentData && page > lastPage) setPaging({ search, page: lastPage });

  return {
    searchText,
    setSearchText,
    search,
    page,
    setPage: (next: number) => setPaging({ search, page: next }),
    pageSize,
    setPageSize: (next: OrderPageSize) => {
      setPageSizeState(next);
      setPaging({ search, page: 0 });
    },
    total,
    /** The rows of exactly this search and page; undefined while they load. */
    orders: query.currentData?.items,
    /** No orders at all (not just none matching a search). */
    isEmpty: !search && !searchText.trim() && query.currentData?.total === 0,
    isError: query.isError,
    error: query.error,
    refetch: query.refetch,
  };
}

export type OrdersList = ReturnType<typeof useOrdersList>;
