import {
  AiIntakeQueryDto,
  AppException,
  EMPTY_ORDER_TEXT_MESSAGE,
  ErrorCode,
  JobName,
  ParseSupplierInvoiceDto,
  Permission,
  TranscribeOrderDto,
  UploadOrderDto,
  type AiJobStatusDto,
  type OrderImageJobData,
  type OrderTextJobData,
  type OrderVoiceJobData,
  type RpcMeta,
  type SupplierInvoiceParseJobData,
} from '@erp/contracts';
import { Body, Controller, Get, Inject, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { RequirePermission, SignedIn } from '../auth/access.decorators.js';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { RequestMeta } from '../common/request-meta.decorator.js';
import { GatewayConfig } from '../config/gateway.config.js';
import { AiJobsService } from './ai-jobs.service.js';
import { keepIntakeFile, readIntakeUpload } from '@erp/common';

function emptyText(): never {
  throw new AppException(ErrorCode.ValidationFailed, EMPTY_ORDER_TEXT_MESSAGE, {
    fields: [{ field: 'orderText', messages: [EMPTY_ORDER_TEXT_MESSAGE] }],
  });
}

/**
 * AI intake (docs/api/ai-intake.md): each call checks its input here (files: CONTRACT §6 limits
 * on the decoded bytes and their real type, so a refused upload never reaches Redis), keeps the
 * file, adds a job to the ai-parse queue and waits for it, or with `?wait=false` answers 202
 * `{ jobId }` for the dialog to poll.
 */
@Controller()
export class AiIntakeController {
  constructor(
    private readonly jobs: AiJobsService,
    @Inject(GatewayConfig) private readonly config: GatewayConfig,
  ) {}

  @RequirePermission(Permission.OrdersWrite)
  @Post('orders/upload')
  async upload(
    @Body() dto: UploadOrderDto,
    @Query() query: AiIntakeQueryDto,
    @RequestMeta() meta: RpcMeta,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const text = dto.orderText?.trim() ?? '';
    if (dto.imageBase64 !== undefined) {
      if (text !== '') {
        throw new AppException(ErrorCode.ValidationFailed, 'Send orderText or imageBase64, not both', {
          fields: [{ field: 'imageBase64', messages: ['Send orderText or imageBase64, not both'] }],
        });
      }
      const upload = readIntakeUpload(dto.imageBase64, 'imageBase64', 'document');
      const file = await keepIntakeFile(this.config.ERP_DATA_DIR, upload, 'orders');
      await this.answer(reply, query, JobName.ParseOrderImage, { file } satisfies OrderImageJobData, meta);
      return;
    }
    if (text === '') emptyText();
    await this.answer(reply, query, JobName.ParseOrderText, { text } satisfies OrderTextJobData, meta);
  }

  @RequirePermission(Permission.OrdersWrite)
  @Post('orders/transcribe')
  async transcribe(
    @Body() dto: TranscribeOrderDto,
    @Query() query: AiIntakeQueryDto,
    @RequestMeta() meta: RpcMeta,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const upload = readIntakeUpload(dto.audioBase64, 'audioBase64', 'audio');
    const file = await keepIntakeFile(this.config.ERP_DATA_DIR, upload, 'orders');
    const data: OrderVoiceJobData = { file, mimeType: dto.mimeType ?? null, language: dto.language ?? null };
    await this.answer(reply, query, JobName.ParseOrderVoice, data, meta);
  }

  @RequirePermission(Permission.StockWrite)
  @Post('stock/supplier-invoices/parse')
  async parseSupplierInvoice(
    @Body() dto: ParseSupplierInvoiceDto,
    @Query() query: AiIntakeQueryDto,
    @RequestMeta() meta: RpcMeta,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const upload = readIntakeUpload(dto.fileBase64, 'fileBase64', 'document');
    const file = await keepIntakeFile(this.config.ERP_DATA_DIR, upload, 'supplier-invoices');
    await this.answer(reply, query, JobName.ParseSupplierInvoice, { file } satisfies SupplierInvoiceParseJobData, meta);
  }

  /** A job's state, progress and, once done, its answer or error; only for the user who started it. */
  @SignedIn()
  @Get('ai-jobs/:jobId')
  job(@Param('jobId', ParseIdPipe) jobId: string, @RequestMeta() meta: RpcMeta): Promise<AiJobStatusDto> {
    return this.jobs.status(jobId, meta.userId);
  }

  private async answer<T>(
    reply: FastifyReply,
    query: AiIntakeQueryDto,
    name: JobName,
    data: T,
    meta: RpcMeta,
  ): Promise<void> {
    const job = await this.jobs.add(name, data, meta);
    if (query.wait === false) {
      await reply.status(202).send({ jobId: job.id });
      return;
    }
    await reply.status(200).send(await this.jobs.result(job));
  }
}
