import type { OrderDto, OrderItemDto, OrderSource, OrderStatus, StockShortageDto } from '@erp/contracts';
import type { TagDescription } from '@reduxjs/toolkit/query';
import { api, listTags, type TagType } from '../../../lib/api';
import type { HttpMeta } from '../../../lib/http-base-query';
import { totalOf } from '../lib/total-count';

/** The statuses of the dropdown, in SPEC §4's order (the contract's OrderStatus). */
export const orderStatuses: readonly OrderStatus[] = ['pending', 'confirmed', 'completed', 'cancelled'];

export type { OrderDto, OrderItemDto, OrderStatus };

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
  unitPrice: string;
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
}

export interface AddOrderItemRequest {
  orderId: string;
  itemName: string;
  itemNameAr?: string;
  quantity: string;
  unit?: string;
  unitPrice: string;
}

export interface UpdateOrderItemRequest {
  orderId: string;
  itemId: string;
  quantity?: string;
  unitPrice?: string;
  /** Links the line to a stock item (its SKU and cost are set by the server); null unlinks it. */
  stockItemId?: string | null;
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

/** The list and the figures built from orders (dashboard, analytics). */
const orderListTags: Array<TagDescription<TagType>> = [{ type: 'Order', id: 'LIST' }, 'DashboardStats', 'Analytics'];

/** An edit of a pending order: its total, its items and the lists that show them. */
function afterOrderEdit(orderId: string): Array<TagDescription<TagType>> {
  return [{ type: 'Order', id: orderId }, { type: 'OrderItem', id: orderId }, ...orderListTags];
}

export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/orders: newest first, narrowed by `search` (order number or client), one page. */
    getOrders: build.query<OrdersPage, OrdersQuery>({
      query: ({ search, limit, offset }) => ({
        url: '/api/orders',
        params: { search: search?.trim() || undefined, limit, offset },
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
    createManualOrder: build.mutation<OrderDto, CreateManualOrderRequest>({
      query: (body) => ({ url: '/api/orders/manual', method: 'POST', body }),
      invalidatesTags: [...orderListTags, { type: 'Client', id: 'LIST' }],
    }),
    /**
     * Optimistic in the open dialog (its getOrder entry), undone on failure; on success the
     * server's order replaces it and every list a status moves is refreshed: orders, stock
     * (confirming takes goods out), invoices (confirming bills), dashboard and analytics.
     */
    updateOrderStatus: build.mutation<OrderDto, UpdateOrderStatusRequest>({
      query: ({ id, status }) => ({ url: `${orderUrl(id)}/status`, method: 'PATCH', body: { status } }),
      async onQueryStarted({ id, status }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          ordersApi.util.updateQueryData('getOrder', id, (order) => {
            order.status = status;
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(ordersApi.util.upsertQueryData('getOrder', id, data));
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: (_order, error) =>
        error
          ? []
          : [
              ...orderListTags,
              { type: 'StockItem', id: 'LIST' },
              'ExpiringBatch',
              'ReorderSuggestion',
              { type: 'Invoice', id: 'LIST' },
            ],
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
  useCreateManualOrderMutation,
  useUpdateOrderStatusMutation,
  useUpdateOrderMutation,
  useAddOrderItemMutation,
  useUpdateOrderItemMutation,
  useDeleteOrderItemMutation,
  useGenerateInvoiceMutation,
} = ordersApi;
