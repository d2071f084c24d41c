import { BullModule } from '@nestjs/bullmq';
import type { DynamicModule } from '@nestjs/common';
import type { DefaultJobOptions } from 'bullmq';

/**
 * Defaults of every job: retried with exponential backoff, failures kept for inspection.
 * Producers give each job a jobId from its natural key (order id, receipt id) so a repeat
 * is a no-op.
 */
export const defaultJobOptions: DefaultJobOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1_000 },
  removeOnComplete: { age: 24 * 3600, count: 10_000 },
  removeOnFail: false,
};

/** BullMQ's connection and prefix for a process; features add `BullModule.registerQueue(...)`. */
export class QueuesModule {
  static forRoot(redisUrl: string, prefix: string): DynamicModule {
    const url = new URL(redisUrl);
    return {
      module: QueuesModule,
      imports: [
        BullModule.forRoot({
          prefix: `${prefix}:bull`,
          connection: {
            host: url.hostname,
            port: Number(url.port || 6379),
            username: url.username || undefined,
            password: url.password ? decodeURIComponent(url.password) : undefined,
            db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
            tls: url.protocol === 'rediss:' ? {} : undefined,
            maxRetriesPerRequest: null,
          },
          defaultJobOptions,
        }),
      ],
      exports: [BullModule],
    };
  }
}
