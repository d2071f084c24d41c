import { healthPattern } from '../rpc.js';
import { ServiceName } from '../services.js';

/** Message patterns of the orders service: 'orders.<verb-noun>'. Values are never renamed. */
export const OrdersPatterns = {
  Health: healthPattern(ServiceName.Orders),
  CreateClient: 'orders.create-client',
  ListClients: 'orders.list-clients',
  CreateOrder: 'orders.create-order',
  ListOrders: 'orders.list-orders',
  GetOrder: 'orders.get-order',
  ListOrderItems: 'orders.list-order-items',
  UpdateOrder: 'orders.update-order',
  AddOrderItem: 'orders.add-order-item',
  UpdateOrderItem: 'orders.update-order-item',
  DeleteOrderItem: 'orders.delete-order-item',
  ChangeOrderStatus: 'orders.change-order-status',
  GetOrderStats: 'orders.get-order-stats',
  GetAnalytics: 'orders.get-analytics',
  GetClient: 'orders.get-client',
  FindClientByWhatsapp: 'orders.find-client-by-whatsapp',
  FindClientsByNames: 'orders.find-clients-by-names',
  UpdateClient: 'orders.update-client',
  DeleteClient: 'orders.delete-client',
  GetClientActivity: 'orders.get-client-activity',
  CountPriceListClients: 'orders.count-price-list-clients',
  QuoteOrder: 'orders.quote-order',
  CreateOrderReturn: 'orders.create-order-return',
  ListOrderReturns: 'orders.list-order-returns',
} as const;
