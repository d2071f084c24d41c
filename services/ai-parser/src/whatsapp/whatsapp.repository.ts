import type {
  IntakeFileRef,
  InboxMessageKind,
  InboxStatus,
  OrderParseResultDto,
  WhatsappReplyStatus,
} from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { InboundMessage } from './webhook-payload.js';

/** The stored settings, secrets still sealed. */
export interface SettingsRow {
  phone_number_id: string;
  access_token_sealed: string | null;
  app_secret_sealed: string | null;
  verify_token_sealed: string | null;
  graph_base_url: string;
  confirmation_template: string | null;
  template_language: string;
  updated_at: Date;
}

export interface DraftRow {
  id: string;
  message_id: string;
  delivery_id: string;
  kind: InboxMessageKind;
  sender: string;
  sender_name: string | null;
  received_at: Date;
  status: InboxStatus;
  text: string | null;
  media_id: string | null;
  media_type: string | null;
  file: IntakeFileRef | null;
  file_problem: string | null;
  client_id: string | null;
  reading: OrderParseResultDto | null;
  read_problem: string | null;
  order_id: string | null;
  order_number: string | null;
  dismiss_reason: string | null;
  decided_at: Date | null;
  decided_by: string | null;
  reply_status: WhatsappReplyStatus | null;
  reply_kind: 'text' | 'template' | null;
  reply_error: string | null;
  reply_updated_at: Date | null;
}

export interface ReplyRow {
  id: string;
  draft_id: string;
  recipient: string;
  kind: 'text' | 'template';
  body: Record<string, unknown>;
  status: WhatsappReplyStatus;
  message_id: string | null;
}

/** What reading a draft found. */
export interface DraftReading {
  file: IntakeFileRef | null;
  fileProblem: string | null;
  clientId: string | null;
  reading: OrderParseResultDto | null;
  readProblem: string | null;
}

const draftColumns = `d.*, r.status AS reply_status, r.kind AS reply_kind, r.error AS reply_error,
  r.updated_at AS reply_updated_at`;
const draftFrom = `ai_parser.inbox_drafts d LEFT JOIN ai_parser.whatsapp_replies r ON r.draft_id = d.id`;

