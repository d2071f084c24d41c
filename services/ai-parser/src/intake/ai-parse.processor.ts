import {
  AI_JOB_ERROR_PREFIX,
  AI_TIMEOUT_MESSAGE,
  AiErrorCode,
  AppException,
  ErrorCode,
  JobName,
  QueueName,
  type AiParseJobData,
  type AiParseResultDto,
  type AiProgressStep,
  type OrderImageJob,
  type OrderTextJob,
  type OrderVoiceJob,
  type SupplierInvoiceParseJob,
} from '@erp/contracts';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { UnrecoverableError, type Job } from 'bullmq';
import { AiParserConfig } from '../ai-parser.config.js';
import { DocumentIntakeService } from './document-intake.service.js';
import type { JobContext } from './job-context.js';
import { OrderIntakeService } from './order-intake.service.js';

/** A failed job's AppException in the only place BullMQ keeps it (failedReason); the gateway reads it back. */
export function jobFailure(error: AppException): UnrecoverableError {
  return new UnrecoverableError(`${AI_JOB_ERROR_PREFIX}${JSON.stringify(error.toRpc())}`);
}

/**
 * Works the ai-parse queue (docs/decisions/0012): AI_CONCURRENCY jobs at once, each bounded by
 * AI_JOB_TIMEOUT_MS. Past it the job fails with AI_TIMEOUT at once and its signal aborts whatever
 * it was waiting for (an engine call, ffmpeg, pocketsphinx), so a hung engine never holds a
 * worker slot. Failures are not retried: someone is waiting for the answer.
 */
@Processor(QueueName.AiParse)
export class AiParseProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(AiParseProcessor.name);

  constructor(
    @Inject(AiParserConfig) private readonly config: AiParserConfig,
    private readonly orders: OrderIntakeService,
    private readonly documents: DocumentIntakeService,
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    this.worker.concurrency = this.config.AI_CONCURRENCY;
  }

  async process(job: Job<AiParseJobData>): Promise<AiParseResultDto> {
    const started = performance.now();
    const controller = new AbortController();
    const timeoutMs = this.config.AI_JOB_TIMEOUT_MS;
    const timer = setTimeout(
      () => controller.abort(new AppException(AiErrorCode.Timeout, AI_TIMEOUT_MESSAGE, { timeoutMs })),
      timeoutMs,
    );
    const aborted = new Promise<never>((_resolve, reject) => {
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason as Error), { once: true });
    });
    aborted.catch(() => undefined);
    const context: JobContext = {
      signal: controller.signal,
      deadline: Date.now() + timeoutMs,
      progress: (step: AiProgressStep, percent: number) => {
        job.updateProgress({ step, percent }).catch(() => undefined);
      },
    };
    try {
      const result = await Promise.race([this.run(job, context), aborted]);
      this.logger.log(
        {
          requestId: job.data.meta.requestId,
          jobId: job.id,
          kind: job.name,
          ms: Math.round(performance.now() - started),
        },
        'ai-parse job done',
      );
      return result;
    } catch (error) {
      throw this.failure(job, error);
    } finally {
      clearTimeout(timer);
      // Anything still running for this job (a child process, a request) stops now.
      if (!controller.signal.aborted) controller.abort(new Error('job finished'));
    }
  }

  private run(job: Job<AiParseJobData>, context: JobContext): Promise<AiParseResultDto> {
    const meta = job.data.meta;
    switch (job.name) {
      case JobName.ParseOrderText:
        return this.orders.readOrder(
          (job.data as OrderTextJob).data.text,
          { source: 'text', quantitiesUncertain: false },
          meta,
          context,
        );
      case JobName.ParseOrderVoice:
        return this.orders.readVoice((job.data as OrderVoiceJob).data, meta, context);
      case JobName.ParseOrderImage:
        return this.documents.readOrderImage((job.data as OrderImageJob).data.file, meta, context);
      case JobName.ParseSupplierInvoice:
        return this.documents.readSupplierInvoice((job.data as SupplierInvoiceParseJob).data.file, meta, context);
      default:
        throw new AppException(ErrorCode.ValidationFailed, `Unknown ai-parse job ${job.name}`);
    }
  }

  private failure(job: Job<AiParseJobData>, error: unknown): UnrecoverableError {
    const meta = { requestId: job.data.meta.requestId, jobId: job.id, kind: job.name };
    if (error instanceof AppException) {
      this.logger.log({ ...meta, code: error.code }, `ai-parse job failed: ${error.message}`);
      return jobFailure(error);
    }
    this.logger.error({ ...meta, err: error }, 'ai-parse job failed');
    return jobFailure(new AppException(ErrorCode.Internal, 'Reading failed'));
  }
}
