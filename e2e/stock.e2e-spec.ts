import type { StockItemDto } from '@erp/contracts';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser, screenshotsDir, settle, type Browser, type Language } from './browser.js';
import { countedUnit, t } from './locales.js';
import { E2E_OWNER } from './stack.js';
import { dataRows, field, labelled, tf } from './ui.js';

/**
 * A calendar day counted from "today" as the inventory service counts expiry days: in the
 * business's time zone (BUSINESS_TIME_ZONE, Asia/Riyadh unless set).
 */
function businessDay(offset: number): string {
  const timeZone = process.env.BUSINESS_TIME_ZONE || 'Asia/Riyadh';
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + offset);
  return day.toISOString().slice(0, 10);
}

/**
 * "12 days" / "12 يومًا" as the page writes a number of days (web/src/lib/format.ts formatDays,
 * with the Intl locale of web/src/lib/language.ts), formatted by the browser's own Intl.
 */
function formatDays(page: Page, language: Language, days: number): Promise<string> {
  const locale = language === 'ar' ? 'ar-AE-u-nu-latn' : 'en-US';
  return page.evaluate(
    ([intlLocale, value]) =>
      new Intl.NumberFormat(intlLocale, {
        style: 'unit',
        unit: 'day',
        unitDisplay: 'long',
        maximumFractionDigits: 1,
      }).format(value),
    [locale, days] as const,
  );
}

/** The row whose cell holds exactly this text (a SKU or batch number; not "No items match …"). */
function rowWith(table: Locator, text: string): Locator {
  return dataRows(table).filter({ has: table.page().getByText(text, { exact: true }) });
}

