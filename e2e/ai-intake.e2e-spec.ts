import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser, screenshotsDir, settle, type Browser, type Language } from './browser.js';
import { t } from './locales.js';
import { E2E_OWNER } from './stack.js';
import { closeToasts, dataRows, expectToast, labelled, letterStamp, tf } from './ui.js';

const orderImage = join(import.meta.dirname, '../services/ai-parser/test/fixtures/documents/order-en.png');

/** The WhatsApp messages pasted: a greeting, the client, three lines in the customer's words, thanks. */
function messageOf(language: Language, client: string): string {
  return language === 'ar'
    ? `السلام عليكم، معك ${client}\nنبي 6 كراتين حليب المراعي 2 لتر\n4 كراتين لبن نادك 1 لتر\nوجبنة بوك مثلثات 10 علب\nوشكراً`
    : `Good morning, this is ${client}.\nAlmarai fresh milk 2L - 6 ctn\nNadec laban 1L - 4 ctn\nPuck triangles - 10 boxes\nThanks`;
}

/** The demo company's catalogue items the three lines name (scripts/lib/demo-company-data.mjs). */
const expectedSkus = ['MILK-ALM-2L', 'LABAN-NDC-1L', 'CHEESE-PUCK-TRI-16'];

interface Intake {
  page: Page;
  language: Language;
}

