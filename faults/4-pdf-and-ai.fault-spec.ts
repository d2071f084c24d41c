import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, labelOf, signIn, sleep, Tally, type Outcome } from './api.js';
import { chromiumPids, kill9, supervisedPids } from './processes.js';
import { queueCounts, reconcile, waitForDrain } from './reconcile.js';
import { recordCase } from './report.js';
import { AI_JOB_TIMEOUT_MS, OWNER, ports } from './settings.js';

/** Beyond AI_JOB_TIMEOUT_MS: the gateway's wait, the queue's hand-over and a busy 2-core machine. */
const AI_SLACK_MS = 4_000;

/** Half a second of 16 kHz mono silence as a WAV data URL: a real file type, no real words. */
function silentWav(): string {
  const samples = 8_000;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + samples * 2, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(16_000, 24);
  header.writeUInt32LE(32_000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(samples * 2, 40);
  return `data:audio/wav;base64,${Buffer.concat([header, Buffer.alloc(samples * 2)]).toString('base64')}`;
}

describe('a PDF render killed mid-job and an AI endpoint that hangs', () => {
  const context = inject('faults');
  let cookie: string;
  let db: pg.Pool;

  beforeAll(async () => {
    cookie = await signIn(context.baseUrl, OWNER.username, OWNER.password);
    db = new pg.Pool({ connectionString: context.databaseUrl, max: 4 });
  });

  afterAll(async () => {
    await db?.end();
  });

  /** Creates and confirms an order (the confirm issues its invoice, which queues its render). */
  async function confirmedOrder(index: number, tally: Tally): Promise<{ id: string; orderNumber: string }> {
    const item = context.items[index % 10]!;
    const created = await call<{ id: string; orderNumber: string }>(context.baseUrl, 'POST', '/api/orders/manual', {
      headers: { cookie },
      body: {
        clientName: `flt-pdf-${Date.now()}-${index}`,
        items: [{ itemName: item.name, quantity: 1, unitPrice: item.unitPrice, stockItemId: item.id }],
      },
    });
    tally.add('POST /api/orders/manual', created);
    if (created.status !== 201 || !created.body) throw new Error(`order: ${labelOf(created)}`);
    const confirmed = await call(context.baseUrl, 'PATCH', `/api/orders/${created.body.id}/status`, {
      headers: { cookie },
      body: { status: 'confirmed' },
    });
    tally.add('PATCH /api/orders/:id/status confirmed', confirmed);
    if (confirmed.status !== 200) throw new Error(`confirm: ${labelOf(confirmed)}`);
    return created.body;
  }

  async function invoiceOf(orderId: string): Promise<{ id: string; pdf_path: string | null } | undefined> {
    const { rows } = await db.query<{ id: string; pdf_path: string | null }>(
      `SELECT id, pdf_path FROM billing.invoices WHERE order_id = $1`,
      [orderId],
    );
    return rows[0];
  }

  /** Kills every Chromium process of our billing service; resolves with how many there were. */
  async function killChromium(timeoutMs: number): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const pids = chromiumPids(context.startPid);
      if (pids.length > 0) {
        for (const pid of pids) {
          try {
            kill9(pid);
          } catch {
            // gone already (a child goes with its browser)
          }
        }
        return pids.length;
      }
      if (Date.now() > deadline) return 0;
      await sleep(20);
    }
  }

  it('still delivers every invoice PDF after its Chromium was killed mid-render, with no second invoice', async () => {
    const tally = new Tally();
    // Chromium starts on the first render: make sure it runs before the orders whose renders it will lose.
    await confirmedOrder(0, tally);
    const billingBefore = supervisedPids(context.startPid).billing;
    const orders = await Promise.all(Array.from({ length: 16 }, (_, index) => confirmedOrder(index + 1, tally)));

    // 1. While the render worker is working through the queue.
    let pendingAtKill = 0;
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(10)) {
      const { rows } = await db.query<{ pending: number }>(
        `SELECT count(*)::int AS pending FROM billing.invoices WHERE type = 'customer' AND pdf_path IS NULL`,
      );
      pendingAtKill = rows[0]!.pending;
      if (pendingAtKill > 0 && chromiumPids(context.startPid).length > 0) break;
    }
    const killedDuringJobs = await killChromium(10_000);

    // 2. While downloads render on the spot: invoices of fresh orders, asked for at once.
    const more = await Promise.all(Array.from({ length: 6 }, (_, index) => confirmedOrder(index + 20, tally)));
    const moreInvoices = await Promise.all(
      more.map(async (order) => {
        for (let round = 0; round < 200; round += 1) {
          const invoice = await invoiceOf(order.id);
          if (invoice) return invoice;
          await sleep(25);
        }
        throw new Error(`no invoice for ${order.orderNumber}`);
      }),
    );
    const downloads = moreInvoices.map((invoice) =>
      call<Buffer>(context.baseUrl, 'GET', `/api/invoices/${invoice.id}/pdf`, { headers: { cookie }, binary: true }),
    );
    await sleep(150);
    const killedDuringDownloads = await killChromium(10_000);
    const duringKill: Outcome<Buffer>[] = await Promise.all(downloads);
    for (const outcome of duringKill) tally.add('GET /api/invoices/:id/pdf (while Chromium was killed)', outcome);

    // Afterwards every invoice has its PDF, from the render worker or on the spot.
    await waitForDrain(context.databaseUrl, context.redisUrl);
    const renderDrained = Date.now();
    for (;;) {
      const counts = (await queueCounts(context.redisUrl))['invoice-render'] ?? {};
      if ((counts.waiting ?? 0) + (counts.active ?? 0) + (counts.delayed ?? 0) === 0) break;
      if (Date.now() - renderDrained > 120_000) break;
      await sleep(500);
    }
    const pdfs: Array<{ orderNumber: string; status: string; bytes: number }> = [];
    for (const order of [...orders, ...more]) {
      const invoice = await invoiceOf(order.id);
      const outcome = invoice
        ? await call<Buffer>(context.baseUrl, 'GET', `/api/invoices/${invoice.id}/pdf`, {
            headers: { cookie },
            binary: true,
          })
        : undefined;
      if (outcome) tally.add('GET /api/invoices/:id/pdf (afterwards)', outcome);
      const pdf = outcome?.status === 200 && outcome.body?.subarray(0, 5).toString('latin1') === '%PDF-';
      pdfs.push({
        orderNumber: order.orderNumber,
        status: outcome ? `${labelOf(outcome)}${pdf ? ' %PDF' : ''}` : 'no invoice',
        bytes: outcome?.body?.length ?? 0,
      });
    }
    const result = await reconcile(context.databaseUrl, context.items);
    const { rows: unrendered } = await db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM billing.invoices WHERE type = 'customer' AND pdf_path IS NULL`,
    );
    const queues = await queueCounts(context.redisUrl);
    const billingAfter = supervisedPids(context.startPid).billing;

    recordCase('pdfRenderKilled', {
      faultsInjected: (killedDuringJobs > 0 ? 1 : 0) + (killedDuringDownloads > 0 ? 1 : 0),
      chromiumProcessesKilled: { duringRenderJobs: killedDuringJobs, duringDownloads: killedDuringDownloads },
      invoicesWaitingForTheirPdfAtFirstKill: pendingAtKill,
      downloadsWhileKilled: duringKill.map((outcome) => labelOf(outcome)),
      invoicesChecked: pdfs.length,
      pdfsDelivered: pdfs.filter((entry) => entry.status.endsWith('%PDF')).length,
      customerInvoicesWithoutStoredPdf: unrendered[0]!.count,
      renderQueue: queues['invoice-render'],
      billingServiceRestarted: billingAfter !== billingBefore,
      requests: tally.toJSON(),
      reconciliation: result,
    });

    expect(billingAfter, 'the billing service lived through its Chromium being killed').toBe(billingBefore);
    expect(killedDuringJobs).toBeGreaterThan(0);
    expect(killedDuringDownloads).toBeGreaterThan(0);
    expect(pdfs.filter((entry) => !entry.status.endsWith('%PDF'))).toEqual([]);
    expect(tally.unclear).toEqual([]);
    expect(unrendered[0]!.count).toBe(0);
    expect(result.mismatches).toEqual([]);
  });

  describe('an AI endpoint that accepts and never answers', () => {
    let server: Server;
    const sockets = new Set<Socket>();
    let opened = 0;
    let closed = 0;
    let requests = 0;
    let mode: 'hang' | 'fail' = 'hang';

    beforeAll(async () => {
      server = createServer((request, response) => {
        requests += 1;
        request.resume();
        if (mode === 'fail') response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"down"}');
        // 'hang': accept, read, never answer.
      });
      server.on('connection', (socket: Socket) => {
        opened += 1;
        sockets.add(socket);
        socket.once('close', () => {
          closed += 1;
          sockets.delete(socket);
        });
      });
      await new Promise<void>((resolve) => server.listen(ports.aiEndpoint, '127.0.0.1', () => resolve()));
    });

    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    function transcribe(): Promise<Outcome<{ code?: string; engine?: string }>> {
      return call(context.baseUrl, 'POST', '/api/orders/transcribe', {
        headers: { cookie },
        body: { audioBase64: silentWav(), mimeType: 'audio/wav', language: 'en' },
        timeoutMs: 120_000,
      });
    }

    function readText(): Promise<Outcome<{ engine?: string; parsed?: { items?: unknown[] } }>> {
      return call(context.baseUrl, 'POST', '/api/orders/upload', {
        headers: { cookie },
        body: { orderText: 'Fault item 01 x 5\nFault item 02 x 2' },
        timeoutMs: 120_000,
      });
    }

    it('ends a hung job with a clear timeout in AI_JOB_TIMEOUT_MS, frees the worker, and the next job runs', async () => {
      const tally = new Tally();
      // A voice note: the speech endpoint hangs, the job's limit ends it: 503 AI_TIMEOUT.
      const voice = await transcribe();
      tally.add('POST /api/orders/transcribe (endpoint hangs)', voice);
      // A text order: the model hangs, its call is cut before the job's limit and the offline engine answers.
      const text = await readText();
      tally.add('POST /api/orders/upload (endpoint hangs)', text);

      // More hung jobs than workers (AI_CONCURRENCY 2): each is freed at its limit and the queue moves on.
      const burstStarted = Date.now();
      const burst = await Promise.all([transcribe(), transcribe(), transcribe(), readText()]);
      const burstMs = Date.now() - burstStarted;
      burst.forEach((outcome, index) =>
        tally.add(`POST /api/orders/${index < 3 ? 'transcribe' : 'upload'} (burst, endpoint hangs)`, outcome),
      );
      // Every hung call was aborted: the endpoint saw its connections closed by the service.
      const abortDeadline = Date.now() + 5_000;
      while (closed < opened && Date.now() < abortDeadline) await sleep(100);
      const hungCalls = { connections: opened, closedByTheService: closed, requests };

      // The endpoint now fails fast: the next job runs at once on a free worker.
      mode = 'fail';
      const next = await readText();
      tally.add('POST /api/orders/upload (endpoint fails fast)', next);

      recordCase('aiJobHangs', {
        faultsInjected: 1,
        aiJobTimeoutMs: AI_JOB_TIMEOUT_MS,
        voiceWhileHung: { answer: labelOf(voice), ms: Math.round(voice.ms) },
        textWhileHung: { answer: labelOf(text), engine: text.body?.engine, ms: Math.round(text.ms) },
        burstOf4WithConcurrency2: { answers: burst.map((outcome) => labelOf(outcome)), ms: burstMs },
        hungCalls,
        nextJob: { answer: labelOf(next), engine: next.body?.engine, ms: Math.round(next.ms) },
        requests: tally.toJSON(),
      });

      expect(voice.status).toBe(503);
      expect(voice.code).toBe('AI_TIMEOUT');
      expect(voice.ms).toBeLessThan(AI_JOB_TIMEOUT_MS + AI_SLACK_MS);
      expect(text.status).toBe(200);
      expect(text.body?.engine).toMatch(/^offline \(openai failed: /);
      expect(text.ms).toBeLessThan(AI_JOB_TIMEOUT_MS + AI_SLACK_MS);
      expect(burst.slice(0, 3).map((outcome) => `${outcome.status} ${outcome.code}`)).toEqual([
        '503 AI_TIMEOUT',
        '503 AI_TIMEOUT',
        '503 AI_TIMEOUT',
      ]);
      expect(burst[3]!.status).toBe(200);
      // Four jobs of at most AI_JOB_TIMEOUT_MS on two workers: two rounds.
      expect(burstMs).toBeLessThan(2 * AI_JOB_TIMEOUT_MS + AI_SLACK_MS);
      expect(hungCalls.connections).toBeGreaterThan(0);
      expect(hungCalls.closedByTheService).toBe(hungCalls.connections);
      expect(next.status).toBe(200);
      expect(next.body?.engine).toMatch(/^offline \(openai failed: HTTP 500\)/);
      expect(next.ms).toBeLessThan(3_000);
      expect(tally.unclear).toEqual([]);
    });
  });
});