describe('the Stock Management screen, in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await openBrowser(inject('baseUrl'));
  });

  afterAll(async () => {
    await browser?.close();
  });

  it.each<Language>(['en', 'ar'])(
    'adds, finds, edits and deletes stock items, shows expiring batches by window, and only reads for a stock:read user (%s)',
    async (language) => {
      const stamp = `${language.toUpperCase()}${Date.now()}`;
      const skuPrefix = `E2E-${stamp}`;
      // Added through the dialog: 5 cartons at a threshold of 10, so Low Stock; a batch 12 days from expiry.
      const rice = {
        name: `Basmati Rice ${stamp}`,
        nameAr: 'أرز بسمتي ممتاز',
        sku: `${skuPrefix}-RICE`,
        batchNumber: `LOT-${stamp}-R`,
        expiryDate: businessDay(12),
        manufactureDate: businessDay(-60),
      };
      // Added through the API: 120 bottles over a threshold of 10, so In Stock; a batch 45 days from expiry.
      // Buttons, titles and messages name an item in the screen's language.
      const riceShown = language === 'ar' ? rice.nameAr : rice.name;
      const oil = {
        name: `Sunflower Oil ${stamp}`,
        nameAr: 'زيت دوار الشمس',
        sku: `${skuPrefix}-OIL`,
        unit: 'L',
        quantity: 120,
        costPrice: 7.5,
        sellingPrice: 9.95,
        lowStockThreshold: 10,
        batchNumber: `LOT-${stamp}-O`,
        expiryDate: businessDay(45),
      };

      const owner = await browser.page({ language, signInAs: E2E_OWNER });
      const created = await owner.request.post('/api/stock', { data: oil });
      expect(created.status()).toBe(201);
      const oilItem = (await created.json()) as StockItemDto;
      expect(oilItem).toMatchObject({ status: 'in_stock', batchNumber: oil.batchNumber, expiryDate: oil.expiryDate });

      await owner.goto('/stock');
      await expect.poll(() => owner.locator('html').getAttribute('dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');
      await expect
        .poll(() => owner.getByRole('heading', { level: 1, name: t(language, 'stock:title') }).isVisible())
        .toBe(true);
      const inventoryTable = owner.getByRole('table', { name: t(language, 'stock:inventory.tableLabel') });
      const search = owner.getByRole('searchbox', { name: t(language, 'stock:inventory.search.label') });
      // The demo company's catalogue fills the first pages: this run's items are found by search.
      await search.fill(skuPrefix);
      await expect.poll(() => rowWith(inventoryTable, oil.sku).count()).toBe(1);

      // 1. Add Stock Item: bad values first give the form's messages inline, and nothing is sent.
      await owner.getByRole('button', { name: t(language, 'stock:actions.add'), exact: true }).click();
      const addDialog = owner.getByRole('dialog', { name: t(language, 'stock:form.createTitle') });
      await expect.poll(() => addDialog.isVisible()).toBe(true);
      const quantity = field(addDialog, t(language, 'stock:form.fields.quantity'));
      const sellingPrice = field(addDialog, t(language, 'stock:form.fields.sellingPrice'));
      await quantity.fill('-5');
      await sellingPrice.fill('-1');
      await addDialog.getByRole('button', { name: t(language, 'stock:form.create'), exact: true }).click();
      for (const message of [
        'stock:form.errors.nameRequired',
        'stock:form.errors.skuRequired',
        'stock:form.errors.quantityMin',
        'stock:form.errors.sellingPriceMin',
      ]) {
        await expect.poll(() => addDialog.getByText(t(language, message), { exact: true }).isVisible()).toBe(true);
      }
      expect(await quantity.getAttribute('aria-invalid')).toBe('true');
      expect(await sellingPrice.getAttribute('aria-invalid')).toBe('true');
      // The first invalid field has the focus.
      expect(
        await field(addDialog, t(language, 'stock:form.fields.name')).evaluate(
          (input) => input === document.activeElement,
        ),
      ).toBe(true);

      // Then a valid item, with its Arabic name, a unit, prices, a threshold and a first batch.
      await field(addDialog, t(language, 'stock:form.fields.name')).fill(rice.name);
      await field(addDialog, t(language, 'stock:form.fields.nameAr')).fill(rice.nameAr);
      await field(addDialog, t(language, 'stock:form.fields.sku')).fill(rice.sku);
      await addDialog.getByRole('combobox', { name: labelled(t(language, 'stock:form.fields.unit')) }).click();
      await owner.getByRole('option', { name: t(language, 'stock:units.name.carton'), exact: true }).click();
      // In Arabic the amounts are typed as an Arabic keyboard types them: Arabic-Indic digits and ٫.
      await quantity.fill('');
      await quantity.pressSequentially(language === 'ar' ? '٥' : '5');
      await field(addDialog, t(language, 'stock:form.fields.costPrice')).fill(language === 'ar' ? '٩٫٢٥' : '9.25');
      await sellingPrice.fill(language === 'ar' ? '١٤٫٥٠' : '14.50');
      await field(addDialog, t(language, 'stock:form.fields.lowStockThreshold')).fill('10');
      await field(addDialog, t(language, 'stock:form.fields.batchNumber')).fill(rice.batchNumber);
      await field(addDialog, t(language, 'stock:form.fields.manufactureDate')).fill(rice.manufactureDate);
      await field(addDialog, t(language, 'stock:form.fields.expiryDate')).fill(rice.expiryDate);
      await expect
        .poll(() => addDialog.getByText(t(language, 'stock:form.errors.quantityMin'), { exact: true }).count())
        .toBe(0);
      await addDialog.getByRole('button', { name: t(language, 'stock:form.create'), exact: true }).click();
      await expect
        .poll(() => owner.getByText(t(language, 'stock:toasts.created'), { exact: true }).isVisible())
        .toBe(true);
      await expect.poll(() => addDialog.count()).toBe(0);

      const riceRow = rowWith(inventoryTable, rice.sku);
      await expect.poll(() => riceRow.count()).toBe(1);
      const riceText = await riceRow.innerText();
      expect(riceText).toContain(rice.nameAr);
      expect(riceText).toContain(rice.name);
      expect(riceText).toContain(`5 ${countedUnit(language, 5, 'carton')}`);
      expect(riceText).toContain('14.50');
      const [riceItem] = (await (
        await owner.request.get('/api/stock', { params: { search: rice.sku } })
      ).json()) as StockItemDto[];
      expect(riceItem).toMatchObject({
        sku: rice.sku,
        nameAr: rice.nameAr,
        unit: 'carton',
        quantity: 5,
        lowStockThreshold: 10,
        batchNumber: rice.batchNumber,
        expiryDate: rice.expiryDate,
      });

      // 2. The server's search: both of this run's SKUs, with Low Stock at or below the threshold
      // and In Stock above it; then one SKU; then the Arabic name typed without its hamza.
      const low = t(language, 'stock:status.low');
      const inStock = t(language, 'stock:status.in_stock');
      await search.fill(skuPrefix);
      await expect.poll(() => dataRows(inventoryTable).count()).toBe(2);
      const oilRow = rowWith(inventoryTable, oil.sku);
      expect(await riceRow.getByText(low, { exact: true }).isVisible()).toBe(true);
      expect(await riceRow.getByText(inStock, { exact: true }).count()).toBe(0);
      expect(await oilRow.getByText(inStock, { exact: true }).isVisible()).toBe(true);
      expect(await oilRow.getByText(low, { exact: true }).count()).toBe(0);

      await search.fill(rice.sku);
      await expect.poll(() => dataRows(inventoryTable).allInnerTexts()).toEqual([expect.stringContaining(rice.sku)]);

      await search.fill('ارز بسمتي');
      await expect.poll(() => riceRow.count()).toBe(1);
      await expect.poll(() => oilRow.count()).toBe(0);

      await search.fill(`${skuPrefix}-NOTHING`);
      await expect
        .poll(() =>
          inventoryTable
            .getByText(tf(language, 'stock:inventory.noResults.title', { search: `${skuPrefix}-NOTHING` }))
            .isVisible(),
        )
        .toBe(true);

      // 3. Edit: a new selling price shows in the table.
      await search.fill(rice.sku);
      await expect.poll(() => dataRows(inventoryTable).count()).toBe(1);
      await riceRow
        .getByRole('button', { name: tf(language, 'stock:actions.editItem', { name: riceShown }), exact: true })
        .click();
      const editDialog = owner.getByRole('dialog', {
        name: tf(language, 'stock:form.editTitle', { name: riceShown }),
      });
      await expect.poll(() => editDialog.isVisible()).toBe(true);
      const editPrice = field(editDialog, t(language, 'stock:form.fields.sellingPrice'));
      expect(await editPrice.inputValue()).toBe('14.50');
      await editPrice.fill('19.75');
      await editDialog.getByRole('button', { name: t(language, 'stock:form.save'), exact: true }).click();
      await expect
        .poll(() => owner.getByText(t(language, 'stock:toasts.updated'), { exact: true }).isVisible())
        .toBe(true);
      await expect.poll(() => editDialog.count()).toBe(0);
      await expect.poll(() => riceRow.innerText()).toContain('19.75');
      expect(await riceRow.innerText()).not.toContain('14.50');

      // 4. Expiring Items, one tab away from the inventory: the 12-day batch at 30 days, the 45-day one only from 60 days.
      await owner.getByRole('tab', { name: t(language, 'stock:tabs.expiring'), exact: true }).click();
      const expiring = owner.getByRole('region', { name: t(language, 'stock:expiring.title') });
      const expiringTable = expiring.getByRole('table', { name: t(language, 'stock:expiring.tableLabel') });
      const riceBatch = rowWith(expiringTable, rice.batchNumber);
      const oilBatch = rowWith(expiringTable, oil.batchNumber);
      await expect.poll(() => riceBatch.count()).toBe(1);
      const riceBatchText = await riceBatch.innerText();
      expect(riceBatchText).toContain(await formatDays(owner, language, 12));
      expect(riceBatchText).toContain(rice.nameAr);
      expect(await oilBatch.count()).toBe(0);

      const window30 = expiring.getByRole('button', { name: await formatDays(owner, language, 30), exact: true });
      const window60 = expiring.getByRole('button', { name: await formatDays(owner, language, 60), exact: true });
      expect(await window30.getAttribute('aria-pressed')).toBe('true');
      await window60.click();
      await expect.poll(() => oilBatch.count()).toBe(1);
      expect(await window60.getAttribute('aria-pressed')).toBe('true');
      expect(await oilBatch.innerText()).toContain(await formatDays(owner, language, 45));
      expect(await riceBatch.count()).toBe(1);

      // The screen as it is now (Inventory, the whole catalogue), without the toast.
      await owner.getByRole('tab', { name: t(language, 'stock:tabs.inventory'), exact: true }).click();
      await search.fill('');
      await expect.poll(async () => (await dataRows(inventoryTable).count()) >= 2).toBe(true);
      const toastClose = owner.getByRole('button', { name: t(language, 'common:actions.close'), exact: true });
      if (await toastClose.isVisible()) await toastClose.click();
      await expect.poll(() => toastClose.count()).toBe(0);
      await settle(owner);
      await owner.screenshot({ path: join(screenshotsDir, `e2e-stock-${language}.png`) });

      await owner.getByRole('tab', { name: t(language, 'stock:tabs.expiring'), exact: true }).click();
      await window30.click();
      await expect.poll(() => oilBatch.count()).toBe(0);
      expect(await riceBatch.count()).toBe(1);

      // On a phone, the inventory is a list of cards with the same names, badges and actions.
      const phone = await browser.page({ language, width: 390, height: 844, signInAs: E2E_OWNER });
      await phone.goto('/stock');
      await phone.getByRole('searchbox', { name: t(language, 'stock:inventory.search.label') }).fill(rice.sku);
      const phoneList = phone.getByRole('list', { name: t(language, 'stock:inventory.tableLabel') });
      const phoneRice = phoneList.getByRole('listitem').filter({ hasText: rice.sku });
      await expect.poll(() => phoneRice.count()).toBe(1);
      expect(await phoneRice.getByText(low, { exact: true }).isVisible()).toBe(true);
      expect(
        await phoneRice
          .getByRole('button', { name: tf(language, 'stock:actions.editItem', { name: riceShown }), exact: true })
          .isVisible(),
      ).toBe(true);
      expect(await phone.getByRole('button', { name: t(language, 'stock:actions.add'), exact: true }).isVisible()).toBe(
        true,
      );
      // The search field fits the phone's width (in Arabic it once ran off the screen's left edge).
      const phoneSearch = await phone
        .getByRole('searchbox', { name: t(language, 'stock:inventory.search.label') })
        .boundingBox();
      expect(phoneSearch?.x).toBeGreaterThanOrEqual(0);
      expect((phoneSearch?.x ?? 0) + (phoneSearch?.width ?? Infinity)).toBeLessThanOrEqual(390);
      await settle(phone);
      await phone.screenshot({ path: join(screenshotsDir, `e2e-stock-phone-${language}.png`) });
      await phone.context().close();

      // 6. A user with stock:read only sees the inventory, and no way to change it.
      const reader = {
        username: `stock_reader_${stamp.toLowerCase()}`,
        password: 'reader-password-1',
        email: `stock_reader_${stamp.toLowerCase()}@example.com`,
        fullName: language === 'ar' ? 'سعيد القحطاني' : 'Saeed Al-Qahtani',
      };
      const createdUser = await owner.request.post('/api/users', {
        data: { ...reader, role: 'staff', permissions: ['stock:read'] },
      });
      expect(createdUser.status()).toBe(201);
      const staff = await browser.page({
        language,
        signInAs: { username: reader.username, password: reader.password },
      });
      await staff.goto('/stock');
      const staffTable = staff.getByRole('table', { name: t(language, 'stock:inventory.tableLabel') });
      await staff.getByRole('searchbox', { name: t(language, 'stock:inventory.search.label') }).fill(skuPrefix);
      await expect.poll(() => dataRows(staffTable).count()).toBe(2);
      const staffRice = rowWith(staffTable, rice.sku);
      expect(await staffRice.innerText()).toContain('19.75');
      expect(await staffRice.getByText(low, { exact: true }).isVisible()).toBe(true);
      expect(await staff.getByRole('button', { name: t(language, 'stock:actions.add'), exact: true }).count()).toBe(0);
      expect(await staff.getByRole('button', { name: t(language, 'stock:actions.upload'), exact: true }).count()).toBe(
        0,
      );
      expect(
        await staff.getByRole('button', { name: tf(language, 'stock:actions.editItem', { name: riceShown }) }).count(),
      ).toBe(0);
      expect(
        await staff
          .getByRole('button', { name: tf(language, 'stock:actions.deleteItem', { name: riceShown }) })
          .count(),
      ).toBe(0);
      expect(
        await staffTable
          .getByRole('columnheader', { name: t(language, 'stock:inventory.columns.actions'), exact: true })
          .count(),
      ).toBe(0);
      expect((await staff.request.delete(`/api/stock/${riceItem!.id}`)).status()).toBe(403);
      await staff.context().close();

      // 5. Delete: the confirmation names the item and its SKU; once confirmed the row is gone.
      await owner.getByRole('tab', { name: t(language, 'stock:tabs.inventory'), exact: true }).click();
      await search.fill(rice.sku);
      await expect.poll(() => dataRows(inventoryTable).count()).toBe(1);
      await riceRow
        .getByRole('button', { name: tf(language, 'stock:actions.deleteItem', { name: riceShown }), exact: true })
        .click();
      const confirm = owner.getByRole('dialog', { name: t(language, 'stock:delete.title') });
      await expect.poll(() => confirm.isVisible()).toBe(true);
      expect(await confirm.innerText()).toContain(
        tf(language, 'stock:delete.message', { name: riceShown, sku: rice.sku }),
      );
      await confirm.getByRole('button', { name: t(language, 'common:actions.delete'), exact: true }).click();
      await expect
        .poll(() => owner.getByText(t(language, 'stock:toasts.deleted'), { exact: true }).isVisible())
        .toBe(true);
      await expect.poll(() => confirm.count()).toBe(0);
      await expect.poll(() => riceRow.count()).toBe(0);
      await expect
        .poll(() =>
          inventoryTable.getByText(tf(language, 'stock:inventory.noResults.title', { search: rice.sku })).isVisible(),
        )
        .toBe(true);
      // Its batch left the Expiring Items card with it.
      await expect.poll(() => riceBatch.count()).toBe(0);
      expect(await (await owner.request.get('/api/stock', { params: { search: rice.sku } })).json()).toEqual([]);

      // The next language starts from an inventory without this run's items.
      expect((await owner.request.delete(`/api/stock/${oilItem.id}`)).status()).toBe(204);
      await owner.context().close();
    },
  );
});
