import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InvoiceDto } from '@erp/contracts';
import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser, screenshotsDir, settle, type Browser, type Language } from './browser.js';
import { t } from './locales.js';
import { E2E_OWNER } from './stack.js';
import { closeToasts, expectToast, formatMoney, labelled, letterStamp, tf } from './ui.js';

/*
 * CONTRACT §11 as a clerk lives it, on a client's profile: an order of 5 cartons (12 pieces
 * each, 70.00 a carton: 350.00 + 15% VAT = 402.50) is confirmed over the client's credit limit by
 * the owner, part-paid (100.00), 2 cartons come back (a credit note of 161.00), the rest is paid
 * (141.50), and the statement PDF shows every step. The credit note's and the statement's PDFs
 * are rendered to PNG next to the screenshots, to be looked at.
 */

const TOTAL = '402.50';
const FIRST_PAYMENT = '100.00';
const RETURNED = '161.00';
const REST = '141.50';

async function created<T>(request: APIRequestContext, url: string, data: unknown): Promise<T> {
  const response = await request.post(url, { data });
  if (response.status() !== 201) throw new Error(`${url}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

interface Fixture {
  clientId: string;
  orderId: string;
  orderNumber: string;
  itemName: string;
}

/** Milk by the piece, sold by the carton of 12 at 70.00; a client on 30 days with a limit of 300.00. */
async function createFixture(request: APIRequestContext, language: Language): Promise<Fixture> {
  const stamp = letterStamp(language, Date.now());
  const item = await created<{ id: string; name: string; nameAr: string }>(request, '/api/stock', {
    name: `Books Milk ${stamp}`,
    nameAr: `حليب الدفاتر ${stamp}`,
    sku: `E2E-BOOKS-${language.toUpperCase()}-${Date.now()}`,
    unit: 'piece',
    quantity: 240,
    costPrice: '4.80',
    sellingPrice: '6.00',
    packs: [{ unit: 'carton', factor: 12, sellingPrice: '70.00' }],
  });
  const client = await created<{ id: string; name: string }>(request, '/api/clients', {
    name: language === 'ar' ? `بقالة الدفاتر ${stamp}` : `Ledger Grocery ${stamp}`,
    paymentTermsDays: 30,
    creditLimit: '300.00',
  });
  const order = await created<{ id: string; orderNumber: string; totalAmount: string }>(request, '/api/orders/manual', {
    clientId: client.id,
    clientName: client.name,
    items: [{ stockItemId: item.id, itemName: item.name, itemNameAr: item.nameAr, quantity: '5', unit: 'carton' }],
  });
  expect(order.totalAmount).toBe('350.00');
  return {
    clientId: client.id,
    orderId: order.id,
    orderNumber: order.orderNumber,
    itemName: language === 'ar' ? item.nameAr : item.name,
  };
}

async function customerInvoices(request: APIRequestContext, orderId: string, type = 'customer'): Promise<InvoiceDto[]> {
  return (await (await request.get(`/api/invoices?orderId=${orderId}&type=${type}`)).json()) as InvoiceDto[];
}

/** Opens a tab of the client's profile by its name, as a user clicks it. */
async function openTab(page: Page, language: Language, tab: 'orders' | 'invoices' | 'statement'): Promise<Locator> {
  await page.getByRole('tab', { name: t(language, `clients:profile.tabs.${tab}`), exact: true }).click();
  const panel = page.getByRole('tabpanel');
  await expect.poll(() => panel.isVisible()).toBe(true);
  return panel;
}

async function openOrder(page: Page, language: Language, orderNumber: string): Promise<Locator> {
  const panel = await openTab(page, language, 'orders');
  const view = panel.getByRole('button', { name: tf(language, 'orders:list.viewOrder', { number: orderNumber }) });
  await expect.poll(() => view.isVisible()).toBe(true);
  await view.click();
  const details = page.getByRole('dialog', { name: t(language, 'orders:details.title') });
  await expect.poll(() => details.isVisible()).toBe(true);
  return details;
}

async function recordPayment(page: Page, language: Language, invoiceNumber: string, amount: string | null) {
  const panel = await openTab(page, language, 'invoices');
  const button = panel.getByRole('button', {
    name: tf(language, 'invoices:payment.recordFor', { number: invoiceNumber }),
    exact: true,
  });
  await expect.poll(() => button.isVisible()).toBe(true);
  await button.click();
  const dialog = page.getByRole('dialog', { name: t(language, 'invoices:payment.title') });
  await expect.poll(() => dialog.isVisible()).toBe(true);
  const field = dialog.getByRole('textbox', { name: labelled(t(language, 'invoices:payment.fields.amount')) });
  // Without an amount: what the dialog offers, the balance due, is what is paid.
  if (amount) await field.fill(amount);
  else await expect.poll(() => field.inputValue()).toBe(REST);
  await dialog.getByRole('button', { name: t(language, 'invoices:payment.submit'), exact: true }).click();
  await expectToast(page, t(language, 'invoices:toasts.paymentRecorded'));
  await expect.poll(() => dialog.count()).toBe(0);
  await closeToasts(page, language);
}

/** The first page of a PDF as a PNG beside the screenshots, and its text (pdftotext keeps the layout). */
function lookAtPdf(pdf: Buffer, name: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-books-'));
  const file = join(dir, 'document.pdf');
  execFileSync('tee', [file], { input: pdf, stdio: ['pipe', 'ignore', 'inherit'] });
  execFileSync('pdftoppm', ['-png', '-r', '70', '-f', '1', '-l', '1', '-singlefile', file, join(screenshotsDir, name)]);
  execFileSync('pdftotext', ['-layout', file, join(dir, 'document.txt')]);
  return readFileSync(join(dir, 'document.txt'), 'utf8');
}

/** The whole page from its top (scrolled down, the sticky header would be drawn mid-page). */
async function screenshotWhole(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await settle(page);
  await page.screenshot({ path: join(screenshotsDir, name), fullPage: true });
}

describe('the books on a client profile, in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await openBrowser(inject('baseUrl'));
  });

  afterAll(async () => {
    await browser?.close();
  });

  it.each(['en', 'ar'] as const)(
    'confirms over the limit, part-pays, returns two cartons, pays the rest and downloads the statement (%s)',
    async (language) => {
      const page = await browser.page({ language, signInAs: E2E_OWNER });
      const api = page.request;
      const { currency } = (await (await api.get('/api/settings')).json()) as { currency: string };
      const money = (amount: string) => formatMoney(page, language, currency, amount);
      const fixture = await createFixture(api, language);

      await page.goto(`/clients/${fixture.clientId}`);
      const limit = await money('300.00');
      await expect.poll(async () => (await page.getByRole('main').innerText()).includes(limit)).toBe(true);

      // Confirm: the dialog says what it does; the limit refuses it; the owner confirms anyway.
      let details = await openOrder(page, language, fixture.orderNumber);
      await details.getByRole('combobox', { name: t(language, 'orders:details.status') }).click();
      await page.getByRole('option', { name: t(language, 'orders:status.confirmed'), exact: true }).click();
      const change = page.getByRole('dialog', {
        name: tf(language, 'orders:statusChange.title', { status: t(language, 'orders:status.confirmed') }),
      });
      await expect.poll(() => change.isVisible()).toBe(true);
      expect(await change.innerText()).toContain(t(language, 'orders:statusChange.consequences.invoice'));
      await settle(page);
      await page.screenshot({ path: join(screenshotsDir, `e2e-books-status-change-${language}.png`) });
      await change.getByRole('button', { name: t(language, 'orders:statusChange.confirm'), exact: true }).click();
      const anyway = change.getByRole('button', { name: t(language, 'orders:statusChange.confirmAnyway') });
      await expect.poll(() => anyway.isVisible()).toBe(true);
      const refusal = await change.innerText();
      expect(refusal).toContain(await money('300.00'));
      expect(refusal).toContain(await money(TOTAL));
      await settle(page);
      await page.screenshot({ path: join(screenshotsDir, `e2e-books-credit-limit-${language}.png`) });
      await anyway.click();
      await expectToast(page, t(language, 'orders:toasts.statusUpdated'));
      await expect.poll(() => change.count()).toBe(0);
      await closeToasts(page, language);
      let invoice: InvoiceDto | undefined;
      await expect
        .poll(async () => {
          invoice = (await customerInvoices(api, fixture.orderId))[0];
          return invoice?.totalAmount;
        })
        .toBe(TOTAL);
      expect(invoice).toMatchObject({ paymentStatus: 'unpaid', overdue: false });
      await details.getByRole('button', { name: t(language, 'common:actions.close'), exact: true }).click();

      // Part-pay 100.00 from the client's invoices.
      await recordPayment(page, language, invoice!.invoiceNumber, FIRST_PAYMENT);

      // Two of the five cartons come back to stock: a credit note of 2 × 70.00 + VAT.
      details = await openOrder(page, language, fixture.orderNumber);
      await details.getByRole('button', { name: t(language, 'orders:returns.action'), exact: true }).click();
      const returns = page.getByRole('dialog', {
        name: tf(language, 'orders:returns.dialog.title', { number: fixture.orderNumber }),
      });
      await expect.poll(() => returns.isVisible()).toBe(true);
      await returns
        .getByRole('textbox', { name: tf(language, 'orders:returns.quantityOf', { name: fixture.itemName }) })
        .fill('2');
      await returns
        .getByRole('textbox', { name: labelled(t(language, 'orders:returns.reason')) })
        .fill(language === 'ar' ? 'كرتونان وصلا إلى الفرع الخطأ' : 'Two cartons went to the wrong branch');
      await settle(page);
      await page.screenshot({ path: join(screenshotsDir, `e2e-books-return-${language}.png`) });
      await returns.getByRole('button', { name: t(language, 'orders:returns.submit'), exact: true }).click();
      await expectToast(page, t(language, 'orders:toasts.returnRecorded'));
      await expect.poll(() => returns.count()).toBe(0);
      let creditNote: InvoiceDto | undefined;
      await expect
        .poll(async () => {
          creditNote = (await customerInvoices(api, fixture.orderId, 'credit_note'))[0];
          return creditNote?.totalAmount;
        })
        .toBe(RETURNED);
      const returnsSection = details.getByRole('region', { name: t(language, 'orders:returns.section.title') });
      await expect.poll(async () => (await returnsSection.innerText()).includes(creditNote!.invoiceNumber)).toBe(true);
      await closeToasts(page, language);
      await details.getByRole('button', { name: t(language, 'common:actions.close'), exact: true }).click();

      // The rest, offered by the dialog: 402.50 − 100.00 − 161.00 = 141.50; the invoice is paid.
      await recordPayment(page, language, invoice!.invoiceNumber, null);
      const paid = (await (await api.get(`/api/invoices/${invoice!.id}`)).json()) as InvoiceDto;
      expect(paid).toMatchObject({ paidAmount: '241.50', creditedAmount: RETURNED, balanceDue: '0.00' });
      expect(paid.paymentStatus).toBe('paid');
      await expect
        .poll(async () =>
          (await page.getByRole('main').innerText()).includes(
            t(language, 'clients:profile.facts.balanceState.settled'),
          ),
        )
        .toBe(true);
      await screenshotWhole(page, `e2e-books-client-invoices-${language}.png`);

      // The statement of the period on screen, then as the PDF the client is sent.
      const statement = await openTab(page, language, 'statement');
      const entries = statement.getByRole('table', { name: t(language, 'invoices:statement.tableLabel') });
      await expect.poll(async () => (await entries.innerText()).includes(creditNote!.invoiceNumber)).toBe(true);
      await screenshotWhole(page, `e2e-books-statement-${language}.png`);
      const downloading = page.waitForEvent('download');
      await statement.getByRole('button', { name: t(language, 'invoices:statement.download'), exact: true }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^statement-.+\.pdf$/);
      const statementPdf = readFileSync((await download.path())!);
      expect(statementPdf.subarray(0, 5).toString()).toBe('%PDF-');
      const statementText = lookAtPdf(statementPdf, `pdf-statement-${language}`);
      for (const text of [invoice!.invoiceNumber, creditNote!.invoiceNumber, TOTAL, FIRST_PAYMENT, RETURNED, REST]) {
        expect(statementText).toContain(text);
      }

      // The credit note's own PDF names the invoice it undoes.
      const creditNotePdf = await api.get(`/api/invoices/${creditNote!.id}/pdf`);
      expect(creditNotePdf.status()).toBe(200);
      const creditNoteText = lookAtPdf(await creditNotePdf.body(), `pdf-credit-note-${language}`);
      expect(creditNoteText).toContain(creditNote!.invoiceNumber);
      expect(creditNoteText).toContain(invoice!.invoiceNumber);
      await page.context().close();

      // The profile at phone width: the account facts and tabs as cards.
      const phone = await browser.page({ language, signInAs: E2E_OWNER, width: 390, height: 844 });
      await phone.goto(`/clients/${fixture.clientId}?tab=invoices`);
      await expect.poll(() => phone.getByText(invoice!.invoiceNumber).first().isVisible()).toBe(true);
      await screenshotWhole(phone, `e2e-books-client-phone-${language}.png`);
      await phone.context().close();
    },
  );

  it.each(['en', 'ar'] as const)(
    'shows the demo company receivables by age, and on the dashboard, at desktop and phone width (%s)',
    async (language) => {
      for (const [width, height, suffix] of [
        [1280, 800, ''],
        [390, 844, '-phone'],
      ] as const) {
        const page = await browser.page({ language, signInAs: E2E_OWNER, width, height });
        const aging = (await (await page.request.get('/api/receivables/aging')).json()) as Array<{
          clientName: string;
          d90_plus: string;
        }>;
        // The demo company's books have invoices past due (docs/operations.md).
        expect(aging.length).toBeGreaterThan(0);
        await page.goto('/receivables');
        await expect
          .poll(() => page.getByRole('heading', { name: t(language, 'receivables:title') }).isVisible())
          .toBe(true);
        await expect.poll(() => page.getByText(aging[0].clientName).first().isVisible()).toBe(true);
        await screenshotWhole(page, `e2e-receivables${suffix}-${language}.png`);

        await page.goto('/dashboard');
        const card = page.getByRole('region', { name: t(language, 'receivables:dashboard.title') });
        await expect
          .poll(() => card.getByRole('link', { name: t(language, 'receivables:dashboard.viewReport') }).isVisible())
          .toBe(true);
        await card.scrollIntoViewIfNeeded();
        await settle(page);
        await card.screenshot({ path: join(screenshotsDir, `e2e-dashboard-receivables${suffix}-${language}.png`) });
        await page.context().close();
      }
    },
  );
});
