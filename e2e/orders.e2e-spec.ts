import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser, screenshotsDir, settle, type Browser, type Language } from './browser.js';
import { countedUnit, t } from './locales.js';
import { E2E_OWNER } from './stack.js';
import { changeOrderStatus, closeToasts, dataRows, escapeRegExp, expectToast, field, labelled, tf } from './ui.js';

/** The rows that hold this text somewhere (a client's name, a SKU, an invoice number). */
function rowsWith(table: Locator, text: string): Locator {
  return dataRows(table).filter({ hasText: text });
}

/**
 * Latin digits and separators from what a page shows: Arabic-Indic (٠-٩) and Extended
 * Arabic-Indic (۰-۹) digits become 0-9, the Arabic decimal separator ٫ a dot, and the
 * thousands separators (٬ and ,) go, as do the bidi marks Intl puts around Arabic figures.
 */
function latinNumerals(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .replace(/\u066b/g, '.')
    .replace(/[\u066c,]/g, '')
    .replace(/[\u200e\u200f\u061c]/g, '');
}

/** The one number in a figure such as "317", "SAR 845,210.75" or "‏845,210.75 ر.س.‏". */
function numberIn(text: string): string {
  const match = /\d+(?:\.\d+)?/.exec(latinNumerals(text));
  if (!match) throw new Error(`no number in ${JSON.stringify(text)}`);
  return match[0];
}

function countIn(text: string): number {
  const number = numberIn(text);
  if (number.includes('.')) throw new Error(`${JSON.stringify(text)} is not a count`);
  return Number(number);
}

/** An amount of money in cents, exactly (no floating point). */
function centsIn(text: string): bigint {
  const [whole, fraction = ''] = numberIn(text).split('.');
  if (fraction.length > 2) throw new Error(`${JSON.stringify(text)} has more than 2 decimals`);
  return BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'));
}

/**
 * Money as the app writes it (web/src/lib/format.ts formatMoney with the Intl locale of
 * web/src/lib/language.ts), formatted by the browser's own Intl.
 */
function formatMoney(page: Page, language: Language, currency: string, cents: bigint): Promise<string> {
  const locale = language === 'ar' ? 'ar-AE-u-nu-latn' : 'en-US';
  const amount = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
  return page.evaluate(
    ([intlLocale, code, value]) =>
      new Intl.NumberFormat(intlLocale, {
        style: 'currency',
        currency: code,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }).format(Number(value)),
    [locale, currency, amount] as const,
  );
}

/**
 * A figure of the dashboard, found by its card's label (a heading): the card's one paragraph
 * is the figure; undefined while the cards show their placeholders.
 */
async function dashboardFigure(page: Page, label: string): Promise<string | undefined> {
  const heading = page.getByRole('heading', { name: label, exact: true });
  const card = page.getByTestId(/^stat-/).filter({ has: heading });
  const figure = card.getByRole('paragraph');
  if ((await card.count()) !== 1 || (await card.getAttribute('aria-busy')) === 'true') return undefined;
  if ((await figure.count()) !== 1) return undefined;
  return figure.innerText();
}

interface DashboardFigures {
  orders: number;
  revenueCents: bigint;
}

/** Total Orders and Total Revenue as the dashboard shows them now; undefined while they load. */
async function dashboardFigures(page: Page, language: Language): Promise<DashboardFigures | undefined> {
  const orders = await dashboardFigure(page, t(language, 'dashboard:stats.orders.label'));
  const revenue = await dashboardFigure(page, t(language, 'dashboard:stats.revenue.label'));
  return orders === undefined || revenue === undefined
    ? undefined
    : { orders: countIn(orders), revenueCents: centsIn(revenue) };
}

