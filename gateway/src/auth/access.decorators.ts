import type { ApiKeyPermission, Permission } from '@erp/contracts';
import { SetMetadata } from '@nestjs/common';

/**
 * Every /api handler declares who may call it (CONTRACT §2); the access guard enforces it and
 * a handler without a declaration is refused at start-up (see route-table.ts).
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  | { kind: 'permission'; permission: Permission }
  | { kind: 'all-permissions'; permissions: readonly Permission[] }
  | { kind: 'admin' }
  | { kind: 'api-key'; permission: ApiKeyPermission };

export const ACCESS_KEY = 'erp:access';

/** Anyone, signed in or not. */
export const Public = (): MethodDecorator & ClassDecorator =>
  SetMetadata(ACCESS_KEY, { kind: 'public' } satisfies Access);

/** Any approved, signed-in user. */
export const SignedIn = (): MethodDecorator & ClassDecorator =>
  SetMetadata(ACCESS_KEY, { kind: 'signed-in' } satisfies Access);

/** Staff holding the permission; admins and owners always. */
export const RequirePermission = (permission: Permission): MethodDecorator & ClassDecorator =>
  SetMetadata(ACCESS_KEY, { kind: 'permission', permission } satisfies Access);

/** Staff holding every one of the permissions; admins and owners always. */
export const RequireAllPermissions = (...permissions: Permission[]): MethodDecorator & ClassDecorator =>
  SetMetadata(ACCESS_KEY, { kind: 'all-permissions', permissions } satisfies Access);

/** Admins and owners only (the Administration screens and calls). */
export const AdminOnly = (): MethodDecorator & ClassDecorator =>
  SetMetadata(ACCESS_KEY, { kind: 'admin' } satisfies Access);

/** The partner API (/api/v1): an API key carrying this permission; sessions do not open it. */
export const RequireApiKey = (permission: ApiKeyPermission): MethodDecorator & ClassDecorator =>
  SetMetadata(ACCESS_KEY, { kind: 'api-key', permission } satisfies Access);
