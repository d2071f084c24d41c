import {
  AiErrorCode,
  AppException,
  IdentityClient,
  OrdersClient,
  QueueName,
  JobName,
  type ClientDto,
  type ConfirmInboxDraftDto,
  type DismissInboxDraftDto,
  type InboxConfirmedDto,
  type InboxDecisionRequest,
  type InboxDraftDto,
  type InboxQueryDto,
  type OrderDto,
  type PageDto,
  type RpcMeta,
} from '@erp/contracts';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { ClientMemoryService } from '../memory/client-memory.service.js';
import { confirmationReply, REPLY_WINDOW_MS } from './confirmation-reply.js';
import { WhatsappRepository, type DraftRow } from './whatsapp.repository.js';
import { WhatsappSettingsService } from './whatsapp-settings.service.js';

const INBOX_DEFAULT_LIMIT = 50;

/**
 * The Inbox (CONTRACT §15): drafts newest first; a waiting draft is confirmed into a pending
 * order (once, however often it is sent) or dismissed with a reason. Confirming can queue a
 * bilingual confirmation to the client on WhatsApp.
 */
@Injectable()
export class InboxService {
  private readonly logger = new Logger(InboxService.name);

  constructor(
    private readonly repository: WhatsappRepository,
    private readonly settings: WhatsappSettingsService,
    private readonly orders: OrdersClient,
    private readonly identity: IdentityClient,
    private readonly memory: ClientMemoryService,
    @InjectQueue(QueueName.Whatsapp) private readonly queue: Queue,
  ) {}

  async list(query: InboxQueryDto, meta: RpcMeta): Promise<PageDto<InboxDraftDto>> {
    const { rows, total } = await this.repository.drafts(
      query.status,
      query.limit ?? INBOX_DEFAULT_LIMIT,
      query.offset ?? 0,
    );
    await this.matchLateClients(rows, meta);
    const clients = await this.clientsOf(rows, meta);
    return { items: rows.map((row) => toDraftDto(row, clients)), total };
  }

  async confirm(request: InboxDecisionRequest<ConfirmInboxDraftDto>, meta: RpcMeta): Promise<InboxConfirmedDto> {
    const draft = await this.waitingDraft(request.id);
    const { sendConfirmation, ...order } = request.decision;
    const created = await this.orders.createOrder(
      { ...order, ...(request.idempotency ? { idempotency: request.idempotency } : {}) },
      meta,
    );
    // A second confirmation of the same draft got the same order (its idempotency): only one marks it.
    await this.repository.confirmDraft(draft.id, created, meta.userId ?? null);
    await this.rememberWording(order, created, meta);
    if (sendConfirmation) await this.queueReply(draft, created, meta);
    return { draft: await this.answer(draft.id, meta), order: created };
  }

  async dismiss(request: InboxDecisionRequest<DismissInboxDraftDto>, meta: RpcMeta): Promise<InboxDraftDto> {
    const draft = await this.waitingDraft(request.id);
    if (!(await this.repository.dismissDraft(draft.id, request.decision.reason, meta.userId ?? null))) {
      throw notWaiting((await this.repository.draft(draft.id)) ?? draft);
    }
    return this.answer(draft.id, meta);
  }

  private async waitingDraft(id: string): Promise<DraftRow> {
    const draft = await this.repository.draft(id);
    if (!draft) throw new AppException(AiErrorCode.InboxDraftNotFound, 'No such message in the Inbox', { id });
    if (draft.status !== 'waiting') throw notWaiting(draft);
    return draft;
  }

  /**
   * The reply, kept before it is queued (a lost job is queued again by the sweeper): free text
   * within 24 hours of the client's last message, else the configured template; with neither, it
   * is kept as failed with the reason, for the clerk to see.
   */
  private async queueReply(draft: DraftRow, order: OrderDto, meta: RpcMeta): Promise<void> {
    const channel = await this.settings.channel();
    const last = await this.repository.lastMessageFrom(draft.sender);
    const insideWindow = last !== null && Date.now() - new Date(last).getTime() < REPLY_WINDOW_MS;
    const currency = await this.identity.getSettings(meta).then(
      (company) => company.currency,
      () => undefined,
    );
    const reply = confirmationReply(order, insideWindow, channel, currency);
    const replyId = await this.repository.addReply(draft.id, draft.sender, reply.kind, reply.body);
    if ('problem' in reply) {
      await this.repository.replyFailed(replyId, reply.problem);
      return;
    }
    await this.queue
      .add(JobName.WhatsappReply, { meta, data: { replyId } }, { jobId: `reply-${replyId}` })
      .catch((error: unknown) => {
        // Kept: the sweeper queues it again once Redis is back.
        this.logger.warn({ requestId: meta.requestId, replyId, err: error }, 'whatsapp reply not queued yet');
      });
  }

