import { Transform, Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import type { IdempotencyDto } from '../common/idempotency.dto.js';
import { EmptyToNull, EmptyToUndefined, Trim } from '../common/transforms.js';
import type { ClientDto } from '../orders/client.dto.js';
import { CreateOrderDto, type OrderDto } from '../orders/order.dto.js';
import type { OrderParseResultDto } from './ai-intake.dto.js';

/**
 * The WhatsApp channel (CONTRACT §15, docs/whatsapp.md): the business's number on Meta's
 * WhatsApp Business Cloud API, its webhook, and the Inbox of drafts its messages become.
 * The ai-parser service owns all of it (docs/decisions/0024-whatsapp-channel.md).
 */

/** Where Meta is told to deliver the webhook, on the system's own address. */
export const WHATSAPP_WEBHOOK_PATH = '/api/channels/whatsapp/webhook';
/** Meta's Graph API, with the version the channel was written against. */
export const DEFAULT_GRAPH_BASE_URL = 'https://graph.facebook.com/v23.0';

const httpUrl = /^https?:\/\/[^\s/?#]+(?:\/[^\s?#]*)?$/;

/** GET /api/settings/whatsapp: the settings, secrets masked (write-only: `•••• plus their last four characters`). */
export interface WhatsappSettingsDto {
  /** False until a phone number id, access token and app secret are all set. */
  connected: boolean;
  phoneNumberId: string | null;
  graphBaseUrl: string;
  accessToken: string | null;
  appSecret: string | null;
  verifyToken: string | null;
  /** A template approved in Meta's manager for confirmations outside the 24-hour window; null: none. */
  confirmationTemplate: string | null;
  /** The template's language code (e.g. `ar`, `en_US`). */
  templateLanguage: string;
  /** Where Meta delivers the webhook, relative to the system's address (WHATSAPP_WEBHOOK_PATH). */
  webhookPath: string;
  updatedAt: string | null;
}

/** A secret sent empty keeps the stored one (the form shows it masked); null removes it. */
const BlankKeeps = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() === '' ? undefined : value));

/**
 * PUT /api/settings/whatsapp. A secret left out (or empty) keeps the one stored; `null` removes it.
 * The template name, empty or null, removes it.
 */
export class UpdateWhatsappSettingsDto {
  @Trim()
  @IsString()
  @Matches(/^\d{5,20}$/, { message: 'phoneNumberId must be the digits of the number id in Meta’s WhatsApp manager' })
  phoneNumberId: string;

  @BlankKeeps()
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(1000)
  accessToken?: string | null;

  @BlankKeeps()
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(200)
  appSecret?: string | null;

  @BlankKeeps()
  @IsOptional()
  @Trim()
  @IsString()
  @Matches(/^[\x21-\x7e]{8,200}$/, { message: 'verifyToken must be 8–200 printable characters without spaces' })
  verifyToken?: string | null;

  @EmptyToUndefined()
  @IsOptional()
  @Trim()
  @Matches(httpUrl, { message: 'graphBaseUrl must be an http(s) URL' })
  @MaxLength(300)
  graphBaseUrl?: string;

  @IsOptional()
  @EmptyToNull()
  @Trim()
  @ValidateIf((_object: object, value: unknown) => value !== null)
  @Matches(/^[a-z0-9_]{1,512}$/, { message: 'confirmationTemplate must be a template name (a-z, 0-9 and _)' })
  confirmationTemplate?: string | null;

  @EmptyToUndefined()
  @IsOptional()
  @Trim()
  @Matches(/^[a-z]{2,3}(?:_[A-Z]{2})?$/, { message: 'templateLanguage must be a language code such as ar or en_US' })
  templateLanguage?: string;
}

/** POST /api/settings/whatsapp/test: what Meta says of the number with these settings. */
export interface WhatsappConnectionTestDto {
  ok: boolean;
  displayPhoneNumber?: string;
  verifiedName?: string;
  /** Why it failed, as Meta (or the network) said. */
  error?: string;
}

/** ai-parser.whatsapp-receive: one webhook POST as it arrived. */
export interface WhatsappDeliveryDto {
  /** The raw body, exactly as received (the signature covers these bytes). */
  body: string;
  /** The X-Hub-Signature-256 header. */
  signature: string | null;
}