async function openOrders({ page, language }: Intake): Promise<void> {
  await page.goto('/orders');
  await expect.poll(() => page.locator('html').getAttribute('dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');
  await expect
    .poll(() => page.getByRole('heading', { level: 1, name: t(language, 'orders:title') }).isVisible())
    .toBe(true);
}

async function openUpload({ page, language }: Intake): Promise<Locator> {
  await page.getByRole('button', { name: t(language, 'orders:actions.upload'), exact: true }).click();
  const upload = page.getByRole('dialog', { name: t(language, 'orders:upload.title') });
  await expect.poll(() => upload.isVisible()).toBe(true);
  return upload;
}

/** Confirm Order Details, once the reading is done. */
async function confirmDialog({ page, language }: Intake): Promise<Locator> {
  const confirm = page.getByRole('dialog', { name: t(language, 'orders:confirm.title') });
  await expect.poll(() => confirm.isVisible(), { timeout: 60_000 }).toBe(true);
  return confirm;
}

function lines(confirm: Locator): Locator {
  return confirm.getByTestId('order-line');
}

/** Confirm & Create Order, then the order's number from the toast. */
async function createOrder({ page, language }: Intake, confirm: Locator): Promise<string> {
  await confirm.getByRole('button', { name: t(language, 'orders:confirm.submit'), exact: true }).click();
  const created = await expectToast(page, t(language, 'orders:toasts.created'));
  const orderNumber = /ORD-\d{4}-\d+/.exec(created)?.[0];
  expect(orderNumber).toBeDefined();
  await expect.poll(() => confirm.count()).toBe(0);
  return orderNumber!;
}

/** The order in Recent Orders (found by its client) and its details: the items and what it was read from. */
async function openCreatedOrder({ page, language }: Intake, client: string, orderNumber: string): Promise<Locator> {
  const ordersTable = page.getByRole('table', { name: t(language, 'orders:list.tableLabel') });
  await page.getByRole('searchbox', { name: t(language, 'orders:list.search.label') }).fill(client);
  await expect.poll(() => dataRows(ordersTable).count()).toBe(1);
  const row = dataRows(ordersTable).filter({ hasText: orderNumber });
  expect(await row.count()).toBe(1);
  expect(await row.getByText(t(language, 'orders:status.pending'), { exact: true }).isVisible()).toBe(true);
  await row
    .getByRole('button', { name: tf(language, 'orders:list.viewOrder', { number: orderNumber }), exact: true })
    .click();
  const details = page.getByRole('dialog', { name: t(language, 'orders:details.title') });
  await expect.poll(() => details.isVisible()).toBe(true);
  const items = details.getByRole('table', { name: t(language, 'orders:details.items.tableLabel') });
  for (const sku of expectedSkus) {
    await expect.poll(() => dataRows(items).filter({ hasText: sku }).count()).toBe(1);
  }
  return details;
}

describe('an order read by AI from a pasted message and from a photo, confirmed and created, in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await openBrowser(inject('baseUrl'));
  });

  afterAll(async () => {
    await browser?.close();
  });

  it.each<Language>(['en', 'ar'])(
    'pastes a WhatsApp message, checks the items read and creates the order (%s)',
    async (language) => {
      const client =
        language === 'ar'
          ? `مؤسسة الواحة ${letterStamp(language, Date.now())}`
          : `Oasis Trading ${letterStamp(language, Date.now())}`;
      const message = messageOf(language, client);
      const page = await browser.page({ language, signInAs: E2E_OWNER });
      const intake = { page, language };
      await openOrders(intake);

      // Upload Order: Text is the first tab; an empty message is refused with SPEC §5's words.
      const upload = await openUpload(intake);
      expect(
        await upload
          .getByRole('tab', { name: t(language, 'orders:upload.tabs.text'), exact: true })
          .getAttribute('aria-selected'),
      ).toBe('true');
      const process = upload.getByRole('button', { name: t(language, 'orders:upload.process'), exact: true });
      await process.click();
      const refused = await expectToast(page, t(language, 'orders:toasts.orderTextRequired'), 'error');
      expect(refused).toContain(t(language, 'orders:toasts.orderTextRequiredDescription'));

      await upload.getByRole('textbox', { name: t(language, 'orders:upload.text.label') }).fill(message);
      await closeToasts(page, language);
      await settle(page);
      await page.screenshot({ path: join(screenshotsDir, `ai-intake-upload-${language}.png`) });
      await process.click();

      // Confirm Order Details: the client named in the message, and the three lines matched to stock.
      const confirm = await confirmDialog(intake);
      expect(await upload.count()).toBe(0);
      const clientField = confirm.getByRole('combobox', { name: labelled(t(language, 'orders:form.client.label')) });
      expect(await clientField.inputValue()).toBe(client);
      await expect.poll(() => lines(confirm).count()).toBe(3);
      for (const [index, sku] of expectedSkus.entries()) {
        const line = lines(confirm).nth(index);
        expect(await line.getByText(tf(language, 'orders:form.items.linked', { sku }), { exact: true }).count()).toBe(
          1,
        );
        expect(await line.getByTestId('line-confidence').count()).toBe(1);
      }
      // Typed quantities are not marked for checking.
      expect(await confirm.getByTestId('check-quantity').count()).toBe(0);
      expect(await confirm.getByTestId('original-text').innerText()).toBe(message);
      await settle(page);
      await page.screenshot({ path: join(screenshotsDir, `ai-intake-confirm-${language}.png`) });
      await lines(confirm)
        .first()
        .evaluate((line) => line.scrollIntoView({ block: 'start' }));
      await settle(page);
      await page.screenshot({ path: join(screenshotsDir, `ai-intake-confirm-lines-${language}.png`) });

      const orderNumber = await createOrder(intake, confirm);
      const details = await openCreatedOrder(intake, client, orderNumber);
      // The message is kept with the order.
      const original = details.getByRole('region', { name: t(language, 'orders:details.rawOrderText') });
      await expect.poll(() => original.innerText()).toContain(message.split('\n')[1]);
      await page.context().close();

      // At phone width both dialogs take the whole screen.
      const phone = await browser.page({ language, width: 390, height: 844, signInAs: E2E_OWNER });
      const onPhone = { page: phone, language };
      await openOrders(onPhone);
      const phoneUpload = await openUpload(onPhone);
      await phoneUpload.getByRole('textbox', { name: t(language, 'orders:upload.text.label') }).fill(message);
      await settle(phone);
      await phone.screenshot({ path: join(screenshotsDir, `ai-intake-upload-phone-${language}.png`) });
      await phoneUpload.getByRole('button', { name: t(language, 'orders:upload.process'), exact: true }).click();
      const phoneConfirm = await confirmDialog(onPhone);
      const box = await phoneConfirm.boundingBox();
      expect(box?.width).toBe(390);
      await settle(phone);
      await phone.screenshot({ path: join(screenshotsDir, `ai-intake-confirm-phone-${language}.png`) });
      // Scrolled to the lines.
      await lines(phoneConfirm).first().scrollIntoViewIfNeeded();
      await settle(phone);
      await phone.screenshot({ path: join(screenshotsDir, `ai-intake-confirm-lines-phone-${language}.png`) });
      await phoneConfirm.getByRole('button', { name: t(language, 'common:actions.cancel'), exact: true }).click();
      await expect.poll(() => phoneConfirm.count()).toBe(0);
      await phone.context().close();
    },
    240_000,
  );

  it('reads a photo of a WhatsApp order, marks every quantity for checking and creates the order', async () => {
    const language: Language = 'en';
    const client = `Photo Client ${letterStamp(language, Date.now())}`;
    const page = await browser.page({ language, signInAs: E2E_OWNER });
    const intake = { page, language };
    await openOrders(intake);

    const upload = await openUpload(intake);
    await upload.getByRole('tab', { name: t(language, 'orders:upload.tabs.image'), exact: true }).click();
    const process = upload.getByRole('button', { name: t(language, 'orders:upload.process'), exact: true });
    expect(await process.isDisabled()).toBe(true);
    await upload.getByLabel(t(language, 'orders:upload.image.input'), { exact: true }).setInputFiles(orderImage);
    const preview = upload.getByRole('img', {
      name: tf(language, 'orders:upload.image.preview', { name: 'order-en.png' }),
    });
    await expect.poll(() => preview.isVisible()).toBe(true);
    await settle(page);
    await page.screenshot({ path: join(screenshotsDir, 'ai-intake-image-en.png') });
    await process.click();

    // The reading reports its steps; OCR quantities are each marked "Check quantity".
    const confirm = await confirmDialog(intake);
    await expect.poll(() => lines(confirm).count()).toBe(3);
    expect(await confirm.getByTestId('check-quantity').count()).toBe(3);
    expect(await confirm.getByText(t(language, 'orders:confirm.line.quantityFromImage'), { exact: true }).count()).toBe(
      3,
    );
    expect(await confirm.getByTestId('original-text').innerText()).toContain('Almarai fresh milk 2L');
    const quantities = await lines(confirm)
      .getByRole('textbox', { name: labelled(t(language, 'orders:form.items.fields.quantity')) })
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(quantities).toEqual(['6', '4', '10']);
    const fileLink = confirm.getByRole('link', { name: t(language, 'orders:confirm.openFile') });
    expect(await fileLink.getAttribute('href')).toMatch(/^\/api\/files\/intake\/orders\/\d{4}\/[\w-]+\.png$/);

    // No client in a photo of the lines alone: the field starts empty with a prompt (never the
    // parser's "Unknown Client"), and the user names the client.
    const clientField = confirm.getByRole('combobox', { name: labelled(t(language, 'orders:form.client.label')) });
    expect(await clientField.inputValue()).toBe('');
    expect(await confirm.getByText(t(language, 'orders:confirm.clientUnknown')).isVisible()).toBe(true);
    await clientField.fill(client);
    await clientField.press('Escape');
    expect(await confirm.getByText(t(language, 'orders:confirm.clientUnknown')).count()).toBe(0);
    await settle(page);
    await page.screenshot({ path: join(screenshotsDir, 'ai-intake-image-confirm-en.png') });
    await lines(confirm)
      .first()
      .evaluate((line) => line.scrollIntoView({ block: 'start' }));
    await settle(page);
    await page.screenshot({ path: join(screenshotsDir, 'ai-intake-image-confirm-lines-en.png') });

    const orderNumber = await createOrder(intake, confirm);
    await openCreatedOrder(intake, client, orderNumber);
    await page.context().close();
  }, 180_000);
});
