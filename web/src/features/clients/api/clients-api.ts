import type { ClientDto } from '@erp/contracts';
import { api, listTags } from '../../../lib/api';
import type { HttpMeta } from '../../../lib/http-base-query';

export type { ClientDto };

/** POST /api/clients from the Clients screen (SPEC §2): empty fields are left out. */
export interface CreateClientRequest {
  name: string;
  nameAr?: string;
  email?: string;
  phone?: string;
  address?: string;
  notes?: string;
}

export interface ClientsQuery {
  search?: string;
  limit: number;
  offset: number;
}

export interface ClientsPage {
  items: ClientDto[];
  total: number;
}

function totalOf(meta: HttpMeta | undefined, fallback: number): number {
  const header = meta?.response.headers.get('X-Total-Count');
  const total = header === null || header === undefined ? Number.NaN : Number(header);
  return Number.isInteger(total) && total >= 0 ? total : fallback;
}

export const clientsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/clients: newest first, narrowed by `search` (name, Arabic name, phone, email), one page. */
    getClients: build.query<ClientsPage, ClientsQuery>({
      query: ({ search, limit, offset }) => ({
        url: '/api/clients',
        params: { search: search?.trim() || undefined, limit, offset },
      }),
      transformResponse: (items: ClientDto[], meta: HttpMeta | undefined, { offset }) => ({
        items,
        total: totalOf(meta, offset + items.length),
      }),
      providesTags: (page) => listTags('Client', page?.items),
    }),
    createClient: build.mutation<ClientDto, CreateClientRequest>({
      query: (body) => ({ url: '/api/clients', method: 'POST', body }),
      invalidatesTags: [{ type: 'Client', id: 'LIST' }, 'DashboardStats'],
    }),
  }),
});

export const { useGetClientsQuery, useCreateClientMutation } = clientsApi;
