import { BullModule, getQueueToken } from '@nestjs/bullmq';
import { Injectable, Logger, type DynamicModule } from '@nestjs/common';
import { getDataSourceToken, InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import type { DataSource, EntityManager } from 'typeorm';
import type { ServiceConfig } from '../config/base.config.js';
import { stageOutboxJob, type OutboxJob } from './outbox-job.js';
import { defaultOutboxRelayOptions, OutboxRelay, type OutboxRelayOptions } from './outbox-relay.js';

const OUTBOX_QUEUES = Symbol('OUTBOX_QUEUES');

/**
 * What producers call (docs/decisions/0018-transactional-outbox.md): `stage` writes a job into the
 * outbox inside the transaction of the change that causes it. An injectable rather than the bare
 * function so that unit tests of a service hand it a fake.
 */
@Injectable()
export class Outbox {
  private readonly logger = new Logger(Outbox.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly relay: OutboxRelay,
  ) {}

  stage(manager: EntityManager, job: OutboxJob | readonly OutboxJob[]): Promise<void> {
    return stageOutboxJob(manager, job);
  }

  /**
   * A job that follows no transaction of ours (a stock repair after a change that did not
   * commit): its own row, committed at once. When the database refuses even that (it is often
   * why the change failed), the job goes to BullMQ directly; if that fails too, it is logged.
   */
  async stageAlone(job: OutboxJob): Promise<void> {
    try {
      await stageOutboxJob(this.dataSource.manager, job);
    } catch (error) {
      this.logger.warn({ jobId: job.jobId, err: error }, 'job not written to the outbox; added to BullMQ directly');
      await this.relay.addNow(job);
    }
  }
}

/** The relay's settings from the service's validated config. */
export function outboxRelayOptions(config: ServiceConfig): OutboxRelayOptions {
  return {
    ...defaultOutboxRelayOptions,
    intervalMs: config.OUTBOX_RELAY_INTERVAL_MS,
    batchSize: config.OUTBOX_BATCH_SIZE,
    retentionDays: config.OUTBOX_RETENTION_DAYS,
    crashDir: config.FAULT_CRASH_DIR,
  };
}

/**
 * A service's transactional outbox: `Outbox` for its producers and the relay that publishes its
 * `<schema>.outbox` to the queues named here (each needs its migration creating the table).
 */
export class OutboxModule {
  static forService(config: ServiceConfig, queues: readonly string[]): DynamicModule {
    return {
      module: OutboxModule,
      global: true,
      imports: [BullModule.registerQueue(...queues.map((name) => ({ name })))],
      providers: [
        {
          provide: OUTBOX_QUEUES,
          useFactory: (...registered: Queue[]) => new Map(registered.map((queue) => [queue.name, queue])),
          inject: queues.map((name) => getQueueToken(name)),
        },
        {
          provide: OutboxRelay,
          useFactory: (dataSource: DataSource, registered: ReadonlyMap<string, Queue>) =>
            new OutboxRelay(dataSource, registered, outboxRelayOptions(config)),
          inject: [getDataSourceToken(), OUTBOX_QUEUES],
        },
        Outbox,
      ],
      exports: [Outbox, OutboxRelay],
    };
  }
}
