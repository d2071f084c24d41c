import type { ReorderSuggestionEntryDto, StockItemDto } from '@erp/contracts';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser, screenshotsDir, settle, type Browser, type Language } from './browser.js';
import { t } from './locales.js';
import { E2E_OWNER } from './stack.js';
import { tf } from './ui.js';

/** Arabic-Indic digits, as a clerk on an Arabic keyboard types them. */
const arabicDigits = (text: string): string =>
  text.replace(/\d/g, (digit) => String.fromCharCode(0x660 + Number(digit)));

/**
 * Approving a reorder suggestion with a quantity and a supplier (docs/decisions/0023), in each
 * language: the quantity typed (in Arabic digits on the Arabic screen), the supplier typed as a
 * new one, the purchase order made, its PDF downloaded and read.
 */
describe('purchase orders from reorder suggestions, in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await openBrowser(inject('baseUrl'));
  });

  afterAll(async () => {
    await browser?.close();
  });

  it.each<Language>(['en', 'ar'])('approves 48 with a new supplier and downloads the order (%s)', async (language) => {
    const stamp = `${language.toUpperCase()}${Date.now()}`;
    const page = await browser.page({ language, signInAs: E2E_OWNER });
    const created = await page.request.post('/api/stock', {
      data: {
        name: `Mazola Corn Oil 1.5L ${stamp}`,
        nameAr: `زيت مازولا ذرة ١٫٥ لتر ${stamp}`,
        sku: `MAZ-${stamp}`,
        unit: 'piece',
        quantity: 2,
        packs: [{ unit: 'carton', factor: 12 }],
      },
    });
    expect(created.status()).toBe(201);
    const item = (await created.json()) as StockItemDto;
    expect((await page.request.post('/api/stock/generate-reorder-suggestions')).status()).toBe(200);
    const entries = (await (
      await page.request.get('/api/stock/reorder-suggestions')
    ).json()) as ReorderSuggestionEntryDto[];
    expect(entries.some((entry) => entry.stockItem.id === item.id)).toBe(true);

    await page.goto('/stock?tab=reorder');
    const shown = language === 'ar' ? item.nameAr! : item.name;
    await page.getByRole('button', { name: tf(language, 'stock:reorder.approveLabel', { name: item.name }) }).click();
    const dialog = page.getByRole('dialog', { name: t(language, 'stock:approve.title') });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.innerText()).toContain(shown);
    const quantity = dialog.getByRole('textbox', {
      name: new RegExp(t(language, 'stock:approve.quantity').split(' (')[0]!),
    });
    await quantity.fill(language === 'ar' ? arabicDigits('48') : '48');
    const supplier = `${language === 'ar' ? 'مؤسسة الوطنية للتجارة' : 'Al-Watania Trading Est.'} ${stamp}`;
    await dialog.getByRole('combobox', { name: t(language, 'stock:approve.supplier') }).fill(supplier);
    await expect.poll(() => dialog.getByText(t(language, 'stock:review.supplierNew')).isVisible()).toBe(true);
    await dialog.getByRole('heading', { name: t(language, 'stock:approve.title') }).click(); // out of the field
    await settle(page);
    await page.screenshot({ path: join(screenshotsDir, `e2e-reorder-approve-${language}.png`) });
    await dialog.getByRole('button', { name: t(language, 'stock:approve.confirmWithOrder'), exact: true }).click();

    const made = page.getByRole('dialog', { name: t(language, 'stock:approve.madeTitle') });
    await expect.poll(() => made.isVisible()).toBe(true);
    const number = /PO-\d{4}-\d{6}/.exec(await made.innerText())?.[0];
    expect(number).toBeDefined();
    expect(await made.innerText()).toContain(supplier);
    await settle(page);
    await page.screenshot({ path: join(screenshotsDir, `e2e-purchase-order-made-${language}.png`) });

    const downloading = page.waitForEvent('download');
    await made.getByRole('button', { name: tf(language, 'stock:approve.downloadLabel', { number: number! }) }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const dir = mkdtempSync(join(tmpdir(), 'e2e-po-'));
    const file = join(dir, 'po.pdf');
    execFileSync('tee', [file], { input: pdf, stdio: ['pipe', 'ignore', 'inherit'] });
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '70',
      '-singlefile',
      file,
      join(screenshotsDir, `pdf-purchase-order-${language}`),
    ]);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8');
    for (const expected of ['Purchase Order', number!, item.sku, '48']) expect(text).toContain(expected);
    // 48 pieces are 4 cartons (pdftotext puts the "= 4" either way round next to Arabic).
    expect(text).toMatch(/=\s?4\b|\b4\s?=/);

    await made.getByRole('button', { name: t(language, 'common:actions.close'), exact: true }).click();
    await expect.poll(() => made.count()).toBe(0);
    // Approved: gone from the pending suggestions.
    await expect
      .poll(() =>
        page.getByRole('button', { name: tf(language, 'stock:reorder.approveLabel', { name: item.name }) }).count(),
      )
      .toBe(0);
    await page.context().close();
  });
});
