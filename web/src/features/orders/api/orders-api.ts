import type {
  CreateOrderReturnDto,
  InvoiceDto,
  OrderDto,
  OrderItemDto,
  OrderReturnDto,
  OrderQuoteDto,
  OrderSource,
  OrderStatus,
  QuotedLineDto,
  StockShortageDto,
} from '@erp/contracts';
import type { TagDescription } from '@reduxjs/toolkit/query';
import { api, listTags, type TagType } from '../../../lib/api';
import type { HttpMeta } from '../../../lib/http-base-query';
import { idempotencyHeaders, type IdempotentCall } from '../../../lib/idempotency-key';
import { isHttpError } from '../../../lib/http-error';
import { totalOf } from '../lib/total-count';

/** The statuses of the dropdown, in SPEC §4's order (the contract's OrderStatus). */
export const orderStatuses: readonly OrderStatus[] = ['pending', 'confirmed', 'completed', 'cancelled'];

export type { InvoiceDto, OrderDto, OrderItemDto, OrderQuoteDto, OrderReturnDto, OrderStatus, QuotedLineDto };

/** 409 INVENTORY_INSUFFICIENT_STOCK of a status change: `details.shortages`. */
export type StockShortage = StockShortageDto;

/**
 * Money and quantities go out as decimal strings, exactly as typed (CONTRACT §4 accepts
 * numeric strings), so no amount ever passes through a binary float on its way.
 */
export interface ManualOrderItemRequest {
  itemName: string;
  itemNameAr?: string;
  quantity: string;
  unit: string;
  /** Absent on a linked line: the server prices it (the client's price list, else the unit's price). */
  unitPrice?: string;
  /** 0–100; absent is none (CONTRACT §10). */
  discountPercent?: string;
  stockItemId?: string;
  /** The AI parse result's wording of the line: with stockItemId, the client's wording is remembered. */
  phrase?: string;
}

/** Where an order read by AI came from (docs/api/ai-intake.md); kept with the order. */
export interface OrderOrigin {
  source: Exclude<OrderSource, 'manual' | 'api'>;
  rawOrderText?: string;
  transcribedText?: string;
  uploadedFileUrl?: string;
  audioFileUrl?: string;
}

export interface CreateManualOrderRequest extends Partial<OrderOrigin> {
  clientName: string;
  clientId?: string;
  notes?: string;
  items: ManualOrderItemRequest[];
}

export interface OrdersQuery {
  search?: string;
  /** One client's orders only (the client's profile). */
  clientId?: string;
  status?: OrderStatus;
  /** The orders' business days, from and to inclusive (yyyy-mm-dd). */
  from?: string;
  to?: string;
  /** `field:asc|desc` (docs/api/lists-and-exports.md); absent: newest first. */
  sort?: string;
  limit: number;
  offset: number;
}

export interface OrdersPage {
  items: OrderDto[];
  total: number;
}

export interface UpdateOrderRequest {
  id: string;
  clientName?: string;
  notes?: string | null;
}

export interface UpdateOrderStatusRequest {
  id: string;
  status: OrderStatus;
  /**
   * Confirm even though it takes the client over its credit limit (CONTRACT §11): admins and
   * owners only (staff get 403). Sent only when true.
   */
  overrideCreditLimit?: boolean;
  /** The order's client, whose balance a confirm or cancel changes (not sent). */
  clientId?: string | null;
}

/**
 * POST /api/orders/{id}/returns (CONTRACT §11): quantities in the line's unit as sold, as decimal
 * text exactly as typed (never through a float).
 */
export interface CreateOrderReturnRequest {
  orderId: string;
  /** The order's client, whose balance the return's credit note lowers (not sent). */
  clientId?: string | null;
  reason: string;
  lines: Array<{ orderItemId: string; quantity: string; restock: boolean }>;
}

/** POST /api/orders/{id}/items: a line as a new order's (a linked line may leave its price to the server). */
export interface AddOrderItemRequest extends ManualOrderItemRequest {
  orderId: string;
}

export interface UpdateOrderItemRequest {
  orderId: string;
  itemId: string;
  quantity?: string;
  /** A linked line's unit: sent with its quantity in that unit (CONTRACT §10). */
  unit?: string;
  unitPrice?: string;
  discountPercent?: string;
  /** Links the line to a stock item (its SKU and cost are set by the server); null unlinks it. */
  stockItemId?: string | null;
}

/**
 * POST /api/orders/quote (CONTRACT §10): linked lines priced for a client as an order would be,
 * making nothing. By id, else by name (as an order links it); neither: no price list.
 */
