import { REDIS, REDIS_PREFIX } from '@erp/common';
import { identityRedisKeys } from '@erp/contracts';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { IdentityConfig } from '../identity.config.js';

/**
 * Sessions live in Redis so the server can revoke them: a copied cookie stops working the
 * moment its session is gone. Each user also has a set of their session ids, so all of them
 * can be ended at once (user deleted or no longer approved, password reset), or all but one
 * (password changed).
 */
@Injectable()
export class SessionsStore {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_PREFIX) private readonly prefix: string,
    @Inject(IdentityConfig) private readonly config: IdentityConfig,
  ) {}

  private sessionKey(sessionId: string): string {
    return identityRedisKeys.session(this.prefix, sessionId);
  }

  private userKey(userId: string): string {
    return `${this.prefix}:user-sessions:${userId}`;
  }

  async create(userId: string): Promise<string> {
    const sessionId = randomBytes(32).toString('base64url');
    const ttl = this.config.SESSION_TTL_SECONDS;
    await this.redis
      .multi()
      .set(this.sessionKey(sessionId), userId, 'EX', ttl)
      .sadd(this.userKey(userId), sessionId)
      .expire(this.userKey(userId), ttl)
      .exec();
    return sessionId;
  }

  /** The session's user id, or null when it expired or was revoked. */
  userIdOf(sessionId: string): Promise<string | null> {
    return this.redis.get(this.sessionKey(sessionId));
  }

  async revoke(sessionId: string): Promise<void> {
    const userId = await this.redis.get(this.sessionKey(sessionId));
    const pipeline = this.redis.multi().del(this.sessionKey(sessionId));
    if (userId) pipeline.srem(this.userKey(userId), sessionId);
    await pipeline.exec();
  }

  async revokeAllOf(userId: string): Promise<void> {
    const sessionIds = await this.redis.smembers(this.userKey(userId));
    await this.redis
      .multi()
      .del(...sessionIds.map((id) => this.sessionKey(id)), this.userKey(userId))
      .exec();
  }

  /** Every session of the user but `keep` (the one a password was just changed in). */
  async revokeAllOfExcept(userId: string, keep: string): Promise<void> {
    const others = (await this.redis.smembers(this.userKey(userId))).filter((id) => id !== keep);
    if (others.length === 0) return;
    await this.redis
      .multi()
      .del(...others.map((id) => this.sessionKey(id)))
      .srem(this.userKey(userId), ...others)
      .exec();
  }
}
