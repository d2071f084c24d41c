import { join } from 'node:path';
import type { InvoiceDto } from '@erp/contracts';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser, screenshotsDir, settle, type Browser, type Language } from './browser.js';
import { t } from './locales.js';
import { confirmedRiceOrder, invoiceOfOrder } from './orders-api.js';
import { E2E_OWNER } from './stack.js';
import { formatMoney, labelled, tf } from './ui.js';

/** A toast by its title (components/toaster: a success toast is a status). */
async function expectToast(page: Page, title: string): Promise<string> {
  const shown = page
    .getByRole('status', { includeHidden: true })
    .filter({ has: page.getByText(title, { exact: true }) });
  await expect.poll(() => shown.isVisible()).toBe(true);
  return shown.innerText();
}

/** The row of the All Invoices table holding this invoice number. */
function invoiceRow(page: Page, language: Language, invoiceNumber: string): Locator {
  const table = page.getByRole('table', { name: t(language, 'invoices:list.tableLabel') });
  return table.getByTestId('invoice-row').filter({ hasText: invoiceNumber });
}

describe('payments against a customer invoice, in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await openBrowser(inject('baseUrl'));
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('records a part payment in English and the rest in Arabic: partially paid, then paid', async () => {
    const stamp = Date.now();
    const page = await browser.page({ language: 'en', signInAs: E2E_OWNER });
    const api = page.request;
    const settings = (await (await api.get('/api/settings')).json()) as { currency: string };

    // An order of 5 bags at 40.00 for a new client, confirmed over the API: 200.00 + VAT.
    const client = await api.post('/api/clients', { data: { name: `Al Waha Market ${stamp}`, paymentTermsDays: 30 } });
    expect(client.status(), await client.text()).toBe(201);
    const buyer = (await client.json()) as { id: string; name: string };
    const orderId = await confirmedRiceOrder(api, { sku: `E2E-PAY-${stamp}`, bags: 5, client: buyer });
    const invoice = await invoiceOfOrder(api, orderId);
    const { invoiceNumber, totalAmount, currency } = invoice;
    expect(currency).toBe(settings.currency);
    expect(invoice.paymentStatus).toBe('unpaid');

    // English: the invoice is Unpaid; record 100.50 of it by bank transfer.
    await page.goto(`/invoices?search=${encodeURIComponent(invoiceNumber)}`);
    const row = invoiceRow(page, 'en', invoiceNumber);
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByText(t('en', 'invoices:paymentStatus.unpaid'), { exact: true }).isVisible()).toBe(true);
    expect(await row.innerText()).toContain(await formatMoney(page, 'en', currency, totalAmount));

    await row
      .getByRole('button', { name: tf('en', 'invoices:payment.recordFor', { number: invoiceNumber }), exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: t('en', 'invoices:payment.title') });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const amount = dialog.getByRole('textbox', { name: labelled(t('en', 'invoices:payment.fields.amount')) });
    expect(await amount.inputValue()).toBe(totalAmount);
    await amount.fill('100.50');
    await dialog.getByRole('combobox', { name: labelled(t('en', 'invoices:payment.fields.method')) }).click();
    await page.getByRole('option', { name: t('en', 'invoices:payment.method.bank_transfer'), exact: true }).click();
    await dialog
      .getByRole('textbox', { name: labelled(t('en', 'invoices:payment.fields.reference')) })
      .fill('TRX-55102');
    await settle(page);
    await page.screenshot({ path: join(screenshotsDir, 'e2e-invoices-record-payment-en.png') });
    await dialog.getByRole('button', { name: t('en', 'invoices:payment.submit'), exact: true }).click();
    await expectToast(page, t('en', 'invoices:toasts.paymentRecorded'));
    await expect.poll(() => dialog.count()).toBe(0);

    const balance = (BigInt(totalAmount.replace('.', '')) - 10050n).toString();
    const balanceText = `${balance.slice(0, -2)}.${balance.slice(-2)}`;
    await expect
      .poll(() => row.getByText(t('en', 'invoices:paymentStatus.partially_paid'), { exact: true }).isVisible())
      .toBe(true);
    expect(await row.innerText()).toContain(await formatMoney(page, 'en', currency, balanceText));
    await page.context().close();

    // Arabic: the details show the payment; record the rest (the balance is the default) and it is paid.
    const arabic = await browser.page({ language: 'ar', signInAs: E2E_OWNER });
    await arabic.goto(`/invoices?search=${encodeURIComponent(invoiceNumber)}`);
    const arabicRow = invoiceRow(arabic, 'ar', invoiceNumber);
    await expect.poll(() => arabicRow.count()).toBe(1);
    expect(
      await arabicRow.getByText(t('ar', 'invoices:paymentStatus.partially_paid'), { exact: true }).isVisible(),
    ).toBe(true);
    await arabicRow
      .getByRole('button', { name: tf('ar', 'invoices:details.openFor', { number: invoiceNumber }), exact: true })
      .click();
    const details = arabic.getByRole('dialog', { name: new RegExp(`^${t('ar', 'invoices:details.title')}`) });
    await expect.poll(() => details.isVisible()).toBe(true);
    const payments = details.getByRole('list', { name: t('ar', 'invoices:payments.title') });
    await expect.poll(() => payments.getByTestId('payment-row').count()).toBe(1);
    const paymentText = await payments.getByTestId('payment-row').innerText();
    expect(paymentText).toContain(t('ar', 'invoices:payment.method.bank_transfer'));
    expect(paymentText).toContain('TRX-55102');
    expect(paymentText).toContain(await formatMoney(arabic, 'ar', currency, '100.50'));

    await details.getByRole('button', { name: t('ar', 'invoices:payment.record'), exact: true }).click();
    const record = arabic.getByRole('dialog', { name: t('ar', 'invoices:payment.title') });
    await expect.poll(() => record.isVisible()).toBe(true);
    const arabicAmount = record.getByRole('textbox', { name: labelled(t('ar', 'invoices:payment.fields.amount')) });
    await expect.poll(() => arabicAmount.inputValue()).toBe(balanceText);
    await record.getByRole('button', { name: t('ar', 'invoices:payment.submit'), exact: true }).click();
    await expectToast(arabic, t('ar', 'invoices:toasts.paymentRecorded'));
    await expect.poll(() => record.count()).toBe(0);

    // The details and the list now say paid (مدفوعة), nothing left, and Record payment is gone.
    await expect
      .poll(() => details.getByText(t('ar', 'invoices:paymentStatus.paid'), { exact: true }).isVisible())
      .toBe(true);
    await expect.poll(() => payments.getByTestId('payment-row').count()).toBe(2);
    expect(await details.getByRole('button', { name: t('ar', 'invoices:payment.record'), exact: true }).count()).toBe(
      0,
    );
    await settle(arabic);
    await arabic.screenshot({ path: join(screenshotsDir, 'e2e-invoices-details-ar.png') });
    await details.getByRole('button', { name: t('ar', 'common:actions.close'), exact: true }).click();
    await expect
      .poll(() => arabicRow.getByText(t('ar', 'invoices:paymentStatus.paid'), { exact: true }).isVisible())
      .toBe(true);
    expect(await arabicRow.innerText()).toContain(await formatMoney(arabic, 'ar', currency, '0.00'));

    const settled = (await (await arabic.request.get(`/api/invoices/${invoice.id}`)).json()) as InvoiceDto;
    expect(settled).toMatchObject({ paidAmount: totalAmount, balanceDue: '0.00', paymentStatus: 'paid' });
    await arabic.context().close();
  });
});
