import {
  AI_JOB_ERROR_PREFIX,
  AI_TIMEOUT_MESSAGE,
  AiErrorCode,
  AppException,
  ErrorCode,
  isRpcErrorPayload,
  QueueName,
  type AiJobProgressDto,
  type AiJobStatusDto,
  type AiParseJobData,
  type AiParseResultDto,
  type JobName,
  type RpcMeta,
} from '@erp/contracts';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { QueueEvents, type Job, type Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { GatewayConfig } from '../config/gateway.config.js';

/** A job's record (result or error) is kept for an hour (docs/api/ai-intake.md). */
const KEEP_SECONDS = 3600;

type AiJob = Job<AiParseJobData, AiParseResultDto>;

const logger = new Logger('AiJobs');

/** The AppException a failed job carried (see the ai-parser's AiParseProcessor); anything else is a fault. */
export function errorOfFailedJob(failedReason: string | undefined): AppException {
  if (failedReason?.startsWith(AI_JOB_ERROR_PREFIX)) {
    try {
      const payload: unknown = JSON.parse(failedReason.slice(AI_JOB_ERROR_PREFIX.length));
      if (isRpcErrorPayload(payload)) return AppException.fromRpc(payload);
    } catch {
      // fall through: not ours
    }
  }
  logger.error(`ai-parse job failed without an answer: ${failedReason ?? '(no reason)'}`);
  return new AppException(ErrorCode.Internal, 'Reading failed');
}

function progressOf(job: AiJob): AiJobProgressDto | null {
  const progress = job.progress as unknown;
  if (typeof progress !== 'object' || progress === null) return null;
  const { step, percent } = progress as Record<string, unknown>;
  return typeof step === 'string' && typeof percent === 'number' ? (progress as AiJobProgressDto) : null;
}

/**
 * The gateway's side of the ai-parse queue: adds a job (a uuid for its id, one attempt: someone is
 * waiting), waits for it through QueueEvents, or reports it to the user who started it.
 */
@Injectable()
export class AiJobsService implements OnApplicationBootstrap, OnModuleDestroy {
  private events: QueueEvents | null = null;

  constructor(
    @InjectQueue(QueueName.AiParse) private readonly queue: Queue<AiParseJobData, AiParseResultDto>,
    @Inject(GatewayConfig) private readonly config: GatewayConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.events = new QueueEvents(QueueName.AiParse, {
      connection: this.queue.opts.connection,
      prefix: this.queue.opts.prefix,
    });
    await this.events.waitUntilReady();
  }

  async onModuleDestroy(): Promise<void> {
    await this.events?.close();
  }

  add<T>(name: JobName, data: T, meta: RpcMeta): Promise<AiJob> {
    return this.queue.add(name, { meta, data } as AiParseJobData, {
      jobId: randomUUID(),
      attempts: 1,
      removeOnComplete: { age: KEEP_SECONDS },
      removeOnFail: { age: KEEP_SECONDS },
    }) as Promise<AiJob>;
  }

  /**
   * The job's answer, or its error as the same AppException. Past AI_WAIT_TIMEOUT_MS: 503
   * AI_TIMEOUT; a job nobody started yet is dropped then, a running one finishes for the poller.
   */
  async result(job: AiJob): Promise<AiParseResultDto> {
    try {
      return await job.waitUntilFinished(this.events!, this.config.AI_WAIT_TIMEOUT_MS);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (message.startsWith(AI_JOB_ERROR_PREFIX)) throw errorOfFailedJob(message);
      const state = await job.getState();
      if (state === 'failed' || state === 'completed') {
        const settled = (await this.queue.getJob(job.id!)) as AiJob | undefined;
        if (state === 'completed' && settled) return settled.returnvalue;
        throw errorOfFailedJob(settled?.failedReason ?? message);
      }
      if (state !== 'active') await job.remove().catch(() => undefined);
      throw new AppException(AiErrorCode.Timeout, AI_TIMEOUT_MESSAGE, {
        jobId: job.id,
        waitedMs: this.config.AI_WAIT_TIMEOUT_MS,
      });
    }
  }

  /** GET /api/ai-jobs/{jobId}: only the user who started the job sees it (anyone else: 404). */
  async status(jobId: string, userId: string | undefined): Promise<AiJobStatusDto> {
    const job = (await this.queue.getJob(jobId)) as AiJob | undefined;
    if (!job || !userId || job.data?.meta?.userId !== userId) {
      throw new AppException(AiErrorCode.JobNotFound, 'Job not found', { jobId });
    }
    const state = await job.getState();
    // The job may have finished between the two reads: its answer is then read again.
    const settled =
      state === 'completed' || state === 'failed'
        ? (((await this.queue.getJob(jobId)) as AiJob | undefined) ?? job)
        : job;
    const status: AiJobStatusDto = {
      jobId,
      state: state === 'completed' || state === 'failed' || state === 'active' ? state : 'waiting',
      progress: progressOf(settled),
    };
    if (state === 'completed') status.result = settled.returnvalue;
    if (state === 'failed') {
      const error = errorOfFailedJob(settled.failedReason);
      status.error = { status: error.status, ...error.toBody() };
    }
    return status;
  }
}
