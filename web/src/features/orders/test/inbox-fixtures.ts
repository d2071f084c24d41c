import type { InboxDraftDto } from '../api/inbox-api';
import { makeParseResult, makeParsedItem } from './intake-fixtures';

/** A text order from a known client's number, read into one matched line, waiting for a clerk. */
export function makeInboxDraft(overrides: Partial<InboxDraftDto> = {}): InboxDraftDto {
  return {
    id: 'd-text',
    channel: 'whatsapp',
    messageId: 'wamid.HBgMOTY2NTU4MTI0NDAzFQIAEhggM0',
    kind: 'text',
    from: '966501234567',
    senderName: 'Abu Faisal',
    receivedAt: '2026-11-22T08:15:00.000Z',
    status: 'waiting',
    text: 'السلام عليكم\nAlmarai fresh milk 2L - 6 ctn',
    fileUrl: null,
    fileProblem: null,
    client: { id: 'c-noor', name: 'Al Noor Trading', nameAr: 'مؤسسة النور التجارية', phone: '+966 50 123 4567' },
    reading: makeParseResult({
      parsed: { clientName: 'Unknown Client', clientId: null, items: [makeParsedItem()] },
      rawText: 'السلام عليكم\nAlmarai fresh milk 2L - 6 ctn',
    }),
    readProblem: null,
    orderId: null,
    orderNumber: null,
    dismissReason: null,
    decidedAt: null,
    decidedBy: null,
    reply: null,
    ...overrides,
  };
}

/** A voice note from a number no client has, heard and read into one line. */
export const voiceDraft = makeInboxDraft({
  id: 'd-voice',
  messageId: 'wamid.voice',
  kind: 'voice',
  from: '966558124403',
  senderName: 'Khalid Bakery',
  receivedAt: '2026-11-22T08:05:00.000Z',
  text: null,
  fileUrl: '/api/files/intake/orders/2026/11/voice.ogg',
  client: null,
  reading: makeParseResult({
    source: 'voice',
    rawText: 'ten bags of basmati rice',
    transcription: 'ten bags of basmati rice',
    uploadedFileUrl: '/api/files/intake/orders/2026/11/voice.ogg',
    parsed: {
      clientName: 'Unknown Client',
      clientId: null,
      items: [
        makeParsedItem({
          itemName: 'Abu Kas Basmati Rice 10kg',
          itemNameAr: 'أرز أبو كاس بسمتي 10 كغ',
          quantity: 10,
          unit: 'bag',
          unitPrice: '55.50',
          stockItemId: 'i-rice',
          sku: 'RICE-ABK-10',
          confidence: 0.71,
          sourceText: 'ten bags of basmati rice',
          phrase: 'basmati rice',
          quantityNeedsCheck: true,
        }),
      ],
    },
  }),
});

/** A photo whose download failed and of which nothing was read. */
export const brokenPhotoDraft = makeInboxDraft({
  id: 'd-photo',
  messageId: 'wamid.photo',
  kind: 'image',
  from: '971501112233',
  senderName: null,
  receivedAt: '2026-11-22T07:40:00.000Z',
  text: 'list for tomorrow',
  fileUrl: null,
  fileProblem: 'The photo could not be downloaded from WhatsApp (HTTP 404)',
  client: null,
  reading: null,
  readProblem: 'Nothing to read: the file is missing',
});

/** A PDF order, already confirmed, whose confirmation was delivered. */
export const confirmedPdfDraft = makeInboxDraft({
  id: 'd-pdf',
  messageId: 'wamid.pdf',
  kind: 'document',
  receivedAt: '2026-11-21T15:00:00.000Z',
  text: null,
  fileUrl: '/api/files/intake/orders/2026/11/order.pdf',
  status: 'confirmed',
  orderId: 'o-77',
  orderNumber: 'ORD-2026-000077',
  decidedAt: '2026-11-21T15:10:00.000Z',
  decidedBy: 'u-sara',
  reply: { status: 'delivered', kind: 'text', error: null, updatedAt: '2026-11-21T15:11:00.000Z' },
});
