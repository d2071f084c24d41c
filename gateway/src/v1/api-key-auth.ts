import { countHit, REDIS, REDIS_PREFIX } from '@erp/common';
import { AppException, ErrorCode, IdentityClient, type ApiKeyPermission, type VerifiedApiKeyDto } from '@erp/contracts';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { GatewayConfig } from '../config/gateway.config.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The partner's key on /api/v1 routes: its id and the permissions it still carries. */
    apiKey?: Pick<VerifiedApiKeyDto, 'keyId' | 'permissions'>;
  }
}

/** The key of a request: `X-API-Key: <key>` or `Authorization: Bearer <key>` (CONTRACT §7). */
export function apiKeyOf(request: FastifyRequest): string | null {
  const header = request.headers['x-api-key'];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  if (fromHeader?.trim()) return fromHeader.trim();
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/**
 * Who calls the partner API, and may they: the key is verified by identity (cached there;
 * revocation is immediate), counted against its per-minute limit in Redis, and must carry the
 * route's permission. The key's user becomes the request's user, so orders and stock changes
 * record who made them.
 */
@Injectable()
export class ApiKeyAuth {
  constructor(
    private readonly identity: IdentityClient,
    private readonly config: GatewayConfig,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_PREFIX) private readonly prefix: string,
  ) {}

  async authenticate(request: FastifyRequest, permission: ApiKeyPermission): Promise<void> {
    const key = apiKeyOf(request);
    if (!key) {
      throw new AppException(
        ErrorCode.Unauthenticated,
        'Missing API key: send it in the X-API-Key header or as a Bearer token',
      );
    }
    const verified = key.length <= 200 ? await this.identity.verifyApiKey(key, { requestId: request.id }) : null;
    if (!verified) {
      throw new AppException(ErrorCode.Unauthenticated, 'Invalid, expired or revoked API key');
    }
    await this.countAgainstLimit(verified.keyId);
    if (!verified.permissions.includes(permission)) {
      throw new AppException(ErrorCode.Forbidden, `This API key lacks the ${permission} permission`, { permission });
    }
    request.user = verified.user;
    request.apiKey = { keyId: verified.keyId, permissions: verified.permissions };
  }

  /** A fixed one-minute window per key: the first call of a minute starts it. */
  private async countAgainstLimit(keyId: string): Promise<void> {
    const { count, retryAfterSeconds } = await countHit(this.redis, `${this.prefix}:v1-rate:${keyId}`, 60_000);
    if (count > this.config.API_RATE_LIMIT_PER_MINUTE) {
      throw new AppException(
        ErrorCode.RateLimited,
        `Rate limit of ${this.config.API_RATE_LIMIT_PER_MINUTE} requests a minute reached for this key`,
        { retryAfterSeconds },
      );
    }
  }
}
