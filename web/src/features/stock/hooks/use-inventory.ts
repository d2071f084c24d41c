import { useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useGetStockItemsQuery } from '../api/stock-api';

/** Rows per page of the Current Inventory table. */
export const inventoryPageSizes = [20, 50, 100] as const;
export type InventoryPageSize = (typeof inventoryPageSizes)[number];

/** The search box asks the server once typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The Current Inventory list: a search the server runs (debounced) and server-side pages.
 * A new search starts again at the first page.
 */
export function useInventory() {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [pageSize, setPageSizeState] = useState<InventoryPageSize>(inventoryPageSizes[0]);
  // The page belongs to the search it was chosen for: another search reads page 0 at once.
  const [paging, setPaging] = useState({ search, page: 0 });
  const page = paging.search === search ? paging.page : 0;

  const query = useGetStockItemsQuery({ search: search || undefined, limit: pageSize, offset: page * pageSize });
  const total = query.data?.total ?? 0;

  // After a delete the last page can be gone: show the one before it.
  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);
  // Past the last page (rows deleted meanwhile): move to the last one, during render (no effect round).
  if (query.currentData && page > lastPage) setPaging({ search, page: lastPage });

  return {
    searchText,
    setSearchText,
    /** The search the server was asked for (trimmed, debounced). */
    search,
    page,
    setPage: (next: number) => setPaging({ search, page: next }),
    pageSize,
    setPageSize: (next: InventoryPageSize) => {
      setPageSizeState(next);
      setPaging({ search, page: 0 });
    },
    total,
    /** The rows of exactly this search and page; undefined while they load. */
    items: query.currentData?.items,
    /** Nothing in stock at all (not just nothing matching a search). */
    isEmpty: !search && !searchText.trim() && query.currentData?.total === 0,
    isFetching: query.isFetching,
    isError: query.isError,
    error: query.error,
    refetch: query.refetch,
  };
}

export type Inventory = ReturnType<typeof useInventory>;
