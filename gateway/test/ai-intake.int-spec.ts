import {
  AI_UPLOAD_MAX_BYTES,
  ARABIC_SPEECH_UNAVAILABLE_MESSAGE,
  EMPTY_ORDER_TEXT_MESSAGE,
  QueueName,
  ServiceName,
  type AiJobStatusDto,
  type ClientDto,
  type OrderDto,
  type OrderParseResultDto,
  type ParsedOrderItemDto,
  type InvoiceDto,
  type ReceiptResultDto,
  type StockItemDto,
  type SupplierInvoiceDraftDto,
} from '@erp/contracts';
import { TEST_OWNER_PASSWORD, testRedisUrl } from '@erp/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Queue } from 'bullmq';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { picturePdf } from '../../services/ai-parser/test/pdf-fixtures.js';
import { createGatewayApp } from '../src/bootstrap/create-gateway-app.js';
import { GatewayConfig } from '../src/config/gateway.config.js';
import { GatewayStack } from './gateway-stack.js';
import { HttpClient, json } from './http-client.js';

/** The eval catalogue (services/ai-parser/test/fixtures/catalog.json): 70 Gulf FMCG items, made real stock items. */
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

/** Packs given to some fixture items: milk by the carton, Pepsi by the shrink pack and the carton, water by the pallet. */
const FIXTURE_PACKS: Record<string, Array<{ unit: string; factor: number; sellingPrice?: string }>> = {
  // 12 × 6.50 = 78.00
  'MILK-ALM-1L': [{ unit: 'carton', factor: 12 }],
  // Its own price, below 6 × 11.50
  'MILK-ALM-2L': [{ unit: 'carton', factor: 6, sellingPrice: '65.00' }],
  // 6 × 2.50 = 15.00 and 24 × 2.50 = 60.00
  'PEPSI-CAN-330ML': [
    { unit: 'pack', factor: 6 },
    { unit: 'carton', factor: 24 },
  ],
  // A pallet of 60 cartons: 60 × 13.50 = 810.00
  'WATER-NOVA-330ML-40': [{ unit: 'pallet', factor: 60 }],
};

function documentPath(name: string): string {
  return fileURLToPath(new URL(`../../services/ai-parser/test/fixtures/documents/${name}`, import.meta.url));
}

/** An order photo or supplier invoice of services/ai-parser/test/fixtures/documents, as a data URL. */
function documentFixture(name: string): string {
  const bytes = readFileSync(documentPath(name));
  const type = name.endsWith('.pdf') ? 'application/pdf' : name.endsWith('.png') ? 'image/png' : 'image/jpeg';
  return `data:${type};base64,${bytes.toString('base64')}`;
}

interface ChatRequest {
  model: string;
  temperature?: number;
  messages: Array<{ role: string; content: string }>;
  response_format: { type: string; json_schema: { name: string; strict: boolean; schema: Record<string, unknown> } };
}
interface DraftLine {
  line: number;
  text: string;
  quantity: number;
  unit: string | null;
  candidates: Array<{ stockItemId: string; sku: string; name: string }>;
}
type ChatBehaviour = (request: ChatRequest, draft: DraftLine[]) => string | 'hang';
/** The transcript's text, or the whole answer (Whisper's `verbose_json` with its segments). */
type SpeechBehaviour = (fields: Record<string, string>) => string | 'hang' | { text: string };

/**
 * A local server that speaks the two OpenAI protocols the ai-parser uses: POST
 * /v1/chat/completions (structured output) and POST /v1/audio/transcriptions (multipart). Each
 * test sets how it answers; every request is recorded, and requests the client gave up on are
 * counted (a hung call must be aborted, not left open).
 */
class FakeOpenAiServer {
  chat: ChatBehaviour = () => 'hang';
  speech: SpeechBehaviour = () => 'hang';
  readonly chatRequests: ChatRequest[] = [];
  readonly speechRequests: Array<Record<string, string>> = [];
  abandoned = 0;
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    let answer: string | 'hang';
    let reply: (text: string) => unknown;
    if (request.url === '/v1/chat/completions') {
      const parsed = JSON.parse(body.toString('utf8')) as ChatRequest;
      this.chatRequests.push(parsed);
      const user = JSON.parse(parsed.messages.find((message) => message.role === 'user')!.content) as {
        draft: DraftLine[];
      };
      answer = this.chat(parsed, user.draft);
      reply = (content) => ({
        id: 'chatcmpl-test',
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: parsed.model,
        choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      });
    } else if (request.url === '/v1/audio/transcriptions') {
      const fields = multipartFields(body, String(request.headers['content-type']));
      this.speechRequests.push(fields);
      const heard = this.speech(fields);
      answer = typeof heard === 'string' ? heard : JSON.stringify(heard);
      reply = typeof heard === 'string' ? (text) => ({ text }) : () => heard;
    } else {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
      return;
    }
    if (answer === 'hang') {
      response.on('close', () => {
        this.abandoned += 1;
      });
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply(answer)));
  }
}

/** The text fields of a multipart body, and the uploaded file's name and size. */
function multipartFields(body: Buffer, contentType: string): Record<string, string> {
  const boundary = /boundary=(.+)$/.exec(contentType)?.[1];
  const fields: Record<string, string> = {};
  if (!boundary) return fields;
  for (const part of body.toString('latin1').split(`--${boundary}`)) {
    const name = /name="([^"]+)"/.exec(part)?.[1];
    const file = /filename="([^"]+)"/.exec(part)?.[1];
    const value = part.split('\r\n\r\n').slice(1).join('\r\n\r\n').replace(/\r\n$/, '');
    if (!name) continue;
    if (file) {
      fields.filename = file;
      fields.fileBytes = String(Buffer.from(value, 'latin1').length);
    } else fields[name] = value;
  }
  return fields;
}

/** A chat answer in the schema's shape. */
function modelAnswer(items: Array<Record<string, unknown>>, clientName: string | null = null): string {
  return JSON.stringify({ clientName, items });
}

