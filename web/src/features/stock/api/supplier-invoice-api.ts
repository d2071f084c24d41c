import type { AiJobAcceptedDto, InvoiceDto, ReceiptResultDto, SupplierInvoiceDraftDto } from '@erp/contracts';
import { api } from '../../../lib/api';
import type { ApplyReceiptRequest } from '../lib/supplier-invoice-review';

/*
 * Upload Supplier Invoice: reading the file (docs/api/ai-intake.md, `?wait=false` and a job that
 * web/src/lib/ai-job.ts follows), applying the reviewed receipt (docs/api/stock-reorder-and-receipts.md), and the
 * supplier invoices already received (the supplier's name and a repeated invoice number).
 */

/** How many earlier supplier invoices the review looks through for a supplier's name and number. */
export const SUPPLIER_LOOKUP_LIMIT = 100;

export const supplierInvoiceApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /api/stock/supplier-invoices/parse?wait=false: 202 `{ jobId }` once the file passed
     * the server's checks; a server that ignores `wait` answers the draft itself (200).
     */
    startSupplierInvoiceParse: build.mutation<AiJobAcceptedDto | SupplierInvoiceDraftDto, { fileBase64: string }>({
      query: (body) => ({
        url: '/api/stock/supplier-invoices/parse',
        method: 'POST',
        params: { wait: false },
        body,
      }),
    }),
    /** POST /api/stock/receipts: stock, batches, costs and the supplier invoice, exactly once per receiptId. */
    applyReceipt: build.mutation<ReceiptResultDto, ApplyReceiptRequest>({
      query: (body) => ({ url: '/api/stock/receipts', method: 'POST', body }),
      invalidatesTags: (result) =>
        result
          ? [
              ...result.lines.map(({ stockItemId }) => ({ type: 'StockItem' as const, id: stockItemId })),
              { type: 'StockItem', id: 'LIST' },
              'ExpiringBatch',
              'ReorderSuggestion',
              'Supplier',
              'DashboardStats',
              { type: 'Invoice', id: 'LIST' },
              'Analytics',
            ]
          : [],
    }),
    /** Supplier invoices received before, newest first, whose number or supplier matches `search`. */
    lookupSupplierInvoices: build.query<InvoiceDto[], string>({
      query: (search) => ({
        url: '/api/invoices',
        params: { type: 'supplier', search: search.trim() || undefined, limit: SUPPLIER_LOOKUP_LIMIT },
      }),
      providesTags: [{ type: 'Invoice', id: 'LIST' }],
    }),
  }),
});

export const { useStartSupplierInvoiceParseMutation, useApplyReceiptMutation, useLookupSupplierInvoicesQuery } =
  supplierInvoiceApi;
