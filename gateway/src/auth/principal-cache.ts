import { countHitIn, hashApiKey, hitCounted, REDIS, REDIS_PREFIX, type WindowCount } from '@erp/common';
import {
  IdentityClient,
  identityRedisKeys,
  REVOKED_API_KEY_MARK,
  type UserDto,
  type VerifiedApiKeyDto,
} from '@erp/contracts';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';

/** How long a resolved principal is kept without asking identity (each use is still checked in Redis). */
const KEEP_MS = 60_000;
/** Principals kept at most; the oldest go first. */
const MAX_ENTRIES = 10_000;

interface Kept<T> {
  value: T;
  userId: string;
  userStamp: string | null;
  keptUntil: number;
}

export interface ApiKeyPrincipal {
  verified: VerifiedApiKeyDto;
  /** The hit counted in the key's rate window, in the same Redis round trip as the checks. */
  hit: WindowCount | null;
}

/**
 * Sessions and API keys resolved by identity, kept in the gateway for a minute so that a request
 * needs one Redis round trip instead of an RPC (docs/decisions/0025-cached-principals.md). Every use
 * still checks, in that one round trip, what identity changes the moment it happens: the session
 * still exists, the key is not marked revoked, the user's change stamp is the one it was resolved
 * with, and (for keys) its lastUsedAt is not due. Anything else goes back to identity.
 */
@Injectable()
export class PrincipalCache {
  private readonly kept = new Map<string, Kept<unknown>>();

  constructor(
    private readonly identity: IdentityClient,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_PREFIX) private readonly prefix: string,
  ) {}

  /** The session's user, or null for a revoked session or a user no longer approved. */
  async session(sessionId: string, requestId: string): Promise<UserDto | null> {
    const cacheKey = `session:${sessionId}`;
    const kept = this.fresh<UserDto>(cacheKey);
    if (kept) {
      const checked = await this.check(() =>
        this.redis
          .multi()
          .exists(identityRedisKeys.session(this.prefix, sessionId))
          .get(identityRedisKeys.userStamp(this.prefix, kept.userId))
          .exec(),
      );
      this.kept.delete(cacheKey);
      if (checked) {
        const [exists, stamp] = values(checked, 2);
        if (exists === 1 && stamp === kept.userStamp) {
          this.kept.set(cacheKey, kept);
          return kept.value;
        }
      }
    }
    const { user, userStamp } = await this.identity.resolveSession(sessionId, { requestId });
    if (user) this.keep(cacheKey, user, user.id, userStamp);
    return user;
  }

  /**
   * The key's working permissions and user, or null when it must not be accepted. When the key was
   * kept, its hit is counted in its rate window (`rateKeyOf` its id, `windowMs` long) in the same round
   * trip; otherwise `hit` is null and counting is left to the caller.
   */
  async apiKey(
    key: string,
    rateKeyOf: (keyId: string) => string,
    windowMs: number,
    requestId: string,
  ): Promise<ApiKeyPrincipal | null> {
    const keyHash = hashApiKey(key);
    const cacheKey = `api-key:${keyHash}`;
    const kept = this.fresh<VerifiedApiKeyDto>(cacheKey);
    if (kept) {
      const expiresAt = kept.value.expiresAt ? Date.parse(kept.value.expiresAt) : null;
      const checks = this.redis
        .multi()
        .get(identityRedisKeys.apiKey(this.prefix, keyHash))
        .get(identityRedisKeys.userStamp(this.prefix, kept.userId))
        .exists(identityRedisKeys.apiKeyUsed(this.prefix, kept.value.keyId));
      const checked = await this.check(() => countHitIn(checks, rateKeyOf(kept.value.keyId), windowMs).exec());
      this.kept.delete(cacheKey);
      if (checked) {
        const [mark, stamp, used] = values(checked, 6);
        const hit = hitCounted(checked, windowMs);
        if (mark === REVOKED_API_KEY_MARK) return null;
        if (stamp === kept.userStamp && used === 1 && (expiresAt === null || expiresAt > Date.now())) {
          this.kept.set(cacheKey, kept);
          return { verified: kept.value, hit };
        }
        // Asked again below; this call's hit is already counted.
        const verified = await this.identity.verifyApiKey(key, { requestId });
        if (verified) this.keep(cacheKey, verified, verified.user.id, verified.userStamp);
        return verified ? { verified, hit } : null;
      }
    }
    const verified = await this.identity.verifyApiKey(key, { requestId });
    if (verified) this.keep(cacheKey, verified, verified.user.id, verified.userStamp);
    return verified ? { verified, hit: null } : null;
  }

  /** The replies of the checks, or null when Redis could not run them: then identity is asked instead. */
  private async check(
    run: () => Promise<Array<[Error | null, unknown]> | null>,
  ): Promise<Array<[Error | null, unknown]> | null> {
    try {
      const results = await run();
      return results && results.every(([error]) => !error) ? results : null;
    } catch {
      return null;
    }
  }

  private fresh<T>(cacheKey: string): Kept<T> | null {
    const kept = this.kept.get(cacheKey) as Kept<T> | undefined;
    if (!kept) return null;
    if (kept.keptUntil > Date.now()) return kept;
    this.kept.delete(cacheKey);
    return null;
  }

  private keep<T>(cacheKey: string, value: T, userId: string, userStamp: string | null): void {
    if (this.kept.size >= MAX_ENTRIES) {
      const oldest = this.kept.keys().next();
      if (!oldest.done) this.kept.delete(oldest.value);
    }
    this.kept.set(cacheKey, { value, userId, userStamp, keptUntil: Date.now() + KEEP_MS });
  }
}

/** The values of a MULTI's replies (checked free of errors). */
function values(results: Array<[Error | null, unknown]>, expected: number): unknown[] {
  if (results.length !== expected) throw new Error('Redis did not run the principal checks');
  return results.map(([, value]) => value);
}
