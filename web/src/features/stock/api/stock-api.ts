import type {
  CreateStockItemDto,
  ExpiringBatchDto,
  StockItemDto,
  StockMovementDto,
  StockMovementReason,
  StockStatus,
  StockUnit,
  UpdateStockItemDto,
  SupplierDto,
} from '@erp/contracts';
import type { TagDescription } from '@reduxjs/toolkit/query';
import { api, listTags, type TagType } from '../../../lib/api';
import type { HttpMeta } from '../../../lib/http-base-query';
import { idempotencyHeaders, type IdempotentCall } from '../../../lib/idempotency-key';
import type { StockPackRequest } from '../lib/pack-form';

/** Windows of the Expiring Items card (SPEC §9), default 30. */
export const expiringWindows = [30, 60, 90] as const;
export type ExpiringWindow = (typeof expiringWindows)[number];

export interface StockItemsQuery {
  search?: string;
  /** `low`: at or below their threshold only. */
  status?: StockStatus;
  /** `field:asc|desc` (docs/api/lists-and-exports.md); absent: by name. */
  sort?: string;
  limit: number;
  offset: number;
}

/** One page of the inventory and the number of items that match (X-Total-Count). */
/** GET /api/stock/movements: the ledger, one item's (`stockItemId`) or all of it, newest first. */
export interface StockMovementsQuery {
  stockItemId?: string;
  reason?: StockMovementReason;
  search?: string;
  limit: number;
  offset: number;
}

export interface StockMovementsPage {
  items: StockMovementDto[];
  total: number;
}

export interface StockItemsPage {
  items: StockItemDto[];
  total: number;
}

/**
 * The request bodies as this screen sends them: quantities and money as JSON numbers
 * (CONTRACT §4 accepts numbers or numeric strings), never the DTO classes' looser types.
 */
export type CreateStockItemRequest = Omit<
  CreateStockItemDto,
  'quantity' | 'costPrice' | 'sellingPrice' | 'lowStockThreshold' | 'packs'
> & {
  /** Decimal text with ASCII digits (what was typed, Arabic digits read), never a float. */
  quantity?: string;
  costPrice?: string;
  sellingPrice?: string;
  lowStockThreshold?: string;
  /** Factor and money as decimal text. */
  packs?: StockPackRequest[];
};

export type UpdateStockItemRequest = Omit<
  UpdateStockItemDto,
  'quantity' | 'costPrice' | 'sellingPrice' | 'lowStockThreshold' | 'packs'
> & {
  id: string;
  quantity?: string;
  costPrice?: string;
  sellingPrice?: string;
  lowStockThreshold?: string;
  /** All the item's packs (they replace what it had): sent only when they changed. */
  packs?: StockPackRequest[];
};

/*
 * Reorder suggestions, as docs/api/stock-reorder-and-receipts.md agrees them. Declared here
 * until libs/contracts exports them; move to `import type` from '@erp/contracts' then.
 */
export const reorderUrgencies = ['low', 'medium', 'high', 'critical'] as const;
export type ReorderUrgency = (typeof reorderUrgencies)[number];
export type ReorderDecision = 'approved' | 'dismissed';

export interface ReorderSuggestionDto {
  id: string;
  stockItemId: string;
  suggestedQuantity: number;
  reason: string;
  reasonAr: string | null;
  urgency: ReorderUrgency;
  /** "YYYY-MM-DD", or null when nothing is being consumed. */
  estimatedStockoutDate: string | null;
  averageDailyConsumption: number;
  daysOfStockRemaining: number | null;
  status: 'pending' | ReorderDecision;
  createdAt: string;
  /** Whole base units; null until approved. */
  approvedQuantity: number | null;
  /** The purchase order an approval with a supplier made. */
  purchaseOrder: { id: string; number: string } | null;
}

export interface ReorderSuggestionEntry {
  suggestion: ReorderSuggestionDto;
  stockItem: Pick<StockItemDto, 'id' | 'name' | 'nameAr' | 'sku' | 'quantity' | 'packs'> & { unit: StockUnit };
}

export interface DecideReorderSuggestionRequest {
  id: string;
  status: ReorderDecision;
  /** Approval only: whole base units (the suggested quantity when absent). */
  quantity?: number;
  /** Approval only: makes a purchase order to this supplier (found by name, added when new). */
  supplierName?: string;
}

/** A change to an item also changes which batches expire and what should be reordered. */
function afterStockChange(id?: string): Array<TagDescription<TagType>> {
  return [
    ...(id ? [{ type: 'StockItem' as const, id }] : []),
    { type: 'StockItem', id: 'LIST' },
    'ExpiringBatch',
    'ReorderSuggestion',
    'DashboardStats',
  ];
}

