import { countHit, REDIS, REDIS_PREFIX, type WindowCount } from '@erp/common';
import { AppException, ErrorCode, type ApiKeyPermission, type VerifiedApiKeyDto } from '@erp/contracts';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { PrincipalCache } from '../auth/principal-cache.js';
import { GatewayConfig } from '../config/gateway.config.js';

const RATE_WINDOW_MS = 60_000;

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
 * Who calls the partner API, and may they: the key is verified by identity (kept a minute by
 * PrincipalCache, revocation still immediate), counted against its per-minute limit in Redis (in
 * the same round trip when kept), and must carry the route's permission. The key's user becomes
 * the request's user, so orders and stock changes record who made them.
 */
@Injectable()
export class ApiKeyAuth {
  constructor(
    private readonly principals: PrincipalCache,
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
    const principal =
      key.length <= 200 ? await this.principals.apiKey(key, this.rateKey, RATE_WINDOW_MS, request.id) : null;
    if (!principal) {
      throw new AppException(ErrorCode.Unauthenticated, 'Invalid, expired or revoked API key');
    }
    const { verified } = principal;
    const hit = principal.hit ?? (await this.countHit(verified.keyId));
    if (hit.count > this.config.API_RATE_LIMIT_PER_MINUTE) {
      throw new AppException(
        ErrorCode.RateLimited,
        `Rate limit of ${this.config.API_RATE_LIMIT_PER_MINUTE} requests a minute reached for this key`,
        { retryAfterSeconds: hit.retryAfterSeconds },
      );
    }
    if (!verified.permissions.includes(permission)) {
      throw new AppException(ErrorCode.Forbidden, `This API key lacks the ${permission} permission`, { permission });
    }
    request.user = verified.user;
    request.apiKey = { keyId: verified.keyId, permissions: verified.permissions };
  }

  private readonly rateKey = (keyId: string): string => `${this.prefix}:v1-rate:${keyId}`;

  /** A fixed one-minute window per key: the first call of a minute starts it. */
  private countHit(keyId: string): Promise<WindowCount> {
    return countHit(this.redis, this.rateKey(keyId), RATE_WINDOW_MS);
  }
}
