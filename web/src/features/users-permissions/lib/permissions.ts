import type { Permission, UserRole } from '@erp/contracts';

export type PermissionArea = 'orders' | 'stock' | 'clients' | 'invoices' | 'analytics';

/**
 * The ten permission ids of SPEC §3 and the area each belongs to. A Record over the
 * contract's `Permission` type, so a new permission does not compile until it is listed.
 */
const areaOf: Record<Permission, PermissionArea> = {
  'orders:read': 'orders',
  'orders:write': 'orders',
  'orders:delete': 'orders',
  'stock:read': 'stock',
  'stock:write': 'stock',
  'clients:read': 'clients',
  'clients:write': 'clients',
  'invoices:read': 'invoices',
  'invoices:write': 'invoices',
  'analytics:read': 'analytics',
};

export const allUserPermissions = Object.keys(areaOf) as Permission[];

export const permissionGroups: ReadonlyArray<{ area: PermissionArea; permissions: Permission[] }> = (
  ['orders', 'stock', 'clients', 'invoices', 'analytics'] as const
).map((area) => ({ area, permissions: allUserPermissions.filter((permission) => areaOf[permission] === area) }));

/** CONTRACT §1: what a new staff user may do unless told otherwise. */
export const defaultStaffPermissions: readonly Permission[] = [
  'orders:read',
  'orders:write',
  'stock:read',
  'clients:read',
  'clients:write',
  'invoices:read',
];

/** Admins and owners hold every permission (CONTRACT §2); only staff have a list of their own. */
export function holdsEveryPermission(role: UserRole): boolean {
  return role === 'admin' || role === 'owner';
}

/** `orders:read` -> `permissions.orders.read` (a colon would read as an i18next namespace). */
export function permissionLabelKey(permission: Permission): string {
  return `permissions.${permission.replace(':', '.')}`;
}

/** In the order of the list above, whatever order they were ticked in. */
export function sortPermissions(permissions: Iterable<Permission>): Permission[] {
  const chosen = new Set(permissions);
  return allUserPermissions.filter((permission) => chosen.has(permission));
}
