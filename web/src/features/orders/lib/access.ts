/**
 * What the signed-in user may do on the order screens (CONTRACT §2; admins and owners hold
 * every permission). Without `write` the screen is read-only.
 */
export interface OrdersAccess {
  /** orders:write: create, edit, change status, generate invoices. */
  write: boolean;
  /** orders:delete: delete an order's items. */
  deleteItems: boolean;
  /** clients:read: the client picker lists existing clients (else the name is typed). */
  readClients: boolean;
  /** clients:write: a new client inline. */
  writeClients: boolean;
  /** stock:read: the stock-item picker. */
  readStock: boolean;
  /** stock:write: a new stock item inline. */
  writeStock: boolean;
}

export const readOnlyAccess: OrdersAccess = {
  write: false,
  deleteItems: false,
  readClients: false,
  writeClients: false,
  readStock: false,
  writeStock: false,
};

export const fullAccess: OrdersAccess = {
  write: true,
  deleteItems: true,
  readClients: true,
  writeClients: true,
  readStock: true,
  writeStock: true,
};
