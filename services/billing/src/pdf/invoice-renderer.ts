import { AppException, ErrorCode } from '@erp/contracts';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { basename } from 'node:path';
import puppeteer, { type Browser, type CDPSession, type HTTPRequest, type Page } from 'puppeteer-core';
import { BillingConfig } from '../billing.config.js';
import type { InvoiceDocument } from './invoice-document.js';
import { LogoCache } from './invoice-logo.js';
import { invoiceHtml } from './invoice-template.js';

/** Longest a page may take to load or print one invoice before the render fails. */
const renderTimeoutMs = 30_000;

/** NOTES.md's launch flags: no sandbox (root in a container), no GPU, nothing talking to Google. */
const launchArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--no-zygote',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--disable-extensions',
  // The GPU process does nothing for print-to-PDF but costs a process (~45 MB): keep it in the browser.
  '--in-process-gpu',
  // No network at all, below the request interception (which prefetch and preconnect get past):
  // every request goes to a proxy that is not there, loopback included, and no name resolves.
  '--proxy-server=http://127.0.0.1:9',
  '--proxy-bypass-list=<-loopback>',
  '--host-resolver-rules=MAP * ~NOTFOUND',
];

/** The template's @page decides size and margins; no tagged PDF or outline (they cost print time). */
const printOptions = {
  preferCSSPageSize: true,
  printBackground: true,
  generateTaggedPDF: false,
  generateDocumentOutline: false,
  transferMode: 'ReturnAsBase64',
} as const;

export type PdfRendererConfig = Pick<BillingConfig, 'CHROMIUM_PATH' | 'PDF_PAGES' | 'BUSINESS_TIME_ZONE'>;

/** A warm page: its CDP session and the <head> of the document it holds (null: unknown). */
interface WarmPage {
  page: Page;
  cdp: CDPSession;
  head: string | null;
}

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${renderTimeoutMs} ms`)), renderTimeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A document split where its body starts: documents with the same head (every invoice: the
 * stylesheet and CSP, no data) only swap their body on a warm page.
 */
function splitDocument(html: string): { head: string; body: string } | null {
  const start = html.indexOf('<body');
  const end = html.lastIndexOf('</body>');
  if (start < 0 || end < start) return null;
  return { head: html.slice(0, start), body: html.slice(start, end + '</body>'.length) };
}

/** One Chromium with PDF_PAGES warm pages: JavaScript off, every network request aborted. */
class PagePool {
  private readonly idle: WarmPage[] = [];
  private readonly waiting: Array<{ resolve: (page: WarmPage) => void; reject: (error: Error) => void }> = [];
  private closed = false;
  private exited = false;
  /** Requests pages tried to make and were refused (a data: URI is no request and never counts). */
  blockedRequests = 0;

  private constructor(
    readonly browser: Browser,
    private readonly logger: Logger,
  ) {}

  static async open(config: PdfRendererConfig, logger: Logger): Promise<PagePool> {
    // chromium-headless-shell is Chromium's old headless embedder: the same Blink and Skia
    // without the full browser's print pipeline, and several times faster per PDF.
    const shell = basename(config.CHROMIUM_PATH).includes('headless-shell');
    const browser = await puppeteer.launch({
      executablePath: config.CHROMIUM_PATH,
      headless: shell ? 'shell' : true,
      pipe: true,
      args: launchArgs,
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
      timeout: renderTimeoutMs,
    });
    // A killed browser can still report an error on its pipes afterwards (ECONNRESET: it died with
    // our messages unread), after puppeteer's transport stopped listening to them: an 'error' event
    // nobody listens to would end the whole billing service.
    for (const stream of browser.process()?.stdio ?? []) {
      stream?.on('error', (error: Error) => logger.warn(`The PDF browser's pipe failed: ${error.message}`));
    }
    const pool = new PagePool(browser, logger);
    // A killed Chromium can leave its pipe open (its children hold it): watch the process too,
    // and drop the connection so that calls in flight fail now instead of at their timeout.
    browser.process()?.once('exit', () => {
      pool.exited = true;
      pool.failWaiting();
      void browser.disconnect().catch(() => undefined);
    });
    try {
      // The tab Chromium opens at start is one of the pool's pages: an idle extra tab holds a renderer process.
      const [initial] = await browser.pages();
      const pages = await Promise.all(
        Array.from({ length: config.PDF_PAGES }, (_, index) => pool.newPage(index === 0 ? initial : undefined)),
      );
      pool.idle.push(...pages);
    } catch (error) {
      await browser.close().catch(() => undefined);
      throw error;
    }
    return pool;
  }

  get usable(): boolean {
    return !this.closed && !this.exited && this.browser.connected;
  }

  private async newPage(existing?: Page): Promise<WarmPage> {
    const page = existing ?? (await this.browser.newPage());
    await page.setJavaScriptEnabled(false);
    await page.setRequestInterception(true);
    page.on('request', (request: HTTPRequest) => this.block(request));
    return { page, cdp: await page.createCDPSession(), head: null };
  }

  private block(request: HTTPRequest): void {
    // data: URIs never reach the network (and cannot be intercepted); everything else is refused.
    if (request.url().startsWith('data:') || request.isInterceptResolutionHandled()) return;
    this.blockedRequests += 1;
    this.logger.warn(`Blocked a request from an invoice page: ${request.url().slice(0, 200)}`);
    request.abort('blockedbyclient').catch(() => undefined);
  }

  acquire(): Promise<WarmPage> {
    if (!this.usable) return Promise.reject(new Error('the PDF browser is closed'));
    const page = this.idle.pop();
    if (page) return Promise.resolve(page);
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  /** Gives a page back; a page that failed (timeout, crash) is replaced by a new one. */
  release(page: WarmPage, failed: boolean): void {
    if (!this.usable) {
      this.failWaiting();
      return;
    }
    if (!failed) {
      this.handOver(page);
      return;
    }
    void page.page.close().catch(() => undefined);
    this.newPage().then(
      (fresh) => this.handOver(fresh),
      (error: unknown) => {
        this.logger.error(`Could not replace a PDF page: ${String(error)}`);
        this.failWaiting();
      },
    );
  }

  private handOver(page: WarmPage): void {
    const next = this.waiting.shift();
    if (next) next.resolve(page);
    else this.idle.push(page);
  }

  private failWaiting(): void {
    for (const waiter of this.waiting.splice(0)) waiter.reject(new Error('the PDF browser went away'));
  }

  async close(): Promise<void> {
    this.closed = true;
    this.failWaiting();
    await this.browser.close().catch(() => undefined);
  }
}

