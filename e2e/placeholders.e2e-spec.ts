import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser, type Browser, type Language } from './browser.js';
import { t } from './locales.js';
import { E2E_OWNER } from './stack.js';

/** The screens a clerk works in, and the dialogs opened from them (by their button's translation key). */
const screens: Array<{ path: string; heading: string; dialogs: string[] }> = [
  { path: '/orders', heading: 'orders:title', dialogs: ['orders:actions.createManual'] },
  { path: '/stock', heading: 'stock:title', dialogs: ['stock:actions.add'] },
  { path: '/clients', heading: 'clients:title', dialogs: ['clients:actions.add'] },
  { path: '/invoices', heading: 'invoices:title', dialogs: [] },
  { path: '/receivables', heading: 'receivables:title', dialogs: [] },
  { path: '/price-lists', heading: 'price-lists:title', dialogs: [] },
  { path: '/settings', heading: 'settings:title', dialogs: [] },
];

interface Cut {
  label: string;
  placeholder: string;
  textWidth: number;
  room: number;
}

/** Every visible one-line field whose placeholder is wider than the room its input gives it. */
function cutPlaceholders(page: Page): Promise<Cut[]> {
  return page.evaluate(() => {
    const context = document.createElement('canvas').getContext('2d')!;
    const cut: Cut[] = [];
    for (const input of document.querySelectorAll('input')) {
      if (!input.placeholder || input.offsetParent === null || ['checkbox', 'radio', 'hidden'].includes(input.type))
        continue;
      const style = getComputedStyle(input);
      context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const textWidth = context.measureText(input.placeholder).width;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (textWidth > room + 0.5) {
        const label = input.labels?.[0]?.textContent?.trim() ?? input.getAttribute('aria-label') ?? input.id;
        cut.push({ label, placeholder: input.placeholder, textWidth: Math.round(textWidth), room: Math.round(room) });
      }
    }
    return cut;
  });
}

/**
 * "Full placeholders" (issue 20): a field's example or hint is read whole, in both languages, on a
 * desktop and on a phone: no placeholder is cut off by its field.
 */
describe('placeholders are never cut off, in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await openBrowser(inject('baseUrl'));
  });

  afterAll(async () => {
    await browser?.close();
  });

  it.each<[Language, number]>([
    ['en', 1280],
    ['ar', 1280],
    ['en', 390],
    ['ar', 390],
  ])('on every list screen and its forms (%s, %i px)', async (language, width) => {
    const page = await browser.page({ language, width, height: 900, signInAs: E2E_OWNER });
    const found: Array<Cut & { where: string }> = [];
    for (const screen of screens) {
      await page.goto(screen.path);
      await expect
        .poll(() => page.getByRole('heading', { level: 1, name: t(language, screen.heading) }).isVisible())
        .toBe(true);
      // The lists' first rows (and their search fields) are there once the loading rows are gone.
      await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
      found.push(...(await cutPlaceholders(page)).map((cut) => ({ ...cut, where: screen.path })));
      for (const key of screen.dialogs) {
        await page
          .getByRole('button', { name: t(language, key), exact: true })
          .first()
          .click();
        const dialog = page.getByRole('dialog');
        await expect.poll(() => dialog.isVisible()).toBe(true);
        found.push(...(await cutPlaceholders(page)).map((cut) => ({ ...cut, where: `${screen.path} ${key}` })));
        await page.keyboard.press('Escape');
        await expect.poll(() => dialog.count()).toBe(0);
      }
    }
    expect(found).toEqual([]);
  });
});
