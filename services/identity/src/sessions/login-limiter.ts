import { countHit, REDIS, REDIS_PREFIX, resetHits } from '@erp/common';
import { AppException, IdentityErrorCode } from '@erp/contracts';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { IdentityConfig } from '../identity.config.js';

const accountWindowMs = 15 * 60 * 1000;
const ipWindowMs = 60 * 1000;

/**
 * CONTRACT §1 sign-in limits (settings): 10 failed attempts per account in 15 minutes, 100
 * attempts per IP a minute. An account is counted by who it is, not by how it was named: the
 * username, the e-mail address and any other spelling share one count, and a name nobody has
 * is counted by its normalised spelling, so the answer says nothing about who exists. Each
 * attempt takes its place in the count before its password is checked: of 25 guesses sent at
 * once, only the first 10 are ever checked.
 */
@Injectable()
export class LoginLimiter {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_PREFIX) private readonly prefix: string,
    @Inject(IdentityConfig) private readonly config: IdentityConfig,
  ) {}

  /** The key of an account's failures: its id when it exists, else the name as typed, normalised. */
  private accountKey(account: { userId: string } | { login: string }): string {
    const who = 'userId' in account ? `user:${account.userId}` : `name:${account.login.trim().toLowerCase()}`;
    return `${this.prefix}:login-failures:${who}`;
  }

  /** Counts this attempt against the caller's address; 429 past the per-IP limit. */
  async admitAddress(ip: string | undefined): Promise<void> {
    if (!ip) return;
    const { count, retryAfterSeconds } = await countHit(this.redis, `${this.prefix}:login-attempts:${ip}`, ipWindowMs);
    if (count > this.config.LOGIN_ATTEMPTS_PER_IP) this.refuse(retryAfterSeconds);
  }

  /**
   * Takes this attempt's place among the account's failures before its password is checked
   * (counted as a failure until `succeeded` clears them); 429 once the limit is reached.
   */
  async admitAccount(account: { userId: string } | { login: string }): Promise<void> {
    const { count, retryAfterSeconds } = await countHit(this.redis, this.accountKey(account), accountWindowMs);
    if (count > this.config.LOGIN_FAILURES_PER_USERNAME) this.refuse(retryAfterSeconds);
  }

  /** A right password: the account's failures start again from zero. */
  async succeeded(userId: string): Promise<void> {
    await resetHits(this.redis, this.accountKey({ userId }));
  }

  private refuse(retryAfterSeconds: number): never {
    throw new AppException(
      IdentityErrorCode.LoginRateLimited,
      'Too many sign-in attempts. Please wait and try again.',
      { retryAfterSeconds },
    );
  }
}
