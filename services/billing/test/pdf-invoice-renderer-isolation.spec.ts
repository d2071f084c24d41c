import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InvoiceRenderer } from '../src/pdf/invoice-renderer.js';
import { sampleInvoiceDocument } from '../src/pdf/sample-invoice.js';

/**
 * Issue #9: the PDF renderer can reach neither the network nor the file system, whatever HTML
 * it is given. Each hostile document asks for a listener of ours over HTTP and for local files
 * (/etc/passwd, /etc/hostname and a file holding a marker of this run); the listener must get
 * nothing and the printed text must hold none of the files. Runs once per Chromium present,
 * read back with pdftotext (poppler-utils, installed by .ci/run).
 */
const binaries = [
  ...new Set([process.env.CHROMIUM_PATH || '/usr/bin/chromium', '/usr/bin/chromium-headless-shell']),
].filter((path) => existsSync(path));

const dir = mkdtempSync(join(tmpdir(), 'acc-pdf-isolation-'));
const marker = `LOCAL-FILE-MARKER-${randomUUID()}`;
const secretFile = join(dir, 'secret.txt');
let server: Server;
let origin: string;
/** Requests the listener got, and TCP connections (a preconnect opens one without a request). */
const hits: string[] = [];
let connections = 0;

function pdfText(pdf: Buffer, name: string): string {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ').trim();
}

/** Everything a page could use to fetch a URL without script, plus script that would. */
function hostileMarkup(): string {
  return `
    <img src="${origin}/img.png" width="10" height="10">
    <img src="file:///etc/passwd">
    <link rel="stylesheet" href="file:///etc/passwd">
    <link rel="stylesheet" href="${origin}/style.css">
    <link rel="prefetch" href="${origin}/prefetch">
    <link rel="preload" as="image" href="${origin}/preload.png">
    <link rel="preconnect" href="${origin.replace('127.0.0.1', 'localhost')}">
    <link rel="dns-prefetch" href="${origin.replace('127.0.0.1', 'localhost')}">
    <style>@import url("file://${secretFile}"); .bg { background: url("${origin}/background.png"); }</style>
    <div class="bg">&nbsp;</div>
    <iframe src="file:///etc/hostname" width="400" height="60"></iframe>
    <iframe src="file://${secretFile}" width="400" height="60"></iframe>
    <iframe src="${origin}/frame.html" width="400" height="60"></iframe>
    <object data="file:///etc/passwd" type="text/plain" width="400" height="60"></object>
    <object data="file://${secretFile}" type="text/plain" width="400" height="60"></object>
    <embed src="file://${secretFile}" type="text/plain" width="400" height="60">
    <svg width="10" height="10"><image href="file:///etc/passwd" width="10" height="10"/></svg>
    <video poster="${origin}/poster.png" width="10" height="10"></video>
    <script>document.write('SCRIPT-RAN'); fetch('${origin}/fetch');</script>
    <meta http-equiv="refresh" content="0;url=file:///etc/passwd">`;
}

/** What would show that a file was read: lines of /etc/passwd and our marker. */
function expectNoLocalFile(text: string): void {
  expect(text).not.toContain(marker);
  expect(text).not.toMatch(/root:x:0:0|\/usr\/sbin\/nologin|\/bin\/(ba)?sh\b/);
  expect(text).not.toContain('SCRIPT-RAN');
}

beforeAll(async () => {
  expect(() => execFileSync('sh', ['-c', 'command -v pdftotext']), 'pdftotext is missing (see .ci/run)').not.toThrow();
  writeFileSync(secretFile, `${marker}\n`);
  server = createServer((request, response) => {
    hits.push(request.url ?? '');
    response.end(`${marker} over HTTP`);
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

it('finds a Chromium to test with', () => {
  expect(binaries.length).toBeGreaterThan(0);
});

describe.each(binaries)('InvoiceRenderer isolation with %s', (chromium) => {
  const tag = chromium.includes('headless-shell') ? 'shell' : 'full';

  beforeEach(() => {
    hits.length = 0;
    connections = 0;
  });

  it('prints an invoice whose HTML asks for the network and local files with nothing fetched or read', async () => {
    // One page, so that the second render takes the warm path (only the body swapped in).
    const renderer = new InvoiceRenderer({ CHROMIUM_PATH: chromium, PDF_PAGES: 1, BUSINESS_TIME_ZONE: 'Asia/Riyadh' });
    try {
      const doc = sampleInvoiceDocument();
      const clean = await renderer.html(doc);
      const hostile = clean.replace('</body>', `${hostileMarkup()}</body>`);
      expect(hostile).not.toBe(clean);
      const plainText = pdfText(await renderer.renderHtml(clean), `${tag}-plain`);
      for (const round of ['loaded', 'swapped']) {
        const text = pdfText(await renderer.renderHtml(hostile), `${tag}-hostile-${round}`);
        expectNoLocalFile(text);
        // The hostile elements add nothing readable: the invoice prints exactly as without them.
        expect(text, round).toBe(plainText);
        expect(text).toContain(doc.invoiceNumber);
      }
      expect(hits).toEqual([]);
      expect(connections).toBe(0);
    } finally {
      await renderer.onModuleDestroy();
    }
  });

  it('refuses the same requests on a page without the invoice’s CSP: the renderer’s own guards alone', async () => {
    const renderer = new InvoiceRenderer({ CHROMIUM_PATH: chromium, PDF_PAGES: 1, BUSINESS_TIME_ZONE: 'Asia/Riyadh' });
    try {
      const pdf = await renderer.renderHtml(
        `<!doctype html><html><head><meta charset="utf-8"></head><body><p>still printed</p>${hostileMarkup()}</body></html>`,
      );
      const text = pdfText(pdf, `${tag}-bare`);
      expect(text).toBe('still printed');
      expectNoLocalFile(text);
      expect(hits).toEqual([]);
      expect(connections).toBe(0);
      // The requests were made by the page and refused by the renderer, not just never tried (prefetch
      // and preconnect get past the interception and end at the missing proxy instead).
      expect(renderer.blockedRequests).toBeGreaterThanOrEqual(4);
    } finally {
      await renderer.onModuleDestroy();
    }
  });
});
