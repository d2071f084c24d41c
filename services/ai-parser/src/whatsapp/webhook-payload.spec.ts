import { describe, expect, it } from 'vitest';
import { readWebhook } from './webhook-payload.js';

/** A delivery as Meta sends it (WhatsApp Cloud API, field `messages`). */
function delivery(value: Record<string, unknown>, field = 'messages'): unknown {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field,
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

const contacts = [{ profile: { name: 'بقالة الريان' }, wa_id: '966558124403' }];

describe('readWebhook', () => {
  it('reads a text message with its sender, profile name and time', () => {
    const content = readWebhook(
      delivery({
        contacts,
        messages: [
          {
            from: '966558124403',
            id: 'wamid.HBgLOTY2NTU4MTI0NDAzFQIAEhgg',
            timestamp: '1764400000',
            type: 'text',
            text: { body: 'نبي ٥ كراتين حليب المراعي' },
          },
        ],
      }),
    );
    expect(content.messages).toEqual([
      {
        messageId: 'wamid.HBgLOTY2NTU4MTI0NDAzFQIAEhgg',
        from: '966558124403',
        senderName: 'بقالة الريان',
        receivedAt: new Date(1764400000 * 1000),
        kind: 'text',
        text: 'نبي ٥ كراتين حليب المراعي',
        media: null,
      },
    ]);
    expect(content.skipped).toEqual([]);
  });

  it('reads voice notes, photos with captions and documents as media to fetch', () => {
    const content = readWebhook(
      delivery({
        contacts,
        messages: [
          {
            from: '966558124403',
            id: 'wamid.voice',
            timestamp: '1764400001',
            type: 'audio',
            audio: { mime_type: 'audio/ogg; codecs=opus', sha256: 'x', id: '1001', voice: true },
          },
          {
            from: '966558124403',
            id: 'wamid.photo',
            timestamp: '1764400002',
            type: 'image',
            image: { caption: 'طلبية اليوم', mime_type: 'image/jpeg', sha256: 'y', id: '1002' },
          },
          {
            from: '966558124403',
            id: 'wamid.pdf',
            timestamp: '1764400003',
            type: 'document',
            document: { filename: 'order.pdf', mime_type: 'application/pdf', sha256: 'z', id: '1003' },
          },
        ],
      }),
    );
    expect(content.messages.map(({ kind, text, media }) => ({ kind, text, media }))).toEqual([
      { kind: 'voice', text: null, media: { id: '1001', mimeType: 'audio/ogg; codecs=opus', filename: null } },
      { kind: 'image', text: 'طلبية اليوم', media: { id: '1002', mimeType: 'image/jpeg', filename: null } },
      { kind: 'document', text: null, media: { id: '1003', mimeType: 'application/pdf', filename: 'order.pdf' } },
    ]);
  });

  it('skips stickers, reactions, locations and malformed messages, saying what they were', () => {
    const content = readWebhook(
      delivery({
        messages: [
          {
            from: '966558124403',
            id: 'wamid.s',
            timestamp: '1',
            type: 'sticker',
            sticker: { id: '9', animated: false },
          },
          {
            from: '966558124403',
            id: 'wamid.r',
            timestamp: '1',
            type: 'reaction',
            reaction: { message_id: 'x', emoji: '👍' },
          },
          {
            from: '966558124403',
            id: 'wamid.l',
            timestamp: '1',
            type: 'location',
            location: { latitude: 24.7, longitude: 46.6 },
          },
          { from: 'not a number', id: 'wamid.bad', type: 'text', text: { body: 'x' } },
          { from: '966558124403', id: 'wamid.empty', type: 'text', text: {} },
          { from: '966558124403', id: 'wamid.nomedia', type: 'image', image: {} },
          'not an object',
        ],
      }),
    );
    expect(content.messages).toEqual([]);
    expect(content.skipped).toHaveLength(7);
    expect(content.skipped[0]).toMatch(/sticker/);
  });

  it('reads statuses of sent messages, with a failure’s errors', () => {
    const content = readWebhook(
      delivery({
        statuses: [
          { id: 'wamid.out1', status: 'delivered', timestamp: '1764400100', recipient_id: '966558124403' },
          {
            id: 'wamid.out2',
            status: 'failed',
            timestamp: '1764400101',
            recipient_id: '966558124403',
            errors: [{ code: 131047, title: 'Re-engagement message' }],
          },
          { id: 'wamid.out3', status: 'deleted' },
        ],
      }),
    );
    expect(content.statuses).toEqual([
      { messageId: 'wamid.out1', status: 'delivered', at: new Date(1764400100 * 1000), error: null },
      {
        messageId: 'wamid.out2',
        status: 'failed',
        at: new Date(1764400101 * 1000),
        error: '131047 Re-engagement message',
      },
    ]);
    expect(content.skipped).toHaveLength(1);
  });

  it('ignores what is not a WhatsApp business account payload, or another field', () => {
    expect(readWebhook({ object: 'page', entry: [] }).skipped).toEqual(['not a whatsapp_business_account payload']);
    expect(readWebhook(null).messages).toEqual([]);
    expect(readWebhook(delivery({}, 'account_update')).skipped).toEqual(['a change of field account_update']);
  });
});