/** A chat answer that takes each line as the offline reading drafted it, with its first candidate. */
function firstCandidates(draft: DraftLine[]): string {
  return modelAnswer(
    draft.map((line) => ({
      line: line.line,
      itemName: line.text,
      quantity: line.quantity,
      unit: line.unit,
      stockItemId: line.candidates[0]?.stockItemId ?? null,
    })),
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Word accuracy of a hypothesis against what was said (1 − word edit distance / words said). */
function wordAccuracy(said: string, heard: string): number {
  const ref = said.split(/\s+/).filter(Boolean);
  const hyp = heard.split(/\s+/).filter(Boolean);
  const d = Array.from({ length: ref.length + 1 }, (_, i) => Array.from({ length: hyp.length + 1 }, (_, j) => i || j));
  for (let i = 1; i <= ref.length; i += 1)
    for (let j = 1; j <= hyp.length; j += 1)
      d[i]![j] = Math.min(
        d[i - 1]![j]! + 1,
        d[i]![j - 1]! + 1,
        d[i - 1]![j - 1]! + (ref[i - 1] === hyp[j - 1] ? 0 : 1),
      );
  return 1 - d[ref.length]![hyp.length]! / ref.length;
}

describe('AI intake through the gateway: BullMQ jobs on real Redis, the ai-parser service, real tools', () => {
  let stack: GatewayStack;
  let owner: HttpClient;
  let clerk: HttpClient;
  let alNoor: ClientDto;
  const fake = new FakeOpenAiServer();
  const audioDir = mkdtempSync(join(tmpdir(), 'erp-ai-intake-audio-'));
  const bySku = new Map<string, StockItemDto>();
  let clips = 0;

  const sku = (code: string): string => bySku.get(code)!.id;

  /** Speech made with espeak-ng, converted by ffmpeg as a browser records it (webm/Opus by default). */
  function speak(text: string, voice = 'en-us', format: 'webm' | 'ogg' | 'mp3' | 'm4a' | 'wav' = 'webm'): string {
    clips += 1;
    const wav = join(audioDir, `clip-${clips}.wav`);
    execFileSync('espeak-ng', ['-v', voice, '-s', '165', '-w', wav, text]);
    if (format === 'wav') return readFileSync(wav).toString('base64');
    const out = join(audioDir, `clip-${clips}.${format}`);
    const codec = {
      webm: ['-c:a', 'libopus'],
      ogg: ['-c:a', 'libopus'],
      mp3: ['-c:a', 'libmp3lame'],
      m4a: ['-c:a', 'aac'],
    }[format];
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-i', wav, ...codec, out]);
    return readFileSync(out).toString('base64');
  }

  async function parseText(orderText: string, as: HttpClient = owner): Promise<OrderParseResultDto> {
    const response = await as.post('/api/orders/upload', { orderText });
    expect(response.status, await response.clone().text()).toBe(200);
    return json<OrderParseResultDto>(response);
  }

  const lines = (result: OrderParseResultDto) =>
    result.parsed.items.map((item) => [item.sku, item.quantity, item.unit] as const);

  /** Restarts the ai-parser service with these settings (the rest of the stack keeps running). */
  async function aiParserWith(env: Record<string, string | undefined>): Promise<void> {
    for (const [key, value] of Object.entries(env)) {
      if (value === undefined) delete stack.environment.env[key];
      else stack.environment.env[key] = value;
    }
    await stack.stopService(ServiceName.AiParser);
    await stack.restartService(ServiceName.AiParser);
  }

  async function waitForJob(jobId: string, as: HttpClient = owner, timeoutMs = 30_000): Promise<AiJobStatusDto[]> {
    const seen: AiJobStatusDto[] = [];
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const response = await as.get(`/api/ai-jobs/${jobId}`);
      expect(response.status).toBe(200);
      const status = await json<AiJobStatusDto>(response);
      seen.push(status);
      if (status.state === 'completed' || status.state === 'failed') return seen;
      if (Date.now() > deadline) throw new Error(`job ${jobId} did not finish`);
      await sleep(40);
    }
  }

  beforeAll(async () => {
    await fake.start();
    stack = await GatewayStack.start();
    owner = new HttpClient(stack.baseUrl);
    expect((await owner.login('owner', TEST_OWNER_PASSWORD)).status).toBe(200);
    for (const item of fixtureCatalog) {
      const response = await owner.post('/api/stock', {
        name: item.name,
        nameAr: item.nameAr,
        sku: item.sku,
        unit: item.unit,
        quantity: 100,
        costPrice: item.costPrice,
        sellingPrice: item.sellingPrice,
      });
      expect(response.status, await response.clone().text()).toBe(201);
      bySku.set(item.sku, await json<StockItemDto>(response));
    }
    // What a Gulf wholesaler sells some of them in besides the base unit (CONTRACT §10). The eval
    // catalogue counts its waters in cartons already ("Carton of 40") and its rice in bags.
    for (const [code, packs] of Object.entries(FIXTURE_PACKS)) {
      const response = await owner.patch(`/api/stock/${sku(code)}`, { packs });
      expect(response.status, await response.clone().text()).toBe(200);
    }
    alNoor = await json<ClientDto>(await owner.post('/api/clients', { name: 'Al Noor Supermarket' }));
    await owner.post('/api/clients', { name: 'أسواق المزرعة' });
    expect(
      (
        await owner.post('/api/users', {
          username: 'clerk',
          password: 'clerk-password-1',
          email: 'clerk@alnoor.example',
          fullName: 'Order Clerk',
          role: 'staff',
          permissions: ['orders:read', 'orders:write'],
        })
      ).status,
    ).toBe(201);
    clerk = new HttpClient(stack.baseUrl);
    expect((await clerk.login('clerk', 'clerk-password-1')).status).toBe(200);
  });

  afterAll(async () => {
    await stack?.stop();
    await fake.stop();
    rmSync(audioDir, { recursive: true, force: true });
  });

  describe('text orders, offline', () => {
    it('parses an English message against the real stock items and finds the existing client', async () => {
      const result = await parseText(
        'Hi, this is Faisal from Al Noor Supermarket.\nAlmarai fresh milk 2L - 6 ctn\nAfia oil 1.5L x 12\n4 boxes kiri',
      );
      expect(result).toMatchObject({
        engine: 'offline',
        pricing: 'client',
        source: 'text',
        rawText: expect.stringContaining('Afia'),
      });
      expect(result.parsed.clientName).toBe('Al Noor Supermarket');
      expect(result.parsed.clientId).toBe(alNoor.id);
      expect(lines(result)).toEqual([
        ['MILK-ALM-2L', 6, 'carton'],
        ['OIL-AFIA-1.5L', 12, 'piece'],
        ['CHEESE-KIRI-24', 4, 'box'],
      ]);
      const milk = result.parsed.items[0]!;
      expect(milk).toMatchObject({
        stockItemId: sku('MILK-ALM-2L'),
        itemName: 'Almarai Fresh Milk Full Fat 2L',
        itemNameAr: 'حليب المراعي طازج كامل الدسم 2 لتر',
        // Sold by the carton of 6 at its own price (CONTRACT §10).
        unitPrice: '65.00',
        unitNeedsCheck: false,
        matchedBy: 'catalogue',
        quantityNeedsCheck: false,
        sourceText: 'Almarai fresh milk 2L',
      });
      expect(result.parsed.items.slice(1).map((item) => item.unitPrice)).toEqual(['24.50', '24.50']);
      expect(milk.phrase).toBe('almarai fresh milk 2l');
      expect(result).not.toHaveProperty('uploadedFileUrl');
    });

    it('parses a Gulf Arabic message with Arabic-Indic digits', async () => {
      const result = await parseText(
        'السلام عليكم، معك محمد من أسواق المزرعة، ابي ٣٠ شوال دقيق فورتونا ١٠ كيلو و ٥ كراتين بيبسي علب',
      );
      expect(result.parsed.clientName).toBe('أسواق المزرعة');
      expect(result.parsed.clientId).not.toBeNull();
      expect(lines(result)).toEqual([
        ['FLOUR-FORT-10KG', 30, 'bag'],
        ['PEPSI-CAN-330ML', 5, 'carton'],
      ]);
      expect(result.parsed.items[0]!.stockItemId).toBe(sku('FLOUR-FORT-10KG'));
      // شوال of an item counted in bags is its bag; كراتين of Pepsi its carton of 24.
      expect(result.parsed.items.map((item) => [item.unitPrice, item.unitNeedsCheck])).toEqual([
        ['32.00', false],
        ['60.00', false],
      ]);
    });

    it('finds the client named at the end of the order line, and keeps its words out of the items', async () => {
      const english = await parseText('5 ctn Pepsi cans, 4 boxes kiri - Al Noor Supermarket');
      expect(english.parsed).toMatchObject({ clientName: 'Al Noor Supermarket', clientId: alNoor.id });
      expect(lines(english)).toEqual([
        ['PEPSI-CAN-330ML', 5, 'carton'],
        ['CHEESE-KIRI-24', 4, 'box'],
      ]);
      const arabic = await parseText('ابي ٥ كراتين بيبسي علب و ٣٠ شوال دقيق فورتونا ١٠ كيلو، أسواق المزرعة');
      expect(arabic.parsed.clientName).toBe('أسواق المزرعة');
      expect(arabic.parsed.clientId).not.toBeNull();
      expect(lines(arabic)).toEqual([
        ['PEPSI-CAN-330ML', 5, 'carton'],
        ['FLOUR-FORT-10KG', 30, 'bag'],
      ]);
    });

    it('answers 400 with the SPEC message for an empty text, and sees a changed catalogue at once', async () => {
      for (const body of [
        { orderText: '   \n ' },
        {},
        { orderText: '', imageBase64: '' },
        { orderText: '', imageUrl: null },
      ]) {
        const response = await owner.post('/api/orders/upload', body);
        expect(response.status).toBe(400);
        expect(await json(response)).toMatchObject({ code: 'VALIDATION_FAILED', message: EMPTY_ORDER_TEXT_MESSAGE });
      }
      expect((await parseText('3 ctn Zamzam water 500ml')).parsed.items[0]!.stockItemId).toBeNull();
      const created = await json<StockItemDto>(
        await owner.post('/api/stock', {
          name: 'Zamzam Water 500ml',
          sku: 'WATER-ZAMZAM-500',
          unit: 'carton',
          sellingPrice: '30',
        }),
      );
      const renamed = await parseText('3 ctn Zamzam water 500ml');
      expect(renamed.parsed.items[0]).toMatchObject({ stockItemId: created.id, unitPrice: '30.00', quantity: 3 });
      await owner.delete(`/api/stock/${created.id}`);
      expect((await parseText('3 ctn Zamzam water 500ml')).parsed.items[0]!.stockItemId).toBeNull();
    });

    it('reads the same message the same way 30 times through the gateway (HTTP → BullMQ → ai-parser → BullMQ → HTTP)', async () => {
      const message =
        'From Al Noor Supermarket:\nAlmarai fresh milk 2L - 6 ctn\nAfia oil 1.5L x 12\n4 boxes kiri\n10 bags Walimah rice 5kg';
      const first = lines(await parseText(message));
      expect(first).toHaveLength(4);
      const timings: number[] = [];
      for (let k = 0; k < 30; k += 1) {
        const started = performance.now();
        expect(lines(await parseText(message))).toEqual(first);
        timings.push(performance.now() - started);
      }
      // For the reader of the log; speed itself is `npm run bench`'s to measure, not a test's.
      console.log(
        `text parse through the gateway: p50 ${percentile(timings, 50).toFixed(1)} ms, p95 ${percentile(timings, 95).toFixed(1)} ms (30 calls)`,
      );
    });
  });

  describe('client memory', () => {
    it("remembers a client's corrected wording from the confirmed order and uses it first next time", async () => {
      const first = await parseText('Al Noor Supermarket here. 5 ctn fresh milk');
      const line = first.parsed.items[0]!;
      expect(line.phrase).toBe('fresh milk');
      expect(line.stockItemId).not.toBe(sku('MILK-NDC-1L'));

      // Nadec milk is sold by the carton of 12 too (CONTRACT §10): the line is in cartons.
      expect(
        (await owner.patch(`/api/stock/${sku('MILK-NDC-1L')}`, { packs: [{ unit: 'carton', factor: 12 }] })).status,
      ).toBe(200);
      // The user corrects the line to Nadec milk in the confirm dialog and creates the order; the
      // dialog leaves the price of a line it changed to the order, which prices the carton.
      const created = await owner.post('/api/orders/manual', {
        clientName: 'Al Noor Supermarket',
        clientId: alNoor.id,
        source: 'text',
        rawOrderText: first.rawText,
        items: [
          {
            itemName: 'Nadec Fresh Milk Full Fat 1L',
            quantity: 5,
            unit: 'carton',
            stockItemId: sku('MILK-NDC-1L'),
            phrase: line.phrase,
          },
        ],
      });
      expect(created.status, await created.clone().text()).toBe(201);
      // 5 cartons × 12 × 6.25
      expect(await json<OrderDto>(created)).toMatchObject({ clientId: alNoor.id, totalAmount: '375.00' });

      // Remembering is fire-and-forget after the order: the next parse sees it within moments.
      let next: ParsedOrderItemDto | undefined;
      for (let attempt = 0; attempt < 50; attempt += 1) {
        next = (await parseText('Fresh milk 8 cartons\n- Al Noor Supermarket')).parsed.items[0];
        if (next?.matchedBy === 'memory') break;
        await sleep(100);
      }
      // The carton pack added a moment ago is seen: the remembered item is priced by its carton.
      expect(next).toMatchObject({
        stockItemId: sku('MILK-NDC-1L'),
        sku: 'MILK-NDC-1L',
        quantity: 8,
        unit: 'carton',
        unitPrice: '75.00',
        unitNeedsCheck: false,
        matchedBy: 'memory',
        confidence: 1,
      });
      const [row] = await stack.environment.database.query<{ client_key: string; phrase: string }>(
        `SELECT client_key, phrase FROM ai_parser.client_phrases WHERE client_key = $1`,
        [`id:${alNoor.id}`],
      );
      expect(row).toMatchObject({ phrase: 'fresh milk' });

      // Another client's same wording is theirs alone; an order without phrases teaches nothing.
      const other = (await parseText('Green Valley Grocery here. 5 ctn fresh milk')).parsed.items[0]!;
      expect(other.matchedBy).not.toBe('memory');
      expect(other.stockItemId).toBe(line.stockItemId);
    });

    it('never fails the order when remembering fails', async () => {
      await stack.stopService(ServiceName.AiParser);
      try {
        const created = await owner.post('/api/orders/manual', {
          clientName: 'Al Noor Supermarket',
          items: [
            { itemName: 'Kiri', quantity: 1, unitPrice: '24.50', stockItemId: sku('CHEESE-KIRI-24'), phrase: 'kiri' },
          ],
        });
        expect(created.status).toBe(201);
      } finally {
        await stack.restartService(ServiceName.AiParser);
      }
    });
  });

  describe("packs and prices (CONTRACT §10): the customer's unit on the item's pack, at the client's price", () => {
    const priced = (result: OrderParseResultDto) =>
      result.parsed.items.map((item) => [item.sku, item.quantity, item.unit, item.unitPrice, item.unitNeedsCheck]);

    it('prices "3 كراتين" at the carton price, reads شد and طبلية as the packs they name, and flags a unit the item lacks', async () => {
      const result = await parseText(
        'ابي ٣ كراتين حليب المراعي ١ لتر\n٢ شد بيبسي علب\n٢ طبلية مياه نوفا ٣٣٠ مل\n٤ أكياس رز الوليمة ١٠ كيلو\n٣ كراتين رز الوليمة ٥ كيلو\nعافية ١.٥ لتر ٦ حبات',
      );
      expect(result.pricing).toBe('catalogue');
      expect(priced(result)).toEqual([
        ['MILK-ALM-1L', 3, 'carton', '78.00', false],
        ['PEPSI-CAN-330ML', 2, 'pack', '15.00', false],
        ['WATER-NOVA-330ML-40', 2, 'pallet', '810.00', false],
        // Rice is counted in bags: a bag is its base unit.
        ['RICE-WLM-10KG', 4, 'bag', '79.00', false],
        // Nor is rice sold by the carton: the customer's word stays, with no price, for the user.
        ['RICE-WLM-5KG', 3, 'carton', null, true],
        ['OIL-AFIA-1.5L', 6, 'piece', '24.50', false],
      ]);
      // The same in English, and no unit word: the base unit at its price, whatever packs the item has.
      expect(priced(await parseText('3 ctn almarai milk 1L\nalmarai milk 1L x 4'))).toEqual([
        ['MILK-ALM-1L', 3, 'carton', '78.00', false],
        ['MILK-ALM-1L', 4, 'piece', '6.50', false],
      ]);
    });

    it('sees a pack added to an item at the next parse', async () => {
      const before = await parseText('٢ كرتون عصير برتقال المراعي');
      expect(priced(before)).toEqual([['JUICE-ALM-ORANGE-1L', 2, 'carton', null, true]]);
      const patched = await owner.patch(`/api/stock/${sku('JUICE-ALM-ORANGE-1L')}`, {
        packs: [{ unit: 'carton', factor: 12 }],
      });
      expect(patched.status, await patched.clone().text()).toBe(200);
      expect(priced(await parseText('٢ كرتون عصير برتقال المراعي'))).toEqual([
        ['JUICE-ALM-ORANGE-1L', 2, 'carton', '90.00', false],
      ]);
    });

    it("gives a client with a price list the list's prices, which the order then charges", async () => {
      const list = await owner.post('/api/price-lists', {
        name: 'Hypermarkets',
        items: [
          { stockItemId: sku('MILK-ALM-1L'), unit: 'carton', price: '72.00' },
          { stockItemId: sku('PEPSI-CAN-330ML'), unit: 'carton', price: '55.00' },
        ],
      });
      expect(list.status, await list.clone().text()).toBe(201);
      const { id: priceListId } = await json<{ id: string }>(list);
      const hyper = await owner.post('/api/clients', { name: 'Hyper Al Waha', priceListId });
      expect(hyper.status, await hyper.clone().text()).toBe(201);
      const client = await json<ClientDto>(hyper);

      const result = await parseText('From Hyper Al Waha:\n3 ctn almarai milk 1L\n2 ctn pepsi can\nAfia oil 1.5L x 6');
      expect(result.parsed).toMatchObject({ clientName: 'Hyper Al Waha', clientId: client.id });
      expect(result.pricing).toBe('client');
      expect(priced(result)).toEqual([
        ['MILK-ALM-1L', 3, 'carton', '72.00', false],
        ['PEPSI-CAN-330ML', 2, 'carton', '55.00', false],
        // Not on the list: the item's own price.
        ['OIL-AFIA-1.5L', 6, 'piece', '24.50', false],
      ]);

      // The confirm dialog's lines as they are: the order charges what the dialog showed.
      const order = await owner.post('/api/orders/manual', {
        clientName: result.parsed.clientName,
        clientId: result.parsed.clientId,
        source: 'text',
        items: result.parsed.items.map((item) => ({
          itemName: item.itemName,
          quantity: item.quantity,
          unit: item.unit,
          stockItemId: item.stockItemId,
          phrase: item.phrase,
        })),
      });
      expect(order.status, await order.clone().text()).toBe(201);
      // 3 × 72.00 + 2 × 55.00 + 6 × 24.50
      expect(await json<OrderDto>(order)).toMatchObject({ clientId: client.id, totalAmount: '473.00' });
    });

    it("keeps the catalogue's prices and says so when the orders service is down", async () => {
      await stack.stopService(ServiceName.Orders);
      try {
        const result = await parseText('From Hyper Al Waha:\n3 ctn almarai milk 1L');
        expect(result.parsed).toMatchObject({ clientName: 'Hyper Al Waha', clientId: null });
        expect(result.pricing).toBe('catalogue (client lookup failed: The orders service is unavailable)');
        expect(priced(result)).toEqual([['MILK-ALM-1L', 3, 'carton', '78.00', false]]);
      } finally {
        await stack.restartService(ServiceName.Orders);
      }
      expect((await parseText('From Hyper Al Waha:\n3 ctn almarai milk 1L')).pricing).toBe('client');
    });
  });

  describe('uploads: CONTRACT §6 limits on decoded bytes and real types, checked before any job', () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64)]);

    async function queuedJobs(): Promise<number> {
      const queue = new Queue(QueueName.AiParse, {
        connection: { url: testRedisUrl() },
        prefix: `${stack.environment.redisPrefix}:bull`,
      });
      try {
        const counts = await queue.getJobCounts();
        return Object.values(counts).reduce((sum, count) => sum + count, 0);
      } finally {
        await queue.close();
      }
    }

    it('refuses a file whose bytes are not an accepted type with 415 naming what it is', async () => {
      const before = await queuedJobs();
      const image = await owner.post('/api/orders/upload', {
        imageBase64: `data:image/jpeg;base64,${gif.toString('base64')}`,
      });
      expect(image.status).toBe(415);
      expect(await json(image)).toMatchObject({ code: 'AI_UNSUPPORTED_FILE', message: expect.stringContaining('GIF') });

      const audio = await owner.post('/api/orders/transcribe', {
        audioBase64: `data:audio/webm;base64,${png.toString('base64')}`,
        mimeType: 'audio/webm',
      });
      expect(audio.status).toBe(415);
      expect(await json(audio)).toMatchObject({
        code: 'AI_UNSUPPORTED_FILE',
        message: expect.stringContaining('a PNG image'),
      });

      const invoice = await owner.post('/api/stock/supplier-invoices/parse', {
        fileBase64: speak('hello', 'en-us', 'ogg'),
      });
      expect(invoice.status).toBe(415);
      expect(await json(invoice)).toMatchObject({ message: expect.stringContaining('ogg audio') });
      expect(await queuedJobs()).toBe(before);
    });

    it('answers 413 past 10 MB of decoded bytes, and never enqueues the upload', async () => {
      const before = await queuedJobs();
      const big = Buffer.alloc(AI_UPLOAD_MAX_BYTES + 512 * 1024, 0x20);
      Buffer.from('ffd8ffe0', 'hex').copy(big);
      const response = await owner.post('/api/orders/upload', {
        imageBase64: `data:image/jpeg;base64,${big.toString('base64')}`,
      });
      expect(response.status).toBe(413);
      expect(await json(response)).toMatchObject({
        code: 'AI_FILE_TOO_LARGE',
        details: { maxBytes: AI_UPLOAD_MAX_BYTES },
      });

      // 12 MB is past the body limit itself (15 MB of base64 and JSON): refused before it is read.
      const huge = Buffer.alloc(12 * 1024 * 1024, 0x20);
      const tooBig = await owner.post('/api/orders/transcribe', {
        audioBase64: huge.toString('base64'),
        mimeType: 'audio/webm',
      });
      expect(tooBig.status).toBe(413);
      expect(await queuedJobs()).toBe(before);
    });

    it('answers 400 for an empty file, text that is not base64, and a missing recording', async () => {
      const empty = await owner.post('/api/orders/upload', { imageBase64: 'data:image/png;base64,' });
      expect(empty.status).toBe(400);
      expect(await json(empty)).toMatchObject({ message: 'imageBase64 is an empty file' });
      const garbage = await owner.post('/api/stock/supplier-invoices/parse', { fileBase64: 'this is not base64!' });
      expect(garbage.status).toBe(400);
      expect(await json(garbage)).toMatchObject({ message: expect.stringContaining('fileBase64') });
      const noVoice = await owner.post('/api/orders/transcribe', { audioBase64: '', mimeType: 'audio/webm' });
      expect(noVoice.status).toBe(400);
      expect(await json(noVoice)).toMatchObject({ message: 'Please record a voice note first' });
    });

    it('asks for stock:write to read a supplier invoice', async () => {
      const response = await clerk.post('/api/stock/supplier-invoices/parse', { fileBase64: png.toString('base64') });
      expect(response.status).toBe(403);
    });
  });

  // pocketsphinx takes about a second of CPU per clip; on a shared machine the wall time is several times that.
  describe('voice notes, offline (pocketsphinx with the catalogue grammar)', { timeout: 180_000 }, () => {
    it('recognises English from a browser recording (webm/Opus), keeps the file and marks quantities to check', async () => {
      const said = 'six cartons of almarai fresh milk two liter and four boxes of puck cheese triangles';
      const started = performance.now();
      const response = await owner.post('/api/orders/transcribe', {
        audioBase64: `data:audio/webm;codecs=opus;base64,${speak(said)}`,
        mimeType: 'audio/webm;codecs=opus',
        language: 'en',
      });
      const ms = performance.now() - started;
      expect(response.status, await response.clone().text()).toBe(200);
      const result = await json<OrderParseResultDto>(response);
      console.log(`offline voice (first, grammar built): ${ms.toFixed(0)} ms; heard "${result.transcription}"`);
      expect(result).toMatchObject({ source: 'voice', engine: 'offline', transcriptionEngine: 'pocketsphinx' });
      expect(lines(result)).toEqual([
        ['MILK-ALM-2L', 6, 'carton'],
        ['CHEESE-PUCK-TRI-16', 4, 'box'],
      ]);
      expect(result.parsed.items.every((item) => item.quantityNeedsCheck)).toBe(true);
      expect(result.uploadedFileUrl).toMatch(/^\/api\/files\/intake\/orders\/\d{4}\/[0-9a-f-]{36}\.webm$/);
      const kept = await owner.get(result.uploadedFileUrl!);
      expect(kept.status).toBe(200);
      expect(
        Buffer.from(await kept.arrayBuffer())
          .subarray(0, 4)
          .toString('hex'),
      ).toBe('1a45dfa3');
    });

    it('reads voice files as the screen uploads them: a WhatsApp .opus with no type, an .m4a from a phone', async () => {
      const said = 'six cartons of almarai fresh milk two liter';
      for (const [format, mimeType] of [
        ['ogg', 'audio/ogg'],
        ['m4a', 'audio/mp4'],
      ] as const) {
        const response = await owner.post('/api/orders/transcribe', {
          // The browser's data URL of a file saved without a MIME type; the gateway reads the bytes.
          audioBase64: `data:application/octet-stream;base64,${speak(said, 'en-us', format)}`,
          mimeType,
          language: 'en',
        });
        expect(response.status, await response.clone().text()).toBe(200);
        const result = await json<OrderParseResultDto>(response);
        expect(result.source).toBe('voice');
        expect(result.uploadedFileUrl).toMatch(new RegExp(`\\.${format}$`));
        expect(lines(result)).toEqual([['MILK-ALM-2L', 6, 'carton']]);
        // Heard by the offline recogniser: never a certain match, the quantity to check.
        expect(result.parsed.items[0]).toMatchObject({ quantityNeedsCheck: true });
        expect(result.parsed.items[0]!.confidence).toBeLessThanOrEqual(0.75);
      }
    });

    it('measures word and item accuracy and latency on espeak-ng clips in ogg, mp3 and wav', async () => {
      const cases: Array<{ said: string; format: 'ogg' | 'mp3' | 'wav' | 'webm'; expected: string[] }> = [
        {
          said: 'three bags of al walimah basmati rice ten kilo and two boxes of lipton yellow label tea',
          format: 'ogg',
          expected: ['RICE-WLM-10KG', 'TEA-LIPTON-YL-100'],
        },
        {
          said: 'twelve pieces of afia pure corn oil one point five liter',
          format: 'mp3',
          expected: ['OIL-AFIA-1.5L'],
        },
        {
          said: 'five cartons of nova water and four boxes of puck cheese triangles',
          format: 'wav',
          expected: ['WATER-NOVA-330ML-40', 'CHEESE-PUCK-TRI-16'],
        },
        {
          said: 'i need twenty cartons of pepsi can and eight pieces of heinz tomato ketchup',
          format: 'webm',
          expected: ['PEPSI-CAN-330ML', 'KETCHUP-HEINZ-340G'],
        },
        { said: 'two bags of al osra white sugar ten kilo please', format: 'ogg', expected: ['SUGAR-OSRA-10KG'] },
        {
          said: 'seven boxes of kiri cream cheese and three pieces of nido milk powder',
          format: 'webm',
          expected: ['CHEESE-KIRI-24', 'MILK-NIDO-2.25KG'],
        },
      ];
      let accuracy = 0;
      let itemsRight = 0;
      let itemsExpected = 0;
      const timings: number[] = [];
      for (const { said, format, expected } of cases) {
        const started = performance.now();
        const response = await owner.post('/api/orders/transcribe', {
          audioBase64: speak(said, 'en-us', format),
          mimeType: `audio/${format}`,
        });
        timings.push(performance.now() - started);
        expect(response.status).toBe(200);
        const result = await json<OrderParseResultDto>(response);
        accuracy += wordAccuracy(said, result.transcription ?? '');
        const skus = result.parsed.items.map((item) => item.sku);
        console.log(`  said  "${said}"\n  heard "${result.transcription}" → ${skus.join(', ')}`);
        itemsRight += expected.filter((code) => skus.includes(code)).length;
        itemsExpected += expected.length;
      }
      console.log(
        `offline voice: word accuracy ${(accuracy / cases.length).toFixed(2)}, items found ${itemsRight}/${itemsExpected}, ` +
          `p50 ${percentile(timings, 50).toFixed(0)} ms, max ${Math.max(...timings).toFixed(0)} ms per clip (through the gateway)`,
      );
      expect(accuracy / cases.length).toBeGreaterThan(0.6);
      expect(itemsRight / itemsExpected).toBeGreaterThan(0.6);
    });

    it('answers 503 for Arabic with no speech endpoint, saying what to configure', async () => {
      const response = await owner.post('/api/orders/transcribe', {
        audioBase64: speak('ابي خمس كراتين بيبسي', 'ar', 'ogg'),
        mimeType: 'audio/ogg;codecs=opus',
        language: 'ar',
      });
      expect(response.status).toBe(503);
      expect(await json(response)).toEqual({
        code: 'AI_SPEECH_UNAVAILABLE',
        message: ARABIC_SPEECH_UNAVAILABLE_MESSAGE,
      });
    });

    it('reads a recording only as the type its bytes are: a playlist behind an ID3 tag opens no other file (400)', async () => {
      // Another customer's voice notes, kept beside the next upload (same folder).
      const said = 'ten boxes of lipton yellow label tea';
      const kept: string[] = [];
      for (const format of ['wav', 'mp3'] as const) {
        const note = await owner.post('/api/orders/transcribe', {
          audioBase64: speak(said, 'en-us', format),
          language: 'en',
        });
        expect(note.status, await note.clone().text()).toBe(200);
        kept.push((await json<OrderParseResultDto>(note)).uploadedFileUrl!.split('/').pop()!);
      }
      // An "mp3" to the gateway (it starts with an ID3 tag); ffmpeg would probe past the tag and
      // find an ffconcat or HLS playlist naming the notes above by their relative path.
      const id3 = Buffer.from('4944330400000000000000', 'hex').subarray(0, 10);
      const playlists = {
        concat: `ffconcat version 1.0\nfile ${kept[0]}\n`,
        hls: `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:10.0,\n${kept[1]}\n#EXT-X-ENDLIST\n`,
      };
      for (const [kind, playlist] of Object.entries(playlists)) {
        const response = await owner.post('/api/orders/transcribe', {
          audioBase64: Buffer.concat([id3, Buffer.from(playlist)]).toString('base64'),
          mimeType: 'audio/mpeg',
          language: 'en',
        });
        const body = await response.clone().text();
        expect(body, kind).not.toMatch(/lipton|TEA-LIPTON/i);
        expect(response.status, `${kind}: ${body}`).toBe(400);
        expect(await json(response)).toMatchObject({ code: 'AI_UNREADABLE_FILE' });
      }
    });

    it('answers 400 for a recording ffmpeg cannot read', async () => {
      const broken = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(2048, 7)]);
      const response = await owner.post('/api/orders/transcribe', {
        audioBase64: broken.toString('base64'),
        language: 'en',
      });
      expect(response.status).toBe(400);
      expect(await json(response)).toMatchObject({ code: 'AI_UNREADABLE_FILE' });
    });
  });

  describe('asynchronous calls: 202 with a job to poll', { timeout: 120_000 }, () => {
    it('reports progress while a voice note is read, then the result; only to the user who started it', async () => {
      const accepted = await owner.post('/api/orders/transcribe?wait=false', {
        audioBase64: speak('ten boxes of lipton yellow label tea and six cartons of pepsi can'),
        mimeType: 'audio/webm',
      });
      expect(accepted.status).toBe(202);
      const { jobId } = await json<{ jobId: string }>(accepted);
      expect(jobId).toMatch(/^[0-9a-f-]{36}$/);
      expect((await clerk.get(`/api/ai-jobs/${jobId}`)).status).toBe(404);

      const seen = await waitForJob(jobId);
      const done = seen[seen.length - 1]!;
      expect(done.state).toBe('completed');
      expect(done.progress).toEqual({ step: 'matching', percent: 100 });
      const steps = new Set(seen.map((status) => status.progress?.step).filter(Boolean));
      console.log(
        `async voice job: ${seen.length} polls, states ${[...new Set(seen.map((s) => s.state))].join(' → ')}, steps ${[...steps].join(', ')}`,
      );
      expect(steps.has('transcribing') || steps.has('matching')).toBe(true);
      expect(seen.some((status) => status.state === 'active' || status.state === 'waiting')).toBe(true);
      const result = done.result as OrderParseResultDto;
      expect(result.parsed.items.map((item) => item.sku)).toContain('TEA-LIPTON-YL-100');

      expect((await owner.get('/api/ai-jobs/00000000-0000-4000-8000-000000000000')).status).toBe(404);
      expect((await owner.get('/api/ai-jobs/not-a-job')).status).toBe(404);
    });

    it('reports a failed job with the error the call would have answered', async () => {
      const accepted = await owner.post('/api/orders/transcribe?wait=false', {
        audioBase64: speak('marhaba', 'ar', 'ogg'),
        language: 'ar',
      });
      expect(accepted.status).toBe(202);
      const seen = await waitForJob((await json<{ jobId: string }>(accepted)).jobId);
      expect(seen[seen.length - 1]).toMatchObject({
        state: 'failed',
        error: { status: 503, code: 'AI_SPEECH_UNAVAILABLE', message: ARABIC_SPEECH_UNAVAILABLE_MESSAGE },
      });
    });
  });

  describe('the OpenAI-compatible engine (a local server speaking the protocols)', { timeout: 120_000 }, () => {
    beforeAll(async () => {
      await aiParserWith({
        AI_BASE_URL: fake.url,
        AI_API_KEY: 'sk-test',
        AI_MODEL: 'order-reader',
        AI_TIMEOUT_MS: '1500',
        AI_JOB_TIMEOUT_MS: '8000',
      });
    });

    afterAll(async () => {
      await aiParserWith({
        AI_BASE_URL: undefined,
        AI_API_KEY: undefined,
        AI_MODEL: undefined,
        AI_TIMEOUT_MS: undefined,
        AI_JOB_TIMEOUT_MS: undefined,
      });
    });

    const message = 'Order for Al Noor Supermarket:\n6 ctn almarai milk\n4 boxes kiri';

    it('uses a valid structured answer that picks among the candidates', async () => {
      fake.chat = (_request, draft) =>
        modelAnswer(
          draft.map((line) => {
            const pick = line.candidates[line.candidates.length - 1]!;
            return {
              line: line.line,
              itemName: line.text,
              quantity: line.quantity + 1,
              unit: line.unit,
              stockItemId: pick.stockItemId,
            };
          }),
        );
      const offline = fake.chatRequests.length;
      const result = await parseText(message);
      const request = fake.chatRequests[offline]!;
      expect(request.model).toBe('order-reader');
      expect(request.response_format).toMatchObject({
        type: 'json_schema',
        json_schema: { name: 'parsed_order', strict: true },
      });
      const draft = (JSON.parse(request.messages[1]!.content) as { draft: DraftLine[] }).draft;
      expect(draft[0]!.candidates.length).toBeGreaterThan(1);
      expect(draft[0]!.candidates.map((candidate) => candidate.stockItemId)).toContain(sku('MILK-ALM-2L'));

      expect(result.engine).toBe('openai');
      expect(result.parsed.clientId).toBe(alNoor.id);
      const picked = draft.map((line) => line.candidates[line.candidates.length - 1]!.stockItemId);
      expect(result.parsed.items.map((item) => item.stockItemId)).toEqual(picked);
      expect(result.parsed.items[0]).toMatchObject({ quantity: 7, quantityNeedsCheck: true, phrase: 'almarai milk' });
      if (picked[0] !== draft[0]!.candidates[0]!.stockItemId) expect(result.parsed.items[0]!.matchedBy).toBe('model');
    });

    it('falls back to the offline parser on a malformed answer, and says so', async () => {
      fake.chat = () => '{"clientName": null, "items": [{"line": 0, "itemName": "milk"}]}';
      const result = await parseText(message);
      expect(result.engine).toMatch(
        /^offline \(openai failed: invalid answer: items\[0\] lacks quantity, unit, stockItemId\)$/,
      );
      expect(lines(result)[1]).toEqual(['CHEESE-KIRI-24', 4, 'box']);

      fake.chat = () => 'Sure! Here is the order: 6 cartons of milk';
      expect((await parseText(message)).engine).toBe('offline (openai failed: invalid answer: the answer is not JSON)');
    });

    it('rejects an answer with a stock item that was not among the candidates', async () => {
      fake.chat = (_request, draft) =>
        modelAnswer([
          { line: 0, itemName: 'milk', quantity: 6, unit: 'carton', stockItemId: sku('TIDE-AUTO-3KG') },
          ...draft.slice(1).map(() => ({ line: null, itemName: 'x', quantity: 1, unit: null, stockItemId: null })),
        ]);
      const result = await parseText(message);
      expect(result.engine).toBe(
        `offline (openai failed: invalid answer: stockItemId ${sku('TIDE-AUTO-3KG')} is not among the candidates)`,
      );
      expect(result.parsed.items.map((item) => item.stockItemId)).not.toContain(sku('TIDE-AUTO-3KG'));
    });

    it('falls back when the endpoint does not answer in AI_TIMEOUT_MS, and aborts the call', async () => {
      fake.chat = () => 'hang';
      const abandoned = fake.abandoned;
      // The endpoint never answers: a reading that waited for it would never settle.
      const result = await parseText(message);
      expect(result.engine).toBe('offline (openai failed: no answer within 1500 ms)');
      expect(lines(result)[1]).toEqual(['CHEESE-KIRI-24', 4, 'box']);
      await sleep(100);
      expect(fake.abandoned).toBe(abandoned + 1);
    });

    it('transcribes Arabic through the audio endpoint, then parses the transcription', async () => {
      fake.chat = (_request, draft) => firstCandidates(draft);
      fake.speech = (fields) =>
        fields.language === 'ar' ? 'ابي ٥ كراتين بيبسي علب و ٣ شوال رز الوليمة ٥ كيلو' : 'five cartons of pepsi';
      const response = await owner.post('/api/orders/transcribe', {
        audioBase64: `data:audio/ogg;codecs=opus;base64,${speak('ابي خمس كراتين بيبسي', 'ar', 'ogg')}`,
        mimeType: 'audio/ogg;codecs=opus',
        language: 'ar',
      });
      expect(response.status, await response.clone().text()).toBe(200);
      const result = await json<OrderParseResultDto>(response);
      const request = fake.speechRequests[fake.speechRequests.length - 1]!;
      expect(request).toMatchObject({ model: 'whisper-1', language: 'ar', filename: 'voice-note.ogg' });
      expect(Number(request.fileBytes)).toBeGreaterThan(1000);
      expect(result).toMatchObject({
        transcription: 'ابي ٥ كراتين بيبسي علب و ٣ شوال رز الوليمة ٥ كيلو',
        transcriptionEngine: 'openai',
        // The answer had no segments: how sure the endpoint was is not known.
        transcriptionConfidence: null,
        engine: 'openai',
      });
      expect(request.response_format).toBe('verbose_json');
      expect(lines(result)).toEqual([
        ['PEPSI-CAN-330ML', 5, 'carton'],
        ['RICE-WLM-5KG', 3, 'bag'],
      ]);
      expect(result.parsed.items.some((item) => item.quantityNeedsCheck)).toBe(false);
    });

    it('never gives a certain match to a line of an unclear recording, and checks every quantity', async () => {
      fake.chat = (_request, draft) => firstCandidates(draft);
      // Whisper's verbose answer: the second segment was barely heard.
      fake.speech = () => ({
        task: 'transcribe',
        language: 'english',
        duration: 4,
        text: 'ten cartons of pepsi and three bags of walima rice five kilo',
        segments: [
          { id: 0, start: 0, end: 2, text: 'ten cartons of pepsi', avg_logprob: Math.log(0.7), no_speech_prob: 0.05 },
          {
            id: 1,
            start: 2,
            end: 4,
            text: 'and three bags of walima rice five kilo',
            avg_logprob: Math.log(0.3),
            no_speech_prob: 0.3,
          },
        ],
      });
      const response = await owner.post('/api/orders/transcribe', {
        audioBase64: speak('ten cartons of pepsi and three bags of rice', 'en-us', 'ogg'),
        mimeType: 'audio/ogg',
        language: 'en',
      });
      expect(response.status, await response.clone().text()).toBe(200);
      const result = await json<OrderParseResultDto>(response);
      // (0.7 × 0.95 × 2 + 0.3 × 0.7 × 2) / 4
      expect(result).toMatchObject({ transcriptionEngine: 'openai', transcriptionConfidence: 0.44 });
      expect(lines(result)).toEqual([
        ['PEPSI-CAN-330ML', 10, 'carton'],
        ['RICE-WLM-5KG', 3, 'bag'],
      ]);
      expect(result.parsed.items.every((item) => item.quantityNeedsCheck && item.confidence <= 0.75)).toBe(true);
    });

    it('frees the worker from a hung engine: the job fails with AI_TIMEOUT and the next jobs run', async () => {
      await aiParserWith({ AI_TIMEOUT_MS: '60000', AI_JOB_TIMEOUT_MS: '2500' });
      fake.speech = () => 'hang';
      fake.chat = () => 'hang';
      const abandoned = fake.abandoned;
      const started = performance.now();
      // Two hung voice notes fill both worker slots (AI_CONCURRENCY 2); a text order waits behind them.
      const hung = await Promise.all(
        [1, 2].map(async () =>
          owner.post('/api/orders/transcribe?wait=false', {
            audioBase64: speak('six cartons of pepsi can'),
            language: 'en',
          }),
        ),
      );
      const text = await owner.post('/api/orders/upload?wait=false', { orderText: '4 boxes kiri' });
      const jobIds = await Promise.all(
        [...hung, text].map(async (response) => (await json<{ jobId: string }>(response)).jobId),
      );
      // Both voice notes run at once (AI_CONCURRENCY 2) while the text order waits its turn.
      let states: string[] = [];
      for (let poll = 0; poll < 50 && states.join() !== 'active,active,waiting'; poll += 1) {
        states = await Promise.all(
          jobIds.map(async (jobId) => (await json<AiJobStatusDto>(await owner.get(`/api/ai-jobs/${jobId}`))).state),
        );
        await sleep(20);
      }
      expect(states).toEqual(['active', 'active', 'waiting']);
      const finals = await Promise.all(jobIds.map(async (jobId) => (await waitForJob(jobId)).pop()!));
      const elapsed = performance.now() - started;
      for (const final of finals.slice(0, 2)) {
        expect(final).toMatchObject({
          state: 'failed',
          error: { status: 503, code: 'AI_TIMEOUT', message: 'Reading took too long' },
        });
      }
      // The text job's model call hangs too: it is cut before the job's limit and the offline reading answers.
      expect(finals[2]).toMatchObject({ state: 'completed' });
      expect((finals[2]!.result as OrderParseResultDto).engine).toMatch(
        /^offline \(openai failed: no answer within \d+ ms\)$/,
      );
      expect(lines(finals[2]!.result as OrderParseResultDto)).toEqual([['CHEESE-KIRI-24', 4, 'box']]);
      console.log(
        `hung engine: 3 jobs settled in ${elapsed.toFixed(0)} ms with AI_JOB_TIMEOUT_MS 2500 and concurrency 2`,
      );
      await sleep(200);
      expect(fake.abandoned).toBeGreaterThanOrEqual(abandoned + 3);

      // The worker is free again: the same call through the gateway answers at once once the model answers.
      fake.chat = (_request, draft) => firstCandidates(draft);
      const after = await parseText('4 boxes kiri');
      expect(after).toMatchObject({ engine: 'openai' });

      // A waiting call gets the job's error as its own answer.
      fake.speech = () => 'hang';
      const waited = await owner.post('/api/orders/transcribe', {
        audioBase64: speak('two cartons of pepsi can'),
        language: 'en',
      });
      expect(waited.status).toBe(503);
      expect(await json(waited)).toMatchObject({ code: 'AI_TIMEOUT', message: 'Reading took too long' });
    });

    it("answers 503 AI_TIMEOUT when the gateway's wait runs out, and the job stays pollable", async () => {
      await aiParserWith({ AI_JOB_TIMEOUT_MS: '4000' });
      fake.speech = () => 'hang';
      const impatient: NestFastifyApplication = await createGatewayApp(
        stack.environment.config(GatewayConfig, { PORT: '0', HOST: '127.0.0.1', AI_WAIT_TIMEOUT_MS: '1000' }),
      );
      try {
        await impatient.listen({ port: 0, host: '127.0.0.1' });
        const viaImpatient = new HttpClient(await impatient.getUrl()).withCookie(owner.sessionCookie);
        // The speech endpoint hangs and the job's own limit is 4 s: a 503 while the job is still
        // running (pollable below, failing later) is the gateway's own wait running out.
        const response = await viaImpatient.post('/api/orders/transcribe', {
          audioBase64: speak('one carton of pepsi can'),
          language: 'en',
        });
        expect(response.status).toBe(503);
        const body = await json<{ code: string; details: { jobId: string } }>(response);
        expect(body.code).toBe('AI_TIMEOUT');
        const seen = await waitForJob(body.details.jobId);
        expect(seen[seen.length - 1]).toMatchObject({ state: 'failed', error: { code: 'AI_TIMEOUT' } });
      } finally {
        await impatient.close();
      }
    });
  });
  // Tesseract takes a second or two of CPU per page; on a shared machine the wall time is several times that.
  describe(
    'photos and PDFs: orders and supplier invoices read by OCR or from the text layer',
    { timeout: 180_000 },
    () => {
      const summary = (draft: SupplierInvoiceDraftDto) =>
        draft.lines.map((line) => [line.sku, line.quantity, line.unit, line.unitPrice, line.lineTotal]);

      async function parseInvoice(file: string): Promise<{ draft: SupplierInvoiceDraftDto; seen: AiJobStatusDto[] }> {
        const accepted = await owner.post('/api/stock/supplier-invoices/parse?wait=false', {
          fileBase64: documentFixture(file),
        });
        expect(accepted.status, await accepted.clone().text()).toBe(202);
        // OCR on a busy shared machine: allow the job its own limit.
        const seen = await waitForJob((await json<{ jobId: string }>(accepted)).jobId, owner, 90_000);
        const done = seen[seen.length - 1]!;
        expect(done.state, JSON.stringify(done.error)).toBe('completed');
        return { draft: done.result as SupplierInvoiceDraftDto, seen };
      }

      it('reads an English order photo: matched stock items, source image, every quantity marked to check', async () => {
        const started = performance.now();
        const response = await owner.post('/api/orders/upload', { imageBase64: documentFixture('order-en.png') });
        expect(response.status, await response.clone().text()).toBe(200);
        const result = await json<OrderParseResultDto>(response);
        console.log(`order photo (en) through the gateway: ${(performance.now() - started).toFixed(0)} ms`);
        expect(result).toMatchObject({ source: 'image', engine: 'offline', rawText: expect.stringContaining('Nadec') });
        expect(lines(result)).toEqual([
          ['MILK-ALM-2L', 6, 'carton'],
          ['LABAN-NDC-1L', 4, 'carton'],
          ['CHEESE-PUCK-TRI-16', 10, 'box'],
        ]);
        expect(result.parsed.items.map((item) => item.stockItemId)).toEqual([
          sku('MILK-ALM-2L'),
          sku('LABAN-NDC-1L'),
          sku('CHEESE-PUCK-TRI-16'),
        ]);
        expect(result.parsed.items.every((item) => item.quantityNeedsCheck)).toBe(true);
        expect(result.parsed.items[0]).toMatchObject({
          unitPrice: '65.00',
          unitNeedsCheck: false,
          matchedBy: 'catalogue',
        });
        // Nadec laban has no carton pack: the customer's carton is kept for the user to check.
        expect(result.parsed.items[1]).toMatchObject({ unitPrice: null, unitNeedsCheck: true });
        expect(result.uploadedFileUrl).toMatch(/^\/api\/files\/intake\/orders\/\d{4}\/[0-9a-f-]{36}\.png$/);
        const kept = await owner.get(result.uploadedFileUrl!);
        expect(kept.status).toBe(200);
      });

      it('reads an Arabic order photo with Arabic-Indic digits, reporting progress while it runs', async () => {
        const accepted = await owner.post('/api/orders/upload?wait=false', {
          imageBase64: documentFixture('order-ar.png'),
        });
        expect(accepted.status).toBe(202);
        // OCR on a busy shared machine: allow the job its own limit.
        const seen = await waitForJob((await json<{ jobId: string }>(accepted)).jobId, owner, 90_000);
        const done = seen[seen.length - 1]!;
        expect(done).toMatchObject({ state: 'completed', progress: { step: 'matching', percent: 100 } });
        const result = done.result as OrderParseResultDto;
        expect(result.source).toBe('image');
        expect(result.parsed.clientName).toBe('شركة الرواد للتموين');
        expect(result.parsed.clientId).toBeNull();
        expect(lines(result)).toEqual([
          ['OIL-NOOR-1.5L', 24, 'piece'],
          ['OIL-AFIA-3L', 12, 'piece'],
        ]);
        expect(result.parsed.items.every((item) => item.quantityNeedsCheck)).toBe(true);
      });

      it("reads the Almarai invoice's text layer into a draft: supplier, number, date, lines with batches", async () => {
        const { draft } = await parseInvoice('invoice-almarai.pdf');
        expect(draft).toMatchObject({
          supplierName: 'Almarai Company',
          invoiceNumber: 'INV-88213',
          invoiceDate: '2026-11-20',
          engine: 'offline',
          totals: { subtotal: '661.30', vat: '99.20', total: '760.50' },
          rawText: expect.stringContaining('Almarai Fresh Milk Full Fat 1L'),
        });
        expect(draft.uploadedFileUrl).toMatch(/^\/api\/files\/intake\/supplier-invoices\/\d{4}\/[0-9a-f-]{36}\.pdf$/);
        expect(summary(draft)).toEqual([
          ['MILK-ALM-1L', 24, 'carton', '5.55', '133.20'],
          ['LABAN-ALM-1L', 12, 'carton', '4.65', '55.80'],
          ['JUICE-ALM-ORANGE-1L', 36, 'piece', '6.30', '226.80'],
          ['YOG-ALM-1KG', 20, 'piece', '7.40', '148.00'],
          [null, 10, 'piece', '9.75', '97.50'],
        ]);
        expect(draft.lines[0]).toMatchObject({
          stockItemId: sku('MILK-ALM-1L'),
          name: 'Almarai Fresh Milk Full Fat 1L',
          batchNumber: 'B-2211',
          manufactureDate: '2026-11-01',
          expiryDate: '2026-12-05',
        });
        // Milk is sold by the carton (kept); laban is not (CONTRACT §10: the user chooses). A text
        // layer's figures add up, so no quantity needs checking.
        expect(draft.lines.map((line) => [line.unit, line.unitNeedsCheck, line.quantityNeedsCheck])).toEqual([
          ['carton', false, false],
          ['carton', true, false],
          ['piece', false, false],
          ['piece', false, false],
          ['piece', false, false],
        ]);
        expect(draft.lines[4]).toMatchObject({
          name: 'Almarai Cheese Slices 200g',
          stockItemId: null,
          batchNumber: 'C-1204',
        });
      });

      it('reads an Arabic invoice whose table cells wrap as one line per item, matched to the right sizes', async () => {
        const { draft } = await parseInvoice('invoice-wrapped-ar-middle.pdf');
        expect(draft).toMatchObject({ supplierName: 'مؤسسة الفجر للتموين', invoiceNumber: 'FJ-2207' });
        expect(summary(draft)).toEqual([
          ['OIL-AFIA-1.5L', 12, 'carton', '21.00', '252.00'],
          ['SUGAR-OSRA-10KG', 10, 'bag', '33.00', '330.00'],
          ['RICE-WLM-10KG', 20, 'bag', '69.00', '1380.00'],
        ]);
        expect(draft.lines[1]).toMatchObject({
          description: 'سكر الأسرة أبيض ناعم 10 كجم Al Osra White Sugar 10kg',
          batchNumber: 'SG-8801',
          expiryDate: '2028-10-20',
        });
      });

      it('reads the scanned Savola invoice (JPEG, and the same scan as an image-only PDF) by OCR', async () => {
        for (const file of ['invoice-savola-scan.jpg', 'invoice-savola-scan.pdf']) {
          const started = performance.now();
          const { draft, seen } = await parseInvoice(file);
          const steps = [...new Set(seen.map((status) => status.progress?.step).filter(Boolean))];
          console.log(
            `${file}: ${(performance.now() - started).toFixed(0)} ms, ${seen.length} polls, steps ${steps.join(', ')}`,
          );
          expect(seen[seen.length - 1]!.progress).toEqual({ step: 'matching', percent: 100 });
          expect(draft).toMatchObject({
            supplierName: 'شركة صافولا للأغذية',
            invoiceNumber: '45671',
            invoiceDate: '2026-11-18',
            totals: { subtotal: '1222.20', total: '1405.53' },
          });
          expect(summary(draft)).toEqual([
            ['OIL-AFIA-1.5L', 12, 'carton', '21.00', '252.00'],
            ['OIL-AFIA-3L', 6, 'carton', '39.50', '237.00'],
            ['OIL-NOOR-1.5L', 24, 'piece', '16.80', '403.20'],
            ['SUGAR-OSRA-10KG', 10, 'bag', '33.00', '330.00'],
          ]);
          expect(draft.lines.map((line) => [line.batchNumber?.slice(-4), line.expiryDate])).toEqual([
            ['5512', '2027-10-01'],
            ['5530', '2027-10-05'],
            ['2207', '2027-09-12'],
            ['8801', '2028-10-20'],
          ]);
          expect(draft.lines.every((line) => line.quantityNeedsCheck)).toBe(true);
        }
      });

      it('reads a PDF whose page is 5000 × 5000 pt from a render of at most 4000 px a side, in bounded memory', async () => {
        // pdftoppm as the ai-parser runs it, measured by /usr/bin/time (its peak resident memory).
        const tools = mkdtempSync(join(tmpdir(), 'erp-measured-tools-'));
        const log = join(tools, 'pdftoppm.log');
        writeFileSync(
          join(tools, 'pdftoppm'),
          `#!/bin/sh\nexec /usr/bin/time -a -o '${log}' -f '%M KB: %C' /usr/bin/pdftoppm "$@"\n`,
          { mode: 0o755 },
        );
        const path = process.env.PATH;
        process.env.PATH = `${tools}:${path}`;
        const bomb = picturePdf(5000, 5000).toString('base64');
        try {
          const invoice = await owner.post('/api/stock/supplier-invoices/parse', { fileBase64: bomb });
          expect(invoice.status, await invoice.clone().text()).toBe(200);
          // A page with nothing on it reads as nothing: an empty draft, as a photo of a wall does.
          expect(await json<SupplierInvoiceDraftDto>(invoice)).toMatchObject({ lines: [], rawText: '' });
          const order = await owner.post('/api/orders/upload', { imageBase64: `data:application/pdf;base64,${bomb}` });
          expect(order.status, await order.clone().text()).toBe(200);
          expect(await json<OrderParseResultDto>(order)).toMatchObject({ source: 'image', rawText: '' });
        } finally {
          process.env.PATH = path;
        }
        const runs = readFileSync(log, 'utf8').trim().split('\n');
        rmSync(tools, { recursive: true, force: true });
        console.log(`pdftoppm on a 5000 × 5000 pt page: ${runs.join(' | ')}`);
        expect(runs).toHaveLength(2);
        for (const run of runs) {
          expect(run).toContain(' -r 57 ');
          // At 300 dpi the same page took 1.7 GB; a 4000 × 4000 render takes about 70 MB.
          expect(Number(run.split(' ')[0])).toBeLessThan(256 * 1024);
        }
      });

      it('refuses a file that is not an image or PDF (415), and answers 400 for a broken one', async () => {
        const text = Buffer.from('Invoice No: INV-1\nAlmarai Fresh Milk 1L 24 CTN 5.55 133.20\n');
        const docx = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(256, 1)]);
        for (const bytes of [text, docx]) {
          const refused = await owner.post('/api/stock/supplier-invoices/parse', {
            fileBase64: `data:application/pdf;base64,${bytes.toString('base64')}`,
          });
          expect(refused.status).toBe(415);
          expect(await json(refused)).toMatchObject({ code: 'AI_UNSUPPORTED_FILE' });
        }
        const brokenPdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4096, 0x41)]);
        const brokenJpeg = Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), Buffer.alloc(4096, 7)]);
        const invoice = await owner.post('/api/stock/supplier-invoices/parse', {
          fileBase64: brokenPdf.toString('base64'),
        });
        expect(invoice.status).toBe(400);
        expect(await json(invoice)).toMatchObject({
          code: 'AI_UNREADABLE_FILE',
          message: 'The image or PDF could not be read',
        });
        const photo = await owner.post('/api/orders/upload', { imageBase64: brokenJpeg.toString('base64') });
        expect(photo.status).toBe(400);
        expect(await json(photo)).toMatchObject({ code: 'AI_UNREADABLE_FILE' });
      });

      it('applies a read invoice through POST /api/stock/receipts: a batch per line, stock and costs, once', async () => {
        const { draft } = await parseInvoice('invoice-almarai.pdf');
        const stock = async (search: string): Promise<StockItemDto[]> =>
          json<StockItemDto[]>(await owner.get(`/api/stock?search=${encodeURIComponent(search)}`));
        const [before] = await stock('MILK-ALM-1L');
        // What the review dialog sends once the user has checked the draft: a line in one of its
        // item's units as read (the milk's cartons), a unit to check (CONTRACT §10: the laban's
        // carton, no pack of it) as the item's own unit.
        const units = new Map(
          (await json<StockItemDto[]>(await owner.get('/api/stock?limit=5000'))).map((item) => [item.id, item.unit]),
        );
        const receipt = {
          receiptId: randomUUID(),
          supplierName: draft.supplierName,
          invoiceNumber: draft.invoiceNumber,
          invoiceDate: draft.invoiceDate,
          createMissingItems: true,
          uploadedFileUrl: draft.uploadedFileUrl,
          lines: draft.lines.map((line) => ({
            stockItemId: line.stockItemId ?? undefined,
            name: line.name,
            nameAr: line.nameAr ?? undefined,
            sku: line.sku ?? undefined,
            quantity: line.quantity,
            unit: (line.unitNeedsCheck && line.stockItemId && units.get(line.stockItemId)) || line.unit,
            unitPrice: line.unitPrice,
            batchNumber: line.batchNumber ?? undefined,
            expiryDate: line.expiryDate ?? undefined,
            manufactureDate: line.manufactureDate ?? undefined,
          })),
        };
        const applied = await owner.post('/api/stock/receipts', receipt);
        expect(applied.status, await applied.clone().text()).toBe(201);
        const result = await json<ReceiptResultDto>(applied);
        expect(result.repeated).toBe(false);
        expect(result.lines).toHaveLength(5);
        expect(result.lines.slice(0, 4).map((line) => line.stockItemId)).toEqual([
          sku('MILK-ALM-1L'),
          sku('LABAN-ALM-1L'),
          sku('JUICE-ALM-ORANGE-1L'),
          sku('YOG-ALM-1KG'),
        ]);

        const batches = await stack.environment.database.query<{
          stock_item_id: string;
          batch_number: string;
          quantity: string;
          expiry_date: string;
          manufacture_date: string;
        }>(
          `SELECT stock_item_id, batch_number, quantity::text, expiry_date::text, manufacture_date::text
           FROM inventory.stock_batches WHERE id = ANY($1::uuid[]) ORDER BY batch_number`,
          [result.lines.map((line) => line.batchId)],
        );
        expect(
          batches.map((batch) => [
            batch.batch_number,
            Number(batch.quantity),
            batch.manufacture_date,
            batch.expiry_date,
          ]),
        ).toEqual([
          // 24 cartons of 12
          ['B-2211', 288, '2026-11-01', '2026-12-05'],
          ['C-1204', 10, '2026-11-02', '2027-05-02'],
          ['J-5520', 36, '2026-11-15', '2027-01-15'],
          ['L-7781', 12, '2026-11-10', '2026-11-30'],
          ['Y-0931', 20, '2026-11-18', '2026-12-08'],
        ]);
        expect((await stock('MILK-ALM-1L'))[0]!.quantity).toBe(before!.quantity + 288);
        // The unmatched line became a new stock item, as the user asked.
        expect(await stock('Cheese Slices')).toEqual([
          expect.objectContaining({
            id: result.lines[4]!.stockItemId,
            name: 'Almarai Cheese Slices 200g',
            quantity: 10,
            batchNumber: 'C-1204',
          }),
        ]);

        const again = await owner.post('/api/stock/receipts', receipt);
        expect(await json<ReceiptResultDto>(again)).toEqual({ ...result, repeated: true });
        expect((await stock('MILK-ALM-1L'))[0]!.quantity).toBe(before!.quantity + 288);

        // The supplier invoice keeps the file as uploaded: its download is that file.
        let supplierInvoice: InvoiceDto | undefined;
        for (let tries = 0; !supplierInvoice && tries < 100; tries += 1) {
          const invoices = await json<InvoiceDto[]>(await owner.get('/api/invoices?type=supplier'));
          supplierInvoice = invoices.find((invoice) => invoice.supplierInvoiceNumber === 'INV-88213');
          if (!supplierInvoice) await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(supplierInvoice).toMatchObject({
          type: 'supplier',
          invoiceNumber: expect.stringMatching(/^SUP-\d{4}-\d{6}$/),
          uploadedFileUrl: draft.uploadedFileUrl,
          pdfUrl: draft.uploadedFileUrl,
        });
        const download = await owner.get(supplierInvoice!.pdfUrl!);
        expect(download.status).toBe(200);
        expect(download.headers.get('content-type')).toBe('application/pdf');
        expect(Buffer.from(await download.arrayBuffer())).toEqual(readFileSync(documentPath('invoice-almarai.pdf')));
      });

      it('serves kept uploads to signed-in users only, never under the public /uploads path', async () => {
        const { draft } = await parseInvoice('invoice-almarai.pdf');
        const url = draft.uploadedFileUrl;
        const signedIn = await owner.get(url);
        expect(signedIn.status).toBe(200);
        expect(signedIn.headers.get('cache-control')).toBe('private, max-age=86400');
        expect(signedIn.headers.get('content-security-policy')).toContain('sandbox');
        expect(signedIn.headers.get('x-content-type-options')).toBe('nosniff');

        const anonymous = await fetch(`${stack.baseUrl}${url}`);
        expect(anonymous.status).toBe(401);
        expect(await anonymous.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
        const publicPath = await fetch(`${stack.baseUrl}${url.replace('/api/files/', '/uploads/')}`);
        expect(publicPath.status).toBe(404);

        for (const wrong of [
          '/api/files/intake/2026/x.pdf',
          '/api/files/intake/20x6/' + url.split('/').pop(),
          '/api/files/intake/2026/..%2F..%2Fsession-secret',
        ]) {
          expect((await owner.get(wrong)).status, wrong).toBe(404);
        }
        const missing = url.replace(/[0-9a-f]{8}-/, '00000000-');
        expect((await owner.get(missing)).status).toBe(404);
      });

      it("serves a kept file only to who may read its flow's records: orders:read, stock:read, both for an earlier file", async () => {
        async function staff(username: string, permissions: string[]): Promise<HttpClient> {
          const created = await owner.post('/api/users', {
            username,
            password: `${username}-password-1`,
            email: `${username}@alnoor.example`,
            fullName: username,
            role: 'staff',
            permissions,
          });
          expect(created.status, await created.clone().text()).toBe(201);
          const http = new HttpClient(stack.baseUrl);
          expect((await http.login(username, `${username}-password-1`)).status).toBe(200);
          return http;
        }
        const storekeeper = await staff('storekeeper', ['stock:read', 'stock:write']);
        const bookkeeper = await staff('bookkeeper', ['invoices:read']);
        const supervisor = await staff('supervisor', ['orders:read', 'stock:read']);

        const photo = await owner.post('/api/orders/upload', { imageBase64: documentFixture('order-en.png') });
        expect(photo.status, await photo.clone().text()).toBe(200);
        const photoUrl = (await json<OrderParseResultDto>(photo)).uploadedFileUrl!;
        const invoiceUrl = (await parseInvoice('invoice-almarai.pdf')).draft.uploadedFileUrl;
        // A file kept before files had a flow, as old orders and receipts name it.
        const year = String(new Date().getUTCFullYear());
        const earlierName = `${randomUUID()}.png`;
        const earlierDir = join(stack.environment.env.ERP_DATA_DIR!, 'uploads', 'intake', year);
        mkdirSync(earlierDir, { recursive: true });
        writeFileSync(join(earlierDir, earlierName), readFileSync(documentPath('order-en.png')));
        const earlierUrl = `/api/files/intake/${year}/${earlierName}`;

        const status = async (as: HttpClient, url: string): Promise<number> => (await as.get(url)).status;
        const seen = async (as: HttpClient): Promise<number[]> =>
          Promise.all([photoUrl, invoiceUrl, earlierUrl].map((url) => status(as, url)));
        expect(await seen(owner)).toEqual([200, 200, 200]);
        expect(await seen(clerk)).toEqual([200, 403, 403]);
        expect(await seen(storekeeper)).toEqual([403, 200, 403]);
        expect(await seen(supervisor)).toEqual([200, 200, 200]);
        expect(await seen(bookkeeper)).toEqual([403, 403, 403]);
        expect(await json(await clerk.get(invoiceUrl))).toMatchObject({
          code: 'FORBIDDEN',
          message: 'You need the stock:read permission',
        });

        // A supplier's invoice is found only in its own flow's folder, whatever URL names it.
        const invoiceAsOrderFile = invoiceUrl.replace('/supplier-invoices/', '/orders/');
        expect(await status(clerk, invoiceAsOrderFile)).toBe(404);
        expect(await status(owner, invoiceAsOrderFile)).toBe(404);
        // Nor can an order or a receipt be given the other flow's file to pass it on.
        const fieldsOf = async (response: Response): Promise<string[]> =>
          (await json<{ details: { fields: Array<{ field: string }> } }>(response)).details.fields.map(
            (field) => field.field,
          );
        const order = await owner.post('/api/orders/manual', {
          clientName: 'Al Noor Supermarket',
          items: [{ itemName: 'Almarai Fresh Milk 2L', quantity: 1, unitPrice: '11.50' }],
          uploadedFileUrl: invoiceUrl,
        });
        expect(order.status).toBe(400);
        expect(await fieldsOf(order)).toEqual(['uploadedFileUrl']);
        const receipt = await owner.post('/api/stock/receipts', {
          receiptId: randomUUID(),
          supplierName: 'Almarai Company',
          invoiceNumber: 'INV-FLOW-1',
          invoiceDate: '2026-11-20',
          lines: [
            {
              stockItemId: sku('MILK-ALM-1L'),
              name: 'Almarai Fresh Milk Full Fat 1L',
              quantity: 1,
              unit: 'carton',
              unitPrice: '5.55',
            },
          ],
          uploadedFileUrl: photoUrl,
        });
        expect(receipt.status).toBe(400);
        expect(await fieldsOf(receipt)).toEqual(['uploadedFileUrl']);
      });
    },
  );
});
