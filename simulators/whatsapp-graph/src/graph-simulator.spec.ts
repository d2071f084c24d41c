import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startGraphSimulator, type GraphSimulator } from './graph-simulator.js';
import { isLoopback } from './http.js';
import { messageDelivery, signDelivery, statusDelivery } from './webhook-deliveries.js';

const connection = {
  phoneNumberId: '106540352242922',
  displayPhoneNumber: '+966 11 000 0000',
  accessToken: 'EAAtestTokenForTheSimulatorSpec0123456789',
  appSecret: '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
  verifyToken: 'wa-verify-spec',
};

interface Reply {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read Graph's JSON answers freely
  body: any;
}

/** A webhook receiver: every POST with its raw body and signature; answers `status`. */
interface Receiver {
  url: string;
  deliveries: { body: string; signature: string | undefined; userAgent: string | undefined }[];
  status: number;
  server: Server;
}

async function startReceiver(): Promise<Receiver> {
  const receiver = { deliveries: [], status: 200 } as unknown as Receiver;
  receiver.server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      receiver.deliveries.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: req.headers['x-hub-signature-256'] as string | undefined,
        userAgent: req.headers['user-agent'],
      });
      res.writeHead(receiver.status).end();
    });
  });
  await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/api/channels/whatsapp/webhook`;
  return receiver;
}

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(10);
  }
}

const hmacOf = (body: string, secret: string) =>
  `sha256=${createHmac('sha256', Buffer.from(secret, 'utf8')).update(Buffer.from(body, 'utf8')).digest('hex')}`;

describe('the WhatsApp Graph simulator', () => {
  let simulator: GraphSimulator;
  let receiver: Receiver;
  const errors: unknown[] = [];
  const bearer = { Authorization: `Bearer ${connection.accessToken}` };

  async function call(
    method: string,
    path: string,
    options: { body?: unknown; raw?: string | Buffer; headers?: Record<string, string>; signal?: AbortSignal } = {},
  ): Promise<Reply> {
    const url = path.startsWith('http') ? path : `${simulator.url}${path}`;
    const response = await fetch(url, {
      method,
      headers: {
        ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...options.headers,
      },
      body:
        typeof options.raw === 'string'
          ? options.raw
          : options.raw
            ? new Uint8Array(options.raw)
            : options.body !== undefined
              ? JSON.stringify(options.body)
              : undefined,
      signal: options.signal,
    });
    const type = response.headers.get('content-type') ?? '';
    const body = type.startsWith('application/json')
      ? await response.json()
      : Buffer.from(await response.arrayBuffer());
    return { status: response.status, headers: response.headers, body };
  }

  const sendText = (body: unknown, path = `/v23.0/${connection.phoneNumberId}/messages`) =>
    call('POST', path, { body, headers: bearer });

  function expectGraphError(reply: Reply, status: number, code: number, type = 'OAuthException'): void {
    expect(reply.status).toBe(status);
    expect(reply.body.error).toMatchObject({ code, type });
    expect(typeof reply.body.error.message).toBe('string');
    expect(reply.body.error.fbtrace_id).toMatch(/^[\w-]{10,}$/);
  }

  beforeAll(async () => {
    receiver = await startReceiver();
    simulator = await startGraphSimulator({
      port: 0,
      connection,
      webhookUrl: receiver.url,
      statusDelayMs: 20,
      onError: (error) => errors.push(error),
    });
  });

  afterAll(async () => {
    await simulator.close();
    await new Promise<void>((resolve) => receiver.server.close(() => resolve()));
  });

  afterEach(() => {
    receiver.status = 200;
  });

  describe('GET /{phone-number-id}', () => {
    it('answers the number with the fields asked for, and its id', async () => {
      const reply = await call(
        'GET',
        `/v23.0/${connection.phoneNumberId}?fields=display_phone_number,verified_name,quality_rating`,
        { headers: bearer },
      );
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({
        display_phone_number: '+966 11 000 0000',
        verified_name: 'Al Noor Trading Co.',
        quality_rating: 'GREEN',
        id: connection.phoneNumberId,
      });
    });

    it('answers every field when none are asked for, and takes ?access_token= as Graph does', async () => {
      const reply = await call('GET', `/v23.0/${connection.phoneNumberId}?access_token=${connection.accessToken}`);
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ platform_type: 'CLOUD_API', code_verification_status: 'VERIFIED' });
      expect(simulator.graphBaseUrl).toBe(`${simulator.url}/v23.0`);
    });

    it('refuses a request without the bearer token, or with another, with OAuthException 190', async () => {
      const missing = await call('GET', `/v23.0/${connection.phoneNumberId}`);
      expectGraphError(missing, 401, 190);
      expect(missing.headers.get('www-authenticate')).toMatch(/^OAuth "Facebook Platform" "invalid_token"/);
      const wrong = await call('GET', `/v23.0/${connection.phoneNumberId}`, {
        headers: { Authorization: 'Bearer EAAnotTheToken' },
      });
      expectGraphError(wrong, 401, 190);
      expect(wrong.body.error.message).toContain('Invalid OAuth access token');
    });

    it('answers 400 (code 100, subcode 33) for an id it does not know, and 400 for an unknown field', async () => {
      const unknown = await call('GET', '/v23.0/999999999999999', { headers: bearer });
      expectGraphError(unknown, 400, 100, 'GraphMethodException');
      expect(unknown.body.error.error_subcode).toBe(33);
      expect(unknown.body.error.message).toContain("Object with ID '999999999999999' does not exist");
      const field = await call('GET', `/v23.0/${connection.phoneNumberId}?fields=colour`, { headers: bearer });
      expectGraphError(field, 400, 100);
    });

    it('answers a path that is not Graph with code 2500', async () => {
      expectGraphError(await call('GET', '/nothing/here', { headers: bearer }), 400, 2500);
    });
  });

  describe('media', () => {
    const bytes = Buffer.from('OggS fake voice note bytes \u0000\u0001\u0002');

    it('describes a media object as Meta does, and serves its bytes with the bearer token', async () => {
      const id = simulator.addMedia(bytes, 'audio/ogg; codecs=opus');
      expect(id).toMatch(/^[1-9]\d{15}$/);
      const info = await call('GET', `/v23.0/${id}`, { headers: bearer });
      expect(info.status).toBe(200);
      expect(info.body).toEqual({
        messaging_product: 'whatsapp',
        url: expect.stringMatching(new RegExp(`^http://[^/]+/media-download/${id}\\?mid=${id}&ext=\\d+&hash=`)),
        mime_type: 'audio/ogg; codecs=opus',
        sha256: createHash('sha256').update(bytes).digest('hex'),
        file_size: bytes.length,
        id,
      });
      const download = await call('GET', info.body.url, { headers: bearer });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe('audio/ogg; codecs=opus');
      expect(Buffer.compare(download.body as Buffer, bytes)).toBe(0);
    });

    it('refuses a download without the bearer token (401) and one of an unknown id (404)', async () => {
      const id = simulator.addMedia(bytes, 'image/jpeg');
      expect((await call('GET', `/media-download/${id}`)).status).toBe(401);
      expect((await call('GET', `/media-download/${id}`, { headers: { Authorization: 'Bearer nope' } })).status).toBe(
        401,
      );
      expect((await call('GET', '/media-download/1234567890123456', { headers: bearer })).status).toBe(404);
    });

    it('answers Graph 400 (code 100) for an unknown media id, and 401 without the token', async () => {
      expectGraphError(
        await call('GET', '/v23.0/1234567890123456', { headers: bearer }),
        400,
        100,
        'GraphMethodException',
      );
      const id = simulator.addMedia(bytes, 'image/jpeg');
      expectGraphError(await call('GET', `/v23.0/${id}`), 401, 190);
    });

    it('keeps media uploaded through POST /simulator/media', async () => {
      const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
      const upload = await call('POST', '/simulator/media', { raw: jpeg, headers: { 'Content-Type': 'image/jpeg' } });
      expect(upload.status).toBe(200);
      const info = await call('GET', `/v23.0/${upload.body.id}`, { headers: bearer });
      expect(info.body).toMatchObject({ mime_type: 'image/jpeg', file_size: jpeg.length });
      const download = await call('GET', info.body.url, { headers: bearer });
      expect(Buffer.compare(download.body as Buffer, jpeg)).toBe(0);
      expect(
        (await call('POST', '/simulator/media', { raw: Buffer.alloc(0), headers: { 'Content-Type': 'image/jpeg' } }))
          .status,
      ).toBe(400);
    });
  });

  describe('POST /{phone-number-id}/messages', () => {
    it('sends a text, answers its wamid and records it', async () => {
      const body = {
        messaging_product: 'whatsapp',
        to: '966558124403',
        type: 'text',
        text: { body: 'تم استلام طلبك' },
      };
      const reply = await sendText(body);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({
        messaging_product: 'whatsapp',
        contacts: [{ input: '966558124403', wa_id: '966558124403' }],
        messages: [{ id: expect.stringMatching(/^wamid\.[A-Za-z0-9+/=]+$/) }],
      });
      const recorded = simulator.sentMessages().at(-1);
      expect(recorded).toMatchObject({ id: reply.body.messages[0].id, to: '966558124403', type: 'text', body });
      expect(Number.isNaN(Date.parse(recorded!.at))).toBe(false);
      const listed = await call('GET', '/simulator/messages');
      expect(listed.body.at(-1).id).toBe(reply.body.messages[0].id);
    });

    it('sends a template, answering message_status accepted', async () => {
      const reply = await sendText({
        messaging_product: 'whatsapp',
        to: '+966 50 377 9120',
        type: 'template',
        template: {
          name: 'order_confirmation',
          language: { code: 'ar' },
          components: [{ type: 'body', parameters: [{ type: 'text', text: 'SO-2026-000123' }] }],
        },
      });
      expect(reply.status).toBe(200);
      expect(reply.body.contacts).toEqual([{ input: '+966 50 377 9120', wa_id: '966503779120' }]);
      expect(reply.body.messages[0]).toMatchObject({ message_status: 'accepted' });
      expect(simulator.sentMessages().at(-1)).toMatchObject({ type: 'template', to: '+966 50 377 9120' });
    });

    it('refuses malformed messages with Graph 400 (code 100) and records none of them', async () => {
      const before = simulator.sentMessages().length;
      const cases: [unknown, string][] = [
        [{ to: '966558124403', type: 'text', text: { body: 'x' } }, 'messaging_product is required'],
        [{ messaging_product: 'sms', to: '966558124403', text: { body: 'x' } }, 'messaging_product must be one of'],
        [{ messaging_product: 'whatsapp', type: 'text', text: { body: 'x' } }, 'parameter to is required'],
        [{ messaging_product: 'whatsapp', to: 'not a phone', text: { body: 'x' } }, 'Invalid parameter'],
        [{ messaging_product: 'whatsapp', to: '966558124403', type: 'text', text: {} }, "text['body'] is required"],
        [
          { messaging_product: 'whatsapp', to: '966558124403', type: 'text', text: { body: 'x'.repeat(4097) } },
          'at most 4096',
        ],
        [
          { messaging_product: 'whatsapp', to: '966558124403', type: 'template', template: { name: 'x' } },
          "template['language'] is required",
        ],
        [{ messaging_product: 'whatsapp', to: '966558124403', type: 'fax' }, 'Param type must be one of'],
      ];
      for (const [body, words] of cases) {
        const reply = await sendText(body);
        expectGraphError(reply, 400, 100);
        expect(reply.body.error.message).toContain(words);
        expect(reply.body.error.error_data).toMatchObject({ messaging_product: 'whatsapp' });
      }
      const notJson = await call('POST', `/v23.0/${connection.phoneNumberId}/messages`, {
        raw: '{nope',
        headers: bearer,
      });
      expectGraphError(notJson, 400, 100);
      expect(simulator.sentMessages()).toHaveLength(before);
    });

    it('refuses a message without the token, and one to another number id', async () => {
      expectGraphError(
        await call('POST', `/v23.0/${connection.phoneNumberId}/messages`, {
          body: { messaging_product: 'whatsapp', to: '966558124403', text: { body: 'x' } },
        }),
        401,
        190,
      );
      expectGraphError(
        await sendText(
          { messaging_product: 'whatsapp', to: '966558124403', text: { body: 'x' } },
          '/v23.0/111/messages',
        ),
        400,
        100,
        'GraphMethodException',
      );
    });

    it('posts sent, delivered and read to the webhook, each signed with the app secret', async () => {
      const start = receiver.deliveries.length;
      const reply = await sendText({ messaging_product: 'whatsapp', to: '966562401187', text: { body: 'hello' } });
      const wamid = reply.body.messages[0].id as string;
      const mine = () => receiver.deliveries.slice(start).filter((delivery) => delivery.body.includes(wamid));
      await until(() => mine().length === 3);
      const statuses = mine().map((delivery) => {
        expect(delivery.signature).toBe(hmacOf(delivery.body, connection.appSecret));
        expect(delivery.userAgent).toBe('facebookexternalua');
        const payload = JSON.parse(delivery.body);
        expect(payload.object).toBe('whatsapp_business_account');
        const change = payload.entry[0].changes[0];
        expect(change.field).toBe('messages');
        expect(change.value.metadata).toEqual({
          display_phone_number: '966110000000',
          phone_number_id: connection.phoneNumberId,
        });
        const [status] = change.value.statuses;
        expect(status).toMatchObject({
          id: wamid,
          recipient_id: '966562401187',
          timestamp: expect.stringMatching(/^\d{10}$/),
        });
        return status.status;
      });
      expect(statuses).toEqual(['sent', 'delivered', 'read']);
    });

    it('reports a webhook that refuses the statuses through onError, and goes on', async () => {
      receiver.status = 500;
      const reply = await sendText({ messaging_product: 'whatsapp', to: '966558124403', text: { body: 'x' } });
      expect(reply.status).toBe(200);
      const wamid = reply.body.messages[0].id as string;
      const mine = () => errors.map(String).filter((error) => error.includes(wamid));
      await until(() => mine().length === 3);
      expect(mine().map((error) => /status (\w+) of/.exec(error)?.[1])).toEqual(['sent', 'delivered', 'read']);
      expect(mine().every((error) => error.includes('HTTP 500'))).toBe(true);
    });
  });

  describe('faults', () => {
    it('fails the next media look-ups with the status given, then answers again', async () => {
      const id = simulator.addMedia(Buffer.from('x'), 'image/jpeg');
      simulator.fail('media', 2, 500);
      expectGraphError(await call('GET', `/v23.0/${id}`, { headers: bearer }), 500, 1);
      expectGraphError(await call('GET', `/v23.0/${id}`, { headers: bearer }), 500, 1);
      expect((await call('GET', `/v23.0/${id}`, { headers: bearer })).status).toBe(200);
    });

    it('fails downloads with 404 and messages with 503, each only for its own kind', async () => {
      const id = simulator.addMedia(Buffer.from('y'), 'image/jpeg');
      const info = await call('GET', `/v23.0/${id}`, { headers: bearer });
      simulator.fail('download', 1, 404);
      simulator.fail('messages', 1, 503);
      expect((await call('GET', `/v23.0/${connection.phoneNumberId}`, { headers: bearer })).status).toBe(200);
      expect((await call('GET', info.body.url, { headers: bearer })).status).toBe(404);
      expect((await call('GET', info.body.url, { headers: bearer })).status).toBe(200);
      const before = simulator.sentMessages().length;
      expectGraphError(
        await sendText({ messaging_product: 'whatsapp', to: '966558124403', text: { body: 'x' } }),
        503,
        2,
      );
      expect(simulator.sentMessages()).toHaveLength(before);
    });

    it('refuses a fault it cannot simulate, and takes faults over POST /simulator/faults', async () => {
      expect(() => simulator.fail('media', 0, 500)).toThrow(/count/);
      expect(() => simulator.fail('media', 1, 200)).toThrow(/how/);
      expect(() => simulator.fail('uploads' as 'media', 1, 500)).toThrow(/kind/);
      const set = await call('POST', '/simulator/faults', { body: { kind: 'media', count: 1, how: 429 } });
      expect(set.body.faults).toEqual({ media: { remaining: 1, how: 429 } });
      expectGraphError(await call('GET', '/v23.0/1234567890123456', { headers: bearer }), 429, 130429);
      expect((await call('POST', '/simulator/faults', { body: { kind: 'media', how: 'slow' } })).status).toBe(400);
    });
  });

  it('answers its connection and graphBaseUrl on /simulator/connection', async () => {
    const reply = await call('GET', '/simulator/connection');
    expect(reply.body).toEqual({ ...connection, graphBaseUrl: simulator.graphBaseUrl });
  });
});

