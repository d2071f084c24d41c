import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';

export const REDIS = Symbol('REDIS');
export const REDIS_PREFIX = Symbol('REDIS_PREFIX');

/** ioredis options every connection of ours uses; BullMQ needs maxRetriesPerRequest null. */
export function redisConnection(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, connectionName: 'erp' });
}

/** One shared Redis connection per process (sessions, limits, health), closed on shutdown. */
@Global()
@Module({})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  static forRoot(url: string, prefix: string): DynamicModule {
    return {
      module: RedisModule,
      providers: [
        { provide: REDIS, useFactory: () => redisConnection(url) },
        { provide: REDIS_PREFIX, useValue: prefix },
      ],
      exports: [REDIS, REDIS_PREFIX],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.redis.status !== 'end') await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
