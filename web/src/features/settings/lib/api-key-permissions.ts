import type { ApiKeyPermission, Permission, UserRole } from '@erp/contracts';

/**
 * The key permissions of SPEC §6 (and CONTRACT §7's invoices:read) and the user permission each stands on (CONTRACT §2).
 * A Record over the contract's type, so a new key permission does not compile until listed.
 */
const requiredUserPermission: Record<ApiKeyPermission, Permission> = {
  'orders:read': 'orders:read',
  'orders:write': 'orders:write',
  'products:read': 'stock:read',
  'products:write': 'stock:write',
  'products:sync': 'stock:write',
  'invoices:read': 'invoices:read',
};

export const allKeyPermissions = Object.keys(requiredUserPermission) as ApiKeyPermission[];

/** SPEC §4/§6: a new key starts with Read Orders and Read Products. */
export const defaultKeyPermissions: readonly ApiKeyPermission[] = ['orders:read', 'products:read'];

/** `products:read` -> `apiKeys.permissions.products.read` (a colon would read as an i18next namespace). */
export function keyPermissionLabelKey(permission: ApiKeyPermission): string {
  return `apiKeys.permissions.${permission.replace(':', '.')}`;
}

/** Key permissions the user may grant: all for admins and owners, else those their own permissions back. */
export function grantableKeyPermissions(role: UserRole, held: readonly Permission[]): Set<ApiKeyPermission> {
  if (role === 'admin' || role === 'owner') return new Set(allKeyPermissions);
  return new Set(allKeyPermissions.filter((permission) => held.includes(requiredUserPermission[permission])));
}
