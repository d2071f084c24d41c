import { ALL_SERVICE_CLIENTS, probe, REDIS } from '@erp/common';
import {
  AppException,
  ErrorCode,
  type DependencyHealth,
  type RpcMeta,
  type ServiceClient,
  type ServiceHealthDto,
} from '@erp/contracts';
import { Controller, Get, Inject, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { Public } from '../auth/access.decorators.js';
import { RequestMeta } from '../common/request-meta.decorator.js';

const startedAt = Date.now();

export interface ReadinessDto {
  status: 'ready';
  checks: { redis: DependencyHealth; services: Record<string, ServiceHealthDto | DependencyHealth> };
}

@Public()
@Controller()
export class HealthController {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ALL_SERVICE_CLIENTS) private readonly services: ServiceClient[],
  ) {}

  /** Liveness: the gateway process answers. */
  @Get('health')
  health(): { status: 'ok'; uptimeSeconds: number } {
    return { status: 'ok', uptimeSeconds: Math.round((Date.now() - startedAt) / 1000) };
  }

  /**
   * Readiness: Redis, and every service answering with its database and Redis healthy. The answer
   * is public (load balancers read it), so it names what is down and never says why: the reasons
   * (addresses, driver messages) go to the log.
   */
  @Get('ready')
  async ready(@RequestMeta() meta: RpcMeta): Promise<ReadinessDto> {
    const [redis, ...answers] = await Promise.all([
      probe(() => this.redis.ping()),
      ...this.services.map((client) =>
        client.health(meta).catch((error: unknown): DependencyHealth => ({
          ok: false,
          latencyMs: 0,
          error: error instanceof Error ? error.message : String(error),
        })),
      ),
    ]);
    const services = Object.fromEntries(this.services.map((client, index) => [client.service, answers[index]!]));
    const failing = Object.entries(services)
      .filter(([, answer]) => ('status' in answer ? answer.status !== 'ok' : !answer.ok))
      .map(([name]) => name);
    if (!redis.ok) failing.unshift('redis');
    const checks = { redis, services };
    if (failing.length > 0) {
      logger.warn({ requestId: meta.requestId, checks }, `not ready: ${failing.join(', ')}`);
      throw new AppException(ErrorCode.ServiceUnavailable, `Not ready: ${failing.join(', ')}`, {
        checks: withoutReasons(checks),
      });
    }
    return { status: 'ready', checks: withoutReasons(checks) };
  }
}

const logger = new Logger('Readiness');

function withoutReason(check: DependencyHealth): DependencyHealth {
  return { ok: check.ok, latencyMs: check.latencyMs };
}

/** The checks as the public sees them: up or down and how fast, without error text. */
function withoutReasons(checks: ReadinessDto['checks']): ReadinessDto['checks'] {
  const services = Object.fromEntries(
    Object.entries(checks.services).map(([name, answer]) => [
      name,
      'status' in answer
        ? {
            ...answer,
            checks: { database: withoutReason(answer.checks.database), redis: withoutReason(answer.checks.redis) },
          }
        : withoutReason(answer),
    ]),
  );
  return { redis: withoutReason(checks.redis), services };
}
