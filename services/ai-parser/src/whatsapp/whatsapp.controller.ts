import {
  AiParserPatterns,
  InboxQueryDto,
  UpdateWhatsappSettingsDto,
  type ConfirmInboxDraftDto,
  type DismissInboxDraftDto,
  type InboxConfirmedDto,
  type InboxDecisionRequest,
  type InboxDraftDto,
  type PageDto,
  type RpcMeta,
  type WhatsappChallengeDto,
  type WhatsappConnectionTestDto,
  type WhatsappDeliveryDto,
  type WhatsappSettingsDto,
} from '@erp/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InboxService } from './inbox.service.js';
import { WhatsappReceiverService } from './whatsapp-receiver.service.js';
import { WhatsappSettingsService } from './whatsapp-settings.service.js';

/** The WhatsApp channel's and the Inbox's message handlers (the gateway checked who may call). */
@Controller()
export class WhatsappController {
  constructor(
    private readonly settings: WhatsappSettingsService,
    private readonly receiver: WhatsappReceiverService,
    private readonly inbox: InboxService,
  ) {}

  @MessagePattern(AiParserPatterns.GetWhatsappSettings)
  getSettings(): Promise<WhatsappSettingsDto> {
    return this.settings.get();
  }

  @MessagePattern(AiParserPatterns.UpdateWhatsappSettings)
  updateSettings(
    @Payload('data') dto: UpdateWhatsappSettingsDto,
    @Payload('meta') meta: RpcMeta,
  ): Promise<WhatsappSettingsDto> {
    return this.settings.update(dto, meta.userId ?? null);
  }

  @MessagePattern(AiParserPatterns.TestWhatsappConnection)
  test(): Promise<WhatsappConnectionTestDto> {
    return this.settings.test();
  }

  @MessagePattern(AiParserPatterns.VerifyWhatsappWebhook)
  verify(@Payload('data') dto: WhatsappChallengeDto): Promise<{ challenge: string }> {
    return this.receiver.verify(dto);
  }

  @MessagePattern(AiParserPatterns.ReceiveWhatsappDelivery)
  receive(@Payload('data') dto: WhatsappDeliveryDto, @Payload('meta') meta: RpcMeta): Promise<{ deliveryId: string }> {
    return this.receiver.receive(dto, meta);
  }

  @MessagePattern(AiParserPatterns.ListInbox)
  list(@Payload('data') query: InboxQueryDto, @Payload('meta') meta: RpcMeta): Promise<PageDto<InboxDraftDto>> {
    return this.inbox.list(query, meta);
  }

  @MessagePattern(AiParserPatterns.ConfirmInboxDraft)
  confirm(
    @Payload('data') request: InboxDecisionRequest<ConfirmInboxDraftDto>,
    @Payload('meta') meta: RpcMeta,
  ): Promise<InboxConfirmedDto> {
    return this.inbox.confirm(request, meta);
  }

  @MessagePattern(AiParserPatterns.DismissInboxDraft)
  dismiss(
    @Payload('data') request: InboxDecisionRequest<DismissInboxDraftDto>,
    @Payload('meta') meta: RpcMeta,
  ): Promise<InboxDraftDto> {
    return this.inbox.dismiss(request, meta);
  }
}
