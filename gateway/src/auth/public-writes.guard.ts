import { countHit, REDIS, REDIS_PREFIX } from '@erp/common';
import { AppException, ErrorCode } from '@erp/contracts';
import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { GatewayConfig } from '../config/gateway.config.js';

const windowMs = 10 * 60 * 1000;

/**
 * CONTRACT §14: the public calls that write (registration, demo requests) are limited per client
 * address, PUBLIC_WRITES_PER_IP in 10 minutes across both; past it, 429 with Retry-After. Runs as
 * a guard, before the body is validated, so malformed calls count too; a registration costs an
 * argon2id hash, which is what this keeps from being spent by the thousand.
 */
@Injectable()
export class PublicWritesGuard implements CanActivate {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_PREFIX) private readonly prefix: string,
    @Inject(GatewayConfig) private readonly config: GatewayConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const { ip } = context.switchToHttp().getRequest<FastifyRequest>();
    const { count, retryAfterSeconds } = await countHit(this.redis, `${this.prefix}:public-writes:${ip}`, windowMs);
    if (count > this.config.PUBLIC_WRITES_PER_IP) {
      throw new AppException(ErrorCode.RateLimited, 'Too many requests from this address. Please wait and try again.', {
        retryAfterSeconds,
      });
    }
    return true;
  }
}
