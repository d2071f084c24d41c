import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser, screenshotsDir, settle, type Browser, type Language } from './browser.js';
import { t } from './locales.js';
import { E2E_OWNER } from './stack.js';

describe('the system started with npm start, in Chromium', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;

  beforeAll(async () => {
    browser = await openBrowser(baseUrl);
  });

  afterAll(async () => {
    await browser?.close();
  });

  describe.each<Language>(['en', 'ar'])('the landing page in %s', (language) => {
    it('renders with the document direction and language set, and the counters reach 90% and 100%', async () => {
      const page = await browser.page({ language });
      await page.goto('/');
      const direction = language === 'ar' ? 'rtl' : 'ltr';
      await expect.poll(() => page.locator('html').getAttribute('dir')).toBe(direction);
      expect(await page.locator('html').getAttribute('lang')).toBe(language);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe(t(language, 'landing:hero.title'));

      const stats = page.getByText(t(language, 'landing:stats.timeSaved'));
      await stats.scrollIntoViewIfNeeded();
      // Intl may put bidi marks between the number and the sign in Arabic.
      await expect
        .poll(() => page.locator('body').innerText(), { timeout: 6_000 })
        .toMatch(/90[\s\u200e\u200f\u061c]*[%٪]/);
      await expect
        .poll(() => page.locator('body').innerText(), { timeout: 6_000 })
        .toMatch(/100[\s\u200e\u200f\u061c]*[%٪]/);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: join(screenshotsDir, `e2e-landing-${language}.png`) });
      await page.context().close();
    });

    it('sends a demo request to the server and says so', async () => {
      const page = await browser.page({ language });
      await page.goto('/landing');
      await page
        .getByRole('button', { name: t(language, 'landing:actions.requestDemo') })
        .first()
        .click();
      const dialog = page.getByRole('dialog');
      await expect.poll(() => dialog.isVisible()).toBe(true);

      await dialog.getByRole('button', { name: t(language, 'landing:demo.submit') }).click();
      await expect
        .poll(() => dialog.getByText(t(language, 'landing:demo.validation.fullNameRequired')).isVisible())
        .toBe(true);

      const company = `E2E Trading ${language} ${Date.now()}`;
      await dialog.getByLabel(t(language, 'landing:demo.fields.fullName')).fill('Abu Faisal');
      await dialog.getByLabel(t(language, 'landing:demo.fields.email')).fill('faisal@example.com');
      await dialog.getByLabel(t(language, 'landing:demo.fields.phone')).fill('+966 50 111 2233');
      await dialog.getByLabel(t(language, 'landing:demo.fields.company')).fill(company);
      await dialog.getByRole('button', { name: t(language, 'landing:demo.submit') }).click();
      await expect.poll(() => page.getByText(t(language, 'landing:demo.success.title')).isVisible()).toBe(true);
      await page.context().close();
      expect(await demoRequestCompanies()).toContain(company);
    });
  });

  it('flips to right-to-left when the language is switched, and remembers it', async () => {
    const page = await browser.page({ language: 'en' });
    await page.goto('/');
    await page
      .getByRole('button', { name: t('en', 'common:language.switchTo') })
      .first()
      .click();
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.locator('html').getAttribute('lang')).toBe('ar');
    expect(await page.evaluate(() => window.localStorage.getItem('language'))).toBe('ar');
    await page.reload();
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe('rtl');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(t('ar', 'landing:hero.title'));
    await page.context().close();
  });

  describe.each<Language>(['en', 'ar'])('the 404 screen in %s', (language) => {
    it('shows for an unknown path, while an unknown /api path stays JSON', async () => {
      const page = await browser.page({ language });
      const response = await page.goto('/no/such/page');
      expect(response?.status()).toBe(200);
      await expect
        .poll(() => page.getByRole('heading', { name: t(language, 'not-found:title') }).isVisible())
        .toBe(true);
      await page.screenshot({ path: join(screenshotsDir, `e2e-not-found-${language}.png`) });
      const api = await page.request.get('/api/no/such/thing');
      expect(api.status()).toBe(404);
      expect(await api.json()).toMatchObject({ code: 'NOT_FOUND' });
      await page.context().close();
    });
  });

  describe.each<Language>(['en', 'ar'])('the application shell in %s', (language) => {
    it('collapses and expands the sidebar with Ctrl+B and keeps the choice in a cookie', async () => {
      const page = await browser.page({ language, signInAs: E2E_OWNER });
      await page.goto('/dashboard');
      const nav = page.getByRole('navigation', { name: t(language, 'shell:nav.label') });
      const dashboardLink = nav.getByRole('link', { name: t(language, 'shell:nav.dashboard') });
      await expect.poll(() => dashboardLink.isVisible()).toBe(true);
      const expandedWidth = (await nav.boundingBox())?.width ?? 0;

      const box = await nav.boundingBox();
      const viewport = page.viewportSize();
      if (box && viewport) {
        // The sidebar sits on the left in English and on the right in Arabic.
        const center = box.x + box.width / 2;
        expect(language === 'ar' ? center > viewport.width / 2 : center < viewport.width / 2).toBe(true);
      }
      await settle(page);
      await page.screenshot({ path: join(screenshotsDir, `e2e-dashboard-${language}.png`) });

      await page.keyboard.press('Control+b');
      await expect.poll(async () => (await nav.boundingBox())?.width ?? 0).toBeLessThan(expandedWidth / 2);
      expect(await sidebarCookie(page.context())).toBe('false');

      await page.reload();
      await expect.poll(async () => (await nav.boundingBox())?.width ?? 0).toBeLessThan(expandedWidth / 2);

      await page.keyboard.press('Control+b');
      await expect.poll(async () => (await nav.boundingBox())?.width ?? 0).toBeGreaterThan(expandedWidth * 0.9);
      expect(await sidebarCookie(page.context())).toBe('true');
      await page.context().close();
    });

    it('turns the sidebar into an off-canvas sheet on a phone', async () => {
      const page = await browser.page({ language, width: 390, height: 844, signInAs: E2E_OWNER });
      await page.goto('/orders');
      const link = page.getByRole('link', { name: t(language, 'shell:nav.orders') });
      await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
      expect(await link.isVisible()).toBe(false);
      await page.getByRole('button', { name: t(language, 'shell:header.openMenu') }).click();
      await expect.poll(() => link.isVisible()).toBe(true);
      await settle(page);
      await page.screenshot({ path: join(screenshotsDir, `e2e-phone-menu-${language}.png`) });
      await page.context().close();
    });
  });
});

async function sidebarCookie(context: import('playwright-core').BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === 'sidebar_state')?.value;
}

/** Reads what the identity service stored, straight from its schema. */
async function demoRequestCompanies(): Promise<string[]> {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    const result = await client.query<{ company: string }>('SELECT company FROM identity.demo_requests');
    return result.rows.map((row) => row.company);
  } finally {
    await client.end();
  }
}
