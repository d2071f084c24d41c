/** Error codes of the orders service (translated by the web app). Values are never renamed. */
export const OrdersErrorCode = {
  OrderNotFound: 'ORDERS_ORDER_NOT_FOUND',
  OrderItemNotFound: 'ORDERS_ORDER_ITEM_NOT_FOUND',
  ClientNotFound: 'ORDERS_CLIENT_NOT_FOUND',
  NotEditable: 'ORDERS_NOT_EDITABLE',
  LastItem: 'ORDERS_LAST_ITEM',
  IdempotencyKeyReused: 'ORDERS_IDEMPOTENCY_KEY_REUSED',
} as const;

export type OrdersErrorCode = (typeof OrdersErrorCode)[keyof typeof OrdersErrorCode];
