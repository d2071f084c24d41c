import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Language } from './browser.js';
import { t } from './locales.js';

/*
 * What the e2e specs share to find things on screen the way a user does: fields by their
 * label, toasts by their title, money and texts as the app writes them in each language.
 */

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A form field's whole label, allowing the asterisk MUI adds to required fields. */
export function labelled(label: string): RegExp {
  return new RegExp(`^${escapeRegExp(label)}\\s*\\*?$`);
}

export function field(scope: Locator, label: string): Locator {
  return scope.getByLabel(labelled(label));
}

/** A translation with its {{placeholders}} filled in, as i18next does; `{{name, bidi}}` is isolated (web/src/lib/i18n.ts). */
export function tf(language: Language, key: string, values: Record<string, string | number>): string {
  return t(language, key).replace(/\{\{(\w+)(?:, (bidi))?\}\}/g, (_match, name: string, format?: string) => {
    const value = String(values[name] ?? '');
    return format ? `\u2068${value}\u2069` : value;
  });
}

/** The rows of a table that hold cells (not its header). */
export function dataRows(table: Locator): Locator {
  return table.getByRole('row').filter({ has: table.page().getByRole('cell') });
}

/** Letters only: the parser reads digits in a name as a quantity. */
export function letterStamp(language: Language, now: number): string {
  const letters = language === 'ar' ? 'ابتثجحخدرز' : 'ABCDEFGHIJ';
  return [...String(now).slice(-7)].map((digit) => letters[Number(digit)]).join('');
}

/** Money as the app writes it (web/src/lib/format.ts), formatted by the browser's own Intl. */
export function formatMoney(page: Page, language: Language, currency: string, amount: string): Promise<string> {
  const locale = language === 'ar' ? 'ar-AE-u-nu-latn' : 'en-US';
  return page.evaluate(
    ([intlLocale, code, value]) =>
      new Intl.NumberFormat(intlLocale, {
        style: 'currency',
        currency: code,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }).format(Number(value)),
    [locale, currency, amount] as const,
  );
}

/** A toast by its title (components/toaster: success is a status, error an alert). */
export function toast(page: Page, title: string, variant: 'success' | 'error' = 'success'): Locator {
  // A toast that was up when a dialog opened is hidden from roles by the dialog: still a toast.
  return page
    .getByRole(variant === 'error' ? 'alert' : 'status', { includeHidden: true })
    .filter({ has: page.getByText(title, { exact: true }) });
}

export async function expectToast(
  page: Page,
  title: string,
  variant: 'success' | 'error' = 'success',
): Promise<string> {
  const shown = toast(page, title, variant);
  await expect.poll(() => shown.isVisible()).toBe(true);
  return shown.innerText();
}

export async function closeToasts(page: Page, language: Language): Promise<void> {
  const close = { name: t(language, 'common:actions.close'), exact: true, includeHidden: true };
  const closeButtons = page
    .getByRole('status', { includeHidden: true })
    .or(page.getByRole('alert', { includeHidden: true }))
    .getByRole('button', close);
  for (let open = await closeButtons.count(); open > 0; open = await closeButtons.count()) {
    // A toast may time out (5 s) between the count and the click.
    await closeButtons
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
    await expect.poll(async () => (await closeButtons.count()) < open).toBe(true);
  }
}

/**
 * Picks a status in Order Details' Status menu and confirms it in the dialog that says what the
 * change does; answers that dialog's text (the consequences) once confirmed.
 */
export async function changeOrderStatus(
  page: Page,
  details: Locator,
  language: Language,
  status: 'pending' | 'confirmed' | 'completed' | 'cancelled',
): Promise<string> {
  const menu = details.getByRole('combobox', { name: labelled(t(language, 'orders:details.status')) });
  await expect.poll(() => menu.getAttribute('aria-disabled')).not.toBe('true');
  await menu.click();
  await page.getByRole('option', { name: t(language, `orders:status.${status}`), exact: true }).click();
  const change = page.getByRole('dialog', {
    name: tf(language, 'orders:statusChange.title', { status: t(language, `orders:status.${status}`) }),
  });
  await expect.poll(() => change.isVisible()).toBe(true);
  const consequences = await change.innerText();
  await change.getByRole('button', { name: t(language, 'orders:statusChange.confirm'), exact: true }).click();
  return consequences;
}
