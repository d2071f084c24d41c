import { REDIS, REDIS_PREFIX } from '@erp/common';
import { identityRedisKeys } from '@erp/contracts';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';

/**
 * A counter per user in Redis that every change of the user moves on, so that the gateway can keep
 * a resolved session or API key for a short while and still drop it the moment the user changes
 * (docs/decisions/0025-cached-principals.md). A change bumps it before its transaction and again
 * after the commit: a read between the two may see the old user with the first new stamp, and the
 * second bump voids that too.
 */
@Injectable()
export class UserStamps {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_PREFIX) private readonly prefix: string,
  ) {}

  /** Read before the user is read from the database, so a later change is always seen as newer. */
  read(userId: string): Promise<string | null> {
    return this.redis.get(identityRedisKeys.userStamp(this.prefix, userId));
  }

  async bump(userId: string): Promise<void> {
    await this.redis.incr(identityRedisKeys.userStamp(this.prefix, userId));
  }

  /** Runs the change with the stamp bumped before it and after it (also when it fails). */
  async around<T>(userId: string, change: () => Promise<T>): Promise<T> {
    await this.bump(userId);
    try {
      return await change();
    } finally {
      await this.bump(userId);
    }
  }
}
