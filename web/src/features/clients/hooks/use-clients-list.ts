import { useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useGetClientsQuery } from '../api/clients-api';

/** Rows per page of the clients table. */
export const clientPageSizes = [20, 50, 100] as const;
export type ClientPageSize = (typeof clientPageSizes)[number];

/** The search box asks the server once typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The clients list: a search the server runs (debounced) and server-side pages. */
export function useClientsList() {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [pageSize, setPageSizeState] = useState<ClientPageSize>(clientPageSizes[0]);
  // The page belongs to the search it was chosen for: another search reads page 0 at once.
  const [paging, setPaging] = useState({ search, page: 0 });
  const page = paging.search === search ? paging.page : 0;

  const query = useGetClientsQuery({ search: search || undefined, limit: pageSize, offset: page * pageSize });
  const total = query.data?.total ?? 0;

  // Past the last page (rows deleted meanwhile): move to the last one, during render (no effect round).
  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);
  if (query.currentData && page > lastPage) setPaging({ search, page: lastPage });

  return {
    searchText,
    setSearchText,
    search,
    page,
    setPage: (next: number) => setPaging({ search, page: next }),
    pageSize,
    setPageSize: (next: ClientPageSize) => {
      setPageSizeState(next);
      setPaging({ search, page: 0 });
    },
    total,
    /** The rows of exactly this search and page; undefined while they load. */
    clients: query.currentData?.items,
    /** No clients at all (not just none matching a search). */
    isEmpty: !search && !searchText.trim() && query.currentData?.total === 0,
    isError: query.isError,
    error: query.error,
    refetch: query.refetch,
  };
}

export type ClientsList = ReturnType<typeof useClientsList>;
