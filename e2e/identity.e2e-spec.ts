import type { UserDto } from '@erp/contracts';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser, screenshotsDir, settle, type Browser, type Language } from './browser.js';
import { t } from './locales.js';
import { E2E_OWNER } from './stack.js';
import { tf } from './ui.js';

const people: Record<Language, string> = { en: 'Khalid Al-Otaibi', ar: 'خالد العتيبي' };

/** A form field by its whole label, allowing the asterisk MUI adds to required fields. */
function field(scope: Locator, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.getByLabel(new RegExp(`^${escaped}\\s*\\*?$`));
}

describe('an account from registration to a permission taken away, in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await openBrowser(inject('baseUrl'));
  });

  afterAll(async () => {
    await browser?.close();
  });

  it.each<Language>(['en', 'ar'])(
    'registers, is approved by the owner, signs in, sees what the permissions allow, and loses what is taken away (%s)',
    async (language) => {
      const suffix = `${language}${Date.now()}`;
      const person = {
        fullName: people[language],
        username: `khalid_${suffix}`,
        email: `khalid_${suffix}@example.com`,
        password: 'khalid-password-1',
      };

      // A visitor registers on /auth and is told the account awaits approval.
      const visitor = await browser.page({ language });
      await visitor.goto('/auth');
      await visitor.getByRole('tab', { name: t(language, 'auth:tabs.register') }).click();
      const register = visitor.getByRole('tabpanel');
      await field(register, t(language, 'auth:fields.fullName')).fill(person.fullName);
      await field(register, t(language, 'auth:fields.email')).fill(person.email);
      await field(register, t(language, 'auth:fields.username')).fill(person.username);
      await field(register, t(language, 'auth:fields.password')).fill(person.password);
      await register.getByRole('button', { name: t(language, 'auth:register.submit') }).click();
      await expect.poll(() => visitor.getByText(t(language, 'auth:toasts.registered')).isVisible()).toBe(true);

      // The owner approves the account on User Approvals.
      const owner = await browser.page({ language, signInAs: E2E_OWNER });
      await owner.goto('/admin/users');
      const approve = owner.getByRole('button', {
        name: tf(language, 'user-approvals:actions.approveUser', { name: person.fullName }),
      });
      await approve.click();
      await expect.poll(() => owner.getByText(t(language, 'user-approvals:toasts.approved')).isVisible()).toBe(true);

      // The user signs in with the form and lands on the dashboard.
      await visitor.getByRole('tab', { name: t(language, 'auth:tabs.login') }).click();
      const login = visitor.getByRole('tabpanel');
      await field(login, t(language, 'auth:fields.username')).fill(person.username);
      await field(login, t(language, 'auth:fields.password')).fill(person.password);
      await login.getByRole('button', { name: t(language, 'auth:login.submit') }).click();
      await expect.poll(() => new URL(visitor.url()).pathname).toBe('/dashboard');

      // Default staff permissions: orders, stock, clients and invoices; no analytics, no administration.
      const nav = visitor.getByRole('navigation', { name: t(language, 'shell:nav.label') });
      const stockLink = nav.getByRole('link', { name: t(language, 'shell:nav.stock') });
      await expect.poll(() => stockLink.isVisible()).toBe(true);
      expect(await nav.getByRole('link', { name: t(language, 'shell:nav.orders') }).isVisible()).toBe(true);
      expect(await nav.getByRole('link', { name: t(language, 'shell:nav.analytics') }).count()).toBe(0);
      expect(await nav.getByRole('link', { name: t(language, 'shell:nav.userApprovals') }).count()).toBe(0);
      expect((await visitor.request.get('/api/stock')).status()).toBe(200);
      expect((await visitor.request.get('/api/users')).status()).toBe(403);
      await settle(visitor);
      await visitor.screenshot({ path: join(screenshotsDir, `e2e-staff-dashboard-${language}.png`) });

      // The owner takes stock:read away; the user's very next call is refused.
      const users = (await (await owner.request.get('/api/users')).json()) as UserDto[];
      const user = users.find((candidate) => candidate.username === person.username);
      expect(user?.status).toBe('approved');
      const kept = user!.permissions.filter((permission) => permission !== 'stock:read');
      const changed = await owner.request.patch(`/api/users/${user!.id}`, { data: { permissions: kept } });
      expect(changed.status()).toBe(200);

      const refused = await visitor.request.get('/api/stock');
      expect(refused.status()).toBe(403);
      expect(await refused.json()).toMatchObject({ code: 'FORBIDDEN', details: { permission: 'stock:read' } });
      await visitor.reload();
      await expect.poll(() => nav.getByRole('link', { name: t(language, 'shell:nav.orders') }).isVisible()).toBe(true);
      expect(await stockLink.count()).toBe(0);

      await visitor.context().close();
      await owner.context().close();
    },
  );
});
