import { createHmac } from 'node:crypto';
import { businessAccountIdOf, digitsOf, newMessageId, newNumericId } from './ids.js';

/**
 * Webhook deliveries as Meta POSTs them for the `messages` field of a WhatsApp Business Account:
 * `{ object: 'whatsapp_business_account', entry: [{ id, changes: [{ value: { messaging_product,
 * metadata, contacts?, messages? | statuses? }, field: 'messages' }] }] }`, signed with
 * `X-Hub-Signature-256`. The body string returned is exactly what is POSTed: the signature covers
 * these bytes, so send it as it is.
 */

/** A message a WhatsApp user sends to the business. */
export type InboundMessage =
  | { type: 'text'; text: string }
  | {
      type: 'audio';
      mediaId: string;
      /** ['audio/ogg; codecs=opus', what WhatsApp's voice notes are] */
      mimeType?: string;
      /** A voice note recorded in WhatsApp (true) or an audio file sent (false) [true]. */
      voice?: boolean;
      /** Base64 of the file's SHA-256, as Meta's webhooks carry it; left out when not given. */
      sha256?: string;
    }
  | { type: 'image'; mediaId: string; mimeType?: string /* ['image/jpeg'] */; caption?: string; sha256?: string }
  | {
      type: 'document';
      mediaId: string;
      mimeType?: string /* ['application/pdf'] */;
      filename?: string;
      caption?: string;
      sha256?: string;
    }
  | { type: 'sticker'; mediaId?: string; animated?: boolean; sha256?: string }
  | { type: 'reaction'; /** The wamid of the message reacted to. */ reactedMessageId?: string; emoji?: string }
  | { type: 'location'; latitude?: number; longitude?: number; name?: string; address?: string };

export interface MessageDeliveryOptions {
  /** The business number's id (`metadata.phone_number_id`). */
  phoneNumberId: string;
  /** The business number, any format; the webhook carries its digits [+966 11 000 0000]. */
  displayPhoneNumber?: string;
  /** The sender's WhatsApp id: digits with the country code, e.g. 966558124403. */
  from: string;
  /** The sender's WhatsApp profile name (`contacts[].profile.name`) [the sender's number]. */
  profileName?: string;
  /** The message's wamid [a new one]. */
  messageId?: string;
  /** When it was sent [now]. */
  timestamp?: Date;
  /** `entry[].id` [derived from phoneNumberId]. */
  businessAccountId?: string;
  message: InboundMessage;
}

export interface StatusDeliveryOptions {
  phoneNumberId: string;
  displayPhoneNumber?: string;
  /** The wamid of the message the business sent. */
  messageId: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  /** The recipient's WhatsApp id (digits). */
  recipient: string;
  timestamp?: Date;
  /** Why a `failed` message failed, e.g. `{ code: 131047, title: 'Re-engagement message' }`. */
  errors?: { code: number; title: string; message?: string; details?: string }[];
  businessAccountId?: string;
}

const defaultDisplayPhoneNumber = '+966 11 000 0000';

/** Unix seconds as a string, as Meta writes every webhook timestamp. */
const unixSeconds = (at: Date): string => String(Math.floor(at.getTime() / 1000));

/** The envelope around one change's value. */
function envelope(businessAccountId: string, value: Record<string, unknown>): string {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: businessAccountId, changes: [{ value, field: 'messages' }] }],
  });
}

function metadataOf(phoneNumberId: string, displayPhoneNumber: string | undefined) {
  // The webhook's display_phone_number is digits only (GET /{phone-number-id} formats it: +966 11 …).
  return {
    display_phone_number: digitsOf(displayPhoneNumber ?? defaultDisplayPhoneNumber),
    phone_number_id: phoneNumberId,
  };
}

const withSha = (sha256: string | undefined) => (sha256 !== undefined ? { sha256 } : {});

