import type { ClientProxy } from '@nestjs/microservices';
import type { RpcMeta } from '../rpc.js';
import { ServiceClient } from '../service-client.js';
import { ServiceName } from '../services.js';
import { AiParserPatterns } from './ai-parser.patterns.js';
import type { PageDto } from '../common/page-query.dto.js';
import type { RememberPhrasesDto, RememberPhrasesResultDto } from './client-memory.dto.js';
import type {
  ConfirmInboxDraftDto,
  DismissInboxDraftDto,
  InboxConfirmedDto,
  InboxDecisionRequest,
  InboxDraftDto,
  InboxQueryDto,
  UpdateWhatsappSettingsDto,
  WhatsappChallengeDto,
  WhatsappConnectionTestDto,
  WhatsappDeliveryDto,
  WhatsappSettingsDto,
} from './whatsapp.dto.js';

/** Typed RPC client of the ai-parser service. Parsing itself goes through the `ai-parse` queue. */
export class AiParserClient extends ServiceClient {
  constructor(proxy: ClientProxy, timeoutMs?: number) {
    super(ServiceName.AiParser, proxy, timeoutMs);
  }

  /** Remembers a confirmed order's wording for its client (client memory, docs/decisions/0012). */
  remember(dto: RememberPhrasesDto, meta: RpcMeta): Promise<RememberPhrasesResultDto> {
    return this.send(AiParserPatterns.Remember, dto, meta);
  }

  getWhatsappSettings(meta: RpcMeta): Promise<WhatsappSettingsDto> {
    return this.send(AiParserPatterns.GetWhatsappSettings, {}, meta);
  }

  updateWhatsappSettings(dto: UpdateWhatsappSettingsDto, meta: RpcMeta): Promise<WhatsappSettingsDto> {
    return this.send(AiParserPatterns.UpdateWhatsappSettings, dto, meta);
  }

  testWhatsappConnection(meta: RpcMeta): Promise<WhatsappConnectionTestDto> {
    return this.send(AiParserPatterns.TestWhatsappConnection, {}, meta);
  }

  /** The challenge to answer Meta with; 403 WHATSAPP_VERIFY_FAILED when the token is not ours. */
  verifyWhatsappWebhook(dto: WhatsappChallengeDto, meta: RpcMeta): Promise<{ challenge: string }> {
    return this.send(AiParserPatterns.VerifyWhatsappWebhook, dto, meta);
  }

  /** Kept and queued; 401 WHATSAPP_SIGNATURE_INVALID when the signature is not the app secret's. */
  receiveWhatsappDelivery(dto: WhatsappDeliveryDto, meta: RpcMeta): Promise<{ deliveryId: string }> {
    return this.send(AiParserPatterns.ReceiveWhatsappDelivery, dto, meta);
  }

  listInbox(query: InboxQueryDto, meta: RpcMeta): Promise<PageDto<InboxDraftDto>> {
    return this.send(AiParserPatterns.ListInbox, query, meta);
  }

  confirmInboxDraft(request: InboxDecisionRequest<ConfirmInboxDraftDto>, meta: RpcMeta): Promise<InboxConfirmedDto> {
    return this.send(AiParserPatterns.ConfirmInboxDraft, request, meta);
  }

  dismissInboxDraft(request: InboxDecisionRequest<DismissInboxDraftDto>, meta: RpcMeta): Promise<InboxDraftDto> {
    return this.send(AiParserPatterns.DismissInboxDraft, request, meta);
  }
}
