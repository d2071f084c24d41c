import type { InvoiceType } from '@erp/contracts';
import { useEffect, useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useGetInvoicesQuery } from '../api/invoices-api';

/** Rows per page of the All Invoices table. */
export const invoicePageSizes = [20, 50, 100] as const;
export type InvoicePageSize = (typeof invoicePageSizes)[number];

/** The type filter: every invoice, or only customer (sales) or supplier (purchase) ones. */
export type InvoiceTypeFilter = 'all' | InvoiceType;

/** The search box asks the server once typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 300;

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** A native date input's value when it holds a whole day, else nothing (a half-typed date). */
function dayOrUndefined(value: string): string | undefined {
  return isoDay.test(value) ? value : undefined;
}

/**
 * The All Invoices list: type, issue dates and a search the server runs (debounced), in
 * server-side pages. Any change of filter starts again at the first page.
 */
export function useInvoices() {
  const [type, setType] = useState<InvoiceTypeFilter>('all');
  const [fromText, setFrom] = useState('');
  const [toText, setTo] = useState('');
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const from = dayOrUndefined(fromText);
  const to = dayOrUndefined(toText);
  const [pageSize, setPageSizeState] = useState<InvoicePageSize>(invoicePageSizes[0]);

  // The page belongs to the filters it was chosen for: other filters read page 0 at once.
  const filterKey = JSON.stringify([type, from, to, search, pageSize]);
  const [paging, setPaging] = useState({ filterKey, page: 0 });
  const page = paging.filterKey === filterKey ? paging.page : 0;

  const query = useGetInvoicesQuery({
    type: type === 'all' ? undefined : type,
    from,
    to,
    search: search || undefined,
    limit: pageSize,
    offset: page * pageSize,
  });
  const total = query.data?.total ?? 0;

  // If the list shrank under the page being shown, show its last page.
  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);
  useEffect(() => {
    if (query.currentData && page > lastPage) setPaging({ filterKey, page: lastPage });
  }, [query.currentData, page, lastPage, filterKey]);

  const filtered = type !== 'all' || Boolean(fromText || toText || searchText.trim() || search);

  return {
    type,
    setType,
    from: fromText,
    setFrom,
    to: toText,
    setTo,
    /** Both dates given, the first after the second: nothing can match. */
    rangeInvalid: Boolean(from && to && from > to),
    searchText,
    setSearchText,
    /** Whether any filter narrows the list. */
    filtered,
    clearFilters: () => {
      setType('all');
      setFrom('');
      setTo('');
      setSearchText('');
    },
    page,
    setPage: (next: number) => setPaging({ filterKey, page: next }),
    pageSize,
    setPageSize: setPageSizeState,
    total,
    /** The rows of exactly these filters and this page; undefined while they load. */
    items: query.currentData?.items,
    /** No invoice at all (not just none matching the filters). */
    isEmpty: !filtered && query.currentData?.total === 0,
    isFetching: query.isFetching,
    isError: query.isError,
    error: query.error,
    refetch: query.refetch,
  };
}

export type Invoices = ReturnType<typeof useInvoices>;
