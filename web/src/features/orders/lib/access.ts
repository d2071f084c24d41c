import type { Permission } from '@erp/contracts';

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
  /** invoices:read: a status change names the invoice it would credit. */
  readInvoices: boolean;
  /** Admins and owners: confirm an order over the client's credit limit (CONTRACT §11). */
  overrideCreditLimit: boolean;
}

export const readOnlyAccess: OrdersAccess = {
  write: false,
  deleteItems: false,
  readClients: false,
  writeClients: false,
  readStock: false,
  writeStock: false,
  readInvoices: false,
  overrideCreditLimit: false,
};

export const fullAccess: OrdersAccess = {
  write: true,
  deleteItems: true,
  readClients: true,
  writeClients: true,
  readStock: true,
  writeStock: true,
  readInvoices: true,
  overrideCreditLimit: true,
};

/**
 * The order screens' access from what the user holds (`holds`: a permission, or an
 * administrator). Overriding a credit limit is a role, not a permission, like deleting a
 * payment on the Invoices screen (CONTRACT §11).
 */
export function ordersAccessOf(holds: (permission: Permission) => boolean, administrator: boolean): OrdersAccess {
  return {
    write: holds('orders:write'),
    deleteItems: holds('orders:delete'),
    readClients: holds('clients:read'),
    writeClients: holds('clients:write'),
    readStock: holds('stock:read'),
    writeStock: holds('stock:write'),
    readInvoices: holds('invoices:read'),
    overrideCreditLimit: administrator,
  };
}
