import type { InboxDraftDto } from '@erp/contracts';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { messageDelivery, signDelivery } from '../simulators/whatsapp-graph/src/index.js';
import { openBrowser, screenshotsDir, settle, type Browser, type Language } from './browser.js';
import { t } from './locales.js';
import { E2E_OWNER } from './stack.js';
import { escapeRegExp, expectToast } from './ui.js';

/** Demo clients (scripts/lib/demo-company-data.mjs) as WhatsApp names them, and what they write. */
const senders: Record<Language, { number: string; profileName: string; client: string; text: string }> = {
  ar: {
    number: '966558124403',
    profileName: 'أبو فهد',
    client: 'Al Rowad Catering Co.',
    text: 'السلام عليكم، نبي ٥ كراتين حليب المراعي ١ لتر و ٣ اكياس سكر الأسرة ١٠ كيلو',
  },
  en: {
    number: '966503779120',
    profileName: 'Hayat Purchasing',
    client: 'Hayat Family Supermarket',
    text: 'Hi, please send 10 cartons Almarai Laban 1L and 4 bags Al Walimah Basmati Rice 10kg',
  },
};

interface SimulatorConnection {
  phoneNumberId: string;
  appSecret: string;
}

/** A translation with `{{name}}` (or any value) left open, as a pattern for an accessible name. */
function labelWithAnyValue(language: Language, key: string): RegExp {
  const parts = t(language, key)
    .split(/\{\{[^}]+\}\}/)
    .map(escapeRegExp);
  return new RegExp(`^${parts.join('.+')}$`);
}

describe('the WhatsApp channel: a message arrives in the Inbox and is confirmed into an order, in Chromium', () => {
  let browser: Browser;
  let baseUrl: string;
  let simulatorUrl: string;
  let connection: SimulatorConnection;

  beforeAll(async () => {
    baseUrl = inject('baseUrl');
    simulatorUrl = inject('whatsappSimulatorUrl');
    browser = await openBrowser(baseUrl);
    connection = (await (await fetch(`${simulatorUrl}/simulator/connection`)).json()) as SimulatorConnection;
  });

  afterAll(async () => {
    await browser?.close();
  });

  /** Posts what Meta posts when the client writes, signed with the app secret. */
  async function deliver(language: Language, marker: string): Promise<string> {
    const sender = senders[language];
    const delivery = messageDelivery({
      phoneNumberId: connection.phoneNumberId,
      from: sender.number,
      profileName: sender.profileName,
      message: { type: 'text', text: `${sender.text} (${marker})` },
    });
    const response = await fetch(`${baseUrl}/api/channels/whatsapp/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': signDelivery(delivery.body, connection.appSecret),
      },
      body: delivery.body,
    });
    expect(response.status, await response.text()).toBe(200);
    return delivery.messageId;
  }

  async function openInbox(page: Page, language: Language): Promise<void> {
    await page.goto('/inbox');
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: t(language, 'orders:inbox.title') }).isVisible())
      .toBe(true);
  }

  it.each<Language>(['en', 'ar'])(
    'shows the message read, matched to the client by number, and confirms it into one order with a reply (%s)',
    async (language) => {
      const marker = `e2e-${language}-${Date.now()}`;
      const messageId = await deliver(language, marker);
      const page = await browser.page({ language, signInAs: E2E_OWNER });
      // The draft is read in the background; it is waiting within seconds.
      let client: InboxDraftDto['client'] = null;
      await expect
        .poll(
          async () => {
            const drafts = (await (await page.request.get('/api/inbox?status=waiting')).json()) as InboxDraftDto[];
            client = drafts.find((draft) => draft.messageId === messageId)?.client ?? null;
            return client?.name;
          },
          { timeout: 60_000 },
        )
        .toBe(senders[language].client);
      // The client as the screens name it: its Arabic name in Arabic.
      const shownName = (language === 'ar' && client!.nameAr) || client!.name;

      await openInbox(page, language);
      // The sidebar says how many wait.
      const inboxLink = page.getByRole('link', {
        name: new RegExp(`^${escapeRegExp(t(language, 'shell:nav.inbox'))}.*[0-9\u0660-\u0669]`),
      });
      await expect.poll(() => inboxLink.count()).toBeGreaterThan(0);
      const row = page.getByRole('row').filter({ hasText: marker });
      await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
      expect(await row.getByText(shownName).count()).toBeGreaterThan(0);
      await settle(page);
      await page.screenshot({ path: join(screenshotsDir, `inbox-${language}.png`), fullPage: true });

      await row.getByRole('button', { name: labelWithAnyValue(language, 'orders:inbox.actions.confirmLabel') }).click();
      const confirm = page.getByRole('dialog', { name: t(language, 'orders:confirm.title') });
      await expect.poll(() => confirm.isVisible(), { timeout: 30_000 }).toBe(true);
      const send = confirm.getByRole('checkbox', {
        name: new RegExp(escapeRegExp(t(language, 'orders:inbox.confirm.sendConfirmation'))),
      });
      expect(await send.isChecked()).toBe(true);
      await settle(page);
      await page.screenshot({ path: join(screenshotsDir, `inbox-confirm-${language}.png`) });
      await confirm.getByRole('button', { name: t(language, 'orders:confirm.submit'), exact: true }).click();
      const toastText = await expectToast(page, t(language, 'orders:inbox.toasts.confirmed'));
      const orderNumber = /ORD-\d{4}-\d+/.exec(toastText)?.[0];
      expect(orderNumber).toBeDefined();

      // The order is the client's, pending; the client is told on WhatsApp, in both languages.
      const drafts = (await (await page.request.get('/api/inbox?status=confirmed')).json()) as InboxDraftDto[];
      const confirmed = drafts.find((draft) => draft.messageId === messageId)!;
      expect(confirmed.orderId).not.toBeNull();
      const order = (await (await page.request.get(`/api/orders/${confirmed.orderId}`)).json()) as {
        orderNumber: string;
        clientName: string;
        status: string;
      };
      expect(order).toMatchObject({ orderNumber, clientName: senders[language].client, status: 'pending' });
      await expect
        .poll(async () => {
          const sent = (await (await fetch(`${simulatorUrl}/simulator/messages`)).json()) as Array<{
            to: string;
            body: unknown;
          }>;
          return sent.some(
            (message) => message.to === senders[language].number && JSON.stringify(message.body).includes(orderNumber!),
          );
        })
        .toBe(true);
      // No longer waiting.
      await expect.poll(() => page.getByRole('row').filter({ hasText: marker }).count()).toBe(0);
    },
  );

  it.each<Language>(['en', 'ar'])('lays the Inbox out for a phone (%s)', async (language) => {
    await deliver(language, `phone-${language}-${Date.now()}`);
    const page = await browser.page({ language, signInAs: E2E_OWNER, width: 375, height: 740 });
    await openInbox(page, language);
    await expect
      .poll(
        () =>
          page.getByRole('button', { name: labelWithAnyValue(language, 'orders:inbox.actions.confirmLabel') }).count(),
        {
          timeout: 60_000,
        },
      )
      .toBeGreaterThan(0);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await settle(page);
    await page.screenshot({ path: join(screenshotsDir, `inbox-phone-${language}.png`), fullPage: true });
  });
});