/** The message object's type-specific part: `{ text: { body } }`, `{ audio: { mime_type, … } }` … */
function contentOf(message: InboundMessage, from: string): Record<string, unknown> {
  switch (message.type) {
    case 'text':
      return { text: { body: message.text } };
    case 'audio':
      return {
        audio: {
          mime_type: message.mimeType ?? 'audio/ogg; codecs=opus',
          ...withSha(message.sha256),
          id: message.mediaId,
          voice: message.voice ?? true,
        },
      };
    case 'image':
      return {
        image: {
          ...(message.caption !== undefined ? { caption: message.caption } : {}),
          mime_type: message.mimeType ?? 'image/jpeg',
          ...withSha(message.sha256),
          id: message.mediaId,
        },
      };
    case 'document':
      return {
        document: {
          ...(message.caption !== undefined ? { caption: message.caption } : {}),
          ...(message.filename !== undefined ? { filename: message.filename } : {}),
          mime_type: message.mimeType ?? 'application/pdf',
          ...withSha(message.sha256),
          id: message.mediaId,
        },
      };
    case 'sticker':
      return {
        sticker: {
          mime_type: 'image/webp',
          ...withSha(message.sha256),
          id: message.mediaId ?? newNumericId(),
          animated: message.animated ?? false,
        },
      };
    case 'reaction':
      return { reaction: { message_id: message.reactedMessageId ?? newMessageId(from), emoji: message.emoji ?? '👍' } };
    case 'location':
      // Riyadh, King Fahd Road, unless told otherwise.
      return {
        location: {
          latitude: message.latitude ?? 24.7136,
          longitude: message.longitude ?? 46.6753,
          ...(message.name !== undefined ? { name: message.name } : {}),
          ...(message.address !== undefined ? { address: message.address } : {}),
        },
      };
  }
}

/** A delivery of one message from a WhatsApp user; `messageId` is its wamid. */
export function messageDelivery(options: MessageDeliveryOptions): { body: string; messageId: string } {
  const from = digitsOf(options.from);
  const messageId = options.messageId ?? newMessageId(from);
  const body = envelope(options.businessAccountId ?? businessAccountIdOf(options.phoneNumberId), {
    messaging_product: 'whatsapp',
    metadata: metadataOf(options.phoneNumberId, options.displayPhoneNumber),
    contacts: [{ profile: { name: options.profileName ?? from }, wa_id: from }],
    messages: [
      {
        from,
        id: messageId,
        timestamp: unixSeconds(options.timestamp ?? new Date()),
        type: options.message.type,
        ...contentOf(options.message, from),
      },
    ],
  });
  return { body, messageId };
}

/**
 * A delivery of one status of a message the business sent. `sent` and `delivered` carry the
 * per-message pricing object Meta sends since July 2025 (a service reply inside the customer
 * service window is free); `failed` carries `errors`.
 */
export function statusDelivery(options: StatusDeliveryOptions): { body: string } {
  const pricing =
    options.status === 'sent' || options.status === 'delivered'
      ? { pricing: { billable: false, pricing_model: 'PMP', category: 'service', type: 'free_customer_service' } }
      : {};
  const errors =
    options.status === 'failed' && options.errors?.length
      ? {
          errors: options.errors.map((error) => ({
            code: error.code,
            title: error.title,
            message: error.message ?? error.title,
            error_data: { details: error.details ?? error.title },
          })),
        }
      : {};
  const body = envelope(options.businessAccountId ?? businessAccountIdOf(options.phoneNumberId), {
    messaging_product: 'whatsapp',
    metadata: metadataOf(options.phoneNumberId, options.displayPhoneNumber),
    statuses: [
      {
        id: options.messageId,
        status: options.status,
        timestamp: unixSeconds(options.timestamp ?? new Date()),
        recipient_id: digitsOf(options.recipient),
        ...pricing,
        ...errors,
      },
    ],
  });
  return { body };
}

/** `X-Hub-Signature-256`'s value: `sha256=` and the hex HMAC-SHA256 of the body's UTF-8 bytes with the app secret. */
export function signDelivery(body: string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(body, 'utf8').digest('hex')}`;
}
