import type { InvoiceDto, InvoiceType, PaymentDto, PaymentMethod, PaymentStatus } from '@erp/contracts';
import { api, listTags } from '../../../lib/api';
import type { HttpMeta } from '../../../lib/http-base-query';
import { idempotencyHeaders, type IdempotentCall } from '../../../lib/idempotency-key';
import { isHttpError } from '../../../lib/http-error';

export type { PaymentDto, PaymentMethod, PaymentStatus };

export interface InvoicesQuery {
  type?: InvoiceType;
  /** Customer invoices only, in this settlement state (docs/api/invoices.md). */
  paymentStatus?: PaymentStatus;
  /** One client's invoices and credit notes only (the client's profile). */
  clientId?: string;
  /** Inclusive issue dates, "YYYY-MM-DD" (docs/api/invoices.md). */
  from?: string;
  to?: string;
  search?: string;
  /** `field:asc|desc` (docs/api/lists-and-exports.md); absent: newest first. */
  sort?: string;
  limit: number;
  offset: number;
}

/** One page of invoices and the number that match (X-Total-Count). */
export interface InvoicesPage {
  items: InvoiceDto[];
  total: number;
}

/** POST /api/invoices/{id}/payments: money as 2-decimal text, `paidAt` a day ("2026-11-20"). */
export interface RecordPaymentRequest {
  invoiceId: string;
  /** The invoice's client, whose balance the payment changes (not sent). */
  clientId?: string | null;
  amount: string;
  method: PaymentMethod;
  paidAt: string;
  reference?: string;
}

export interface WriteOffRequest {
  invoiceId: string;
  clientId?: string | null;
  amount: string;
  reason: string;
}

export interface DeletePaymentRequest {
  invoiceId: string;
  clientId?: string | null;
  paymentId: string;
  reason: string;
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

/** The tag of one invoice's payments: changes with every payment recorded or deleted. */
function paymentsTag(invoiceId: string) {
  return { type: 'Invoice', id: `${invoiceId}/payments` } as const;
}

/**
 * What a payment's answer makes stale: the invoice (its paid amount and balance), its payments,
 * the invoices lists and the client's balance. A refused payment (409: the balance moved, or
 * nothing is left to pay) also means this screen's figures are old, so they are read again too.
 */
function settlementTags(invoiceId: string, clientId: string | null | undefined, error: unknown) {
  if (error !== undefined && !(isHttpError(error) && error.status === 409)) return [];
  const tags: Array<{ type: 'Invoice' | 'Client'; id: string }> = [
    { type: 'Invoice', id: invoiceId },
    paymentsTag(invoiceId),
    INVOICE_LIST_TAG,
  ];
  if (clientId) tags.push({ type: 'Client', id: clientId });
  return tags;
}

export const invoicesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/invoices: newest first, narrowed by type, payment status, client, issue dates and search, one page. */
    getInvoices: build.query<InvoicesPage, InvoicesQuery>({
      query: ({ type, paymentStatus, clientId, from, to, search, sort, limit, offset }) => ({
        url: '/api/invoices',
        params: {
          type,
          paymentStatus,
          clientId,
          from: from || undefined,
          to: to || undefined,
          search: search?.trim() || undefined,
          sort,
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
    /** GET /api/invoices/{id}: one invoice or credit note with its settlement. */
    getInvoice: build.query<InvoiceDto, string>({
      query: (id) => `/api/invoices/${encodeURIComponent(id)}`,
      providesTags: (_invoice, _error, id) => [{ type: 'Invoice', id }],
    }),
    /** GET /api/invoices/{id}/payments: every payment, by when the money came, deleted ones too. */
    getInvoicePayments: build.query<PaymentDto[], string>({
      query: (id) => `/api/invoices/${encodeURIComponent(id)}/payments`,
      providesTags: (_payments, _error, id) => [paymentsTag(id)],
    }),
    /** POST /api/invoices/{id}/payments (invoices:write). */
    /** With the submission's Idempotency-Key when given: the same payment sent twice is recorded once. */
    recordPayment: build.mutation<PaymentDto, RecordPaymentRequest & IdempotentCall>({
      query: ({ invoiceId, clientId: _clientId, idempotencyKey, ...body }) => ({
        url: `/api/invoices/${encodeURIComponent(invoiceId)}/payments`,
        method: 'POST',
        body,
        ...idempotencyHeaders(idempotencyKey),
      }),
      invalidatesTags: (_payment, error, { invoiceId, clientId }) => settlementTags(invoiceId, clientId, error),
    }),
    /** DELETE /api/invoices/{id}/payments/{paymentId} with `{ reason }` (admins and owners). */
    deletePayment: build.mutation<PaymentDto, DeletePaymentRequest>({
      query: ({ invoiceId, paymentId, reason }) => ({
        url: `/api/invoices/${encodeURIComponent(invoiceId)}/payments/${encodeURIComponent(paymentId)}`,
        method: 'DELETE',
        body: { reason },
      }),
      invalidatesTags: (_payment, error, { invoiceId, clientId }) => settlementTags(invoiceId, clientId, error),
    }),
    /** POST /api/invoices/{id}/write-off (admins and owners): the write-off document. */
    writeOff: build.mutation<InvoiceDto, WriteOffRequest>({
      query: ({ invoiceId, amount, reason }) => ({
        url: `/api/invoices/${encodeURIComponent(invoiceId)}/write-off`,
        method: 'POST',
        body: { amount, reason },
      }),
      invalidatesTags: (_writeOff, error, { invoiceId, clientId }) => settlementTags(invoiceId, clientId, error),
    }),
  }),
});

export const {
  useGetInvoicesQuery,
  useGetInvoiceQuery,
  useGetInvoicePaymentsQuery,
  useRecordPaymentMutation,
  useDeletePaymentMutation,
  useWriteOffMutation,
} = invoicesApi;

/**
 * The action that makes every invoices list ask the server again:
 * `dispatch(invalidateInvoiceList())`. For code that is not an RTK Query mutation (a
 * mutation can list `INVOICE_LIST_TAG` in its own `invalidatesTags` instead).
 */
export function invalidateInvoiceList() {
  return api.util.invalidateTags([INVOICE_LIST_TAG]);
}
