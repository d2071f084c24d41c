import type { InboxMessageKind } from '@erp/contracts';

/**
 * Meta's webhook payload (WhatsApp Business Cloud API, field `messages`) read defensively: what
 * is not the shape documented is skipped with a note, never thrown on, since Meta is answered 200
 * whatever the body holds (CONTRACT §15).
 */

/** A message the Inbox takes: text, a voice note or other audio, a photo, a document. */
export interface InboundMessage {
  messageId: string;
  from: string;
  senderName: string | null;
  receivedAt: Date;
  kind: InboxMessageKind;
  /** The text, or the media's caption. */
  text: string | null;
  media: { id: string; mimeType: string | null; filename: string | null } | null;
}

/** Meta's news of a message we sent. */
export interface StatusUpdate {
  messageId: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  at: Date;
  error: string | null;
}

export interface WebhookContent {
  messages: InboundMessage[];
  statuses: StatusUpdate[];
  /** What was skipped and why (a sticker, a reaction, a malformed entry), for the log. */
  skipped: string[];
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** Meta's timestamps are Unix seconds as a string; anything else is now. */
function timeOf(value: unknown): Date {
  const seconds = typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : NaN;
  return Number.isFinite(seconds) ? new Date(seconds * 1000) : new Date();
}

const mediaKinds: Record<string, InboxMessageKind> = { audio: 'voice', image: 'image', document: 'document' };

function readMessage(message: Json, names: Map<string, string>): InboundMessage | string {
  const messageId = text(message.id);
  const from = text(message.from);
  const type = text(message.type) ?? 'unknown';
  if (!messageId || !from || !/^\d{6,20}$/.test(from)) return `a ${type} message without a valid id or sender`;
  const base = { messageId, from, senderName: names.get(from) ?? null, receivedAt: timeOf(message.timestamp) };
  if (type === 'text') {
    const body = isObject(message.text) ? text(message.text.body) : null;
    if (!body) return `text message ${messageId} without a body`;
    return { ...base, kind: 'text', text: body, media: null };
  }
  const kind = mediaKinds[type];
  if (!kind) return `${type} message ${messageId} (not an order)`;
  const media = message[type];
  const mediaId = isObject(media) ? text(media.id) : null;
  if (!isObject(media) || !mediaId) return `${type} message ${messageId} without a media id`;
  return {
    ...base,
    kind,
    text: text(media.caption),
    media: { id: mediaId, mimeType: text(media.mime_type), filename: text(media.filename) },
  };
}

const statuses = new Set(['sent', 'delivered', 'read', 'failed']);

function readStatus(status: Json): StatusUpdate | string {
  const messageId = text(status.id);
  const value = text(status.status);
  if (!messageId || !value || !statuses.has(value)) return `a status without an id or with status ${String(value)}`;
  const errors = list(status.errors).filter(isObject);
  const error = errors.length
    ? errors.map((entry) => [entry.code, text(entry.title) ?? text(entry.message)].filter(Boolean).join(' ')).join('; ')
    : null;
  return { messageId, status: value as StatusUpdate['status'], at: timeOf(status.timestamp), error };
}

/** The messages and statuses of a delivery's parsed JSON. */
export function readWebhook(payload: unknown): WebhookContent {
  const content: WebhookContent = { messages: [], statuses: [], skipped: [] };
  if (!isObject(payload) || payload.object !== 'whatsapp_business_account') {
    content.skipped.push('not a whatsapp_business_account payload');
    return content;
  }
  for (const entry of list(payload.entry).filter(isObject)) {
    for (const change of list(entry.changes).filter(isObject)) {
      if (change.field !== 'messages' || !isObject(change.value)) {
        content.skipped.push(`a change of field ${String(change.field)}`);
        continue;
      }
      const value = change.value;
      const names = new Map<string, string>();
      for (const contact of list(value.contacts).filter(isObject)) {
        const id = text(contact.wa_id);
        const name = isObject(contact.profile) ? text(contact.profile.name) : null;
        if (id && name) names.set(id, name);
      }
      for (const message of list(value.messages)) {
        const read = isObject(message) ? readMessage(message, names) : 'a message that is not an object';
        if (typeof read === 'string') content.skipped.push(read);
        else content.messages.push(read);
      }
      for (const status of list(value.statuses)) {
        const read = isObject(status) ? readStatus(status) : 'a status that is not an object';
        if (typeof read === 'string') content.skipped.push(read);
        else content.statuses.push(read);
      }
    }
  }
  return content;
}