  /** The confirmed lines' wording, remembered for the client's next message (as the AI dialog's are). */
  private async rememberWording(order: ConfirmInboxDraftDto, created: OrderDto, meta: RpcMeta): Promise<void> {
    const pairs = order.items.flatMap((item) =>
      item.phrase && item.stockItemId ? [{ phrase: item.phrase, stockItemId: item.stockItemId }] : [],
    );
    if (pairs.length === 0) return;
    await this.memory
      .remember({ clientId: created.clientId ?? undefined, clientName: created.clientName, pairs }, meta.userId ?? null)
      .catch((error: unknown) => this.logger.warn({ requestId: meta.requestId, err: error }, 'wording not remembered'));
  }

  private async answer(id: string, meta: RpcMeta): Promise<InboxDraftDto> {
    const row = (await this.repository.draft(id))!;
    return toDraftDto(row, await this.clientsOf([row], meta));
  }

  /**
   * Waiting drafts whose number had no client when they arrived: the client made for it since (from
   * the Inbox, or given the number on its form) is theirs now. One lookup per number.
   */
  private async matchLateClients(rows: DraftRow[], meta: RpcMeta): Promise<void> {
    const unmatched = rows.filter((row) => row.status === 'waiting' && !row.client_id);
    const senders = [...new Set(unmatched.map((row) => row.sender))];
    const found = new Map<string, string>();
    await Promise.all(
      senders.map(async (sender) => {
        try {
          const client = await this.orders.findClientByWhatsapp(sender, meta);
          if (client) found.set(sender, client.id);
        } catch (error) {
          if (!(error instanceof AppException)) throw error;
        }
      }),
    );
    for (const row of unmatched) {
      const clientId = found.get(row.sender);
      if (!clientId) continue;
      await this.repository.setDraftClient(row.id, clientId);
      row.client_id = clientId;
    }
  }

  /** The matched clients' names, by id; the orders service down leaves them as ids only. */
  private async clientsOf(rows: DraftRow[], meta: RpcMeta): Promise<Map<string, ClientDto>> {
    const ids = [...new Set(rows.flatMap((row) => (row.client_id ? [row.client_id] : [])))];
    const found = new Map<string, ClientDto>();
    await Promise.all(
      ids.map(async (id) => {
        try {
          found.set(id, await this.orders.getClient(id, meta));
        } catch (error) {
          if (!(error instanceof AppException)) throw error;
        }
      }),
    );
    return found;
  }
}

function notWaiting(draft: DraftRow): AppException {
  const why =
    draft.status === 'reading'
      ? 'This message is still being read'
      : draft.status === 'confirmed'
        ? 'This message was already confirmed into an order'
        : 'This message was dismissed';
  return new AppException(AiErrorCode.InboxDraftNotWaiting, why, {
    id: draft.id,
    status: draft.status,
    orderId: draft.order_id,
  });
}

const iso = (value: Date | null): string | null => (value ? new Date(value).toISOString() : null);

export function toDraftDto(row: DraftRow, clients: Map<string, ClientDto>): InboxDraftDto {
  const client = row.client_id ? clients.get(row.client_id) : undefined;
  return {
    id: row.id,
    channel: 'whatsapp',
    messageId: row.message_id,
    kind: row.kind,
    from: row.sender,
    senderName: row.sender_name,
    receivedAt: new Date(row.received_at).toISOString(),
    status: row.status,
    text: row.text,
    fileUrl: row.file?.url ?? null,
    fileProblem: row.file_problem,
    client: row.client_id
      ? {
          id: row.client_id,
          name: client?.name ?? '',
          nameAr: client?.nameAr ?? null,
          phone: client?.phone ?? null,
        }
      : null,
    reading: row.reading,
    readProblem: row.read_problem,
    orderId: row.order_id,
    orderNumber: row.order_number,
    dismissReason: row.dismiss_reason,
    decidedAt: iso(row.decided_at),
    decidedBy: row.decided_by,
    reply:
      row.reply_status && row.reply_kind
        ? {
            status: row.reply_status,
            kind: row.reply_kind,
            error: row.reply_error,
            updatedAt: iso(row.reply_updated_at)!,
          }
        : null,
  };
}
