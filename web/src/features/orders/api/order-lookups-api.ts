import type { ClientDto, StockItemDto, StockUnit } from '@erp/contracts';
import { api, listTags } from '../../../lib/api';

/*
 * The clients and stock items the order form picks from and creates inline. The Clients and
 * Stock screens have their own endpoints (features do not import each other); both share the
 * `Client` and `StockItem` tags, so a change on either side refreshes the other.
 */

export type { ClientDto };

/** The inline "new client" of the order screens (SPEC §3): name, Arabic name, phone, WhatsApp number, address. */
export interface CreateOrderClientRequest {
  name: string;
  nameAr?: string;
  phone?: string;
  /** The number the client writes from on WhatsApp (CONTRACT §15); absent: the phone's. */
  whatsapp?: string;
  address?: string;
}

/**
 * The inline "new stock item" of the order screens (SPEC §3): one price for both cost and
 * selling price; quantity is the current stock (default 0).
 */
export interface CreateOrderStockItemRequest {
  name: string;
  nameAr?: string;
  sku: string;
  unit: StockUnit;
  quantity: string;
  costPrice: string;
  sellingPrice: string;
}

/** How many matches a picker shows (SPEC §9: select lists at most 300 px high). */
export const LOOKUP_LIMIT = 20;

export const orderLookupsApi = api.injectEndpoints({
  endpoints: (build) => ({
    lookupClients: build.query<ClientDto[], string>({
      query: (search) => ({
        url: '/api/clients',
        params: { search: search.trim() || undefined, limit: LOOKUP_LIMIT },
      }),
      providesTags: (clients) => listTags('Client', clients),
    }),
    createOrderClient: build.mutation<ClientDto, CreateOrderClientRequest>({
      query: (body) => ({ url: '/api/clients', method: 'POST', body }),
      invalidatesTags: [{ type: 'Client', id: 'LIST' }, 'DashboardStats'],
    }),
    lookupStockItems: build.query<StockItemDto[], string>({
      query: (search) => ({
        url: '/api/stock',
        params: { search: search.trim() || undefined, limit: LOOKUP_LIMIT },
      }),
      providesTags: (items) => listTags('StockItem', items),
    }),
    createOrderStockItem: build.mutation<StockItemDto, CreateOrderStockItemRequest>({
      query: (body) => ({ url: '/api/stock', method: 'POST', body }),
      invalidatesTags: [{ type: 'StockItem', id: 'LIST' }, 'ExpiringBatch', 'ReorderSuggestion', 'DashboardStats'],
    }),
  }),
});

export const {
  useLookupClientsQuery,
  useCreateOrderClientMutation,
  useLookupStockItemsQuery,
  useLazyLookupStockItemsQuery,
  useCreateOrderStockItemMutation,
} = orderLookupsApi;
