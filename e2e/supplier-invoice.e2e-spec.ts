import type { StockItemDto } from '@erp/contracts';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser, screenshotsDir, settle, type Browser, type Language } from './browser.js';
import { countedUnit, t } from './locales.js';
import { E2E_OWNER } from './stack.js';
import { dataRows, tf } from './ui.js';

/** The Almarai invoice the ai-parser's own tests read: a PDF with a text layer, 5 lines. */
const invoicePdf = join(import.meta.dirname, '../services/ai-parser/test/fixtures/documents/invoice-almarai.pdf');
/** Its first line, and the demo company's stock item it names. */
const MILK = { printed: 'Almarai Fresh Milk Full Fat 1L', sku: 'MILK-ALM-1L', quantity: 24 };

/** A toast by its title: an error is an alert, anything else a status (components/toaster). */
function toast(page: Page, title: string): Locator {
  return page.getByRole('status', { includeHidden: true }).filter({ has: page.getByText(title, { exact: true }) });
}

/** "1,234.5" / its Arabic form, as web/src/lib/format.ts formatQuantity writes it, by the browser's Intl. */
function formatQuantity(page: Page, language: Language, value: number): Promise<string> {
  const locale = language === 'ar' ? 'ar-AE-u-nu-latn' : 'en-US';
  return page.evaluate(
    ([intlLocale, amount]) => new Intl.NumberFormat(intlLocale, { maximumFractionDigits: 3 }).format(amount),
    [locale, value] as const,
  );
}

async function stockItemBySku(page: Page, sku: string): Promise<StockItemDto> {
  const found = (await (await page.request.get('/api/stock', { params: { search: sku } })).json()) as StockItemDto[];
  const item = found.find((candidate) => candidate.sku === sku);
  if (!item) throw new Error(`no stock item ${sku}`);
  return item;
}

describe('Upload Supplier Invoice, in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await openBrowser(inject('baseUrl'));
  });

  afterAll(async () => {
    await browser?.close();
  });

  it.each<Language>(['en', 'ar'])(
    'reads the Almarai PDF, shows it for review, applies it, and the stock list shows the received quantity (%s)',
    async (language) => {
      const owner = await browser.page({ language, signInAs: E2E_OWNER });
      const before = await stockItemBySku(owner, MILK.sku);

      await owner.goto('/stock');
      // The screen settled first: its heading, then the inventory (the header's buttons move as cards load).
      await expect
        .poll(() => owner.getByRole('heading', { level: 1, name: t(language, 'stock:title') }).isVisible())
        .toBe(true);
      await expect
        .poll(() => owner.getByRole('table', { name: t(language, 'stock:inventory.tableLabel') }).isVisible())
        .toBe(true);
      await owner.getByRole('button', { name: t(language, 'stock:actions.upload'), exact: true }).click();
      const upload = owner.getByRole('dialog', { name: t(language, 'stock:upload.title') });
      await expect.poll(() => upload.isVisible()).toBe(true);
      await upload.getByTestId('invoice-file-input').setInputFiles(invoicePdf);
      await upload.getByRole('button', { name: t(language, 'stock:upload.process'), exact: true }).click();

      // Reading: a labelled progress bar, then the review (or why reading failed, said at once).
      const review = owner.getByRole('dialog', { name: t(language, 'stock:review.title') });
      const failed = upload.getByText(t(language, 'stock:upload.failed.title'), { exact: true });
      await expect
        .poll(async () => ((await failed.isVisible()) ? await upload.innerText() : await review.isVisible()), {
          timeout: 60_000,
        })
        .toBe(true);

      // What was read: the supplier, the number and date, and the milk line matched to the demo stock.
      const supplier = review.getByRole('combobox', { name: new RegExp(`^${t(language, 'stock:review.supplier')}`) });
      expect(await supplier.inputValue()).toBe('Almarai Company');
      const number = review.getByRole('textbox', { name: new RegExp(`^${t(language, 'stock:review.invoiceNumber')}`) });
      expect(await number.inputValue()).toBe('INV-88213');
      const lines = review.getByTestId('receipt-line');
      expect(await lines.count()).toBe(5);
      const milk = lines.filter({ hasText: MILK.printed });
      expect(await milk.count()).toBe(1);
      await expect.poll(() => milk.innerText()).toContain(MILK.sku);
      const milkNumber =
        (await lines.evaluateAll(
          (all, text) => all.findIndex((line) => line.textContent?.includes(text)),
          MILK.printed,
        )) + 1;
      const quantity = milk.getByRole('textbox', {
        name: tf(language, 'stock:review.fieldOfLine', {
          field: t(language, 'stock:review.columns.quantity'),
          number: milkNumber,
        }),
      });
      expect(await quantity.inputValue()).toBe(String(MILK.quantity));

      // Each run is its own delivery: a number of its own, so the two languages do not look like a repeat.
      await number.fill(`INV-88213-${language.toUpperCase()}-${Date.now()}`);
      // Lines the demo stock does not hold become new items.
      const createAll = review.getByRole('button', { name: t(language, 'stock:review.createAllNew'), exact: true });
      if (await createAll.isVisible()) await createAll.click();

      await review.getByRole('heading', { name: t(language, 'stock:review.linesTitle') }).scrollIntoViewIfNeeded();
      await settle(owner);
      await owner.screenshot({ path: join(screenshotsDir, `e2e-supplier-invoice-review-${language}.png`) });

      await review.getByRole('button', { name: t(language, 'stock:review.apply'), exact: true }).click();
      await expect.poll(() => toast(owner, t(language, 'stock:toasts.received')).isVisible()).toBe(true);
      await expect.poll(() => review.count()).toBe(0);

      // The stock list shows the received quantity: the invoice's 24 CTN are cartons of the demo
      // milk's carton pack, received in its base unit (CONTRACT §10).
      const carton = before.packs.find((pack) => pack.unit === 'carton');
      expect(carton).toBeDefined();
      const expected = before.quantity + MILK.quantity * carton!.factor;
      expect((await stockItemBySku(owner, MILK.sku)).quantity).toBe(expected);
      const table = owner.getByRole('table', { name: t(language, 'stock:inventory.tableLabel') });
      await owner.getByRole('searchbox', { name: t(language, 'stock:inventory.search.label') }).fill(MILK.sku);
      const row = dataRows(table).filter({ has: owner.getByText(MILK.sku, { exact: true }) });
      const shown = `${await formatQuantity(owner, language, expected)} ${countedUnit(language, expected, before.unit)}`;
      await expect.poll(() => row.innerText()).toContain(shown);
      await owner.context().close();
    },
  );
});
