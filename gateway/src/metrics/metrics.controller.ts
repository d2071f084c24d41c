import { AppException, ErrorCode } from '@erp/contracts';
import { Controller, Get, Headers, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { Public } from '../auth/access.decorators.js';
import { GatewayConfig } from '../config/gateway.config.js';
import { GatewayMetrics } from './metrics.js';

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * Prometheus metrics (CONTRACT §14): versions, per-route counts and sign-in failure rates are
 * nobody's business but the operator's. Without METRICS_TOKEN the route does not exist (404);
 * with it, only `Authorization: Bearer <token>` is answered (401 otherwise).
 */
@Public()
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: GatewayMetrics,
    @Inject(GatewayConfig) private readonly config: GatewayConfig,
  ) {}

  @Get()
  scrape(
    @Headers('authorization') authorization: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const token = this.config.METRICS_TOKEN;
    if (!token) throw new AppException(ErrorCode.NotFound, 'Not found');
    const given = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1] ?? '';
    // Compared as digests: equal lengths for timingSafeEqual, and no early exit on the first wrong character.
    if (!timingSafeEqual(digest(given), digest(token))) {
      throw new AppException(ErrorCode.Unauthenticated, 'Metrics need the operator’s bearer token');
    }
    // Set here, not by decorator: a refusal above must keep its JSON type.
    void reply.type('text/plain; version=0.0.4').header('cache-control', 'no-store');
    return this.metrics.registry.metrics();
  }
}
