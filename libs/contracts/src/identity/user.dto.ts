import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsEmail,
  IsIn,
  IsIP,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  IsUUID,
} from 'class-validator';
import { EmptyToUndefined, IfPresent, phonePattern, Trim } from '../common/transforms.js';
import { allPermissions, Permission, UserRole, UserStatus } from '../permissions.js';

/**
 * CONTRACT §14. A new password's rules (length, not blank, not the account's names, not a common
 * password) are the identity service's password policy, answered with a code per rule; the DTOs
 * only check that it is a string of at most PASSWORD_MAX_LENGTH.
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

/** CONTRACT §1: what a self-registered staff user may do until an admin changes it. */
export const defaultStaffPermissions: readonly Permission[] = [
  Permission.OrdersRead,
  Permission.OrdersWrite,
  Permission.StockRead,
  Permission.ClientsRead,
  Permission.ClientsWrite,
  Permission.InvoicesRead,
];

/** A user as it leaves the server: never with a password or its hash. */
export interface UserDto {
  id: string;
  username: string;
  email: string;
  fullName: string;
  role: UserRole;
  status: UserStatus;
  permissions: Permission[];
  company: string | null;
  phone: string | null;
  createdAt: string;
}

const usernamePattern = /^[A-Za-z0-9._-]{3,40}$/;
const roles = Object.values(UserRole);
const statuses = Object.values(UserStatus);

class ProfileFields {
  @Trim()
  @IsString()
  @IsNotEmpty()
  @Matches(usernamePattern, { message: 'username must be 3–40 letters, digits, dots, dashes or underscores' })
  username: string;

  @IsString()
  @MaxLength(PASSWORD_MAX_LENGTH)
  password: string;

  @Trim()
  @IsString()
  @IsNotEmpty()
  @IsEmail()
  @MaxLength(254)
  email: string;

  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(120)
  fullName: string;

  @EmptyToUndefined()
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(160)
  company?: string;

  @EmptyToUndefined()
  @IsOptional()
  @Trim()
  @IsString()
  @Matches(phonePattern, { message: 'phone must be a phone number' })
  phone?: string;
}

/** POST /api/register. Any `role` sent is ignored (CONTRACT §1): accepted, then dropped. */
export class RegisterDto extends ProfileFields {
  @IsOptional()
  @IsString()
  role?: string;
}

/** POST /api/login. */
export class LoginDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(254)
  username: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(PASSWORD_MAX_LENGTH)
  password: string;
}

/** POST /api/users (admin/owner): starts approved unless a status is given. */
export class CreateUserDto extends ProfileFields {
  @IsOptional()
  @IsIn(roles)
  role?: UserRole;

  @IsOptional()
  @IsIn(statuses)
  status?: UserStatus;

  @IsOptional()
  @IsArray()
  @ArrayUnique()
  @IsIn(allPermissions, { each: true })
  permissions?: Permission[];
}

/** PATCH /api/users/{id}: role, status and permissions, each optional. */
export class UpdateUserDto {
  // Absent means "unchanged"; null is refused (it would clear a column that must hold a value).
  @IfPresent()
  @IsIn(roles)
  role?: UserRole;

  @IfPresent()
  @IsIn(statuses)
  status?: UserStatus;

  @IfPresent()
  @IsArray()
  @ArrayUnique()
  @IsIn(allPermissions, { each: true })
  permissions?: Permission[];
}

/** POST /api/user/password: the signed-in user's own password. */
export class ChangePasswordDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(PASSWORD_MAX_LENGTH)
  currentPassword: string;

  @IsString()
  @MaxLength(PASSWORD_MAX_LENGTH)
  newPassword: string;
}

/** identity.change-password: the session it is made with stays; the address counts against sign-in limits. */
export class ChangePasswordRequestDto extends ChangePasswordDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  keepSessionId: string;

  @IsOptional()
  @IsIP()
  ip?: string;
}

/** POST /api/users/{id}/password (admin/owner): another user's password. */
export class ResetPasswordDto {
  @IsString()
  @MaxLength(PASSWORD_MAX_LENGTH)
  newPassword: string;
}

/** identity.reset-password. */
export class ResetPasswordRequestDto extends ResetPasswordDto {
  @IsUUID()
  id: string;
}

/** PATCH /api/admin/users/{id}/status. */
export class UpdateUserStatusDto {
  @IsIn(statuses)
  status: UserStatus;
}

/** identity.update-user: the user's id with the changes. */
export class UpdateUserRequestDto extends UpdateUserDto {
  @IsUUID()
  id: string;
}

/** identity.update-user-status. */
export class UpdateUserStatusRequestDto extends UpdateUserStatusDto {
  @IsUUID()
  id: string;
}

/** identity.get-user-names: who these users are, by name (unknown ids are left out). */
export class GetUserNamesDto {
  @IsArray()
  @ArrayMaxSize(1000)
  @IsUUID('all', { each: true })
  ids: string[];
}

export interface UserNameDto {
  id: string;
  fullName: string;
}
