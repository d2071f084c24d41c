import { InjectQueue, Processor, WorkerHost, BullModule } from '@nestjs/bullmq';
import { Injectable, Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createTestRedisPrefix, deleteRedisPrefix, testRedisUrl } from '@erp/testing';
import { QueueEvents, type Job, type Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultJobOptions, QueuesModule } from '../src/index.js';

const queueName = 'foundation-probe';

/** What the worker saw, in order: proves each job ran, how often, and with what. */
const processed: Array<{ id: string; attempt: number; data: { text: string; failTimes: number } }> = [];

@Processor(queueName)
class ProbeProcessor extends WorkerHost {
  async process(job: Job<{ text: string; failTimes: number }>): Promise<string> {
    processed.push({ id: job.id ?? '', attempt: job.attemptsMade + 1, data: job.data });
    if (job.attemptsMade < job.data.failTimes) throw new Error(`failing on purpose (attempt ${job.attemptsMade + 1})`);
    return job.data.text.toUpperCase();
  }
}

@Injectable()
class ProbeProducer {
  constructor(@InjectQueue(queueName) readonly queue: Queue) {}
}

describe('QueuesModule with real Redis and BullMQ', () => {
  const prefix = createTestRedisPrefix();
  let app: INestApplicationContext;
  let producer: ProbeProducer;
  let events: QueueEvents;

  beforeAll(async () => {
    @Module({
      imports: [QueuesModule.forRoot(testRedisUrl(), prefix), BullModule.registerQueue({ name: queueName })],
      providers: [ProbeProcessor, ProbeProducer],
    })
    class ProbeModule {}

    app = await NestFactory.createApplicationContext(ProbeModule, { logger: false });
    await app.init();
    producer = app.get(ProbeProducer);
    events = new QueueEvents(queueName, { connection: { url: testRedisUrl() }, prefix: `${prefix}:bull` });
    await events.waitUntilReady();
  });

  afterAll(async () => {
    await events?.close();
    await app?.close();
    await deleteRedisPrefix(prefix);
  });

  it('uses the shared defaults: retries with exponential backoff, failures kept', async () => {
    const job = await producer.queue.add('probe', { text: 'defaults', failTimes: 0 });
    expect(job.opts.attempts).toBe(defaultJobOptions.attempts);
    expect(job.opts.backoff).toEqual({ type: 'exponential', delay: 1_000 });
    expect(job.opts.removeOnFail).toBe(false);
    await job.waitUntilFinished(events, 10_000);
  });

  it('keeps queues under the configured prefix, so test files and systems never share them', async () => {
    const job = await producer.queue.add('probe', { text: 'prefixed', failTimes: 0 });
    await job.waitUntilFinished(events, 10_000);
    const redis = new Redis(testRedisUrl());
    try {
      expect(await redis.exists(`${prefix}:bull:${queueName}:meta`)).toBe(1);
      expect(await redis.exists(`bull:${queueName}:meta`)).toBe(0);
    } finally {
      redis.disconnect();
    }
  });

  it('runs a job through a worker and returns its result', async () => {
    const job = await producer.queue.add('probe', { text: 'marhaba', failTimes: 0 }, { jobId: 'order-1' });
    expect(await job.waitUntilFinished(events, 10_000)).toBe('MARHABA');
    expect(processed.filter((entry) => entry.id === 'order-1')).toHaveLength(1);
  });

  it('treats a repeated jobId as the same job: the work is done once', async () => {
    const first = await producer.queue.add('probe', { text: 'once', failTimes: 0 }, { jobId: 'order-2' });
    const second = await producer.queue.add('probe', { text: 'twice', failTimes: 0 }, { jobId: 'order-2' });
    expect(second.id).toBe(first.id);
    await first.waitUntilFinished(events, 10_000);
    const runs = processed.filter((entry) => entry.id === 'order-2');
    expect(runs).toHaveLength(1);
    expect(runs[0]?.data.text).toBe('once');
  });

  it('retries a failing job until it succeeds', async () => {
    const job = await producer.queue.add(
      'probe',
      { text: 'retry', failTimes: 2 },
      { jobId: 'order-3', backoff: { type: 'fixed', delay: 10 } },
    );
    expect(await job.waitUntilFinished(events, 10_000)).toBe('RETRY');
    expect(processed.filter((entry) => entry.id === 'order-3').map((entry) => entry.attempt)).toEqual([1, 2, 3]);
  });
});
