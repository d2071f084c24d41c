import type { InvoiceDto } from '@erp/contracts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser, screenshotsDir, settle, type Browser, type Language } from './browser.js';
import { t } from './locales.js';
import { confirmedRiceOrder, invoiceOfOrder } from './orders-api.js';
import { E2E_OWNER } from './stack.js';
import { expectToast, field, tf } from './ui.js';

/** The Fatoora simulator's OTP (npm start onboards the demo company with it). */
const OTP = '123345';
/** The same digits as a Saudi clerk types them. */
const arabicDigits = (digits: string) => digits.replace(/\d/g, (digit) => '٠١٢٣٤٥٦٧٨٩'[Number(digit)]!);

/**
 * ZATCA phase 2 as the owner meets it (CONTRACT §12): the Settings card's onboarding, with ZATCA
 * refusing the OTP, not answering, then renewing; a setting saved after onboarding shown as
 * waiting for the next one; and on the invoice screen, a rejected document with ZATCA's messages
 * and what to do, and a reported one's XML downloaded.
 */
describe('ZATCA phase 2 in Chromium: onboarding in Settings, the document on the invoice', () => {
  let browser: Browser;
  let simulatorUrl: string;

  const faults = (next: 'reject' | 'unavailable', count: number) =>
    fetch(`${simulatorUrl}/simulator/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ next, count }),
    });

  beforeAll(async () => {
    simulatorUrl = inject('fatooraSimulatorUrl');
    browser = await openBrowser(inject('baseUrl'));
  });

  afterEach(async () => {
    await fetch(`${simulatorUrl}/simulator/faults`, { method: 'DELETE' });
  });

  afterAll(async () => {
    await browser?.close();
  });

  async function zatcaCard(page: Page, language: Language): Promise<Locator> {
    await page.goto('/settings');
    const card = page.getByRole('region', { name: t(language, 'settings:zatca.title') });
    const onboarded = tf(language, 'settings:zatca.onboarding.statusLabel', {
      status: t(language, 'settings:zatca.onboarding.status.onboarded'),
    });
    await expect.poll(() => card.getByLabel(onboarded, { exact: true }).count(), { timeout: 30_000 }).toBe(1);
    return card;
  }

  it.each<Language>(['en', 'ar'])(
    'onboards from the card: a wrong OTP and ZATCA not answering are said plainly, the right one renews (%s)',
    async (language) => {
      const page = await browser.page({ language, signInAs: E2E_OWNER });
      const card = await zatcaCard(page, language);
      const otp = card.getByRole('textbox', { name: t(language, 'settings:zatca.onboarding.otp') });
      const renew = card.getByRole('button', { name: t(language, 'settings:zatca.onboarding.renew'), exact: true });
      const outcome = (text: string) => card.getByRole('alert').filter({ hasText: text });
      const typed = (digits: string) => (language === 'ar' ? arabicDigits(digits) : digits);

      // ZATCA refuses a wrong OTP: the card says onboarding failed, what that means, and ZATCA's words.
      await otp.fill(typed('111111'));
      await renew.click();
      const failed = outcome(t(language, 'settings:zatca.onboarding.failed'));
      await expect.poll(() => failed.count(), { timeout: 30_000 }).toBe(1);
      expect(await failed.innerText()).toContain(t(language, 'common:errors.codes.ZATCA_ONBOARDING_FAILED'));
      await expect.poll(() => outcome('Invalid-OTP').count()).toBe(1);

      // ZATCA not answering: nothing lost, try again later.
      expect((await faults('unavailable', 20)).status).toBe(200);
      await otp.fill(typed(OTP));
      await renew.click();
      await expect
        .poll(() => outcome(t(language, 'common:errors.codes.ZATCA_UNAVAILABLE')).count(), { timeout: 60_000 })
        .toBe(1);
      await outcome(t(language, 'common:errors.codes.ZATCA_UNAVAILABLE')).scrollIntoViewIfNeeded();
      await settle(page);
      await page.screenshot({ path: join(screenshotsDir, `zatca-onboarding-unavailable-${language}.png`) });
      await fetch(`${simulatorUrl}/simulator/faults`, { method: 'DELETE' });

      // The right OTP: a new certificate.
      await otp.fill(typed(OTP));
      await renew.click();
      await expect
        .poll(() => outcome(t(language, 'settings:zatca.onboarding.succeeded')).count(), { timeout: 60_000 })
        .toBe(1);
      expect(await otp.inputValue()).toBe('');
    },
  );

  it.each<Language>(['en', 'ar'])(
    'lists a setting saved after onboarding as not yet on invoices, and offers to onboard again (%s)',
    async (language) => {
      const page = await browser.page({ language, signInAs: E2E_OWNER });
      const card = await zatcaCard(page, language);
      const city = field(card, t(language, 'settings:zatca.fields.address.city'));
      const registered = await city.inputValue();
      const save = card.getByRole('button', { name: t(language, 'settings:zatca.save'), exact: true });
      const [before] = t(language, 'settings:zatca.onboarding.changedSinceOnboarding').split('{{fields}}');
      const waiting = card.getByRole('alert').filter({ hasText: before! });

      await city.fill(language === 'ar' ? 'الخبر' : 'Al Khobar');
      await save.click();
      const savedToast = await expectToast(page, t(language, 'settings:zatca.toasts.saved'));
      expect(savedToast).toContain(t(language, 'settings:zatca.toasts.savedUntilOnboarding'));
      await expect.poll(() => waiting.count()).toBe(1);
      expect(await waiting.innerText()).toContain(t(language, 'settings:zatca.fields.address.city'));
      const again = card.getByRole('button', { name: t(language, 'settings:zatca.onboarding.onboardAgain') });
      expect(await again.isVisible()).toBe(true);
      await again.scrollIntoViewIfNeeded();
      await settle(page);
      await page.screenshot({ path: join(screenshotsDir, `zatca-settings-changed-${language}.png`) });

      // Put back as registered: nothing waits any more.
      await city.fill(registered);
      await save.click();
      await expect.poll(() => waiting.count()).toBe(0);
      expect(
        await card
          .getByRole('button', { name: t(language, 'settings:zatca.onboarding.renew'), exact: true })
          .isVisible(),
      ).toBe(true);
    },
  );

  /** An order confirmed over the API, and its invoice once ZATCA has answered. */
  async function invoicedOrder(api: APIRequestContext, marker: string): Promise<InvoiceDto> {
    const orderId = await confirmedRiceOrder(api, {
      sku: `E2E-ZATCA-${marker}`,
      bags: 2,
      client: { name: 'بقالة الريان' },
    });
    return invoiceOfOrder(
      api,
      orderId,
      (invoice) => invoice.zatca !== null && invoice.zatca.status !== 'pending',
      60_000,
    );
  }

  async function openInvoice(page: Page, language: Language, invoiceNumber: string): Promise<Locator> {
    await page.goto(`/invoices?search=${encodeURIComponent(invoiceNumber)}`);
    await page
      .getByRole('button', { name: tf(language, 'invoices:details.openFor', { number: invoiceNumber }), exact: true })
      .first()
      .click();
    const dialog = page.getByRole('dialog').filter({ hasText: invoiceNumber });
    const section = dialog.getByRole('region', { name: t(language, 'invoices:zatca.title') });
    await expect.poll(() => section.isVisible()).toBe(true);
    return section;
  }

  it.each<Language>(['en', 'ar'])(
    "shows a rejected invoice's ZATCA messages and what to do, and a reported one's XML (%s)",
    async (language) => {
      const page = await browser.page({ language, signInAs: E2E_OWNER, width: language === 'ar' ? 390 : 1280 });
      expect((await faults('reject', 1)).status).toBe(200);
      const rejected = await invoicedOrder(page.request, `${language}-rejected-${Date.now()}`);
      expect(rejected.zatca!.status).toBe('rejected');

      const section = await openInvoice(page, language, rejected.invoiceNumber);
      expect(await section.getByText(t(language, 'invoices:zatca.status.rejected')).count()).toBeGreaterThan(0);
      expect(await section.getByText(t(language, 'invoices:zatca.guidance.rejected')).isVisible()).toBe(true);
      expect(await section.innerText()).toContain('Rejected by the simulator');
      // Nothing wider than a phone's screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        language === 'ar' ? 390 : 1280,
      );
      await section.getByTestId('zatca-messages').scrollIntoViewIfNeeded();
      await settle(page);
      await page.screenshot({ path: join(screenshotsDir, `zatca-invoice-rejected-${language}.png`) });

      const reported = await invoicedOrder(page.request, `${language}-reported-${Date.now()}`);
      expect(reported.zatca!.status).toBe('reported');
      const reportedSection = await openInvoice(page, language, reported.invoiceNumber);
      expect(await reportedSection.getByText(t(language, 'invoices:zatca.guidance.reported')).isVisible()).toBe(true);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        reportedSection.getByRole('button', { name: t(language, 'invoices:zatca.downloadXml') }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(
        new RegExp(`^3\\d{14}_\\d{8}T\\d{6}_${reported.invoiceNumber}\\.xml$`),
      );
      const xml = readFileSync((await download.path())!, 'utf8');
      expect(xml).toContain(`<cbc:ID>${reported.invoiceNumber}</cbc:ID>`);
      expect(xml).toContain(`<cbc:UUID>${reported.zatca!.uuid}</cbc:UUID>`);
      expect(xml).toContain('<ds:SignatureValue>');
    },
  );
});