describe('a held request', () => {
  it('gets no answer while the timeout fault holds it', async () => {
    const simulator = await startGraphSimulator({ port: 0, connection });
    try {
      simulator.fail('messages', 1, 'timeout');
      const request = fetch(`${simulator.url}/v23.0/${connection.phoneNumberId}/messages`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${connection.accessToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ messaging_product: 'whatsapp', to: '966558124403', text: { body: 'x' } }),
        signal: AbortSignal.timeout(400),
      });
      await expect(request).rejects.toThrow(/aborted|timeout/i);
      expect(simulator.sentMessages()).toHaveLength(0);
    } finally {
      await simulator.close();
    }
  });
});

describe('connection.json', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('is made on the first start (mode 600, Meta-shaped values) and reused afterwards', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wa-sim-'));
    dirs.push(dataDir);
    const first = await startGraphSimulator({ port: 0, dataDir });
    await first.close();
    const file = join(dataDir, 'connection.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first.connection);
    expect(first.connection.phoneNumberId).toMatch(/^[1-9]\d{14}$/);
    expect(first.connection.appSecret).toMatch(/^[0-9a-f]{32}$/);
    expect(first.connection.accessToken).toMatch(/^EAA[A-Za-z0-9]{40,}$/);
    expect(first.connection.verifyToken).toMatch(/^[\x21-\x7e]{8,200}$/);
    const second = await startGraphSimulator({
      port: 0,
      dataDir,
      connection: { displayPhoneNumber: '+966 11 222 3333' },
    });
    await second.close();
    expect(second.connection).toEqual({ ...first.connection, displayPhoneNumber: '+966 11 222 3333' });
  });

  it('is new on every start without a dataDir', async () => {
    const a = await startGraphSimulator({ port: 0 });
    const b = await startGraphSimulator({ port: 0 });
    await Promise.all([a.close(), b.close()]);
    expect(a.connection.accessToken).not.toBe(b.connection.accessToken);
  });

  it('stops the start when the file is not a connection', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wa-sim-'));
    dirs.push(dataDir);
    writeFileSync(join(dataDir, 'connection.json'), '{"phoneNumberId":"12"}');
    await expect(startGraphSimulator({ port: 0, dataDir })).rejects.toThrow(/not a connection of this simulator/);
    writeFileSync(join(dataDir, 'connection.json'), 'nope');
    await expect(startGraphSimulator({ port: 0, dataDir })).rejects.toThrow(/is not JSON/);
  });
});

