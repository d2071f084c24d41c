import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';

export const screenshotsDir = join(import.meta.dirname, '../docs/screenshots');

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];

export type Language = 'en' | 'ar';

export interface Credentials {
  username: string;
  password: string;
}

export interface Browser {
  /** A page in a fresh context (own cookies and storage), with the language chosen before load. */
  page(options?: { language?: Language; width?: number; height?: number; signInAs?: Credentials }): Promise<Page>;
  close(): Promise<void>;
}

/** Debian's Chromium driven by playwright-core. */
export async function openBrowser(baseUrl: string): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: chromiumArgs,
  });
  mkdirSync(screenshotsDir, { recursive: true });
  return {
    async page({ language = 'en', width = 1280, height = 800, signInAs } = {}) {
      const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height } });
      await context.addInitScript((lang) => {
        if (window.localStorage.getItem('language') === null) window.localStorage.setItem('language', lang);
      }, language);
      if (signInAs) {
        // The same call the sign-in form makes; the session cookie lands in this context.
        const response = await context.request.post('/api/login', { data: signInAs });
        if (response.status() !== 200) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
      }
      return context.newPage();
    },
    close: () => browser.close(),
  };
}

/** Waits until no CSS transition or animation is running, so a screenshot shows the settled screen. */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}