export interface QuoteOrderRequest {
  clientId?: string;
  clientName?: string;
  lines: Array<{ stockItemId: string; unit?: string; quantity?: string }>;
}

export interface DeleteOrderItemRequest {
  orderId: string;
  itemId: string;
}

/** POST /api/orders/{id}/generate-invoice (billing, CONTRACT §5). */
export interface GeneratedInvoice {
  id: string;
  invoiceNumber: string;
  pdfUrl: string;
}

const orderUrl = (id: string) => `/api/orders/${encodeURIComponent(id)}`;

/** The tag of one order's returns: changes with every return of it. */
function returnsTag(orderId: string) {
  return { type: 'Order', id: `${orderId}/returns` } as const;
}

/** The stock lists a status change or a return moves goods in and out of. */
const stockListTags: Array<TagDescription<TagType>> = [
  { type: 'StockItem', id: 'LIST' },
  'ExpiringBatch',
  'ReorderSuggestion',
];

/** The client's balance, when the order has a known client. */
const clientTags = (clientId: string | null | undefined): Array<TagDescription<TagType>> =>
  clientId ? [{ type: 'Client', id: clientId }] : [];

/** The list and the figures built from orders (dashboard, analytics). */
const orderListTags: Array<TagDescription<TagType>> = [{ type: 'Order', id: 'LIST' }, 'DashboardStats', 'Analytics'];

/** An edit of a pending order: its total, its items and the lists that show them. */
function afterOrderEdit(orderId: string): Array<TagDescription<TagType>> {
  return [{ type: 'Order', id: orderId }, { type: 'OrderItem', id: orderId }, ...orderListTags];
}

