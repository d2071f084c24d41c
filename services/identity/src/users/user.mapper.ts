import type { UserDto } from '@erp/contracts';
import type { UserEntity } from './user.entity.js';

/** The only way a user leaves the service: without its password hash. */
export function toUserDto(entity: UserEntity): UserDto {
  return {
    id: entity.id,
    username: entity.username,
    email: entity.email,
    fullName: entity.fullName,
    role: entity.role,
    status: entity.status,
    permissions: [...entity.permissions],
    company: entity.company,
    phone: entity.phone,
    createdAt: entity.createdAt.toISOString(),
  };
}
