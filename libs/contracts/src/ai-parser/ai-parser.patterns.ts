import { healthPattern } from '../rpc.js';
import { ServiceName } from '../services.js';

/** Message patterns of the ai-parser service: 'ai-parser.<verb-noun>'. Values are never renamed. */
export const AiParserPatterns = {
  Health: healthPattern(ServiceName.AiParser),
  /** A confirmed order's (client, phrase) → stock item pairs, remembered for the client's next order. */
  Remember: 'ai-parser.remember',
  /** The WhatsApp channel's settings, secrets masked (CONTRACT §15). */
  GetWhatsappSettings: 'ai-parser.get-whatsapp-settings',
  UpdateWhatsappSettings: 'ai-parser.update-whatsapp-settings',
  /** Asks Meta about the configured number with the stored settings. */
  TestWhatsappConnection: 'ai-parser.test-whatsapp-connection',
  /** Meta's subscribe challenge: the challenge back when the verify token is ours. */
  VerifyWhatsappWebhook: 'ai-parser.verify-whatsapp-webhook',
  /** One webhook delivery: its signature checked, kept, its work queued. */
  ReceiveWhatsappDelivery: 'ai-parser.receive-whatsapp-delivery',
  ListInbox: 'ai-parser.list-inbox',
  ConfirmInboxDraft: 'ai-parser.confirm-inbox-draft',
  DismissInboxDraft: 'ai-parser.dismiss-inbox-draft',
} as const;
