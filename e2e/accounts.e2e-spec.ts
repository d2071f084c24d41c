import type { CreatedApiKeyDto } from '@erp/contracts';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser, screenshotsDir, settle, type Browser, type Language } from './browser.js';
import { t } from './locales.js';
import { E2E_OWNER } from './stack.js';
import { tf } from './ui.js';

const people: Record<Language, string> = { en: 'Mariam Al-Harbi', ar: 'مريم الحربي' };
/** Another person for the phone screenshots, so each row of Users & Permissions names one user. */
const phonePeople: Record<Language, string> = { en: 'Huda Al-Qahtani', ar: 'هدى القحطاني' };
const phone = { width: 375, height: 740 };

/** A form field by its whole label, allowing the asterisk MUI adds to required fields. */
function field(scope: Locator | Page, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.getByLabel(new RegExp(`^${escaped}\\s*\\*?$`));
}

describe('account self-service: password change and reset, and another user’s API keys, in Chromium', () => {
  let browser: Browser;
  let baseUrl: string;

  beforeAll(async () => {
    baseUrl = inject('baseUrl');
    browser = await openBrowser(baseUrl);
  });

  afterAll(async () => {
    await browser?.close();
  });

  /** The partner API as a partner's system calls it with this key. */
  const products = (key: string): Promise<number> =>
    fetch(`${baseUrl}/api/v1/products?limit=1`, { headers: { 'x-api-key': key } }).then((response) => response.status);

  it.each<Language>(['en', 'ar'])(
    'changes a password in the dialog, ends the other browser’s session; the owner resets it and revokes a key (%s)',
    async (language) => {
      const suffix = `${language}${Date.now()}`;
      const person = {
        fullName: people[language],
        username: `mariam_${suffix}`,
        email: `mariam_${suffix}@example.com`,
        password: 'first-password-of-mariam',
      };
      const changed = 'sand-dune-evening-42';
      const reset = 'date-palm-harbour-17';

      const owner = await browser.page({ language, signInAs: E2E_OWNER });
      const created = await owner.request.post('/api/users', { data: { ...person, role: 'staff' } });
      expect(created.status(), await created.text()).toBe(201);

      // Signed in in two browsers; the change is made in the first.
      const credentials = { username: person.username, password: person.password };
      const staff = await browser.page({ language, signInAs: credentials });
      const otherBrowser = await browser.page({ language, signInAs: credentials });
      expect((await otherBrowser.request.get('/api/user')).status()).toBe(200);

      await staff.goto('/dashboard');
      await staff.getByRole('button', { name: person.fullName }).click();
      const menu = staff.getByRole('menu');
      await expect.poll(() => menu.isVisible()).toBe(true);
      await settle(staff);
      await staff.screenshot({ path: join(screenshotsDir, `accounts-menu-${language}.png`) });
      await menu.getByRole('menuitem', { name: t(language, 'shell:header.changePassword') }).click();

      const dialog = staff.getByRole('dialog', { name: t(language, 'auth:changePassword.title') });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      await field(dialog, t(language, 'auth:changePassword.current')).fill(person.password);
      await field(dialog, t(language, 'auth:changePassword.new')).fill(changed);
      await field(dialog, t(language, 'auth:changePassword.confirm')).fill(changed);
      expect(await dialog.getByText(t(language, 'common:password.policy')).isVisible()).toBe(true);
      await settle(staff);
      await staff.screenshot({ path: join(screenshotsDir, `accounts-change-password-${language}.png`) });
      await dialog.getByRole('button', { name: t(language, 'auth:changePassword.submit') }).click();
      await expect.poll(() => staff.getByText(t(language, 'auth:changePassword.success')).isVisible()).toBe(true);
      await expect.poll(() => dialog.isVisible()).toBe(false);

      // This browser stays signed in; the other one is signed out and sent to the sign-in screen.
      expect((await staff.request.get('/api/user')).status()).toBe(200);
      expect((await otherBrowser.request.get('/api/user')).status()).toBe(401);
      await otherBrowser.goto('/dashboard');
      await expect.poll(() => new URL(otherBrowser.url()).pathname).toBe('/auth');

      // The new password signs in with the form; the old one no longer does.
      const login = otherBrowser.getByRole('tabpanel');
      await field(login, t(language, 'auth:fields.username')).fill(person.username);
      await field(login, t(language, 'auth:fields.password')).fill(changed);
      await login.getByRole('button', { name: t(language, 'auth:login.submit') }).click();
      await expect.poll(() => new URL(otherBrowser.url()).pathname).toBe('/dashboard');
      const old = await owner.request.post('/api/login', {
        data: { username: person.username, password: person.password },
      });
      expect(old.status()).toBe(401);

      // The staff user has two API keys; both work.
      const keys: CreatedApiKeyDto[] = [];
      for (const name of ['Warehouse system', 'Online shop']) {
        const response = await staff.request.post('/api/api-keys', { data: { name, permissions: ['products:read'] } });
        expect(response.status()).toBe(201);
        keys.push((await response.json()) as CreatedApiKeyDto);
      }
      const [warehouse, shop] = keys as [CreatedApiKeyDto, CreatedApiKeyDto];
      expect(await products(warehouse.key)).toBe(200);
      expect(await products(shop.key)).toBe(200);

      // The owner revokes one on Users & Permissions; it stops working at once, the other does not.
      await owner.goto('/users-permissions');
      await owner
        .getByRole('button', { name: tf(language, 'users-permissions:actions.apiKeys', { name: person.fullName }) })
        .click();
      const keysDialog = owner.getByRole('dialog', {
        name: tf(language, 'users-permissions:apiKeys.title', { name: person.fullName }),
      });
      const warehouseRow = keysDialog.getByRole('listitem', { name: 'Warehouse system' });
      await expect.poll(() => warehouseRow.isVisible()).toBe(true);
      expect(await warehouseRow.getByText(warehouse.key.slice(0, 10)).count()).toBe(1);
      expect(await warehouseRow.getByText(t(language, 'users-permissions:apiKeys.status.active')).isVisible()).toBe(
        true,
      );
      await settle(owner);
      await owner.screenshot({ path: join(screenshotsDir, `accounts-user-api-keys-${language}.png`) });
      await warehouseRow
        .getByRole('button', {
          name: tf(language, 'users-permissions:apiKeys.revokeKey', { key: 'Warehouse system' }),
        })
        .click();
      const confirm = owner.getByRole('dialog', { name: t(language, 'users-permissions:apiKeys.revoke.title') });
      await expect.poll(() => confirm.isVisible()).toBe(true);
      await settle(owner);
      await owner.screenshot({ path: join(screenshotsDir, `accounts-revoke-key-${language}.png`) });
      await confirm.getByRole('button', { name: t(language, 'users-permissions:apiKeys.revoke.confirm') }).click();
      await expect
        .poll(() => owner.getByText(t(language, 'users-permissions:toasts.keyRevoked')).isVisible())
        .toBe(true);
      expect(await products(warehouse.key)).toBe(401);
      expect(await products(shop.key)).toBe(200);
      await expect.poll(() => warehouseRow.count()).toBe(0);
      await keysDialog.getByRole('button', { name: t(language, 'common:actions.close') }).click();
      await expect.poll(() => keysDialog.isVisible()).toBe(false);

      // The owner resets the password: every session of the user ends, the new one signs in.
      await owner
        .getByRole('button', {
          name: tf(language, 'users-permissions:actions.resetPassword', { name: person.fullName }),
        })
        .click();
      const resetDialog = owner.getByRole('dialog', { name: t(language, 'users-permissions:reset.title') });
      await expect.poll(() => resetDialog.isVisible()).toBe(true);
      await field(resetDialog, t(language, 'users-permissions:reset.new')).fill(reset);
      await field(resetDialog, t(language, 'users-permissions:reset.confirm')).fill(reset);
      await settle(owner);
      await owner.screenshot({ path: join(screenshotsDir, `accounts-reset-password-${language}.png`) });
      await resetDialog.getByRole('button', { name: t(language, 'users-permissions:reset.submit') }).click();
      await expect
        .poll(() => owner.getByText(t(language, 'users-permissions:toasts.passwordReset')).isVisible())
        .toBe(true);
      expect((await staff.request.get('/api/user')).status()).toBe(401);
      expect((await otherBrowser.request.get('/api/user')).status()).toBe(401);
      const again = await owner.request.post('/api/login', { data: { username: person.username, password: reset } });
      expect(again.status()).toBe(200);

      for (const page of [owner, staff, otherBrowser]) await page.context().close();
    },
  );

  it.each<Language>(['en', 'ar'])('shows the three dialogs at phone width (%s)', async (language) => {
    const suffix = `${language}${Date.now()}`;
    const person = {
      fullName: phonePeople[language],
      username: `huda_${suffix}`,
      email: `huda_${suffix}@example.com`,
      password: 'first-password-of-huda',
    };
    const owner = await browser.page({ language, ...phone, signInAs: E2E_OWNER });
    expect((await owner.request.post('/api/users', { data: { ...person, role: 'staff' } })).status()).toBe(201);
    const staff = await browser.page({
      language,
      ...phone,
      signInAs: { username: person.username, password: person.password },
    });
    const key = await staff.request.post('/api/api-keys', {
      data: { name: 'Warehouse system', permissions: ['orders:read', 'products:read'] },
    });
    expect(key.status()).toBe(201);

    // Change password from the avatar's account menu, with the messages of a short and a mismatched password.
    await staff.goto('/dashboard');
    await staff.getByRole('button', { name: t(language, 'shell:header.accountMenu') }).click();
    // On a phone the menu also names the user and holds Log out, which the header has no room for.
    const menu = staff.getByRole('menu');
    await expect
      .poll(() => menu.getByRole('menuitem', { name: t(language, 'shell:header.logout') }).isVisible())
      .toBe(true);
    expect(await menu.getByText(person.fullName).isVisible()).toBe(true);
    await settle(staff);
    await staff.screenshot({ path: join(screenshotsDir, `accounts-menu-phone-${language}.png`) });
    await menu.getByRole('menuitem', { name: t(language, 'shell:header.changePassword') }).click();
    const dialog = staff.getByRole('dialog', { name: t(language, 'auth:changePassword.title') });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await field(dialog, t(language, 'auth:changePassword.current')).fill(person.password);
    await field(dialog, t(language, 'auth:changePassword.new')).fill('short');
    await field(dialog, t(language, 'auth:changePassword.confirm')).fill('shorter');
    await dialog.getByRole('button', { name: t(language, 'auth:changePassword.submit') }).click();
    await expect.poll(() => dialog.getByText(t(language, 'common:password.tooShort')).isVisible()).toBe(true);
    await settle(staff);
    await staff.screenshot({ path: join(screenshotsDir, `accounts-change-password-phone-${language}.png`) });
    expect((await staff.request.get('/api/user')).status()).toBe(200);

    // Reset password and the API keys, from the user's row (the table scrolls sideways on a phone).
    await owner.goto('/users-permissions');
    await owner
      .getByRole('button', { name: tf(language, 'users-permissions:actions.resetPassword', { name: person.fullName }) })
      .click();
    const resetDialog = owner.getByRole('dialog', { name: t(language, 'users-permissions:reset.title') });
    await expect.poll(() => resetDialog.isVisible()).toBe(true);
    await settle(owner);
    await owner.screenshot({ path: join(screenshotsDir, `accounts-reset-password-phone-${language}.png`) });
    await resetDialog.getByRole('button', { name: t(language, 'common:actions.cancel') }).click();
    await expect.poll(() => resetDialog.isVisible()).toBe(false);

    await owner
      .getByRole('button', { name: tf(language, 'users-permissions:actions.apiKeys', { name: person.fullName }) })
      .click();
    const keysDialog = owner.getByRole('dialog', {
      name: tf(language, 'users-permissions:apiKeys.title', { name: person.fullName }),
    });
    await expect.poll(() => keysDialog.getByRole('listitem', { name: 'Warehouse system' }).isVisible()).toBe(true);
    await settle(owner);
    await owner.screenshot({ path: join(screenshotsDir, `accounts-user-api-keys-phone-${language}.png`) });
    // Nothing wider than the screen: the dialog fits a 375 px phone.
    const box = await keysDialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(phone.width);

    for (const page of [owner, staff]) await page.context().close();
  });
});
