import type { InvoiceDto, InvoiceType } from '@erp/contracts';
import { api, listTags } from '../../../lib/api';
import type { HttpMeta } from '../../../lib/http-base-query';

export interface InvoicesQuery {
  type?: InvoiceType;
  /** Inclusive issue dates, "YYYY-MM-DD" (docs/api/invoices.md). */
  from?: string;
  to?: string;
  search?: string;
  limit: number;
  offset: number;
}

/** One page of invoices and the number that match (X-Total-Count). */
export interface InvoicesPage {
  items: InvoiceDto[];
  total: number;
}

/**
 * The tag of the invoices list. Anything that creates an invoice elsewhere (the Orders
 * screen's Generate Invoice, a status change that confirms an order, a supplier invoice
 * applied on the Stock screen) invalidates it, and the Invoices screen asks again.
 */
export const INVOICE_LIST_TAG = { type: 'Invoice', id: 'LIST' } as const;

function totalOf(meta: HttpMeta | undefined, fallback: number): number {
  const header = meta?.response.headers.get('X-Total-Count');
  const total = header === null || header === undefined ? Number.NaN : Number(header);
  return Number.isInteger(total) && total >= 0 ? total : fallback;
}

export const invoicesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/invoices: newest first, narrowed by type, issue dates and search, one page. */
    getInvoices: build.query<InvoicesPage, InvoicesQuery>({
      query: ({ type, from, to, search, limit, offset }) => ({
        url: '/api/invoices',
        params: {
          type,
          from: from || undefined,
          to: to || undefined,
          search: search?.trim() || undefined,
          limit,
          offset,
        },
      }),
      transformResponse: (items: InvoiceDto[], meta: HttpMeta | undefined, { offset }) => ({
        items,
        total: totalOf(meta, offset + items.length),
      }),
      providesTags: (page) => listTags('Invoice', page?.items),
    }),
  }),
});

export const { useGetInvoicesQuery } = invoicesApi;

/**
 * The action that makes every invoices list ask the server again:
 * `dispatch(invalidateInvoiceList())`. For code that is not an RTK Query mutation (a
 * mutation can list `INVOICE_LIST_TAG` in its own `invalidatesTags` instead).
 */
export function invalidateInvoiceList() {
  return api.util.invalidateTags([INVOICE_LIST_TAG]);
}
