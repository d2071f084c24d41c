import type { AgingRowDto } from '@erp/contracts';
import { api } from '../../../lib/api';

export type { AgingRowDto };

/**
 * GET /api/receivables/aging (invoices:read; docs/api/invoices.md "Statements and aging"): per
 * client with a balance left, what it owes by days past due, largest total first. The aging
 * screen and the dashboard's Receivables card read this one query (one request, one cache entry).
 *
 * It is made of invoices' balances: it is read again whenever the invoices list is (a payment
 * recorded or deleted, an invoice or credit note issued), and when one of its clients changes
 * (a new name).
 */
export const receivablesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAgingReport: build.query<AgingRowDto[], void>({
      query: () => '/api/receivables/aging',
      providesTags: (rows) => [
        { type: 'Invoice', id: 'LIST' },
        ...(rows ?? []).map(({ clientId }) => ({ type: 'Client' as const, id: clientId })),
      ],
    }),
  }),
});

export const { useGetAgingReportQuery } = receivablesApi;
