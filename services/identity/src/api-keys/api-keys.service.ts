import { hashApiKey, REDIS, REDIS_PREFIX } from '@erp/common';
import {
  apiKeyPermissionRequires,
  AppException,
  ErrorCode,
  IdentityErrorCode,
  identityRedisKeys,
  REVOKED_API_KEY_MARK,
  UserRole,
  UserStatus,
  type ApiKeyDto,
  type ApiKeyPermission,
  type CreateApiKeyDto,
  type CreatedApiKeyDto,
  type VerifiedApiKeyDto,
} from '@erp/contracts';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import type { UserEntity } from '../users/user.entity.js';
import { toUserDto } from '../users/user.mapper.js';
import { UserStamps } from '../users/user-stamps.js';
import { UsersRepository } from '../users/users.repository.js';
import { UsersService } from '../users/users.service.js';
import type { ApiKeyEntity } from './api-key.entity.js';
import { toApiKeyDto } from './api-key.mapper.js';
import { ApiKeysRepository } from './api-keys.repository.js';

export const API_KEY_PREFIX = 'wsk_';
const CACHE_SECONDS = 300;
/** What the cache holds for a revoked key for as long as a cached row could live. */
const REVOKED = REVOKED_API_KEY_MARK;
const LAST_USED_EVERY_SECONDS = 60;

interface CachedKey {
  id: string;
  userId: string;
  permissions: ApiKeyPermission[];
  expiresAt: string | null;
  isActive: boolean;
}

/** What the user's role and permissions let a key do. */
function userHolds(user: UserEntity, permission: ApiKeyPermission): boolean {
  if (user.role === UserRole.Owner || user.role === UserRole.Admin) return true;
  return user.permissions.includes(apiKeyPermissionRequires[permission]);
}

/**
 * CONTRACT §7 keys: `wsk_` + 32 random bytes, stored as SHA-256, shown once. Verification is
 * a Redis lookup of the key's row (replaced by a "revoked" mark the moment the key is deleted,
 * by its user or by an admin) plus a fresh read of its user, so revocation and a user's lost
 * approval or permission act at once.
 */
@Injectable()
export class ApiKeysService {
  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly users: UsersRepository,
    private readonly usersService: UsersService,
    private readonly stamps: UserStamps,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_PREFIX) private readonly prefix: string,
  ) {}

  async list(actorId: string | undefined): Promise<ApiKeyDto[]> {
    const actor = await this.approvedUser(actorId);
    return (await this.keys.findByUserNewestFirst(actor.id)).map(toApiKeyDto);
  }

  async create(dto: CreateApiKeyDto, actorId: string | undefined): Promise<CreatedApiKeyDto> {
    const actor = await this.approvedUser(actorId);
    const missing = dto.permissions.filter((permission) => !userHolds(actor, permission));
    if (missing.length > 0) {
      throw new AppException(
        IdentityErrorCode.PermissionNotHeld,
        `You cannot give a key permissions you do not hold: ${missing.join(', ')}`,
        { permissions: missing },
      );
    }
    const expiresAt = dto.expiresAt ? new Date(dto.expiresAt) : null;
    if (expiresAt && expiresAt.getTime() <= Date.now()) {
      throw new AppException(ErrorCode.ValidationFailed, 'expiresAt must be in the future', { field: 'expiresAt' });
    }
    const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    const row = await this.keys.insert({
      userId: actor.id,
      name: dto.name,
      keyPrefix: key.slice(0, API_KEY_PREFIX.length + 6),
      keyHash: hashApiKey(key),
      permissions: [...dto.permissions],
      expiresAt,
      isActive: 1,
    });
    return { ...toApiKeyDto(row), key };
  }

  async delete(id: string, actorId: string | undefined): Promise<void> {
    const actor = await this.approvedUser(actorId);
    const row = await this.keys.findOwned(id, actor.id);
    if (!row) throw new AppException(IdentityErrorCode.ApiKeyNotFound, 'API key not found', { id });
    await this.revoke(row);
  }

  /** CONTRACT §14: any user's keys, for an admin or owner (an admin sees an owner's too). */
  async listOfUser(userId: string, actorId: string | undefined): Promise<ApiKeyDto[]> {
    await this.usersService.administer(actorId, userId);
    return (await this.keys.findByUserNewestFirst(userId)).map(toApiKeyDto);
  }

  /** CONTRACT §14: an admin or owner revokes a user's key (an owner's only by an owner). */
  async revokeOfUser(userId: string, keyId: string, actorId: string | undefined): Promise<void> {
    await this.usersService.administer(actorId, userId, 'API keys');
    const row = await this.keys.findOwned(keyId, userId);
    if (!row) throw new AppException(IdentityErrorCode.ApiKeyNotFound, 'API key not found', { id: keyId });
    await this.revoke(row);
  }

  private async revoke(row: ApiKeyEntity): Promise<void> {
    await this.keys.remove(row.id);
    await this.redis.set(this.cacheKey(row.keyHash), REVOKED, 'EX', CACHE_SECONDS);
  }

  /** The key's working permissions and user, or null when it must not be accepted. */
  async verify(key: string): Promise<VerifiedApiKeyDto | null> {
    if (!key.startsWith(API_KEY_PREFIX)) return null;
    const keyHash = hashApiKey(key);
    const cached = await this.cached(keyHash);
    if (!cached || !cached.isActive) return null;
    if (cached.expiresAt && new Date(cached.expiresAt).getTime() <= Date.now()) return null;
    const userStamp = await this.stamps.read(cached.userId);
    const user = await this.users.findById(cached.userId);
    if (!user || user.status !== UserStatus.Approved) return null;
    await this.markUsed(cached.id);
    return {
      keyId: cached.id,
      permissions: cached.permissions.filter((permission) => userHolds(user, permission)),
      user: toUserDto(user),
      expiresAt: cached.expiresAt,
      userStamp,
    };
  }

  private cacheKey(keyHash: string): string {
    return identityRedisKeys.apiKey(this.prefix, keyHash);
  }

  private async cached(keyHash: string): Promise<CachedKey | null> {
    const key = this.cacheKey(keyHash);
    const hit = await this.redis.get(key);
    if (hit === REVOKED) return null;
    if (hit) return JSON.parse(hit) as CachedKey;
    const row = await this.keys.findByHash(keyHash);
    if (!row) return null;
    const entry = this.toCached(row);
    // Only if nothing is there: a revocation that landed after the read above left its mark, and it wins.
    const stored = await this.redis.set(key, JSON.stringify(entry), 'EX', CACHE_SECONDS, 'NX');
    if (stored !== 'OK' && (await this.redis.get(key)) === REVOKED) return null;
    return entry;
  }

  private toCached(row: ApiKeyEntity): CachedKey {
    return {
      id: row.id,
      userId: row.userId,
      permissions: row.permissions,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      isActive: row.isActive === 1,
    };
  }

  /** lastUsedAt, written at most once a minute per key so busy keys do not write on every call. */
  private async markUsed(id: string): Promise<void> {
    const due = await this.redis.set(
      identityRedisKeys.apiKeyUsed(this.prefix, id),
      '1',
      'EX',
      LAST_USED_EVERY_SECONDS,
      'NX',
    );
    if (due === 'OK') await this.keys.touch(id, new Date());
  }

  private async approvedUser(actorId: string | undefined): Promise<UserEntity> {
    const actor = actorId ? await this.users.findById(actorId) : null;
    if (!actor || actor.status !== UserStatus.Approved) {
      throw new AppException(ErrorCode.Unauthenticated, 'Please sign in');
    }
    return actor;
  }
}
