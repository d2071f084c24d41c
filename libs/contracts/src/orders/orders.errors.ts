/** Error codes of the orders service (translated by the web app). Values are never renamed. */
export const OrdersErrorCode = {
  OrderNotFound: 'ORDERS_ORDER_NOT_FOUND',
  OrderItemNotFound: 'ORDERS_ORDER_ITEM_NOT_FOUND',
  ClientNotFound: 'ORDERS_CLIENT_NOT_FOUND',
  /** A client is deleted only while it has no orders (CONTRACT §13: details.ordersCount). */
  ClientHasOrders: 'ORDERS_CLIENT_HAS_ORDERS',
  /** 409: another client already has this WhatsApp number (CONTRACT §15: one client per number). */
  ClientWhatsappTaken: 'ORDERS_CLIENT_WHATSAPP_TAKEN',
  NotEditable: 'ORDERS_NOT_EDITABLE',
  LastItem: 'ORDERS_LAST_ITEM',
  IdempotencyKeyReused: 'ORDERS_IDEMPOTENCY_KEY_REUSED',
  /** Confirming would take the client over its credit limit (CONTRACT §11: details limit, balance, orderTotal). */
  CreditLimitExceeded: 'CREDIT_LIMIT_EXCEEDED',
  /** A return of an order that is not confirmed or completed. */
  NotReturnable: 'ORDERS_NOT_RETURNABLE',
  /** A return of more than was delivered less what came back before (details.lines). */
  ReturnExceedsDelivered: 'ORDERS_RETURN_EXCEEDS_DELIVERED',
  /** A return naming a line the order does not have (details.orderItemIds). */
  ReturnLineUnknown: 'ORDERS_RETURN_LINE_UNKNOWN',
} as const;

export type OrdersErrorCode = (typeof OrdersErrorCode)[keyof typeof OrdersErrorCode];

/** The HTTP status of each code, the one place it is decided (the gateway answers with it). */
export const ordersErrorStatus: Record<OrdersErrorCode, number> = {
  [OrdersErrorCode.OrderNotFound]: 404,
  [OrdersErrorCode.OrderItemNotFound]: 404,
  [OrdersErrorCode.ClientNotFound]: 404,
  [OrdersErrorCode.ClientHasOrders]: 409,
  [OrdersErrorCode.ClientWhatsappTaken]: 409,
  [OrdersErrorCode.NotEditable]: 409,
  [OrdersErrorCode.LastItem]: 409,
  [OrdersErrorCode.IdempotencyKeyReused]: 409,
  [OrdersErrorCode.CreditLimitExceeded]: 409,
  [OrdersErrorCode.NotReturnable]: 409,
  [OrdersErrorCode.ReturnExceedsDelivered]: 409,
  [OrdersErrorCode.ReturnLineUnknown]: 400,
};