describe('a manual order from a new client and a new stock item to its invoice, in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await openBrowser(inject('baseUrl'));
  });

  afterAll(async () => {
    await browser?.close();
  });

  it.each<Language>(['en', 'ar'])(
    'creates a client, a stock item and an order, confirms it, and the stock, dashboard and invoices follow (%s)',
    async (language) => {
      const now = Date.now();
      const stamp = `${language.toUpperCase()}${now}`;
      // The demo company's clients, catalogue and orders are there too: this run's are found by search.
      const client = {
        name: language === 'ar' ? `مؤسسة الواحة التجارية ${now}` : `Oasis Trading ${stamp}`,
        nameAr: `مؤسسة الواحة التجارية ${now}`,
        phone: '+966 50 123 4567',
      };
      const item = { name: `Saffron Tea ${stamp}`, nameAr: 'شاي بالزعفران', sku: `E2E-ORD-${stamp}` };
      const stockBefore = 50;
      const ordered = 3;
      const priceCents = 1235n;
      const lineCents = priceCents * BigInt(ordered);

      const owner = await browser.page({ language, signInAs: E2E_OWNER });
      const settings = (await (await owner.request.get('/api/settings')).json()) as { currency: string };
      const money = (cents: bigint) => formatMoney(owner, language, settings.currency, cents);
      const nav = owner.getByRole('navigation', { name: t(language, 'shell:nav.label') });
      const goTo = async (link: string, title: string) => {
        await nav.getByRole('link', { name: t(language, link), exact: true }).click();
        await expect
          .poll(() => owner.getByRole('heading', { level: 1, name: t(language, title) }).isVisible())
          .toBe(true);
      };

      // 1. The dashboard's figures before.
      await owner.goto('/dashboard');
      await expect.poll(() => owner.locator('html').getAttribute('dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');
      await expect
        .poll(() => owner.getByRole('heading', { level: 1, name: t(language, 'dashboard:title') }).isVisible())
        .toBe(true);
      let before: DashboardFigures | undefined;
      await expect.poll(async () => (before = await dashboardFigures(owner, language))).toBeDefined();
      expect(before!.orders).toBeGreaterThan(0);
      expect(before!.revenueCents).toBeGreaterThan(0n);

      // 2. Create Manual Order.
      await goTo('shell:nav.orders', 'orders:title');
      await owner.getByRole('button', { name: t(language, 'orders:actions.createManual'), exact: true }).click();
      const form = owner.getByRole('dialog', { name: t(language, 'orders:form.title') });
      await expect.poll(() => form.isVisible()).toBe(true);
      const submit = form.getByRole('button', { name: t(language, 'orders:form.submit'), exact: true });

      // Nothing entered: SPEC §5's "No items added", and the client is asked for.
      await submit.click();
      const noItems = await expectToast(owner, t(language, 'orders:toasts.noItems'), 'error');
      expect(noItems).toContain(t(language, 'orders:toasts.noItemsDescription'));
      await expect
        .poll(() => form.getByText(t(language, 'orders:form.client.required'), { exact: true }).isVisible())
        .toBe(true);

      // A new client, on the spot.
      await form.getByRole('button', { name: t(language, 'orders:form.client.create'), exact: true }).click();
      const clientDialog = owner.getByRole('dialog', { name: t(language, 'orders:newClient.title') });
      await expect.poll(() => clientDialog.isVisible()).toBe(true);
      await field(clientDialog, t(language, 'orders:newClient.fields.name')).fill(client.name);
      await field(clientDialog, t(language, 'orders:newClient.fields.nameAr')).fill(client.nameAr);
      await field(clientDialog, t(language, 'orders:newClient.fields.phone')).fill(client.phone);
      await clientDialog.getByRole('button', { name: t(language, 'orders:newClient.create'), exact: true }).click();
      await expectToast(owner, t(language, 'orders:toasts.clientCreated'));
      await expect.poll(() => clientDialog.count()).toBe(0);
      const clientField = form.getByRole('combobox', { name: labelled(t(language, 'orders:form.client.label')) });
      expect(await clientField.inputValue()).toBe(client.name);
      expect(await form.getByText(t(language, 'orders:form.client.linked'), { exact: true }).isVisible()).toBe(true);

      // A new stock item for the first line: 50 boxes at one price.
      const line1 = form.getByRole('group', { name: tf(language, 'orders:form.items.lineTitle', { number: '1' }) });
      await line1.getByRole('button', { name: t(language, 'orders:form.items.newStockItem'), exact: true }).click();
      const stockDialog = owner.getByRole('dialog', { name: t(language, 'orders:newStockItem.title') });
      await expect.poll(() => stockDialog.isVisible()).toBe(true);
      await field(stockDialog, t(language, 'orders:newStockItem.fields.name')).fill(item.name);
      await field(stockDialog, t(language, 'orders:newStockItem.fields.nameAr')).fill(item.nameAr);
      await field(stockDialog, t(language, 'orders:newStockItem.fields.sku')).fill(item.sku);
      await stockDialog
        .getByRole('combobox', { name: labelled(t(language, 'orders:newStockItem.fields.unit')) })
        .click();
      await owner.getByRole('option', { name: t(language, 'orders:units.name.box'), exact: true }).click();
      await field(stockDialog, t(language, 'orders:newStockItem.fields.quantity')).fill(String(stockBefore));
      await field(stockDialog, t(language, 'orders:newStockItem.fields.price')).fill('12.35');
      await stockDialog.getByRole('button', { name: t(language, 'orders:newStockItem.create'), exact: true }).click();
      await expectToast(owner, t(language, 'orders:toasts.stockItemCreated'));
      await expect.poll(() => stockDialog.count()).toBe(0);

      // The line is filled from it and linked to it; 3 boxes make the line total.
      const itemField = field(line1, t(language, 'orders:form.items.fields.item'));
      expect(await itemField.inputValue()).toBe(item.name);
      expect(await field(line1, t(language, 'orders:form.items.fields.nameAr')).inputValue()).toBe(item.nameAr);
      // The unit is named in the screen's language; the line keeps the code (box).
      // A linked line offers its item's units (a list); its price is the item's, shown and left to the server.
      const unitChoice = line1.getByRole('combobox', {
        name: new RegExp(`^${escapeRegExp(t(language, 'orders:form.items.fields.unit'))}`),
      });
      expect(await unitChoice.innerText()).toBe(t(language, 'common:units.word.box'));
      const price1 = field(line1, t(language, 'orders:form.items.fields.unitPrice'));
      await expect.poll(() => price1.getAttribute('placeholder')).toBe('12.35');
      expect(await price1.inputValue()).toBe('');
      expect(
        await line1.getByText(tf(language, 'orders:form.items.linked', { sku: item.sku }), { exact: true }).isVisible(),
      ).toBe(true);
      await field(line1, t(language, 'orders:form.items.fields.quantity')).fill(String(ordered));
      const lineTotal = await money(lineCents);
      await expect.poll(() => line1.getByText(lineTotal, { exact: true }).isVisible()).toBe(true);

      // A second line with no item name: its total counts in the grand total, but the order is
      // refused with SPEC §5's "Invalid items" and the name is marked.
      await form.getByRole('button', { name: t(language, 'orders:form.items.add'), exact: true }).click();
      const line2 = form.getByRole('group', { name: tf(language, 'orders:form.items.lineTitle', { number: '2' }) });
      await field(line2, t(language, 'orders:form.items.fields.quantity')).fill('2');
      await field(line2, t(language, 'orders:form.items.fields.unitPrice')).fill('5');
      const line2Total = await money(1000n);
      const bothLines = await money(lineCents + 1000n);
      await expect.poll(() => line2.getByText(line2Total, { exact: true }).isVisible()).toBe(true);
      await expect.poll(() => form.getByText(bothLines, { exact: true }).count()).toBe(1);
      await submit.click();
      const invalid = await expectToast(owner, t(language, 'orders:toasts.invalidItems'), 'error');
      expect(invalid).toContain(t(language, 'orders:toasts.invalidItemsDescription'));
      const line2Item = field(line2, t(language, 'orders:form.items.fields.item'));
      await expect.poll(() => line2Item.getAttribute('aria-invalid')).toBe('true');
      expect(await line2.getByText(t(language, 'orders:form.items.errors.name'), { exact: true }).isVisible()).toBe(
        true,
      );
      expect(await form.isVisible()).toBe(true);

      // Without it, the order total is the one line's.
      await line2
        .getByRole('button', { name: tf(language, 'orders:form.items.remove', { number: '2' }), exact: true })
        .click();
      await expect.poll(() => line2.count()).toBe(0);
      await expect.poll(() => form.getByText(bothLines, { exact: true }).count()).toBe(0);
      // The line total and, under "Order total", the grand total.
      expect(await form.getByText(lineTotal, { exact: true }).count()).toBe(2);
      expect(await form.getByText(t(language, 'orders:form.total'), { exact: true }).isVisible()).toBe(true);

      // The whole form from its client down, without the toasts.
      await closeToasts(owner, language);
      await clientField.evaluate((input) => input.scrollIntoView({ block: 'center' }));
      await settle(owner);
      await owner.screenshot({ path: join(screenshotsDir, `e2e-orders-create-${language}.png`) });

      await submit.click();
      const created = await expectToast(owner, t(language, 'orders:toasts.created'));
      const orderNumber = /ORD-\d{4}-\d+/.exec(created)?.[0];
      expect(orderNumber).toBeDefined();
      expect(created).toContain(tf(language, 'orders:toasts.createdDescription', { number: orderNumber! }));
      await expect.poll(() => form.count()).toBe(0);

      // Recent Orders: found by its client, Pending, at its total.
      const ordersTable = owner.getByRole('table', { name: t(language, 'orders:list.tableLabel') });
      await owner.getByRole('searchbox', { name: t(language, 'orders:list.search.label') }).fill(client.name);
      const orderRow = rowsWith(ordersTable, orderNumber!);
      await expect.poll(() => dataRows(ordersTable).count()).toBe(1);
      expect(await orderRow.count()).toBe(1);
      const rowText = await orderRow.innerText();
      expect(rowText).toContain(client.name);
      expect(rowText).toContain(lineTotal);
      expect(await orderRow.getByText(t(language, 'orders:status.pending'), { exact: true }).isVisible()).toBe(true);

      // 3. Order Details: confirmed, so no longer editable.
      await orderRow
        .getByRole('button', { name: tf(language, 'orders:list.viewOrder', { number: orderNumber! }), exact: true })
        .click();
      const details = owner.getByRole('dialog', { name: t(language, 'orders:details.title') });
      await expect.poll(() => details.isVisible()).toBe(true);
      const itemsTable = details.getByRole('table', { name: t(language, 'orders:details.items.tableLabel') });
      await expect.poll(() => rowsWith(itemsTable, item.name).count()).toBe(1);
      const itemRow = await rowsWith(itemsTable, item.name).innerText();
      expect(itemRow).toContain(`${ordered} ${countedUnit(language, ordered, 'box')}`);
      expect(itemRow).toContain(lineTotal);
      const editOrder = details.getByRole('button', { name: t(language, 'orders:details.editOrder'), exact: true });
      await expect.poll(() => editOrder.isEnabled()).toBe(true);

      const consequences = await changeOrderStatus(owner, details, language, 'confirmed');
      expect(consequences).toContain(t(language, 'orders:statusChange.consequences.invoice'));
      const updated = await expectToast(owner, t(language, 'orders:toasts.statusUpdated'));
      expect(updated).toContain(
        tf(language, 'orders:toasts.statusUpdatedDescription', {
          number: orderNumber!,
          status: t(language, 'orders:status.confirmed'),
        }),
      );
      const status = details.getByRole('combobox', { name: labelled(t(language, 'orders:details.status')) });
      await expect.poll(() => status.innerText()).toBe(t(language, 'orders:status.confirmed'));
      await expect.poll(() => editOrder.isDisabled()).toBe(true);
      const reasonId = await editOrder.getAttribute('aria-describedby');
      expect(reasonId).toBeTruthy();
      expect(await details.locator(`#${reasonId}`).innerText()).toBe(t(language, 'orders:details.onlyPendingEditable'));

      // 6. Generate Invoice downloads the invoice's PDF.
      const downloading = owner.waitForEvent('download');
      await details.getByRole('button', { name: t(language, 'orders:details.generateInvoice'), exact: true }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/invoice/i);
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      expect(
        readFileSync(await download.path())
          .subarray(0, 5)
          .toString('latin1'),
      ).toBe('%PDF-');
      const generated = await expectToast(owner, t(language, 'orders:toasts.invoiceGenerated'));
      const invoiceNumber = /INV-\d{4}-\d+/.exec(generated)?.[0];
      expect(invoiceNumber).toBeDefined();
      expect(download.suggestedFilename()).toContain(invoiceNumber!);

      await closeToasts(owner, language);
      await settle(owner);
      await owner.screenshot({ path: join(screenshotsDir, `e2e-orders-${language}.png`) });

      // The list behind it says Confirmed too.
      await details.getByRole('button', { name: t(language, 'common:actions.close'), exact: true }).click();
      await expect.poll(() => details.count()).toBe(0);
      await expect
        .poll(() => orderRow.getByText(t(language, 'orders:status.confirmed'), { exact: true }).isVisible())
        .toBe(true);
      expect(await orderRow.getByText(t(language, 'orders:status.pending'), { exact: true }).count()).toBe(0);

      // 4. Confirming took the 3 boxes out of stock.
      await goTo('shell:nav.stock', 'stock:title');
      const inventory = owner.getByRole('table', { name: t(language, 'stock:inventory.tableLabel') });
      await owner.getByRole('searchbox', { name: t(language, 'stock:inventory.search.label') }).fill(item.sku);
      const stockRow = rowsWith(inventory, item.sku);
      await expect.poll(() => dataRows(inventory).count()).toBe(1);
      expect(await stockRow.count()).toBe(1);
      expect(await stockRow.innerText()).toContain(`${stockBefore - ordered} ${t(language, 'common:units.short.box')}`);

      // 6. The invoice is on /invoices, found by its client.
      await goTo('shell:nav.invoices', 'invoices:title');
      const invoices = owner.getByRole('table', { name: t(language, 'invoices:list.tableLabel') });
      await owner.getByRole('searchbox', { name: t(language, 'invoices:filters.search.label') }).fill(client.name);
      const invoiceRow = rowsWith(invoices, invoiceNumber!);
      await expect.poll(() => dataRows(invoices).count()).toBe(1);
      expect(await invoiceRow.count()).toBe(1);
      const invoiceText = await invoiceRow.innerText();
      expect(invoiceText).toContain(client.name);
      expect(invoiceText).toContain(orderNumber);

      // 5. The dashboard counts the order and its total.
      await goTo('shell:nav.dashboard', 'dashboard:title');
      await expect
        .poll(() => dashboardFigures(owner, language))
        .toEqual({ orders: before!.orders + 1, revenueCents: before!.revenueCents + lineCents });

      await owner.context().close();
    },
    240_000,
  );
});
