import { listPageSizes, type ListPageSize } from '../../../lib/use-server-list';
import type { InvoiceSortField, InvoiceType, PaymentStatus } from '@erp/contracts';
import { useCallback, useState } from 'react';
import { useQueryParams } from '../../../lib/use-query-params';
import { nextSort, parseSort, sortParam, type ListSort } from '../../../lib/list-sort';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useGetInvoicesQuery } from '../api/invoices-api';
import { isPaymentStatus } from '../lib/payments';

/** Rows per page of the All Invoices table. */

/** The type filter: every invoice, or only customer (sales) or supplier (purchase) ones, or credit notes. */
export type InvoiceTypeFilter = 'all' | InvoiceType;
export const invoiceTypeFilters: readonly InvoiceTypeFilter[] = [
  'all',
  'customer',
  'credit_note',
  'supplier',
  'opening_balance',
];

/** The payment status filter: every invoice, or customer invoices in one settlement state. */
export type PaymentStatusFilter = 'all' | PaymentStatus;

/** The search box asks the server once typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The columns the list sorts by (the server's invoiceSortFields; the web app imports types only). */
const invoiceSortFields: readonly InvoiceSortField[] = [
  'issuedAt',
  'invoiceNumber',
  'clientName',
  'totalAmount',
  'dueDate',
];

/** The filters' names in the address (`/invoices?type=customer&paymentStatus=unpaid`). */
export const invoiceFilterParams = {
  type: 'type',
  paymentStatus: 'paymentStatus',
  from: 'from',
  to: 'to',
  search: 'search',
  sort: 'sort',
} as const;
type FilterName = keyof typeof invoiceFilterParams;

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** A native date input's value when it holds a whole day, else nothing (a half-typed date). */
function dayOrUndefined(value: string): string | undefined {
  return isoDay.test(value) ? value : undefined;
}

function isTypeFilter(value: string | null): value is InvoiceTypeFilter {
  return value !== null && (invoiceTypeFilters as readonly string[]).includes(value);
}

/** "all" is no filter: no parameter in the address. */
function orEmpty(value: string): string {
  return value === 'all' ? '' : value;
}

/** Only receivables (customer invoices, balances brought forward) have a payment status: the other types leave that filter aside. */
export function hasPaymentStatus(type: InvoiceTypeFilter): boolean {
  return type === 'all' || type === 'customer' || type === 'opening_balance';
}

/**
 * The All Invoices list: type, payment status, issue dates and a search the server runs
 * (debounced), in server-side pages. The filters live in the address, so a reload, Back or a
 * shared link shows the same list; any change of filter starts again at the first page.
 */
export function useInvoices() {
  const [params, updateParams] = useQueryParams();
  const typeParam = params.get(invoiceFilterParams.type);
  const type: InvoiceTypeFilter = isTypeFilter(typeParam) ? typeParam : 'all';
  const statusParam = params.get(invoiceFilterParams.paymentStatus);
  const paymentStatus: PaymentStatusFilter =
    hasPaymentStatus(type) && isPaymentStatus(statusParam) ? statusParam : 'all';
  const fromText = params.get(invoiceFilterParams.from) ?? '';
  const toText = params.get(invoiceFilterParams.to) ?? '';
  const searchText = params.get(invoiceFilterParams.search) ?? '';
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const from = dayOrUndefined(fromText);
  const to = dayOrUndefined(toText);
  const [pageSize, setPageSizeState] = useState<ListPageSize>(listPageSizes[0]);
  const sort = parseSort(params.get(invoiceFilterParams.sort), invoiceSortFields);

  /** Sets some filters (an empty value drops the parameter), replacing the history entry. */
  const setFilters = useCallback(
    (changes: Partial<Record<FilterName, string>>) => {
      updateParams((next) => {
        for (const [name, value] of Object.entries(changes) as Array<[FilterName, string]>) {
          if (value === '') next.delete(invoiceFilterParams[name]);
          else next.set(invoiceFilterParams[name], value);
        }
      });
    },
    [updateParams],
  );

  // The page belongs to the filters it was chosen for: other filters read page 0 at once.
  const filterKey = JSON.stringify([type, paymentStatus, from, to, search, sort, pageSize]);
  const [paging, setPaging] = useState({ filterKey, page: 0 });
  const page = paging.filterKey === filterKey ? paging.page : 0;

  const filters = {
    type: type === 'all' ? undefined : type,
    paymentStatus: paymentStatus === 'all' ? undefined : paymentStatus,
    from,
    to,
    search: search || undefined,
    sort: sortParam(sort),
  };
  const query = useGetInvoicesQuery({ ...filters, limit: pageSize, offset: page * pageSize });
  const total = query.data?.total ?? 0;

  // If the list shrank under the page being shown, show its last page.
  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);
  // Past the last page (rows deleted meanwhile): move to the last one, during render (no effect round).
  if (query.currentData && page > lastPage) setPaging({ filterKey, page: lastPage });

  const filtered =
    type !== 'all' || paymentStatus !== 'all' || Boolean(fromText || toText || searchText.trim() || search);

  return {
    type,
    /** A type without payments (supplier invoices, credit notes) drops the payment status filter. */
    setType: (next: InvoiceTypeFilter) =>
      setFilters({ type: orEmpty(next), ...(hasPaymentStatus(next) ? {} : { paymentStatus: '' }) }),
    paymentStatus,
    setPaymentStatus: (next: PaymentStatusFilter) => setFilters({ paymentStatus: orEmpty(next) }),
    from: fromText,
    setFrom: (value: string) => setFilters({ from: value }),
    to: toText,
    setTo: (value: string) => setFilters({ to: value }),
    /** Both dates given, the first after the second: nothing can match. */
    rangeInvalid: Boolean(from && to && from > to),
    searchText,
    setSearchText: (value: string) => setFilters({ search: value }),
    /** Whether any filter narrows the list. */
    filtered,
    clearFilters: () => setFilters({ type: '', paymentStatus: '', from: '', to: '', search: '' }),
    sort,
    /** A click on a column's header: ascending, descending, then newest first again (kept in the address). */
    sortBy: (field: InvoiceSortField) => setFilters({ sort: sortParam(nextSort(sort, field)) ?? '' }),
    /** An order chosen whole (a phone's "Sort by"), or null for newest first. */
    setSort: (next: ListSort<InvoiceSortField> | null) => setFilters({ sort: sortParam(next) ?? '' }),
    /** The query an export of this list sends: its filters and order, no paging. */
    exportParams: filters,
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
