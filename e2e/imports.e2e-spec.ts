import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser, screenshotsDir, settle, type Browser, type Language } from './browser.js';
import { t } from './locales.js';
import { E2E_OWNER } from './stack.js';
import { tf } from './ui.js';

/**
 * The import wizard (docs/imports.md) as a clerk uses it, in each language: a clients file whose
 * name column the server does not recognise, mapped by hand, checked, imported; the same file
 * again goes straight to its check, the choice remembered.
 */
describe('importing from a spreadsheet, in Chromium', () => {
  let browser: Browser;
  const folder = mkdtempSync(join(tmpdir(), 'e2e-import-'));

  beforeAll(async () => {
    browser = await openBrowser(inject('baseUrl'));
  });

  afterAll(async () => {
    await browser?.close();
  });

  it.each<Language>(['en', 'ar'])('maps a column, checks, imports and remembers the mapping (%s)', async (language) => {
    const stamp = `${language.toUpperCase()}${Date.now()}`;
    const file = join(folder, `clients-${language}.csv`);
    writeFileSync(
      file,
      [
        '\uFEFFShop,Mobile,Terms,الحد الائتماني',
        `Baraka Foods ${stamp},0501112233,30,"15,000"`,
        `بقالة الريان ${stamp},٠٥٥٩٨٧٦٥٤٣,٤٥,`,
        `Cafe Noor ${stamp},0553334444,forty,`,
      ].join('\r\n'),
    );
    const page = await browser.page({ language, signInAs: E2E_OWNER });
    await page.goto('/clients');
    const dialog = page.getByRole('dialog');

    const openAndCheck = async () => {
      await page.getByRole('button', { name: t(language, 'imports:open.clients'), exact: true }).click();
      await dialog.getByTestId('import-file-input').setInputFiles(file);
      await dialog.getByRole('button', { name: t(language, 'imports:check.action') }).click();
    };

    await openAndCheck();
    // "Shop" is no header the server knows: the clerk is asked which column holds the name.
    await expect
      .poll(() => dialog.getByRole('alert').first().textContent())
      .toContain(tf(language, 'imports:columns.missing', { fields: t(language, 'imports:fields.clients.name') }));
    await dialog.getByRole('combobox', { name: `${t(language, 'imports:columns.field')}: Shop` }).click();
    const nameOption = tf(language, 'imports:columns.required', { field: t(language, 'imports:fields.clients.name') });
    await page.getByRole('option', { name: nameOption, exact: true }).click();
    await dialog.getByRole('button', { name: t(language, 'imports:check.again') }).click();
    const summary = tf(language, 'imports:check.summary', { created: '2', updated: '0', failed: '1' });
    await expect.poll(() => dialog.getByRole('alert').first().textContent()).toContain(summary);
    await expect
      .poll(() => dialog.getByRole('table', { name: t(language, 'imports:problems.title') }).textContent())
      .toContain(t(language, 'imports:fields.clients.paymentTermsDays'));
    // What is wrong with "forty", in the screen's language.
    await expect
      .poll(() => dialog.getByRole('table', { name: t(language, 'imports:problems.title') }).textContent())
      .toContain(language === 'ar' ? 'اكتب عددًا صحيحًا' : 'paymentTermsDays');
    await settle(page);
    await page.screenshot({ path: join(screenshotsDir, `import-wizard-${language}.png`) });

    await dialog.getByRole('button', { name: /^(Import 2 rows|استيراد صفّين)$/ }).click();
    await expect
      .poll(() => dialog.getByRole('alert').first().textContent(), { timeout: 30_000 })
      .toContain(tf(language, 'imports:done.summary', { created: '2', updated: '0', failed: '1' }));
    await dialog.getByRole('button', { name: t(language, 'imports:actions.close') }).click();
    await page.getByRole('searchbox').fill(stamp);
    await expect.poll(() => page.getByText(`Baraka Foods ${stamp}`).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText(`بقالة الريان ${stamp}`).count()).toBeGreaterThan(0);

    // The same file again: "Shop" is read as the name this time, and both clients are updated.
    await openAndCheck();
    await expect
      .poll(() => dialog.getByRole('alert').first().textContent(), { timeout: 30_000 })
      .toContain(tf(language, 'imports:check.summary', { created: '0', updated: '2', failed: '1' }));
    await page.close();
  });

  it.each<Language>(['en', 'ar'])(
    'brings in what clients owed in the previous system as balances brought forward (%s)',
    async (language) => {
      const stamp = `OB${language.toUpperCase()}${Date.now()}`;
      const page = await browser.page({ language, signInAs: E2E_OWNER });
      const made = await page.request.post('/api/clients', {
        data: { name: `Rayyan Grocery ${stamp}`, nameAr: `بقالة الريان ${stamp}`, paymentTermsDays: 30 },
      });
      expect(made.status()).toBe(201);
      const file = join(folder, `opening-balances-${language}.csv`);
      writeFileSync(
        file,
        [
          '\uFEFFاسم العميل,رقم الفاتورة,المبلغ المستحق,تاريخ الفاتورة',
          `Rayyan Grocery ${stamp},ف-2291,"3,450.00",12/08/2026`,
          `Rayyan Grocery ${stamp},ف-2317,١٢٠٠٫٥٠,03/11/2026`,
          `Nobody ${stamp},X-1,50,01/10/2026`,
        ].join('\r\n'),
      );
      await page.goto('/invoices');
      const dialog = page.getByRole('dialog');
      await page.getByRole('button', { name: t(language, 'imports:open.opening-balances') }).click();
      await dialog.getByTestId('import-file-input').setInputFiles(file);
      await dialog.getByRole('button', { name: t(language, 'imports:check.action') }).click();
      await expect
        .poll(() => dialog.getByRole('alert').first().textContent(), { timeout: 30_000 })
        .toContain(tf(language, 'imports:check.summary', { created: '2', updated: '0', failed: '1' }));
      // The client no one is named, said in the screen's language.
      await expect
        .poll(() => dialog.getByRole('table', { name: t(language, 'imports:problems.title') }).textContent())
        .toContain(language === 'ar' ? 'لا يوجد عميل بهذا الاسم' : `No client is named Nobody ${stamp}`);
      await dialog.getByRole('button', { name: /^(Import 2 rows|استيراد صفّين)$/ }).click();
      await expect
        .poll(() => dialog.getByRole('alert').first().textContent(), { timeout: 30_000 })
        .toContain(tf(language, 'imports:done.summary', { created: '2', updated: '0', failed: '1' }));
      await dialog.getByRole('button', { name: t(language, 'imports:actions.close') }).click();

      const broughtForward = page
        .getByRole('group', { name: t(language, 'invoices:filters.type.label') })
        .getByRole('button', { name: t(language, 'invoices:filters.type.opening_balance') });
      await broughtForward.click();
      await expect.poll(() => broughtForward.getAttribute('aria-pressed')).toBe('true');
      await page.getByRole('searchbox').fill(stamp);
      const rows = page.getByRole('row').filter({ hasText: stamp });
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
      expect(await broughtForward.getAttribute('aria-pressed')).toBe('true');
      // The client's Arabic name on the Arabic screen.
      const client = language === 'ar' ? `بقالة الريان ${stamp}` : `Rayyan Grocery ${stamp}`;
      expect(await rows.getByText(client).count()).toBe(2);
      const older = rows.filter({ hasText: 'ف-2291' });
      expect(await older.getByText(t(language, 'invoices:type.opening_balance'), { exact: true }).count()).toBe(1);
      expect(await older.getByText(t(language, 'invoices:notTaxInvoice')).count()).toBe(1);
      // Due 30 days after 12 August by the client's terms: long overdue.
      expect(await older.getByText(t(language, 'invoices:paymentStatus.overdue'), { exact: true }).count()).toBe(1);
      await settle(page);
      await page.screenshot({ path: join(screenshotsDir, `opening-balances-${language}.png`) });
      await page.close();
    },
  );
});
