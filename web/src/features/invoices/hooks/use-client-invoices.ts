import { useState } from 'react';
import { useGetInvoicesQuery } from '../api/invoices-api';
import { listPageSizes, type ListPageSize } from '../../../lib/use-server-list';

/**
 * One client's invoices and credit notes (its profile), newest first, in server-side pages of
 * the All Invoices list's sizes.
 */
export function useClientInvoices(clientId: string) {
  const [pageSize, setPageSizeState] = useState<ListPageSize>(listPageSizes[0]);
  const [page, setPage] = useState(0);
  const query = useGetInvoicesQuery({ clientId, limit: pageSize, offset: page * pageSize });
  const total = query.data?.total ?? 0;

  // Past the last page (the list shrank meanwhile): move to the last one, during render (no effect round).
  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);
  if (query.currentData && page > lastPage) setPage(lastPage);

  return {
    page,
    setPage,
    pageSize,
    setPageSize: (next: ListPageSize) => {
      setPageSizeState(next);
      setPage(0);
    },
    total,
    /** The rows of exactly this page; undefined while they load. */
    items: query.currentData?.items,
    /** The client has no invoice at all. */
    isEmpty: query.currentData?.total === 0,
    isError: query.isError,
    error: query.error,
    refetch: query.refetch,
  };
}

export type ClientInvoices = ReturnType<typeof useClientInvoices>;
