import {
  ArrayNotEmpty,
  ArrayUnique,
  IsArray,
  IsDateString,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
} from 'class-validator';
import { Trim } from '../common/transforms.js';
import { Permission } from '../permissions.js';
import type { UserDto } from './user.dto.js';

/** Permissions an API key can carry (SPEC §6). */
export const ApiKeyPermission = {
  OrdersRead: 'orders:read',
  OrdersWrite: 'orders:write',
  ProductsRead: 'products:read',
  ProductsWrite: 'products:write',
  ProductsSync: 'products:sync',
  InvoicesRead: 'invoices:read',
} as const;
export type ApiKeyPermission = (typeof ApiKeyPermission)[keyof typeof ApiKeyPermission];
export const allApiKeyPermissions: readonly ApiKeyPermission[] = Object.values(ApiKeyPermission);

/** CONTRACT §2: the user permission a key permission stands on. */
export const apiKeyPermissionRequires: Record<ApiKeyPermission, Permission> = {
  'orders:read': Permission.OrdersRead,
  'orders:write': Permission.OrdersWrite,
  'products:read': Permission.StockRead,
  'products:write': Permission.StockWrite,
  'products:sync': Permission.StockWrite,
  'invoices:read': Permission.InvoicesRead,
};

/** A key as lists show it: never the key itself, only a masked prefix. */
export interface ApiKeyDto {
  id: string;
  name: string;
  maskedKey: string;
  permissions: ApiKeyPermission[];
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  isActive: boolean;
}

/** The answer of POST /api/api-keys: the only time the full key is shown. */
export interface CreatedApiKeyDto extends ApiKeyDto {
  key: string;
}

export class CreateApiKeyDto {
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(80)
  name: string;

  @IsArray()
  @ArrayNotEmpty()
  @ArrayUnique()
  @IsIn(allApiKeyPermissions, { each: true })
  permissions: ApiKeyPermission[];

  @IsOptional()
  @IsDateString({ strict: true })
  expiresAt?: string;
}

/** identity.revoke-user-api-key: a key of one user, revoked by an admin or owner (CONTRACT §14). */
export class UserApiKeyIdDto {
  @IsUUID()
  userId: string;

  @IsUUID()
  keyId: string;
}

export class VerifyApiKeyDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  key: string;
}

/** A working key: its own permissions (those its user still holds) and its user. */
export interface VerifiedApiKeyDto {
  keyId: string;
  permissions: ApiKeyPermission[];
  user: UserDto;
  /** When the key stops working (ISO 8601), or null. */
  expiresAt: string | null;
  /** The user's change stamp as read before the user was (identityRedisKeys.userStamp; null before any change). */
  userStamp: string | null;
}
