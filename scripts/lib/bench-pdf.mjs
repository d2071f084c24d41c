// Invoice PDF figures for `npm run bench`: the billing renderer (built dist, warm page pool)
// against wkhtmltopdf 0.12.6 (Debian's package; the renderer Odoo and ERPNext use) on the same
// invoice HTML, with the renderer's peak memory. Needs no running system.
// Standalone: `node scripts/lib/bench-pdf.mjs` (after `npm run build`) prints the section.
import 'reflect-metadata';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const invoices = Number(process.env.BENCH_PDF_INVOICES ?? 500);
const serialInvoices = 100;
const memoryInvoices = 200;
const wkhtmlInvoices = Number(process.env.BENCH_PDF_WKHTML_INVOICES ?? 30);
const pages = 2;
const candidates = [
  ['chromium-headless-shell', '/usr/bin/chromium-headless-shell'],
  ['chromium', process.env.CHROMIUM_PATH || '/usr/bin/chromium'],
];

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const ms = (value) => value.toFixed(value < 100 ? 1 : 0);
const mib = (bytes) => `${Math.round(bytes / 2 ** 20)} MiB`;

/** CPU time (ms) of a process tree from /proc: used before and after a run, never during. */
function cpuOfTree(pid) {
  const parents = new Map();
  const cpu = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
      cpu.set(Number(entry), ((Number(fields[11]) + Number(fields[12])) * 1000) / 100);
    } catch {
      // gone meanwhile
    }
  }
  const inTree = (candidate) => {
    for (let at = candidate; at > 1; at = parents.get(at) ?? 0) if (at === pid) return true;
    return false;
  };
  let total = 0;
  for (const [entry, used] of cpu) if (inTree(entry)) total += used;
  return total;
}

/**
 * Peak memory of Chromium's process tree plus this Node process, sampled every 50 ms by a
 * separate process so that the sampling never stalls the renderer's event loop: RSS summed
 * over the processes (what the brief asks) and PSS (shared pages counted once).
 */
const samplerSource = `
const { readFileSync, readdirSync } = require('node:fs');
const [browser, node] = process.argv.slice(1).map(Number);
let tree = [], peak = { rss: 0, pss: 0 }, lastScan = 0;
function scan() {
  const parents = new Map();
  for (const e of readdirSync('/proc')) {
    if (!/^\\d+$/.test(e)) continue;
    try { const s = readFileSync('/proc/' + e + '/stat', 'utf8'); parents.set(Number(e), Number(s.slice(s.lastIndexOf(')') + 2).split(' ')[1])); } catch {}
  }
  tree = [...parents.keys()].filter((p) => { for (let a = p; a > 1; a = parents.get(a) ?? 0) if (a === browser) return true; return false; });
}
function sample() {
  if (Date.now() - lastScan > 1000) { scan(); lastScan = Date.now(); }
  let rss = 0, pss = 0;
  for (const p of [...tree, node]) {
    try {
      const r = readFileSync('/proc/' + p + '/smaps_rollup', 'utf8');
      rss += Number(/^Rss:\\s+(\\d+)/m.exec(r)?.[1] ?? 0) * 1024;
      pss += Number(/^Pss:\\s+(\\d+)/m.exec(r)?.[1] ?? 0) * 1024;
    } catch {}
  }
  peak = { rss: Math.max(peak.rss, rss), pss: Math.max(peak.pss, pss) };
}
sample();
const timer = setInterval(sample, 50);
process.stdin.on('end', () => { clearInterval(timer); sample(); process.stdout.write(JSON.stringify(peak)); });
process.stdin.resume();
`;