/** The channel's tables (migration 1797000000000), in SQL. */
@Injectable()
export class WhatsappRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async settings(): Promise<SettingsRow | null> {
    const rows: SettingsRow[] = await this.db.query(`SELECT * FROM ai_parser.whatsapp_settings WHERE id = 1`);
    return rows[0] ?? null;
  }

  async saveSettings(row: Omit<SettingsRow, 'updated_at'>, actorId: string | null): Promise<void> {
    await this.db.query(
      `INSERT INTO ai_parser.whatsapp_settings AS s (id, phone_number_id, access_token_sealed, app_secret_sealed,
         verify_token_sealed, graph_base_url, confirmation_template, template_language, updated_by)
       VALUES (1, $1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (id) DO UPDATE SET phone_number_id = $1, access_token_sealed = $2, app_secret_sealed = $3,
         verify_token_sealed = $4, graph_base_url = $5, confirmation_template = $6, template_language = $7,
         updated_by = $8, updated_at = now()`,
      [
        row.phone_number_id,
        row.access_token_sealed,
        row.app_secret_sealed,
        row.verify_token_sealed,
        row.graph_base_url,
        row.confirmation_template,
        row.template_language,
        actorId,
      ],
    );
  }

  async addDelivery(payload: string): Promise<string> {
    const rows: { id: string }[] = await this.db.query(
      `INSERT INTO ai_parser.whatsapp_deliveries (payload) VALUES ($1) RETURNING id`,
      [payload],
    );
    return rows[0]!.id;
  }

  async delivery(id: string): Promise<{ payload: string; processed_at: Date | null } | null> {
    const rows: { payload: string; processed_at: Date | null }[] = await this.db.query(
      `SELECT payload, processed_at FROM ai_parser.whatsapp_deliveries WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  async deliveryProcessed(id: string, problem: string | null): Promise<void> {
    await this.db.query(`UPDATE ai_parser.whatsapp_deliveries SET processed_at = now(), problem = $2 WHERE id = $1`, [
      id,
      problem,
    ]);
  }

  /** Deliveries kept but not yet worked, older than `olderThanMs` (their job was lost with Redis, say). */
  async unprocessedDeliveries(olderThanMs: number): Promise<string[]> {
    const rows: { id: string }[] = await this.db.query(
      `SELECT id FROM ai_parser.whatsapp_deliveries
       WHERE processed_at IS NULL AND received_at < now() - make_interval(secs => $1)
       ORDER BY received_at LIMIT 500`,
      [olderThanMs / 1000],
    );
    return rows.map((row) => row.id);
  }

  /** The draft of a message, made once per WhatsApp message id; null when it already exists. */
  async addDraft(deliveryId: string, message: InboundMessage): Promise<string | null> {
    const rows: { id: string }[] = await this.db.query(
      `INSERT INTO ai_parser.inbox_drafts (message_id, delivery_id, kind, sender, sender_name, received_at, text,
         media_id, media_type)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (message_id) DO NOTHING RETURNING id`,
      [
        message.messageId,
        deliveryId,
        message.kind,
        message.from,
        message.senderName,
        message.receivedAt,
        message.text,
        message.media?.id ?? null,
        message.media?.mimeType ?? null,
      ],
    );
    return rows[0]?.id ?? null;
  }

  /** Drafts of this message id still being read (a new one, or one whose reading was cut short). */
  async draftToRead(messageId: string): Promise<DraftRow | null> {
    const rows: DraftRow[] = await this.db.query(
      `SELECT ${draftColumns} FROM ${draftFrom} WHERE d.message_id = $1 AND d.status = 'reading'`,
      [messageId],
    );
    return rows[0] ?? null;
  }

  async draftRead(id: string, found: DraftReading): Promise<void> {
    await this.db.query(
      `UPDATE ai_parser.inbox_drafts SET status = 'waiting', file = $2, file_problem = $3, client_id = $4,
         reading = $5, read_problem = $6
       WHERE id = $1 AND status = 'reading'`,
      [
        id,
        found.file ? JSON.stringify(found.file) : null,
        found.fileProblem,
        found.clientId,
        found.reading ? JSON.stringify(found.reading) : null,
        found.readProblem,
      ],
    );
  }

  async draft(id: string): Promise<DraftRow | null> {
    const rows: DraftRow[] = await this.db.query(`SELECT ${draftColumns} FROM ${draftFrom} WHERE d.id = $1`, [id]);
    return rows[0] ?? null;
  }

  async drafts(
    status: InboxStatus | undefined,
    limit: number,
    offset: number,
  ): Promise<{ rows: DraftRow[]; total: number }> {
    const where = status ? `WHERE d.status = $3` : '';
    const params: unknown[] = [limit, offset, ...(status ? [status] : [])];
    const rows: DraftRow[] = await this.db.query(
      `SELECT ${draftColumns} FROM ${draftFrom} ${where} ORDER BY d.received_at DESC, d.id LIMIT $1 OFFSET $2`,
      params,
    );
    const counted: { total: string }[] = await this.db.query(
      `SELECT count(*) AS total FROM ai_parser.inbox_drafts d ${status ? 'WHERE d.status = $1' : ''}`,
      status ? [status] : [],
    );
    return { rows, total: Number(counted[0]?.total ?? 0) };
  }

  /** Marks a waiting draft confirmed; false when it no longer waits. */
  async confirmDraft(id: string, order: { id: string; orderNumber: string }, actorId: string | null): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `UPDATE ai_parser.inbox_drafts SET status = 'confirmed', order_id = $2, order_number = $3, decided_at = now(),
         decided_by = $4
       WHERE id = $1 AND status = 'waiting' RETURNING id`,
      [id, order.id, order.orderNumber, actorId],
    );
    return rows.length > 0;
  }

  async dismissDraft(id: string, reason: string, actorId: string | null): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `UPDATE ai_parser.inbox_drafts SET status = 'dismissed', dismiss_reason = $2, decided_at = now(), decided_by = $3
       WHERE id = $1 AND status = 'waiting' RETURNING id`,
      [id, reason, actorId],
    );
    return rows.length > 0;
  }

  /** The client found later for a waiting draft's number (one made, or given the number, after it arrived). */
  async setDraftClient(id: string, clientId: string): Promise<void> {
    await this.db.query(
      `UPDATE ai_parser.inbox_drafts SET client_id = $2 WHERE id = $1 AND client_id IS NULL AND status = 'waiting'`,
      [id, clientId],
    );
  }

  /** When this number last wrote to us (the 24-hour customer-service window starts there). */
  async lastMessageFrom(sender: string): Promise<Date | null> {
    const rows: { at: Date | null }[] = await this.db.query(
      `SELECT max(received_at) AS at FROM ai_parser.inbox_drafts WHERE sender = $1`,
      [sender],
    );
    return rows[0]?.at ?? null;
  }

  /** The reply of a draft, made once. */
  async addReply(draftId: string, recipient: string, kind: 'text' | 'template', body: object): Promise<string> {
    const rows: { id: string }[] = await this.db.query(
      `INSERT INTO ai_parser.whatsapp_replies (draft_id, recipient, kind, body) VALUES ($1, $2, $3, $4)
       ON CONFLICT (draft_id) DO UPDATE SET draft_id = EXCLUDED.draft_id RETURNING id`,
      [draftId, recipient, kind, JSON.stringify(body)],
    );
    return rows[0]!.id;
  }

  async reply(id: string): Promise<ReplyRow | null> {
    const rows: ReplyRow[] = await this.db.query(`SELECT * FROM ai_parser.whatsapp_replies WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  async replySent(id: string, messageId: string): Promise<void> {
    await this.db.query(
      `UPDATE ai_parser.whatsapp_replies SET status = 'sent', message_id = $2, error = NULL, updated_at = now()
       WHERE id = $1 AND status = 'queued'`,
      [id, messageId],
    );
  }

  async replyFailed(id: string, error: string): Promise<void> {
    await this.db.query(
      `UPDATE ai_parser.whatsapp_replies SET status = 'failed', error = $2, updated_at = now() WHERE id = $1`,
      [id, error],
    );
  }

  /** Replies still queued after `olderThanMs` (their job was lost). */
  async queuedReplies(olderThanMs: number): Promise<string[]> {
    const rows: { id: string }[] = await this.db.query(
      `SELECT id FROM ai_parser.whatsapp_replies
       WHERE status = 'queued' AND created_at < now() - make_interval(secs => $1) ORDER BY created_at LIMIT 500`,
      [olderThanMs / 1000],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Meta's news of a reply: statuses only move forward (sent → delivered → read), as callbacks
   * may arrive out of order; `failed` is final.
   */
  async replyStatus(messageId: string, status: WhatsappReplyStatus, error: string | null): Promise<void> {
    await this.db.query(
      `UPDATE ai_parser.whatsapp_replies SET status = $2, error = COALESCE($3, error), updated_at = now()
       WHERE message_id = $1 AND status <> 'failed'
         AND array_position(ARRAY['queued','sent','delivered','read','failed'], $2::text)
           > array_position(ARRAY['queued','sent','delivered','read','failed'], status)`,
      [messageId, status, error],
    );
  }
}