export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/orders: newest first, narrowed by `search` (order number or client) and `clientId`, one page. */
    getOrders: build.query<OrdersPage, OrdersQuery>({
      query: ({ search, clientId, status, from, to, sort, limit, offset }) => ({
        url: '/api/orders',
        params: { search: search?.trim() || undefined, clientId, status, from, to, sort, limit, offset },
      }),
      transformResponse: (items: OrderDto[], meta: HttpMeta | undefined, { offset }) => ({
        items,
        total: totalOf(meta, offset + items.length),
      }),
      providesTags: (page) => listTags('Order', page?.items),
    }),
    getOrder: build.query<OrderDto, string>({
      query: (id) => orderUrl(id),
      providesTags: (_order, _error, id) => [{ type: 'Order', id }],
    }),
    /** The order's lines by line number; tagged with the order's id. */
    getOrderItems: build.query<OrderItemDto[], string>({
      query: (id) => `${orderUrl(id)}/items`,
      providesTags: (_items, _error, id) => [{ type: 'OrderItem', id }],
    }),
    /** A POST that changes nothing: a query, so the same lines for the same client are asked once. */
    quoteOrder: build.query<OrderQuoteDto, QuoteOrderRequest>({
      query: (body) => ({ url: '/api/orders/quote', method: 'POST', body }),
      providesTags: [
        { type: 'StockItem', id: 'LIST' },
        { type: 'Client', id: 'LIST' },
      ],
    }),
    /** With the submission's Idempotency-Key: the same form sent twice makes one order. */
    createManualOrder: build.mutation<OrderDto, { request: CreateManualOrderRequest; idempotencyKey: string }>({
      query: ({ request, idempotencyKey }) => ({
        url: '/api/orders/manual',
        method: 'POST',
        body: request,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: [...orderListTags, { type: 'Client', id: 'LIST' }],
    }),
    /**
     * Sent only once the user has confirmed the change (the Order Details confirmation). Optimistic
     * in the open dialog (its getOrder entry), undone on failure, and the order is then read again
     * so a refusal shows the status the server has. On success the server's order replaces it and
     * every list a status moves is refreshed: orders, stock (confirming takes goods out, cancelling
     * puts them back), invoices (an invoice or a credit note), the client's balance, dashboard and
     * analytics.
     */
    updateOrderStatus: build.mutation<OrderDto, UpdateOrderStatusRequest>({
      query: ({ id, status, overrideCreditLimit }) => ({
        url: `${orderUrl(id)}/status`,
        method: 'PATCH',
        body: overrideCreditLimit ? { status, overrideCreditLimit: true } : { status },
      }),
      async onQueryStarted({ id, status }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          ordersApi.util.updateQueryData('getOrder', id, (order) => {
            order.status = status;
          }),
        );
        try {
          const { data } = await queryFulfilled;
          void dispatch(ordersApi.util.upsertQueryData('getOrder', id, data));
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: (_order, error, { id, clientId }) =>
        error
          ? [{ type: 'Order', id }]
          : [...orderListTags, ...stockListTags, { type: 'Invoice', id: 'LIST' }, ...clientTags(clientId)],
    }),
    /** Client name and notes of a pending order (only what changed). */
    updateOrder: build.mutation<OrderDto, UpdateOrderRequest>({
      query: ({ id, ...changes }) => ({ url: orderUrl(id), method: 'PATCH', body: changes }),
      invalidatesTags: (_order, error, { id }) => (error ? [] : afterOrderEdit(id)),
    }),
    addOrderItem: build.mutation<OrderItemDto, AddOrderItemRequest>({
      query: ({ orderId, ...body }) => ({ url: `${orderUrl(orderId)}/items`, method: 'POST', body }),
      invalidatesTags: (_item, error, { orderId }) => (error ? [] : afterOrderEdit(orderId)),
    }),
    updateOrderItem: build.mutation<OrderItemDto, UpdateOrderItemRequest>({
      query: ({ orderId, itemId, ...changes }) => ({
        url: `${orderUrl(orderId)}/items/${encodeURIComponent(itemId)}`,
        method: 'PATCH',
        body: changes,
      }),
      invalidatesTags: (_item, error, { orderId }) => (error ? [] : afterOrderEdit(orderId)),
    }),
    deleteOrderItem: build.mutation<null, DeleteOrderItemRequest>({
      query: ({ orderId, itemId }) => ({
        url: `${orderUrl(orderId)}/items/${encodeURIComponent(itemId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, error, { orderId }) => (error ? [] : afterOrderEdit(orderId)),
    }),
    /**
     * GET /api/invoices?orderId=&type=customer (invoices:read): the order's tax invoices, newest
     * first, with their settlement; what a status change would credit. Tagged with the invoices
     * list, which every status change, payment and return makes stale.
     */
    getOrderInvoices: build.query<InvoiceDto[], string>({
      query: (orderId) => ({ url: '/api/invoices', params: { orderId, type: 'customer' } }),
      providesTags: (invoices) => listTags('Invoice', invoices),
    }),
    /** GET /api/orders/{id}/returns: the order's returns, oldest first, with their credit notes. */
    getOrderReturns: build.query<OrderReturnDto[], string>({
      query: (id) => `${orderUrl(id)}/returns`,
      providesTags: (_returns, _error, id) => [returnsTag(id)],
    }),
    /**
     * POST /api/orders/{id}/returns (orders:write). Success refreshes the order, its lines and
     * returns, the stock lists (restocked goods), the invoices (its credit note), the client's
     * balance and the dashboard. A refusal (409 more than delivered or not returnable, 400 a line
     * it does not have) means this screen's figures are old: the order, its lines and returns
     * are read again.
     */
    /** With the submission's Idempotency-Key when given: the same return sent twice is made once. */
    createOrderReturn: build.mutation<OrderReturnDto, CreateOrderReturnRequest & IdempotentCall>({
      query: ({ orderId, clientId: _clientId, idempotencyKey, ...body }) => ({
        url: `${orderUrl(orderId)}/returns`,
        method: 'POST',
        body: body satisfies CreateOrderReturnDto,
        ...idempotencyHeaders(idempotencyKey),
      }),
      invalidatesTags: (_created, error, { orderId, clientId }) => {
        const order: Array<TagDescription<TagType>> = [
          { type: 'Order', id: orderId },
          { type: 'OrderItem', id: orderId },
          returnsTag(orderId),
        ];
        if (error) return isHttpError(error) && (error.status === 409 || error.status === 400) ? order : [];
        return [...order, ...stockListTags, { type: 'Invoice', id: 'LIST' }, ...clientTags(clientId), 'DashboardStats'];
      },
    }),
    generateInvoice: build.mutation<GeneratedInvoice, string>({
      query: (id) => ({ url: `${orderUrl(id)}/generate-invoice`, method: 'POST' }),
      invalidatesTags: [{ type: 'Invoice', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetOrdersQuery,
  useGetOrderQuery,
  useGetOrderItemsQuery,
  useQuoteOrderQuery,
  useCreateManualOrderMutation,
  useUpdateOrderStatusMutation,
  useUpdateOrderMutation,
  useAddOrderItemMutation,
  useUpdateOrderItemMutation,
  useDeleteOrderItemMutation,
  useGenerateInvoiceMutation,
  useGetOrderInvoicesQuery,
  useGetOrderReturnsQuery,
  useCreateOrderReturnMutation,
} = ordersApi;
