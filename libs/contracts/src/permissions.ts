/** Permission ids of SPEC §3. */
export const Permission = {
  OrdersRead: 'orders:read',
  OrdersWrite: 'orders:write',
  OrdersDelete: 'orders:delete',
  StockRead: 'stock:read',
  StockWrite: 'stock:write',
  ClientsRead: 'clients:read',
  ClientsWrite: 'clients:write',
  InvoicesRead: 'invoices:read',
  InvoicesWrite: 'invoices:write',
  AnalyticsRead: 'analytics:read',
} as const;

export type Permission = (typeof Permission)[keyof typeof Permission];

export const allPermissions: readonly Permission[] = Object.values(Permission);

export const UserRole = { Owner: 'owner', Admin: 'admin', Staff: 'staff' } as const;
export type UserRole = (typeof UserRole)[keyof typeof UserRole];

export const UserStatus = { Pending: 'pending', Approved: 'approved', Rejected: 'rejected' } as const;
export type UserStatus = (typeof UserStatus)[keyof typeof UserStatus];
