import type { ServiceName } from '@erp/contracts';
import type { DynamicModule } from '@nestjs/common';
import type { ServiceConfig } from '../config/base.config.js';
import { DatabaseModule, type ServiceDatabaseOptions } from '../database/database.module.js';
import { HealthModule } from '../health/health.module.js';
import { createLoggerModule } from '../logging/logger.module.js';
import { QueuesModule } from '../queues/queues.module.js';
import { RedisModule } from '../redis/redis.module.js';

/**
 * What every service's root module imports: JSON logs, Redis, its own schema with migrations
 * run at start, BullMQ's connection, and its health message pattern.
 */
export function serviceInfrastructure(
  service: ServiceName,
  config: ServiceConfig,
  database: Pick<ServiceDatabaseOptions, 'entities' | 'migrations'>,
): DynamicModule[] {
  return [
    createLoggerModule(service, config.LOG_LEVEL),
    RedisModule.forRoot(config.REDIS_URL, config.REDIS_PREFIX),
    DatabaseModule.forService({ service, url: config.DATABASE_URL, ...database }),
    QueuesModule.forRoot(config.REDIS_URL, config.REDIS_PREFIX),
    HealthModule.forService(service),
  ];
}
