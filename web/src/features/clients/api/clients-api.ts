import type { ClientDetailDto, ClientDto, NationalAddressDto, PriceListDto } from '@erp/contracts';
import { api, listTags } from '../../../lib/api';
import type { HttpMeta } from '../../../lib/http-base-query';
import { idempotencyHeaders, type IdempotentCall } from '../../../lib/idempotency-key';

export type { ClientDetailDto, ClientDto, NationalAddressDto };

/** A national address as the form sends it (the country is always SA). */
export type NationalAddressRequest = Omit<NationalAddressDto, 'countryCode' | 'additionalNumber'> & {
  additionalNumber?: string;
};

/** POST /api/clients from the Clients screen (SPEC §2): empty fields are left out. */
export interface CreateClientRequest {
  name: string;
  nameAr?: string;
  email?: string;
  phone?: string;
  /** The number the client writes from on WhatsApp (CONTRACT §15); absent: the phone's. */
  whatsapp?: string;
  address?: string;
  notes?: string;
  /** The price list the client buys at (CONTRACT §10); absent: the items' own prices. */
  priceListId?: string;
  /** Days from an invoice's issue to its due date (CONTRACT §11); absent: 0, cash. */
  paymentTermsDays?: number;
  /** The most the client may owe with VAT, 2-decimal text; absent: no limit. */
  creditLimit?: string;
  /** 15 ASCII digits; with it, the national address (the client gets standard tax invoices). */
  vatNumber?: string;
  nationalAddress?: NationalAddressRequest;
}

/** PATCH /api/clients/{id}: the changed fields only; null clears an optional one (the price list too). */
export interface UpdateClientRequest {
  id: string;
  name?: string;
  nameAr?: string | null;
  email?: string | null;
  phone?: string | null;
  /** null: no WhatsApp number. */
  whatsapp?: string | null;
  address?: string | null;
  notes?: string | null;
  priceListId?: string | null;
  paymentTermsDays?: number;
  /** null: no limit any more. */
  creditLimit?: string | null;
  vatNumber?: string | null;
  nationalAddress?: NationalAddressRequest | null;
}

/** A price list as the client form offers it. */
export type ClientPriceList = Pick<PriceListDto, 'id' | 'name'>;

export interface ClientsQuery {
  search?: string;
  /** `field:asc|desc` (docs/api/lists-and-exports.md); absent: newest first. */
  sort?: string;
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
      query: ({ search, sort, limit, offset }) => ({
        url: '/api/clients',
        params: { search: search?.trim() || undefined, sort, limit, offset },
      }),
      transformResponse: (items: ClientDto[], meta: HttpMeta | undefined, { offset }) => ({
        items,
        total: totalOf(meta, offset + items.length),
      }),
      providesTags: (page) => listTags('Client', page?.items),
    }),
    /**
     * GET /api/clients/{id}: the client with what it owes (`balance`, negative: money on account)
     * and the part of it past due (CONTRACT §11). Payments recorded elsewhere invalidate its tag.
     */
    getClient: build.query<ClientDetailDto, string>({
      query: (id) => `/api/clients/${encodeURIComponent(id)}`,
      providesTags: (_client, _error, id) => [{ type: 'Client', id }],
    }),
    /** With the submission's Idempotency-Key when given: the same form sent twice makes one client. */
    createClient: build.mutation<ClientDto, CreateClientRequest & IdempotentCall>({
      query: ({ idempotencyKey, ...body }) => ({
        url: '/api/clients',
        method: 'POST',
        body,
        ...idempotencyHeaders(idempotencyKey),
      }),
      invalidatesTags: [{ type: 'Client', id: 'LIST' }, 'DashboardStats'],
    }),
    updateClient: build.mutation<ClientDto, UpdateClientRequest>({
      query: ({ id, ...changes }) => ({
        url: `/api/clients/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: changes,
      }),
      invalidatesTags: (_client, _error, { id }) => [
        { type: 'Client', id },
        { type: 'Client', id: 'LIST' },
      ],
    }),
    /** A client without orders (409 ORDERS_CLIENT_HAS_ORDERS otherwise). */
    deleteClient: build.mutation<void, string>({
      query: (id) => ({ url: `/api/clients/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Client', id: 'LIST' }, 'DashboardStats'],
    }),
    /**
     * The price lists a client may buy at (needs stock:read). The Price Lists screen has its own
     * endpoints (features do not import each other); the shared `PriceList` tag keeps both fresh.
     */
    getClientPriceLists: build.query<ClientPriceList[], void>({
      query: () => '/api/price-lists',
      transformResponse: (lists: PriceListDto[]) => lists.map(({ id, name }) => ({ id, name })),
      providesTags: (lists) => listTags('PriceList', lists),
    }),
  }),
});

export const {
  useGetClientsQuery,
  useGetClientQuery,
  useCreateClientMutation,
  useUpdateClientMutation,
  useDeleteClientMutation,
  useGetClientPriceListsQuery,
} = clientsApi;
