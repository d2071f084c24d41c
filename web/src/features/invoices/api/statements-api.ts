import type { StatementDto, StatementLineDto, StatementLineType } from '@erp/contracts';
import { api } from '../../../lib/api';
import { INVOICE_LIST_TAG } from './invoices-api';

export type { StatementDto, StatementLineDto, StatementLineType };

/** A client's statement for a period: inclusive days "YYYY-MM-DD" in the business time zone. */
export interface StatementQuery {
  clientId: string;
  from: string;
  to: string;
}

const statementUrl = (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}/statement`;

/** The statement as a bilingual PDF: the same period, `format=pdf` (docs/api/invoices.md). */
export function statementPdfUrl({ clientId, from, to }: StatementQuery): string {
  const params = new URLSearchParams({ from, to, format: 'pdf' });
  return `${statementUrl(clientId)}?${params.toString()}`;
}

export const statementsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/clients/{id}/statement?from=&to= (invoices:read and clients:read): the opening
     * balance, every invoice, credit note and payment of the period with the running balance, and
     * the closing balance. Read again when invoices or payments change (the invoices list's tag)
     * or the client does.
     */
    getClientStatement: build.query<StatementDto, StatementQuery>({
      query: ({ clientId, from, to }) => ({ url: statementUrl(clientId), params: { from, to } }),
      providesTags: (_statement, _error, { clientId }) => [INVOICE_LIST_TAG, { type: 'Client', id: clientId }],
    }),
  }),
});

export const { useGetClientStatementQuery } = statementsApi;
