import { UserRole, UserStatus } from '@erp/contracts';
import { createTestRedisPrefix, deleteRedisPrefix, testRedisUrl } from '@erp/testing';
import { Redis } from 'ioredis';
import { UserStamps } from '../users/user-stamps.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserEntity } from '../users/user.entity.js';
import type { UsersRepository } from '../users/users.repository.js';
import type { UsersService } from '../users/users.service.js';
import type { ApiKeyEntity } from './api-key.entity.js';
import type { ApiKeysRepository } from './api-keys.repository.js';
import { ApiKeysService } from './api-keys.service.js';

const user = {
  id: '1b9f7f5e-0d8c-4a3e-9a51-2f0c8d5e1a77',
  username: 'clerk',
  role: UserRole.Staff,
  status: UserStatus.Approved,
  email: 'clerk@alnoor.example',
  fullName: 'Clerk',
  permissions: ['orders:read', 'stock:read'],
  company: null,
  phone: null,
  createdAt: new Date('2026-01-01T00:00:00Z'),
} as unknown as UserEntity;

/** The keys table as a map; `duringNextRead` runs inside the next lookup by hash, after the row was read. */
class FakeKeys {
  readonly rows = new Map<string, ApiKeyEntity>();
  duringNextRead: (() => Promise<void>) | null = null;

  async insert(values: Omit<ApiKeyEntity, 'id' | 'createdAt' | 'lastUsedAt'>): Promise<ApiKeyEntity> {
    const row = {
      ...values,
      id: `6d0c${this.rows.size}a2e-1111-4222-8333-944455566677`,
      createdAt: new Date(),
      lastUsedAt: null,
    };
    this.rows.set(row.id, row);
    return row;
  }

  async findByHash(keyHash: string): Promise<ApiKeyEntity | null> {
    const row = [...this.rows.values()].find((candidate) => candidate.keyHash === keyHash) ?? null;
    const hook = this.duringNextRead;
    this.duringNextRead = null;
    await hook?.();
    return row;
  }

  async findOwned(id: string, userId: string): Promise<ApiKeyEntity | null> {
    const row = this.rows.get(id);
    return row && row.userId === userId ? row : null;
  }

  async remove(id: string): Promise<void> {
    this.rows.delete(id);
  }

  async touch(): Promise<void> {}
}

describe('ApiKeysService', () => {
  let redis: Redis;
  let prefix: string;

  beforeAll(() => {
    redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 1 });
    prefix = createTestRedisPrefix();
  });

  afterAll(async () => {
    redis.disconnect();
    await deleteRedisPrefix(prefix);
  });

  function service(keys: FakeKeys): ApiKeysService {
    const users = { findById: async (id: string) => (id === user.id ? user : null) } as unknown as UsersRepository;
    // Only the administrators' calls use the users service; these tests make none.
    return new ApiKeysService(
      keys as unknown as ApiKeysRepository,
      users,
      {} as UsersService,
      new UserStamps(redis, prefix),
      redis,
      prefix,
    );
  }

  describe('verify', () => {
    it('does not cache a key revoked while its row was being read: the next call refuses it', async () => {
      const keys = new FakeKeys();
      const apiKeys = service(keys);
      const created = await apiKeys.create({ name: 'Shop', permissions: ['orders:read'] }, user.id);
      // A partner's call misses the cache and reads the row; the key is revoked before it caches it.
      keys.duringNextRead = () => apiKeys.delete(created.id, user.id);
      await apiKeys.verify(created.key);
      expect(keys.rows.size).toBe(0);
      expect(await apiKeys.verify(created.key)).toBeNull();
    });

    it('caches a working key: it answers without reading the row again', async () => {
      const keys = new FakeKeys();
      const apiKeys = service(keys);
      const created = await apiKeys.create({ name: 'POS', permissions: ['orders:read'] }, user.id);
      expect(await apiKeys.verify(created.key)).toMatchObject({ keyId: created.id, permissions: ['orders:read'] });
      keys.duringNextRead = () => Promise.reject(new Error('read the row again'));
      expect(await apiKeys.verify(created.key)).toMatchObject({ keyId: created.id });
    });
  });
});