/** ai-parser.whatsapp-verify: Meta's subscribe challenge. */
export interface WhatsappChallengeDto {
  mode: string | null;
  verifyToken: string | null;
  challenge: string | null;
}

// ---------------------------------------------------------------------------------------------
// Inbox
// ---------------------------------------------------------------------------------------------

export const inboxMessageKinds = ['text', 'voice', 'image', 'document'] as const;
export type InboxMessageKind = (typeof inboxMessageKinds)[number];

/**
 * `reading`: the message is being read (its media fetched, its text parsed); `waiting`: for a
 * clerk; `confirmed`: an order was made of it; `dismissed`: a clerk set it aside, with a reason.
 */
export const inboxStatuses = ['reading', 'waiting', 'confirmed', 'dismissed'] as const;
export type InboxStatus = (typeof inboxStatuses)[number];

/** What became of a reply sent to the client: Meta's statuses, then ours. */
export const whatsappReplyStatuses = ['queued', 'sent', 'delivered', 'read', 'failed'] as const;
export type WhatsappReplyStatus = (typeof whatsappReplyStatuses)[number];

export interface WhatsappReplyDto {
  status: WhatsappReplyStatus;
  /** `text` inside the 24-hour window, `template` outside it. */
  kind: 'text' | 'template';
  /** Why it failed (Meta's error, or no template set outside the window). */
  error: string | null;
  updatedAt: string;
}

/** One message of the Inbox (GET /api/inbox). */
export interface InboxDraftDto {
  id: string;
  channel: 'whatsapp';
  /** WhatsApp's message id (wamid…): a message delivered twice is one draft. */
  messageId: string;
  kind: InboxMessageKind;
  /** The sender's number, digits with the country code (as WhatsApp gives it). */
  from: string;
  /** The sender's WhatsApp profile name. */
  senderName: string | null;
  receivedAt: string;
  status: InboxStatus;
  /** The text, or a photo's or document's caption. */
  text: string | null;
  /** The voice note, photo or document, served to orders:read (`/api/files/intake/orders/…`). */
  fileUrl: string | null;
  /** Why the media could not be fetched or read (too big, wrong type, download failed); the text is kept. */
  fileProblem: string | null;
  /** The client whose WhatsApp number sent it; null: none (the dialog suggests creating one). */
  client: Pick<ClientDto, 'id' | 'name' | 'nameAr' | 'phone'> | null;
  /** The reading, as the AI intake answers it; null while reading or when nothing could be read. */
  reading: OrderParseResultDto | null;
  /** Why the message could not be read into lines (e.g. Arabic speech with no endpoint). */
  readProblem: string | null;
  orderId: string | null;
  /** The confirmed order's number (ORD-…). */
  orderNumber: string | null;
  dismissReason: string | null;
  decidedAt: string | null;
  decidedBy: string | null;
  reply: WhatsappReplyDto | null;
}

/** GET /api/inbox: newest first; `status` narrows (default: every status). */
export class InboxQueryDto {
  @EmptyToUndefined()
  @IsOptional()
  @IsIn(inboxStatuses, { message: `status must be one of ${inboxStatuses.join(', ')}` })
  status?: InboxStatus;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(500)
  limit?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  offset?: number;
}

/** POST /api/inbox/{id}/confirm: the confirm dialog's order, and whether to tell the client on WhatsApp. */
export class ConfirmInboxDraftDto extends CreateOrderDto {
  @IsOptional()
  @IsBoolean({ message: 'sendConfirmation must be true or false' })
  sendConfirmation?: boolean;
}

/** POST /api/inbox/{id}/dismiss. */
export class DismissInboxDraftDto {
  @Trim()
  @IsString()
  @IsNotEmpty({ message: 'Please say why the message is dismissed' })
  @MaxLength(500)
  reason: string;
}

/**
 * ai-parser.confirm-inbox-draft / dismiss-inbox-draft: the draft and the decision. A confirmation
 * carries the idempotency of its order (scope `inbox`, the draft's id as key), so two clerks
 * confirming one draft make one order.
 */
export interface InboxDecisionRequest<T> {
  id: string;
  decision: T;
  idempotency?: IdempotencyDto;
}

/** The answer of POST /api/inbox/{id}/confirm. */
export interface InboxConfirmedDto {
  draft: InboxDraftDto;
  order: OrderDto;
}