function memorySampler(browserPid) {
  const child = spawn(process.execPath, ['-e', samplerSource, String(browserPid), String(process.pid)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  const done = new Promise((resolve) => child.on('exit', resolve));
  return {
    async stop() {
      child.stdin.end();
      await done;
      return JSON.parse(output);
    },
  };
}

async function timed(count, concurrency, job) {
  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next += 1;
        const before = performance.now();
        await job();
        latencies.push(performance.now() - before);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { count, p50: percentile(latencies, 50), p99: percentile(latencies, 99), perSecond: count / seconds };
}

async function benchRenderer({ InvoiceRenderer, name, path, html, log }) {
  const config = { CHROMIUM_PATH: path, PDF_PAGES: pages, BUSINESS_TIME_ZONE: 'Asia/Riyadh' };
  const renderer = new InvoiceRenderer(config);
  try {
    const coldStarted = performance.now();
    await renderer.renderHtml(html);
    const coldMs = performance.now() - coldStarted;
    for (let index = 0; index < 20; index += 1) await renderer.renderHtml(html);
    const browserPid = renderer.current.browser.process().pid;
    // Timed runs first, with nothing else reading the processes: the memory sampler reads each
    // process's smaps_rollup, which takes the renderer's memory-map lock and slows it down.
    log(`pdf: ${name}, ${serialInvoices} invoices one at a time`);
    const serial = await timed(serialInvoices, 1, () => renderer.renderHtml(html));
    log(`pdf: ${name}, ${invoices} invoices on ${pages} warm pages`);
    const cpuBefore = cpuOfTree(browserPid);
    const pooled = await timed(invoices, pages, () => renderer.renderHtml(html));
    const cpuPerInvoice = (cpuOfTree(browserPid) - cpuBefore) / invoices;
    log(`pdf: ${name}, peak memory over ${memoryInvoices} invoices on ${pages} warm pages`);
    const sampler = memorySampler(browserPid);
    await timed(memoryInvoices, pages, () => renderer.renderHtml(html));
    const peak = await sampler.stop();
    return { name, path, coldMs, serial, pooled, cpuPerInvoice, peak };
  } finally {
    await renderer.onModuleDestroy();
  }
}

/** Throughput of the headless shell by pool size: why PDF_PAGES defaults to 2 on 2 cores. */
async function poolSizes({ InvoiceRenderer, path, html, log }) {
  const rows = [];
  for (const size of [1, 2, 3, 4]) {
    const renderer = new InvoiceRenderer({ CHROMIUM_PATH: path, PDF_PAGES: size, BUSINESS_TIME_ZONE: 'Asia/Riyadh' });
    try {
      for (let index = 0; index < 10; index += 1) await renderer.renderHtml(html);
      log(`pdf: pool of ${size}`);
      rows.push({ size, ...(await timed(200, size, () => renderer.renderHtml(html))) });
    } finally {
      await renderer.onModuleDestroy();
    }
  }
  return rows;
}

function wkhtmltopdfVersion() {
  try {
    return execFileSync('wkhtmltopdf', ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

const timeBinary = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

/** One wkhtmltopdf process; resolves with its CPU time in ms (through /usr/bin/time, when present). */
function runWkhtmltopdf(args) {
  return new Promise((resolve, reject) => {
    const [command, commandArgs] = timeBinary
      ? [timeBinary, ['-f', 'cpu %U %S', 'wkhtmltopdf', ...args]]
      : ['wkhtmltopdf', args];
    const child = spawn(command, commandArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk) => (errors += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`wkhtmltopdf exited ${code}: ${errors}`));
      const cpu = /cpu ([\d.]+) ([\d.]+)/.exec(errors);
      resolve(cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : null);
    });
  });
}

async function benchWkhtmltopdf({ htmlFile, dir, log }) {
  // The page box of the template's @page (wkhtmltopdf ignores @page).
  const page = ['-q', '-s', 'A4', '-T', '10mm', '-B', '11mm', '-L', '12mm', '-R', '12mm'];
  const out = (name) => join(dir, `wkhtmltopdf-${name}.pdf`);
  const tuned = ['--disable-javascript', '--javascript-delay', '0'];
  // Odoo 17 adds `--javascript-delay <report.print_delay>` (default 1000) to every call; ERPNext's
  // pdfkit options (print-media-type, background, images, UTF-8) keep wkhtmltopdf's own 200 ms
  // delay. Neither run here adds their letterhead's --header-html/--footer-html pages.
  const variants = [
    [
      'wkhtmltopdf as Odoo calls it (--javascript-delay 1000, its report.print_delay default)',
      1,
      (n) => [...page, '--javascript-delay', '1000', htmlFile, out(n)],
    ],
    [
      "wkhtmltopdf as ERPNext calls it (--print-media-type, wkhtmltopdf's default 200 ms JavaScript delay)",
      1,
      (n) => [...page, '--print-media-type', '--encoding', 'UTF-8', htmlFile, out(n)],
    ],
    ['wkhtmltopdf, tuned (--disable-javascript --javascript-delay 0)', 1, (n) => [...page, ...tuned, htmlFile, out(n)]],
    [`wkhtmltopdf, tuned, ${pages} processes in parallel`, pages, (n) => [...page, ...tuned, htmlFile, out(n)]],
  ];
  const results = [];
  for (const [name, concurrency, args] of variants) {
    await runWkhtmltopdf(args('warm'));
    log(`pdf: ${name}, ${wkhtmlInvoices} invoices`);
    const cpu = [];
    let index = 0;
    const timing = await timed(wkhtmlInvoices, concurrency, async () => {
      const used = await runWkhtmltopdf(args(String((index += 1))));
      if (used !== null) cpu.push(used);
    });
    cpu.sort((a, b) => a - b);
    results.push({ name, ...timing, cpuPerInvoice: cpu.length > 0 ? percentile(cpu, 50) : null });
  }
  return results;
}

export async function benchPdf({ root, log }) {
  const dist = join(root, 'services/billing/dist/pdf');
  if (!existsSync(join(dist, 'invoice-renderer.js'))) throw new Error('services/billing is not built: npm run build');
  const { InvoiceRenderer } = await import(pathToFileURL(join(dist, 'invoice-renderer.js')).href);
  const { sampleInvoiceDocument, sampleLogoSvg } = await import(pathToFileURL(join(dist, 'sample-invoice.js')).href);
  const dir = mkdtempSync(join(tmpdir(), 'bench-pdf-'));
  try {
    const logoPath = join(dir, 'logo.svg');
    writeFileSync(logoPath, sampleLogoSvg);
    const base = sampleInvoiceDocument();
    const doc = sampleInvoiceDocument({ seller: { ...base.seller, logoPath } });
    const binaries = candidates.filter(([, path]) => existsSync(path));
    if (binaries.length === 0)
      throw new Error('no Chromium found (/usr/bin/chromium-headless-shell, /usr/bin/chromium)');

    // One HTML for everyone: the template's output for a 15-line invoice with a logo and a QR code.
    const templating = new InvoiceRenderer({
      CHROMIUM_PATH: binaries[0][1],
      PDF_PAGES: 1,
      BUSINESS_TIME_ZONE: 'Asia/Riyadh',
    });
    const html = await templating.html(doc);
    const templateStarted = performance.now();
    for (let index = 0; index < 200; index += 1) await templating.html(doc);
    const templateMs = (performance.now() - templateStarted) / 200;
    const htmlFile = join(dir, 'invoice.html');
    writeFileSync(htmlFile, html);
    const load = loadavg()[0];

    const ours = [];
    for (const [name, path] of binaries) ours.push(await benchRenderer({ InvoiceRenderer, name, path, html, log }));
    const sizes = await poolSizes({ InvoiceRenderer, path: binaries[0][1], html, log });
    const version = wkhtmltopdfVersion();
    const wk = version ? await benchWkhtmltopdf({ htmlFile, dir, log }) : [];

    const best = ours[0];
    const wkOdoo = wk[0] ?? null;
    const wkDefault = wk[1] ?? null;
    const wkBest = wk[2] ?? null;
    const wkParallel = wk[3] ?? null;
    const ratio = (theirs, mine) => `${(theirs / mine).toFixed(1)}×`;
    const row = (name, r, extra = '') =>
      `| ${name} | ${r.count} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.perSecond.toFixed(1)} | ${(1000 / r.perSecond).toFixed(1)} |${extra}`;
    const lines = [
      '## Invoice PDFs',
      '',
      `The same invoice HTML for every renderer: the template's output (${(Buffer.byteLength(html) / 1024).toFixed(0)} KB) for a 15-line invoice in Arabic and English with an SVG logo and the ZATCA QR code, one A4 page. Ours: services/billing's InvoiceRenderer from the built dist, warm browser, JavaScript off, requests blocked, ${pages} pages (PDF_PAGES). Building the HTML from an InvoiceDocument adds ${templateMs.toFixed(2)} ms. Load average when the PDF runs started: ${load.toFixed(1)} on this shared machine.`,
      '',
      '| renderer | invoices | p50 ms | p99 ms | invoices/s | ms per invoice (wall ÷ count) |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
    ];
    for (const r of ours) {
      lines.push(row(`ours, ${r.name}, one at a time`, r.serial));
      lines.push(row(`ours, ${r.name}, ${pages} pages in parallel`, r.pooled));
    }
    for (const r of wk) lines.push(row(r.name, r));
    lines.push('');
    if (wkBest) {
      lines.push(
        `- Per invoice, one at a time, ours (${best.name}, p50 ${ms(best.serial.p50)} ms) is **${ratio(wkOdoo.p50, best.serial.p50)}** faster than wkhtmltopdf as Odoo calls it (p50 ${ms(wkOdoo.p50)} ms), **${ratio(wkDefault.p50, best.serial.p50)}** faster than wkhtmltopdf as ERPNext calls it (p50 ${ms(wkDefault.p50)} ms) and **${ratio(wkBest.p50, best.serial.p50)}** faster than wkhtmltopdf tuned by hand (p50 ${ms(wkBest.p50)} ms). Target: at least 10×.`,
        `- Throughput with ${pages} in parallel: ours ${best.pooled.perSecond.toFixed(1)} invoices/s over ${invoices} invoices against ${wkParallel.perSecond.toFixed(1)}/s for ${pages} tuned wkhtmltopdf processes: **${ratio(best.pooled.perSecond, wkParallel.perSecond)}**.`,
      );
      if (wkBest.cpuPerInvoice !== null) {
        lines.push(
          `- CPU per invoice (what a saturated server runs out of): ours ${ms(best.cpuPerInvoice)} ms of Chromium CPU (plus about ${templateMs.toFixed(1)} ms in Node for the HTML), wkhtmltopdf ${ms(wkDefault.cpuPerInvoice)} ms (as ERPNext calls it) and ${ms(wkBest.cpuPerInvoice)} ms (tuned), median: **${ratio(wkBest.cpuPerInvoice, best.cpuPerInvoice + templateMs)}** against tuned. Much of wkhtmltopdf's wall time is its process start and its waits, not work.`,
        );
      }
      if (ours.length > 1) {
        const full = ours[1];
        lines.push(
          `- With the full Chromium browser (${full.path}, headless=new) the same renderer is ${ratio(wkBest.p50, full.serial.p50)} faster than tuned wkhtmltopdf one at a time (p50 ${ms(full.serial.p50)} ms) and ${ratio(full.pooled.perSecond, wkParallel.perSecond)} in throughput: its print pipeline waits between processes (Chromium CPU per invoice ${ms(full.cpuPerInvoice)} ms, against ${ms(best.cpuPerInvoice)} ms for the headless shell, yet several times the wall time). chromium-headless-shell is the same Chromium version from Debian (package chromium-headless-shell), Chromium's old headless mode; its pages are pixel-identical.`,
        );
      }
    } else {
      lines.push('- wkhtmltopdf is not installed (`apt-get install -y wkhtmltopdf`): no comparison in this run.');
    }
    lines.push(
      `- ${version ?? 'wkhtmltopdf: not installed'}. wkhtmltopdf starts a process per invoice, as Odoo and ERPNext run it; it also lays RTL tables out wrongly (NOTES.md).`,
    );
    for (const r of ours) {
      lines.push(
        `- ${r.name}: first render (browser start, ${pages} pages, first PDF) ${ms(r.coldMs)} ms; Chromium CPU per invoice ${ms(r.cpuPerInvoice)} ms; peak memory of the renderer over ${memoryInvoices} invoices on ${pages} pages, a run of its own (Chromium's processes + the Node process, sampled every 50 ms): **${mib(r.peak.rss)} RSS** summed over processes (${mib(r.peak.pss)} PSS, shared pages counted once).`,
      );
    }
    lines.push(
      '',
      `Pool size (PDF_PAGES) against throughput, ${binaries[0][0]}, 200 invoices each:`,
      '',
      '| pages | invoices/s | p50 ms | p99 ms |',
      '| ---: | ---: | ---: | ---: |',
      ...sizes.map((r) => `| ${r.size} | ${r.perSecond.toFixed(1)} | ${ms(r.p50)} | ${ms(r.p99)} |`),
      '',
    );
    return lines;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = join(import.meta.dirname, '../..');
  const lines = await benchPdf({ root, log: (message) => process.stdout.write(`[bench] ${message}\n`) });
  process.stdout.write(`${lines.join('\n')}\n`);
}
