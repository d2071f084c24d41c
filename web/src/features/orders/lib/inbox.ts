import type { ClientDto } from '@erp/contracts';
import { errorCodeOf } from '../../../lib/http-error';
import type { InboxDraftDto } from '../api/inbox-api';
import type { OrderParseResultDto } from '../api/order-intake-api';
import { UNKNOWN_CLIENT, type KnownClient } from './ai-order';

/** The client an Inbox draft is matched to (by the sender's WhatsApp number), as the draft names it. */
export type InboxClient = KnownClient;

/** A WhatsApp number (digits with the country code, as WhatsApp gives a sender) as people write it: +966558124403. */
export function whatsappNumberText(digits: string): string {
  return `+${digits}`;
}

/**
 * What the confirm dialog starts from: the draft's reading, or, when nothing could be read (a
 * voice note with no speech endpoint, a download that failed), an empty one of the same kind,
 * so the clerk can still type the lines. The message's file goes with the order either way.
 */
export function parseResultOfDraft(draft: InboxDraftDto): OrderParseResultDto {
  const fileUrl = draft.fileUrl ?? undefined;
  if (draft.reading) {
    return { ...draft.reading, uploadedFileUrl: draft.reading.uploadedFileUrl ?? fileUrl };
  }
  return {
    parsed: { clientName: '', clientId: null, items: [] },
    rawText: draft.text ?? '',
    engine: '',
    pricing: 'catalogue',
    source: draft.kind === 'voice' ? 'voice' : draft.kind === 'text' ? 'text' : 'image',
    ...(fileUrl ? { uploadedFileUrl: fileUrl } : {}),
  };
}

/**
 * The name a client made from the draft starts with: the sender's WhatsApp profile name, else the
 * client the message names; never the parser's "Unknown Client".
 */
export function newClientNameOf(draft: InboxDraftDto): string {
  const profile = draft.senderName?.trim();
  if (profile) return profile;
  const named = draft.reading?.parsed.clientName.trim() ?? '';
  return named === UNKNOWN_CLIENT ? '' : named;
}

/** The draft's client: the one matched by its number, else one created for that number on this screen. */
export function clientOfDraft(
  draft: InboxDraftDto,
  createdByNumber: Readonly<Record<string, ClientDto>>,
): InboxClient | null {
  if (draft.client) return draft.client;
  const created = createdByNumber[draft.from];
  return created ? { id: created.id, name: created.name, nameAr: created.nameAr, phone: created.phone } : null;
}

/**
 * A decision refused because the draft moved on: confirmed or dismissed by someone else meanwhile
 * (or still being read), or gone. The Inbox has been read again by then (inbox-api's tags).
 */
export function draftMovedOnCode(error: unknown): 'INBOX_DRAFT_NOT_WAITING' | 'INBOX_DRAFT_NOT_FOUND' | null {
  const code = errorCodeOf(error);
  return code === 'INBOX_DRAFT_NOT_WAITING' || code === 'INBOX_DRAFT_NOT_FOUND' ? code : null;
}
