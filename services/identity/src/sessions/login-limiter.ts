import { REDIS, REDIS_PREFIX } from '@erp/common';
import { AppException, IdentityErrorCode } from '@erp/contracts';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { IdentityConfig } from '../identity.config.js';

const usernameWindowSeconds = 15 * 60;
const ipWindowSeconds = 60;

/** CONTRACT §1: 10 failed attempts per username in 15 minutes; 100 attempts per IP a minute (settings). */
@Injectable()
export class LoginLimiter {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_PREFIX) private readonly prefix: string,
    @Inject(IdentityConfig) private readonly config: IdentityConfig,
  ) {}

  private usernameKey(username: string): string {
    return `${this.prefix}:login-failures:${username.trim().toLowerCase()}`;
  }

  private ipKey(ip: string): string {
    return `${this.prefix}:login-attempts:${ip}`;
  }

  /** Counts this attempt against the IP and refuses it (429) when either limit is reached. */
  async admit(username: string, ip: string | undefined): Promise<void> {
    if (ip) {
      const key = this.ipKey(ip);
      const [[, attempts], [, ttl]] = (await this.redis.multi().incr(key).ttl(key).exec()) as [
        [null, number],
        [null, number],
      ];
      if (ttl < 0) await this.redis.expire(key, ipWindowSeconds);
      if (attempts > this.config.LOGIN_ATTEMPTS_PER_IP) this.refuse(ttl < 0 ? ipWindowSeconds : ttl);
    }
    const key = this.usernameKey(username);
    const [[, failures], [, ttl]] = (await this.redis.multi().get(key).ttl(key).exec()) as [
      [null, string | null],
      [null, number],
    ];
    if (Number(failures ?? 0) >= this.config.LOGIN_FAILURES_PER_USERNAME) this.refuse(ttl > 0 ? ttl : 1);
  }

  async recordFailure(username: string): Promise<void> {
    const key = this.usernameKey(username);
    const failures = await this.redis.incr(key);
    if (failures === 1) await this.redis.expire(key, usernameWindowSeconds);
  }

  async recordSuccess(username: string): Promise<void> {
    await this.redis.del(this.usernameKey(username));
  }

  private refuse(retryAfterSeconds: number): never {
    throw new AppException(
      IdentityErrorCode.LoginRateLimited,
      'Too many sign-in attempts. Please wait and try again.',
      { retryAfterSeconds },
      429,
    );
  }
}
