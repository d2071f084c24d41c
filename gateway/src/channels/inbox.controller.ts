import {
  AiParserClient,
  ConfirmInboxDraftDto,
  DismissInboxDraftDto,
  InboxQueryDto,
  Permission,
  type InboxConfirmedDto,
  type InboxDraftDto,
  type RpcMeta,
} from '@erp/contracts';
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RequirePermission } from '../auth/access.decorators.js';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { RequestMeta } from '../common/request-meta.decorator.js';
import { requestFingerprint } from '../common/request-fingerprint.js';
import { GatewayConfig } from '../config/gateway.config.js';

/**
 * The Inbox (CONTRACT §15): WhatsApp messages read into drafts, waiting for a clerk. Seen with
 * orders:read; confirmed into an order or dismissed with orders:write.
 */
@Controller('inbox')
export class InboxController {
  constructor(
    private readonly aiParser: AiParserClient,
    @Inject(GatewayConfig) private readonly config: GatewayConfig,
  ) {}

  /** Newest first, narrowed by `status`; X-Total-Count is the number that matches (the sidebar's badge). */
  @RequirePermission(Permission.OrdersRead)
  @Get()
  async list(
    @Query() query: InboxQueryDto,
    @RequestMeta() meta: RpcMeta,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<InboxDraftDto[]> {
    const page = await this.aiParser.listInbox(query, meta);
    void reply.header('x-total-count', String(page.total));
    return page.items;
  }

  /**
   * A pending order from the confirm dialog's body; once per draft, however often it is sent
   * (two clerks, a retry): the order's idempotency key is the draft's id. 409 INBOX_DRAFT_NOT_WAITING
   * when it was confirmed or dismissed already.
   */
  @RequirePermission(Permission.OrdersWrite)
  @Post(':id/confirm')
  @HttpCode(200)
  confirm(
    @Param('id', ParseIdPipe) id: string,
    @Body() dto: ConfirmInboxDraftDto,
    @Req() request: FastifyRequest,
    @RequestMeta() meta: RpcMeta,
  ): Promise<InboxConfirmedDto> {
    const idempotency = {
      scope: 'inbox',
      key: id,
      requestHash: requestFingerprint(request.body),
      ttlSeconds: this.config.IDEMPOTENCY_TTL_SECONDS,
    };
    return this.aiParser.confirmInboxDraft({ id, decision: dto, idempotency }, meta);
  }

  @RequirePermission(Permission.OrdersWrite)
  @Post(':id/dismiss')
  @HttpCode(200)
  dismiss(
    @Param('id', ParseIdPipe) id: string,
    @Body() dto: DismissInboxDraftDto,
    @RequestMeta() meta: RpcMeta,
  ): Promise<InboxDraftDto> {
    return this.aiParser.dismissInboxDraft({ id, decision: dto }, meta);
  }
}