describe('webhook deliveries', () => {
  const at = new Date('2026-11-20T09:30:00Z');

  it('signs the exact bytes with HMAC-SHA256 of the app secret, as X-Hub-Signature-256', () => {
    const body = '{"text":"نبي ٥ كراتين حليب"}';
    expect(signDelivery(body, connection.appSecret)).toBe(hmacOf(body, connection.appSecret));
    expect(signDelivery(body, connection.appSecret)).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(signDelivery(`${body} `, connection.appSecret)).not.toBe(signDelivery(body, connection.appSecret));
  });

  it('builds a text message as Meta delivers it', () => {
    const { body, messageId } = messageDelivery({
      phoneNumberId: connection.phoneNumberId,
      from: '+966 55 812 4403',
      profileName: 'أبو فهد',
      timestamp: at,
      message: { type: 'text', text: 'السلام عليكم' },
    });
    expect(messageId).toMatch(/^wamid\./);
    expect(JSON.parse(body)).toEqual({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: expect.stringMatching(/^\d{15}$/),
          changes: [
            {
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '966110000000', phone_number_id: connection.phoneNumberId },
                contacts: [{ profile: { name: 'أبو فهد' }, wa_id: '966558124403' }],
                messages: [
                  {
                    from: '966558124403',
                    id: messageId,
                    timestamp: '1795167000',
                    type: 'text',
                    text: { body: 'السلام عليكم' },
                  },
                ],
              },
              field: 'messages',
            },
          ],
        },
      ],
    });
  });

  it('builds voice notes, photos and documents with their media ids and mime types', () => {
    const message = (body: string) => JSON.parse(body).entry[0].changes[0].value.messages[0];
    const base = { phoneNumberId: connection.phoneNumberId, from: '966503779120' };
    expect(message(messageDelivery({ ...base, message: { type: 'audio', mediaId: '111' } }).body)).toMatchObject({
      type: 'audio',
      audio: { id: '111', mime_type: 'audio/ogg; codecs=opus', voice: true },
    });
    expect(
      message(messageDelivery({ ...base, message: { type: 'image', mediaId: '222', caption: 'طلبية' } }).body),
    ).toMatchObject({ type: 'image', image: { id: '222', mime_type: 'image/jpeg', caption: 'طلبية' } });
    expect(
      message(messageDelivery({ ...base, message: { type: 'document', mediaId: '333', filename: 'PO-77.pdf' } }).body),
    ).toMatchObject({ type: 'document', document: { id: '333', mime_type: 'application/pdf', filename: 'PO-77.pdf' } });
    expect(message(messageDelivery({ ...base, message: { type: 'reaction', emoji: '👍' } }).body)).toMatchObject({
      type: 'reaction',
      reaction: { emoji: '👍', message_id: expect.stringMatching(/^wamid\./) },
    });
    expect(message(messageDelivery({ ...base, message: { type: 'sticker' } }).body).sticker).toMatchObject({
      mime_type: 'image/webp',
    });
  });

  it('builds a failed status with its errors', () => {
    const { body } = statusDelivery({
      phoneNumberId: connection.phoneNumberId,
      messageId: 'wamid.X',
      status: 'failed',
      recipient: '966558124403',
      timestamp: at,
      errors: [{ code: 131047, title: 'Re-engagement message' }],
    });
    expect(JSON.parse(body).entry[0].changes[0].value.statuses[0]).toEqual({
      id: 'wamid.X',
      status: 'failed',
      timestamp: '1795167000',
      recipient_id: '966558124403',
      errors: [
        {
          code: 131047,
          title: 'Re-engagement message',
          message: 'Re-engagement message',
          error_data: { details: 'Re-engagement message' },
        },
      ],
    });
  });
});

describe('isLoopback', () => {
  it('knows this machine from others', () => {
    expect(['127.0.0.1', '127.5.0.1', '::1', '::ffff:127.0.0.1'].every(isLoopback)).toBe(true);
    expect(['10.0.0.2', '192.168.1.4', '::ffff:10.0.0.1', 'fe80::1', undefined].some(isLoopback)).toBe(false);
  });
});