/**
 * Whether a render failed because Chromium went away under it: the browser exited (the pool is no
 * longer usable), or the page's target or the connection closed, its frame was detached, or the
 * print was cut short ("Printing failed": its renderer process killed mid-print).
 */
function wentAway(error: unknown, pool: PagePool | null): boolean {
  if (pool?.usable === false) return true;
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'TargetCloseError' ||
    /Target closed|Session closed|Connection closed|detached Frame|frame was detached|Printing failed|the PDF browser (went away|is closed)/i.test(
      error.message,
    )
  );
}

/**
 * Renders invoice PDFs with puppeteer-core and the configured Chromium. The browser starts on
 * the first render and stays warm with PDF_PAGES pages (renders beyond that wait for a page);
 * each page keeps the template's head loaded and swaps in the next invoice's body. A crashed
 * browser is started again by the next render (a render caught by the crash is tried once
 * more). Pages run no JavaScript and every request they make is aborted, and the browser has no
 * network under that (a proxy that is not there, no name resolution): the template inlines
 * everything (logo, QR code) and system fonts need no network.
 */
@Injectable()
export class InvoiceRenderer implements OnModuleDestroy {
  private readonly logger = new Logger(InvoiceRenderer.name);
  private readonly logos = new LogoCache();
  private pool: Promise<PagePool> | null = null;
  /** The pool once started (the promise above resolved). */
  private current: PagePool | null = null;
  private destroyed = false;

  constructor(@Inject(BillingConfig) private readonly config: PdfRendererConfig) {}

  /** The PDF of one invoice. */
  async render(doc: InvoiceDocument): Promise<Buffer> {
    return this.renderHtml(await this.html(doc));
  }