function totalOf(meta: HttpMeta | undefined, fallback: number): number {
  const header = meta?.response.headers.get('X-Total-Count');
  const total = header === null || header === undefined ? Number.NaN : Number(header);
  return Number.isInteger(total) && total >= 0 ? total : fallback;
}

export const stockApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/stock: by name, narrowed by `search`, one page; the total from X-Total-Count. */
    getStockItems: build.query<StockItemsPage, StockItemsQuery>({
      query: ({ search, status, sort, limit, offset }) => ({
        url: '/api/stock',
        params: { search: search?.trim() || undefined, status, sort, limit, offset },
      }),
      transformResponse: (items: StockItemDto[], meta: HttpMeta | undefined, { offset }) => ({
        items,
        total: totalOf(meta, offset + items.length),
      }),
      providesTags: (page) => listTags('StockItem', page?.items),
    }),
    /** Refreshed with the stock list: whatever changes an item's quantity changes its ledger. */
    getStockMovements: build.query<StockMovementsPage, StockMovementsQuery>({
      query: ({ stockItemId, reason, search, limit, offset }) => ({
        url: '/api/stock/movements',
        params: { stockItemId, reason, search: search?.trim() || undefined, limit, offset },
      }),
      transformResponse: (items: StockMovementDto[], meta: HttpMeta | undefined, { offset }) => ({
        items,
        total: totalOf(meta, offset + items.length),
      }),
      providesTags: [{ type: 'StockItem', id: 'LIST' }],
    }),
    /** With the submission's Idempotency-Key when given: the same form sent twice makes one item. */
    createStockItem: build.mutation<StockItemDto, CreateStockItemRequest & IdempotentCall>({
      query: ({ idempotencyKey, ...body }) => ({
        url: '/api/stock',
        method: 'POST',
        body,
        ...idempotencyHeaders(idempotencyKey),
      }),
      invalidatesTags: () => afterStockChange(),
    }),
    updateStockItem: build.mutation<StockItemDto, UpdateStockItemRequest>({
      query: ({ id, ...changes }) => ({ url: `/api/stock/${encodeURIComponent(id)}`, method: 'PATCH', body: changes }),
      invalidatesTags: (_item, _error, { id }) => afterStockChange(id),
    }),
    deleteStockItem: build.mutation<null, string>({
      query: (id) => ({ url: `/api/stock/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => afterStockChange(id),
    }),
    /** Batches with stock that expire within `days`, expired ones included (negative days). */
    getExpiringBatches: build.query<ExpiringBatchDto[], ExpiringWindow>({
      query: (days) => ({ url: '/api/stock/expiring', params: { days } }),
      providesTags: ['ExpiringBatch'],
    }),
    /** Pending suggestions only, most urgent first. */
    getReorderSuggestions: build.query<ReorderSuggestionEntry[], void>({
      query: () => '/api/stock/reorder-suggestions',
      providesTags: (entries) =>
        listTags(
          'ReorderSuggestion',
          entries?.map(({ suggestion }) => suggestion),
        ),
    }),
    generateReorderSuggestions: build.mutation<{ generated: number }, void>({
      query: () => ({ url: '/api/stock/generate-reorder-suggestions', method: 'POST' }),
      invalidatesTags: [{ type: 'ReorderSuggestion', id: 'LIST' }],
    }),
    decideReorderSuggestion: build.mutation<ReorderSuggestionDto, DecideReorderSuggestionRequest>({
      query: ({ id, ...decision }) => ({
        url: `/api/stock/reorder-suggestions/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: decision,
      }),
      invalidatesTags: (_result, _error, { id, supplierName }) => [
        { type: 'ReorderSuggestion', id },
        { type: 'ReorderSuggestion', id: 'LIST' },
        ...(supplierName ? (['Supplier'] as const) : []),
      ],
    }),
    /** Every supplier by name: goods receipts and purchase orders add them. */
    getSuppliers: build.query<SupplierDto[], void>({
      query: () => '/api/stock/suppliers',
      providesTags: ['Supplier'],
    }),
  }),
});

export const {
  useGetStockItemsQuery,
  useGetStockMovementsQuery,
  useCreateStockItemMutation,
  useUpdateStockItemMutation,
  useDeleteStockItemMutation,
  useGetExpiringBatchesQuery,
  useGetReorderSuggestionsQuery,
  useGetSuppliersQuery,
  useGenerateReorderSuggestionsMutation,
  useDecideReorderSuggestionMutation,
} = stockApi;
