import type {
  ClientDto,
  InboxConfirmedDto,
  InboxDraftDto,
  OrderDto,
  StockItemDto,
  WhatsappConnectionTestDto,
  WhatsappSettingsDto,
} from '@erp/contracts';
import { TEST_OWNER_PASSWORD } from '@erp/testing';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  messageDelivery,
  signDelivery,
  startGraphSimulator,
  statusDelivery,
  type GraphSimulator,
  type InboundMessage,
} from '../../simulators/whatsapp-graph/src/index.js';
import { GatewayStack } from './gateway-stack.js';
import { HttpClient, json } from './http-client.js';

/** The eval catalogue (services/ai-parser/test/fixtures/catalog.json), made real stock items. */
interface FixtureItem {
  sku: string;
  name: string;
  nameAr: string;
  unit: string;
  sellingPrice: number;
  costPrice: number;
}
const fixtureCatalog = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../services/ai-parser/test/fixtures/catalog.json', import.meta.url)), 'utf8'),
) as FixtureItem[];

const WEBHOOK = '/api/channels/whatsapp/webhook';
/** Al Rayyan Grocery's number, as WhatsApp names the sender. */
const RAYYAN = '966558124403';
const STRANGER = '971501112233';

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 25_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

describe('the WhatsApp channel (CONTRACT §15)', () => {
  let stack: GatewayStack;
  let graph: GraphSimulator;
  let owner: HttpClient;
  let clerk: HttpClient;
  let rayyan: ClientDto;
  const bySku = new Map<string, StockItemDto>();
  const audioDir = mkdtempSync(join(tmpdir(), 'erp-whatsapp-audio-'));

  /** Posts a delivery as Meta does: the body signed with the app secret (or as given). */
  function deliver(body: string, signature: string | null = signDelivery(body, graph.connection.appSecret)) {
    return stack.fetch(WEBHOOK, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) },
      body,
    });
  }

  async function send(message: InboundMessage, from = RAYYAN, extra: { timestamp?: Date; messageId?: string } = {}) {
    const delivery = messageDelivery({
      phoneNumberId: graph.connection.phoneNumberId,
      from,
      profileName: from === RAYYAN ? 'بقالة الريان' : 'Visitor',
      message,
      ...extra,
    });
    const response = await deliver(delivery.body);
    expect(response.status, await response.clone().text()).toBe(200);
    return delivery;
  }

  async function inbox(query = ''): Promise<InboxDraftDto[]> {
    const response = await owner.get(`/api/inbox${query}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return json<InboxDraftDto[]>(response);
  }

  /** The draft of a message once it has been read. */
  function readDraft(messageId: string): Promise<InboxDraftDto> {
    return until(`draft ${messageId}`, async () =>
      (await inbox()).find((draft) => draft.messageId === messageId && draft.status !== 'reading'),
    );
  }

  function lines(draft: InboxDraftDto): Array<[string | null, number, string | null]> {
    return (draft.reading?.parsed.items ?? []).map((item) => [item.sku, item.quantity, item.unit]);
  }

  function speechOgg(text: string): Buffer {
    const wav = join(audioDir, 'note.wav');
    const ogg = join(audioDir, 'note.ogg');
    execFileSync('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', wav, text]);
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-i', wav, '-c:a', 'libopus', ogg]);
    return readFileSync(ogg);
  }

  beforeAll(async () => {
    stack = await GatewayStack.start({}, { WHATSAPP_SWEEP_MS: '1000' });
    graph = await startGraphSimulator({ port: 0, webhookUrl: `${stack.baseUrl}${WEBHOOK}` });
    owner = new HttpClient(stack.baseUrl);
    expect((await owner.login('owner', TEST_OWNER_PASSWORD)).status).toBe(200);
    for (const item of fixtureCatalog) {
      const response = await owner.post('/api/stock', { ...item, quantity: 500 });
      expect(response.status, await response.clone().text()).toBe(201);
      bySku.set(item.sku, await json<StockItemDto>(response));
    }
    const packs = await owner.patch(`/api/stock/${bySku.get('MILK-ALM-1L')!.id}`, {
      packs: [{ unit: 'carton', factor: 12 }],
    });
    expect(packs.status).toBe(200);
    rayyan = await json<ClientDto>(
      await owner.post('/api/clients', { name: 'Al Rayyan Grocery', nameAr: 'بقالة الريان', phone: '055 812 4403' }),
    );
    expect(
      (
        await owner.post('/api/users', {
          username: 'inbox-clerk',
          password: 'clerk-password-1',
          email: 'clerk@rayyan.example',
          fullName: 'Inbox Clerk',
          role: 'staff',
          permissions: ['orders:read', 'orders:write'],
        })
      ).status,
    ).toBe(201);
    clerk = new HttpClient(stack.baseUrl);
    expect((await clerk.login('inbox-clerk', 'clerk-password-1')).status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await graph?.close();
    await stack?.stop();
    rmSync(audioDir, { recursive: true, force: true });
  });

  describe('settings', () => {
    it('are for admins and owners, and answer the secrets masked', async () => {
      expect((await clerk.get('/api/settings/whatsapp')).status).toBe(403);
      const before = await json<WhatsappSettingsDto>(await owner.get('/api/settings/whatsapp'));
      expect(before).toMatchObject({ connected: false, phoneNumberId: null, webhookPath: WEBHOOK });

      const { phoneNumberId, accessToken, appSecret, verifyToken } = graph.connection;
      const saved = await owner.request('PUT', '/api/settings/whatsapp', {
        phoneNumberId,
        accessToken,
        appSecret,
        verifyToken,
        graphBaseUrl: graph.graphBaseUrl,
      });
      expect(saved.status, await saved.clone().text()).toBe(200);
      const text = await saved.text();
      for (const secret of [accessToken, appSecret, verifyToken]) expect(text).not.toContain(secret);
      const settings = JSON.parse(text) as WhatsappSettingsDto;
      expect(settings).toMatchObject({ connected: true, phoneNumberId, graphBaseUrl: graph.graphBaseUrl });
      expect(settings.accessToken).toBe(`••••${accessToken.slice(-4)}`);
      // Sealed at rest: the database holds none of them in the clear.
      const [row] = await stack.environment.database.query<Record<string, string>>(
        'SELECT * FROM ai_parser.whatsapp_settings',
      );
      for (const secret of [accessToken, appSecret, verifyToken]) expect(JSON.stringify(row)).not.toContain(secret);
    });

    it('keeps a secret left out, and checks what it is given', async () => {
      const kept = await owner.request('PUT', '/api/settings/whatsapp', {
        phoneNumberId: graph.connection.phoneNumberId,
        graphBaseUrl: graph.graphBaseUrl,
        confirmationTemplate: 'order_received',
      });
      expect(kept.status).toBe(200);
      expect(await json<WhatsappSettingsDto>(kept)).toMatchObject({
        connected: true,
        confirmationTemplate: 'order_received',
      });
      const bad = await owner.request('PUT', '/api/settings/whatsapp', {
        phoneNumberId: 'abc',
        graphBaseUrl: 'ftp://x',
      });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(await bad.json())).toMatch(/phoneNumberId/);
    });

    it('tests the connection against the Graph API', async () => {
      const response = await owner.post('/api/settings/whatsapp/test');
      expect(response.status).toBe(200);
      expect(await json<WhatsappConnectionTestDto>(response)).toMatchObject({
        ok: true,
        displayPhoneNumber: graph.connection.displayPhoneNumber,
      });
    });
  });

  describe('the webhook', () => {
    it("answers Meta's subscribe challenge only with our verify token", async () => {
      const token = encodeURIComponent(graph.connection.verifyToken);
      const good = await stack.fetch(
        `${WEBHOOK}?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`,
      );
      expect(good.status).toBe(200);
      expect(good.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await good.text()).toBe('1158201444');
      const bad = await stack.fetch(`${WEBHOOK}?hub.mode=subscribe&hub.verify_token=guess-guess&hub.challenge=1`);
      expect(bad.status).toBe(403);
      expect(await bad.json()).toMatchObject({ code: 'WHATSAPP_VERIFY_FAILED' });
    });

    it('refuses a delivery not signed with the app secret, and keeps nothing of it', async () => {
      const delivery = messageDelivery({
        phoneNumberId: graph.connection.phoneNumberId,
        from: RAYYAN,
        message: { type: 'text', text: 'forged order' },
      });
      const forged = await deliver(delivery.body, signDelivery(delivery.body, 'not-the-app-secret'));
      expect(forged.status).toBe(401);
      expect(await forged.json()).toMatchObject({ code: 'WHATSAPP_SIGNATURE_INVALID' });
      expect((await deliver(delivery.body, null)).status).toBe(401);
      const malformed = await deliver(delivery.body, 'sha256=abc');
      expect(malformed.status).toBe(400);
      expect(await malformed.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect((await deliver(`${delivery.body} `, signDelivery(delivery.body, graph.connection.appSecret))).status).toBe(
        401,
      );
      const kept = await stack.environment.database.query('SELECT id FROM ai_parser.whatsapp_deliveries');
      expect(kept).toHaveLength(0);
    });

    it('reads an Arabic text from a known number into a draft for that client, once however often it is delivered', async () => {
      const delivery = await send({ type: 'text', text: 'السلام عليكم، نبي ٥ كراتين حليب المراعي كامل الدسم ١ لتر' });
      // Meta delivers again when it is not sure we had it: the same message id is one draft.
      expect((await deliver(delivery.body)).status).toBe(200);
      const draft = await readDraft(delivery.messageId);
      expect(draft).toMatchObject({
        kind: 'text',
        from: RAYYAN,
        senderName: 'بقالة الريان',
        status: 'waiting',
        client: { id: rayyan.id, name: 'Al Rayyan Grocery' },
      });
      expect(draft.reading?.parsed).toMatchObject({ clientId: rayyan.id, clientName: 'Al Rayyan Grocery' });
      expect(lines(draft)).toEqual([['MILK-ALM-1L', 5, 'carton']]);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect((await inbox()).filter((row) => row.messageId === delivery.messageId)).toHaveLength(1);
      const deliveries = await stack.environment.database.query<{ payload: string }>(
        'SELECT payload FROM ai_parser.whatsapp_deliveries',
      );
      // Both deliveries are kept as they arrived, for audit.
      expect(deliveries.filter((row) => row.payload === delivery.body)).toHaveLength(2);
    });

    it('reads a message from an unknown number with no client, for the clerk to choose or create one', async () => {
      const delivery = await send({ type: 'text', text: '3 cartons almarai milk 1L' }, STRANGER);
      const draft = await readDraft(delivery.messageId);
      expect(draft.client).toBeNull();
      expect(lines(draft)).toEqual([['MILK-ALM-1L', 3, 'carton']]);
      // The clerk creates the client for the number (from the Inbox): the waiting draft is theirs now.
      const created = await json<ClientDto>(
        await owner.post('/api/clients', { name: 'Emirates Visitor Trading', whatsapp: `+${STRANGER}` }),
      );
      const matched = (await inbox()).find((row) => row.messageId === delivery.messageId)!;
      expect(matched.client).toMatchObject({ id: created.id, name: 'Emirates Visitor Trading' });
    });

    it('answers 200 to stickers, reactions, locations and malformed payloads, and makes no draft of them', async () => {
      const before = (await inbox()).length;
      for (const message of [{ type: 'sticker' }, { type: 'reaction' }, { type: 'location' }] as InboundMessage[]) {
        await send(message);
      }
      const malformed = '{"object":"whatsapp_business_account","entry":"nonsense"}';
      expect((await deliver(malformed)).status).toBe(200);
      expect((await deliver('not json at all')).status).toBe(400);
      await until('the deliveries worked', async () => {
        const open = await stack.environment.database.query(
          'SELECT id FROM ai_parser.whatsapp_deliveries WHERE processed_at IS NULL',
        );
        return open.length === 0 ? true : undefined;
      });
      expect(await inbox()).toHaveLength(before);
    });
  });

  describe('media', () => {
    it('fetches a voice note through the Graph API, keeps it and reads what was said', async () => {
      const mediaId = graph.addMedia(speechOgg('five cartons of almarai fresh milk'), 'audio/ogg');
      const delivery = await send({ type: 'audio', mediaId, mimeType: 'audio/ogg; codecs=opus', voice: true });
      const draft = await readDraft(delivery.messageId);
      expect(draft).toMatchObject({ kind: 'voice', fileProblem: null, readProblem: null });
      expect(draft.fileUrl).toMatch(/^\/api\/files\/intake\/orders\/\d{4}\/[0-9a-f-]{36}\.ogg$/);
      expect((await clerk.get(draft.fileUrl!)).status).toBe(200);
      expect(draft.reading?.source).toBe('voice');
      expect(draft.reading?.transcription).toMatch(/milk/i);
      // Heard offline: never a certain match.
      expect(draft.reading?.parsed.items.every((item) => item.confidence < 0.9)).toBe(true);
    }, 60_000);

    it('reads a photo of an order with OCR', async () => {
      const photo = readFileSync(
        fileURLToPath(new URL('../../services/ai-parser/test/fixtures/documents/order-en.png', import.meta.url)),
      );
      const mediaId = graph.addMedia(photo, 'image/png');
      const delivery = await send({ type: 'image', mediaId, mimeType: 'image/png', caption: 'today' });
      const draft = await readDraft(delivery.messageId);
      expect(draft).toMatchObject({ kind: 'image', text: 'today', fileProblem: null });
      expect(lines(draft)).toEqual([
        ['MILK-ALM-2L', 6, 'carton'],
        ['LABAN-NDC-1L', 4, 'carton'],
        ['CHEESE-PUCK-TRI-16', 10, 'box'],
      ]);
    }, 60_000);

    it('reads a PDF document from its text layer', async () => {
      const pdf = readFileSync(
        fileURLToPath(new URL('../../services/ai-parser/test/fixtures/documents/invoice-almarai.pdf', import.meta.url)),
      );
      const mediaId = graph.addMedia(pdf, 'application/pdf');
      const delivery = await send({ type: 'document', mediaId, mimeType: 'application/pdf', filename: 'order.pdf' });
      const draft = await readDraft(delivery.messageId);
      expect(draft).toMatchObject({ kind: 'document', fileProblem: null, readProblem: null });
      expect(draft.fileUrl).toMatch(/^\/api\/files\/intake\/orders\/\d{4}\/[0-9a-f-]{36}\.pdf$/);
      expect(draft.reading?.rawText).toMatch(/Almarai/i);
      expect(draft.reading?.parsed.items.some((item) => item.sku?.startsWith('MILK-ALM'))).toBe(true);
    }, 60_000);

    it('tries a failed media lookup again with backoff', async () => {
      const mediaId = graph.addMedia(speechOgg('two cartons of almarai fresh milk'), 'audio/ogg');
      graph.fail('media', 1, 500);
      const delivery = await send({ type: 'audio', mediaId, voice: true });
      const draft = await readDraft(delivery.messageId);
      expect(draft.fileProblem).toBeNull();
      expect(draft.fileUrl).not.toBeNull();
    }, 60_000);

    it('says on the draft when the media is refused, too big or of the wrong type, and still reads the caption', async () => {
      graph.fail('download', 1, 404);
      const gone = graph.addMedia(
        readFileSync(
          fileURLToPath(new URL('../../services/ai-parser/test/fixtures/documents/order-en.png', import.meta.url)),
        ),
        'image/png',
      );
      const refused = await readDraft(
        (await send({ type: 'image', mediaId: gone, caption: '2 cartons almarai milk 1L' })).messageId,
      );
      expect(refused.fileProblem).toMatch(/could not be fetched.*404/);
      expect(refused.fileUrl).toBeNull();
      expect(lines(refused)).toEqual([['MILK-ALM-1L', 2, 'carton']]);

      const huge = graph.addMedia(
        Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(11 * 1024 * 1024, 32)]),
        'application/pdf',
      );
      const tooBig = await readDraft((await send({ type: 'document', mediaId: huge, filename: 'big.pdf' })).messageId);
      expect(tooBig.fileProblem).toMatch(/at most 10 MB/);

      const gif = graph.addMedia(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'image/jpeg');
      const wrongType = await readDraft((await send({ type: 'image', mediaId: gif })).messageId);
      expect(wrongType.fileProblem).toMatch(/GIF/);
      expect(wrongType.reading).toBeNull();
    }, 60_000);
  });

  describe('the Inbox', () => {
    it('lists newest first with a total, and narrows by status (the sidebar badge counts waiting drafts)', async () => {
      const response = await owner.get('/api/inbox?status=waiting&limit=2');
      expect(response.status).toBe(200);
      const waiting = Number(response.headers.get('x-total-count'));
      expect(waiting).toBeGreaterThanOrEqual(5);
      const all = await inbox();
      const times = all.map((draft) => draft.receivedAt);
      expect([...times].sort().reverse()).toEqual(times);
      expect((await owner.get('/api/inbox?status=lost')).status).toBe(400);
    });

    it('confirms a draft into one pending order, and tells the client on WhatsApp in both languages', async () => {
      const delivery = await send({ type: 'text', text: '4 cartons almarai milk 1L' });
      const draft = await readDraft(delivery.messageId);
      const line = draft.reading!.parsed.items[0]!;
      const body = {
        clientName: 'Al Rayyan Grocery',
        clientId: rayyan.id,
        rawOrderText: draft.text,
        source: 'text',
        items: [
          {
            itemName: line.itemName,
            quantity: line.quantity,
            unit: line.unit,
            stockItemId: line.stockItemId,
            phrase: line.phrase,
          },
        ],
        sendConfirmation: true,
      };
      // Meta fails the first send: the reply is tried again with backoff.
      graph.fail('messages', 1, 500);
      const [first, second] = await Promise.all([
        clerk.post(`/api/inbox/${draft.id}/confirm`, body),
        owner.post(`/api/inbox/${draft.id}/confirm`, body),
      ]);
      const statuses = [first.status, second.status].sort();
      // Two clerks at once: one order, whichever answer each gets.
      expect(statuses[0]).toBe(200);
      const confirmed = await json<InboxConfirmedDto>(first.status === 200 ? first : second);
      expect(confirmed.order).toMatchObject({ status: 'pending', clientId: rayyan.id, totalAmount: '312.00' });
      expect(confirmed.draft).toMatchObject({
        status: 'confirmed',
        orderId: confirmed.order.id,
        orderNumber: confirmed.order.orderNumber,
      });
      const orders = await json<OrderDto[]>(await owner.get(`/api/orders?clientId=${rayyan.id}`));
      expect(orders.filter((order) => order.rawOrderText === draft.text)).toHaveLength(1);

      const sent = await until('the reply', async () => graph.sentMessages().find((message) => message.to === RAYYAN));
      expect(sent.type).toBe('text');
      const text = JSON.stringify(sent.body);
      expect(text).toContain(confirmed.order.orderNumber);
      expect(text).toContain('تم استلام طلبكم');
      expect(text).toContain('We have received your order');
      // Meta's status callbacks reach the reply: sent, delivered, read.
      const read = await until('the reply read', async () => {
        const row = (await inbox()).find((item) => item.id === draft.id);
        return row?.reply?.status === 'read' ? row : undefined;
      });
      expect(read.reply).toMatchObject({ kind: 'text', error: null });

      const again = await owner.post(`/api/inbox/${draft.id}/confirm`, body);
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject({ code: 'INBOX_DRAFT_NOT_WAITING' });
    });

    it('outside the 24-hour window sends the template; with none set, says why on the draft', async () => {
      const twoDaysAgo = new Date(Date.now() - 48 * 3600 * 1000);
      const delivery = await send({ type: 'text', text: '1 carton almarai milk 1L' }, '971504445566', {
        timestamp: twoDaysAgo,
      });
      const draft = await readDraft(delivery.messageId);
      const clear = await owner.request('PUT', '/api/settings/whatsapp', {
        phoneNumberId: graph.connection.phoneNumberId,
        graphBaseUrl: graph.graphBaseUrl,
        confirmationTemplate: null,
      });
      expect(clear.status).toBe(200);
      const line = draft.reading!.parsed.items[0]!;
      const response = await owner.post(`/api/inbox/${draft.id}/confirm`, {
        clientName: 'Walk-in Visitor',
        items: [{ itemName: line.itemName, quantity: line.quantity, unit: line.unit, stockItemId: line.stockItemId }],
        sendConfirmation: true,
      });
      expect(response.status, await response.clone().text()).toBe(200);
      const confirmed = await json<InboxConfirmedDto>(response);
      expect(confirmed.draft.reply).toMatchObject({ kind: 'template', status: 'failed' });
      expect(confirmed.draft.reply?.error).toMatch(/24 hours/);
    });

    it('dismisses a draft with a reason, once', async () => {
      const delivery = await send({ type: 'text', text: 'شكرا، وصلت الطلبية' });
      const draft = await readDraft(delivery.messageId);
      expect((await clerk.post(`/api/inbox/${draft.id}/dismiss`, {})).status).toBe(400);
      const dismissed = await clerk.post(`/api/inbox/${draft.id}/dismiss`, { reason: 'Not an order' });
      expect(dismissed.status).toBe(200);
      expect(await json<InboxDraftDto>(dismissed)).toMatchObject({
        status: 'dismissed',
        dismissReason: 'Not an order',
      });
      expect((await clerk.post(`/api/inbox/${draft.id}/dismiss`, { reason: 'again' })).status).toBe(409);
      expect(
        (await clerk.post('/api/inbox/00000000-0000-4000-8000-000000000000/dismiss', { reason: 'x' })).status,
      ).toBe(404);
    });

    it('works a delivery whose job was lost (Redis restarted after it was kept): nothing lost, nothing doubled', async () => {
      const delivery = messageDelivery({
        phoneNumberId: graph.connection.phoneNumberId,
        from: RAYYAN,
        message: { type: 'text', text: '6 cartons almarai milk 1L' },
      });
      // Kept, as the webhook keeps it, but never queued.
      await stack.environment.database.query(
        `INSERT INTO ai_parser.whatsapp_deliveries (payload, received_at) VALUES ($1, now() - interval '1 minute')`,
        [delivery.body],
      );
      const draft = await readDraft(delivery.messageId);
      expect(lines(draft)).toEqual([['MILK-ALM-1L', 6, 'carton']]);
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect((await inbox()).filter((row) => row.messageId === delivery.messageId)).toHaveLength(1);
    });
  });

  describe("clients' WhatsApp numbers", () => {
    it('default to the phone, one client per number', async () => {
      expect(rayyan.whatsapp).toBe(RAYYAN);
      const taken = await owner.post('/api/clients', { name: 'Copycat Store', whatsapp: '+966 55 812 4403' });
      expect(taken.status).toBe(409);
      expect(await taken.json()).toMatchObject({ code: 'ORDERS_CLIENT_WHATSAPP_TAKEN' });
      // A second client with the same phone gets no WhatsApp number of its own.
      const sharing = await json<ClientDto>(
        await owner.post('/api/clients', { name: 'Al Rayyan Branch 2', phone: '+966558124403' }),
      );
      expect(sharing.whatsapp).toBeNull();
      const moved = await owner.patch(`/api/clients/${sharing.id}`, { whatsapp: '00971 50 999 8877' });
      expect(moved.status).toBe(200);
      expect((await json<ClientDto>(moved)).whatsapp).toBe('971509998877');
    });
  });

  it('records a status callback Meta sends for a message it does not know without failing', async () => {
    const body = statusDelivery({
      phoneNumberId: graph.connection.phoneNumberId,
      messageId: 'wamid.unknown',
      status: 'delivered',
      recipient: RAYYAN,
    }).body;
    expect((await deliver(body)).status).toBe(200);
  });
});
