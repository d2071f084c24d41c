import type { ClientProxy } from '@nestjs/microservices';
import type { RpcMeta } from '../rpc.js';
import { ServiceClient } from '../service-client.js';
import { ServiceName } from '../services.js';
import type { AnalyticsDto, AnalyticsQueryDto, OrderStatsDto } from './analytics.dto.js';
import type {
  ClientActivityDto,
  ClientDto,
  ClientPageDto,
  CreateClientRequestDto,
  ListClientsDto,
  UpdateClientDto,
} from './client.dto.js';
import type {
  ChangeOrderStatusDto,
  CreateOrderRequestDto,
  ListOrdersDto,
  OrderDto,
  OrderItemDto,
  OrderItemInputDto,
  OrderPageDto,
  OrderQuoteDto,
  QuoteOrderDto,
  UpdateOrderDto,
  UpdateOrderItemDto,
} from './order.dto.js';
import type { CreateOrderReturnRequestDto, OrderReturnDto } from './order-return.dto.js';
import { OrdersPatterns } from './orders.patterns.js';

/** Typed RPC client of the orders service. Calls made for a user carry their id in `meta.userId`. */
export class OrdersClient extends ServiceClient {
  constructor(proxy: ClientProxy, timeoutMs?: number) {
    super(ServiceName.Orders, proxy, timeoutMs);
  }

  /** A new client; with `idempotency`, exactly once per key. */
  createClient(dto: CreateClientRequestDto, meta: RpcMeta): Promise<ClientDto> {
    return this.send(OrdersPatterns.CreateClient, dto, meta);
  }

  listClients(query: ListClientsDto, meta: RpcMeta): Promise<ClientPageDto> {
    return this.send(OrdersPatterns.ListClients, query, meta);
  }

  createOrder(dto: CreateOrderRequestDto, meta: RpcMeta): Promise<OrderDto> {
    return this.send(OrdersPatterns.CreateOrder, dto, meta);
  }

  listOrders(query: ListOrdersDto, meta: RpcMeta): Promise<OrderPageDto> {
    return this.send(OrdersPatterns.ListOrders, query, meta);
  }

  getOrder(orderId: string, meta: RpcMeta): Promise<OrderDto> {
    return this.send(OrdersPatterns.GetOrder, { orderId }, meta);
  }

  listOrderItems(orderId: string, meta: RpcMeta): Promise<OrderItemDto[]> {
    return this.send(OrdersPatterns.ListOrderItems, { orderId }, meta);
  }

  updateOrder(orderId: string, changes: UpdateOrderDto, meta: RpcMeta): Promise<OrderDto> {
    return this.send(OrdersPatterns.UpdateOrder, { ...changes, orderId }, meta);
  }

  addOrderItem(orderId: string, item: OrderItemInputDto, meta: RpcMeta): Promise<OrderItemDto> {
    return this.send(OrdersPatterns.AddOrderItem, { ...item, orderId }, meta);
  }

  updateOrderItem(orderId: string, itemId: string, changes: UpdateOrderItemDto, meta: RpcMeta): Promise<OrderItemDto> {
    return this.send(OrdersPatterns.UpdateOrderItem, { ...changes, orderId, itemId }, meta);
  }

  deleteOrderItem(orderId: string, itemId: string, meta: RpcMeta): Promise<void> {
    return this.send(OrdersPatterns.DeleteOrderItem, { orderId, itemId }, meta);
  }

  /** CONTRACT §5: moves stock with the status, all or nothing. */
  changeOrderStatus(orderId: string, dto: ChangeOrderStatusDto, meta: RpcMeta): Promise<OrderDto> {
    return this.send(OrdersPatterns.ChangeOrderStatus, { ...dto, orderId }, meta);
  }

  /** The dashboard's figures that the orders service owns. */
  getOrderStats(meta: RpcMeta): Promise<OrderStatsDto> {
    return this.send(OrdersPatterns.GetOrderStats, {}, meta);
  }

  getAnalytics(query: AnalyticsQueryDto, meta: RpcMeta): Promise<AnalyticsDto> {
    return this.send(OrdersPatterns.GetAnalytics, query, meta);
  }

  /** The client whose WhatsApp number this is (digits with the country code), or null. */
  findClientByWhatsapp(number: string, meta: RpcMeta): Promise<ClientDto | null> {
    return this.send(OrdersPatterns.FindClientByWhatsapp, { number }, meta);
  }

  getClient(id: string, meta: RpcMeta): Promise<ClientDto> {
    return this.send(OrdersPatterns.GetClient, { id }, meta);
  }

  /** The clients with these names, without case or extra spaces (each name may match several). */
  findClientsByNames(names: string[], meta: RpcMeta): Promise<ClientDto[]> {
    return this.send(OrdersPatterns.FindClientsByNames, { names }, meta);
  }

  updateClient(id: string, changes: UpdateClientDto, meta: RpcMeta): Promise<ClientDto> {
    return this.send(OrdersPatterns.UpdateClient, { ...changes, id }, meta);
  }

  /** Deletes a client without orders (409 ORDERS_CLIENT_HAS_ORDERS otherwise). */
  deleteClient(id: string, meta: RpcMeta): Promise<void> {
    return this.send(OrdersPatterns.DeleteClient, { id }, meta);
  }

  getClientActivity(id: string, meta: RpcMeta): Promise<ClientActivityDto> {
    return this.send(OrdersPatterns.GetClientActivity, { id }, meta);
  }

  /** How many clients buy at this price list. */
  countPriceListClients(priceListId: string, meta: RpcMeta): Promise<number> {
    return this.send(OrdersPatterns.CountPriceListClients, { priceListId }, meta);
  }

  /** Lines priced as an order of this client would price them (CONTRACT §10). */
  quoteOrder(dto: QuoteOrderDto, meta: RpcMeta): Promise<OrderQuoteDto> {
    return this.send(OrdersPatterns.QuoteOrder, dto, meta);
  }

  /** Goods of a committed order come back: restocked or written off, credited (CONTRACT §11); with `idempotency`, once per key. */
  createOrderReturn(
    orderId: string,
    dto: Omit<CreateOrderReturnRequestDto, 'orderId'>,
    meta: RpcMeta,
  ): Promise<OrderReturnDto> {
    return this.send(OrdersPatterns.CreateOrderReturn, { ...dto, orderId }, meta);
  }

  /** The order's returns, oldest first (the credit note fields are billing's: filled by the gateway). */
  listOrderReturns(orderId: string, meta: RpcMeta): Promise<OrderReturnDto[]> {
    return this.send(OrdersPatterns.ListOrderReturns, { orderId }, meta);
  }
}
