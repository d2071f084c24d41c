import type { ClientDto, PriceListDto, StockItemDto } from '@erp/contracts';
import { api, listTags } from '../../../lib/api';

/*
 * Price lists per customer group (CONTRACT §10, docs/api/packs-and-price-lists.md), and what the
 * screen needs from elsewhere: the stock items it prices (searched as the other screens search
 * them) and the clients that buy at each list. Features do not import each other: these are this
 * screen's own endpoints, sharing the `StockItem` and `Client` tags with the Stock and Clients
 * screens, so a change there refreshes them here.
 */

export type { PriceListDto };

/** One price of a list as sent: money as decimal text. */
export interface PriceListItemRequest {
  stockItemId: string;
  unit: string;
  price: string;
}

export interface CreatePriceListRequest {
  name: string;
  items: PriceListItemRequest[];
}

/** PATCH: a new name and/or all the list's prices (they replace the old ones). */
export interface UpdatePriceListRequest {
  id: string;
  name?: string;
  items?: PriceListItemRequest[];
}

/** How many matches the item picker shows (SPEC §9: select lists at most 300 px high). */
export const ITEM_LOOKUP_LIMIT = 20;
/** The most GET /api/stock and /api/clients answer at once (CONTRACT §4b). */
const WHOLE_LIST_LIMIT = 5000;

/** A client as this screen names it: who buys at which list. */
export type PriceListClient = Pick<ClientDto, 'id' | 'name' | 'nameAr' | 'priceListId'>;

export const priceListsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every list by name, with how many prices each holds (not the prices). */
    getPriceLists: build.query<PriceListDto[], void>({
      query: () => '/api/price-lists',
      providesTags: (lists) => listTags('PriceList', lists),
    }),
    /** One list with its prices, by item name then unit. */
    getPriceList: build.query<PriceListDto, string>({
      query: (id) => `/api/price-lists/${encodeURIComponent(id)}`,
      providesTags: (_list, _error, id) => [{ type: 'PriceList', id }],
    }),
    createPriceList: build.mutation<PriceListDto, CreatePriceListRequest>({
      query: (body) => ({ url: '/api/price-lists', method: 'POST', body }),
      invalidatesTags: [{ type: 'PriceList', id: 'LIST' }],
    }),
    updatePriceList: build.mutation<PriceListDto, UpdatePriceListRequest>({
      query: ({ id, ...changes }) => ({
        url: `/api/price-lists/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: changes,
      }),
      invalidatesTags: (_list, _error, { id }) => [
        { type: 'PriceList', id },
        { type: 'PriceList', id: 'LIST' },
      ],
    }),
    /** Refused (409 INVENTORY_PRICE_LIST_IN_USE) while clients buy at it. */
    deletePriceList: build.mutation<null, string>({
      query: (id) => ({ url: `/api/price-lists/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [
        { type: 'PriceList', id },
        { type: 'PriceList', id: 'LIST' },
      ],
    }),
    /** The item picker: name, Arabic name or SKU, searched by the server. */
    lookupPriceListItems: build.query<StockItemDto[], string>({
      query: (search) => ({
        url: '/api/stock',
        params: { search: search.trim() || undefined, limit: ITEM_LOOKUP_LIMIT },
      }),
      providesTags: (items) => listTags('StockItem', items),
    }),
    /** The catalogue, so a list's prices show their item's units and default prices. */
    getPriceListCatalogue: build.query<StockItemDto[], void>({
      query: () => ({ url: '/api/stock', params: { limit: WHOLE_LIST_LIMIT } }),
      providesTags: (items) => listTags('StockItem', items),
    }),
    /** The clients, to say who buys at which list (needs clients:read). */
    getPriceListClients: build.query<PriceListClient[], void>({
      query: () => ({ url: '/api/clients', params: { limit: WHOLE_LIST_LIMIT } }),
      transformResponse: (clients: ClientDto[]) =>
        clients.map(({ id, name, nameAr, priceListId }) => ({ id, name, nameAr, priceListId })),
      providesTags: (clients) => listTags('Client', clients),
    }),
  }),
});

export const {
  useGetPriceListsQuery,
  useGetPriceListQuery,
  useCreatePriceListMutation,
  useUpdatePriceListMutation,
  useDeletePriceListMutation,
  useLookupPriceListItemsQuery,
  useGetPriceListCatalogueQuery,
  useGetPriceListClientsQuery,
} = priceListsApi;