  /** The invoice's HTML exactly as `render` prints it (the benchmark feeds it to other renderers too). */
  async html(doc: InvoiceDocument): Promise<string> {
    const logo = await this.logo(doc.seller.logoPath);
    return invoiceHtml(doc, { logo, timeZone: this.config.BUSINESS_TIME_ZONE });
  }

  /**
   * Prints any HTML document on a warm page under the same rules (no script, no network). A render
   * caught by a crash (the browser or the page's renderer process killed) is tried once more on a
   * fresh browser or page; caught twice, it is a 503 the caller may retry, not a fault.
   */
  async renderHtml(html: string): Promise<Buffer> {
    try {
      return await this.print(html);
    } catch (error) {
      if (this.destroyed || !wentAway(error, this.current)) throw error;
      this.logger.warn(`The PDF browser went away during a render (${String(error)}); starting it again`);
    }
    try {
      return await this.print(html);
    } catch (error) {
      if (this.destroyed || !wentAway(error, this.current)) throw error;
      throw new AppException(ErrorCode.ServiceUnavailable, 'The PDF renderer restarted while printing; try again', {
        reason: String(error).slice(0, 200),
      });
    }
  }

  /** Requests refused since the browser started (tests and health checks read it). */
  get blockedRequests(): number {
    return this.current?.blockedRequests ?? 0;
  }

  private async print(html: string): Promise<Buffer> {
    const pool = await this.openPool();
    const page = await pool.acquire();
    let failed = true;
    try {
      await this.load(page, html);
      const { data } = await withTimeout(page.cdp.send('Page.printToPDF', printOptions), 'printing a PDF');
      failed = false;
      return Buffer.from(data, 'base64');
    } finally {
      pool.release(page, failed);
    }
  }

  /** Puts `html` on the page: only its body when the page already holds the same head. */
  private async load(page: WarmPage, html: string): Promise<void> {
    const parts = splitDocument(html);
    if (parts && page.head === parts.head) {
      // Asked for every invoice: DOM.getDocument resets the DevTools DOM agent's map of node ids,
      // which otherwise holds every body ever swapped out (Chromium grew by 8 MB per 100 invoices).
      const { root } = await withTimeout(page.cdp.send('DOM.getDocument', { depth: 0 }), 'reading the page');
      const { nodeId } = await withTimeout(
        page.cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: 'body' }),
        'reading the page',
      );
      if (nodeId) {
        await withTimeout(page.cdp.send('DOM.setOuterHTML', { nodeId, outerHTML: parts.body }), 'loading an invoice');
        return;
      }
    }
    page.head = null;
    await page.page.setContent(html, { waitUntil: 'load', timeout: renderTimeoutMs });
    page.head = parts?.head ?? null;
  }

  private openPool(): Promise<PagePool> {
    if (this.destroyed) return Promise.reject(new Error('the invoice renderer is shut down'));
    if (this.current && !this.current.usable && this.pool) {
      void this.current.close();
      this.current = null;
      this.pool = null;
    }
    if (!this.pool) {
      const started = performance.now();
      const opening = PagePool.open(this.config, this.logger);
      this.pool = opening;
      opening.then(
        (pool) => {
          this.current = pool;
          pool.browser.once('disconnected', () => {
            if (this.current === pool && !this.destroyed) {
              this.logger.warn('The PDF browser exited; the next render starts it again');
            }
          });
          const ms = Math.round(performance.now() - started);
          this.logger.log(
            `PDF browser started in ${ms} ms: ${this.config.CHROMIUM_PATH}, ${this.config.PDF_PAGES} pages`,
          );
        },
        (error: unknown) => {
          // A failed start is not remembered: the next render tries again.
          if (this.pool === opening) this.pool = null;
          this.logger.error(`Could not start the PDF browser ${this.config.CHROMIUM_PATH}: ${String(error)}`);
        },
      );
    }
    return this.pool;
  }

  private async logo(path: string | null): Promise<string | null> {
    if (!path) return null;
    try {
      return await this.logos.dataUri(path);
    } catch (error) {
      // A missing or broken logo file must not stop invoices: print without it and say so.
      this.logger.warn(`Invoice logo ${path} left out: ${String(error)}`);
      return null;
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.destroyed = true;
    const pool = this.pool ? await this.pool.catch(() => null) : null;
    this.pool = null;
    this.current = null;
    await pool?.close();
  }
}
