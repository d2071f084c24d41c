import type { CreatedApiKeyDto, UserDto } from '@erp/contracts';
import { TEST_OWNER_PASSWORD } from '@erp/testing';
import { createHmac, randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../e2e/locales.js';
import { createGatewayApp } from '../src/bootstrap/create-gateway-app.js';
import { GatewayConfig } from '../src/config/gateway.config.js';
import { GatewayStack } from './gateway-stack.js';
import { HttpClient, json } from './http-client.js';

/** The SPA as `npm run build` leaves it (CI builds before it tests). */
const webDist = join(import.meta.dirname, '../../web/dist');
const built = existsSync(join(webDist, 'index.html'));
const builtMessage = 'web/dist/index.html is missing: run `npm run build:web` first (CI builds before testing)';
/**
 * A copy of the build, served for the whole file: the gateway reads index.html once at start,
 * and a rebuild during the run (new asset names) would otherwise leave it pointing at none.
 */
const spaDir = mkdtempSync(join(tmpdir(), 'acc-web-dist-'));
const evil = 'https://evil.example';
const password = 'web-security-password';

/** The claims of a session cookie's JWT (its middle part). */
function claimsOf(cookie: string): { sid: string; sub: string } {
  const token = cookie.split('=').slice(1).join('=');
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sid: string; sub: string };
}

/** An HS256 JWT signed with the server's own secret: what only someone holding SESSION_SECRET could make. */
function signedToken(secret: string, claims: Record<string, unknown>): string {
  const part = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

/** The directives of a Content-Security-Policy header, by name. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

describe('web security of the gateway', () => {
  let stack: GatewayStack;
  let owner: HttpClient;
  let users = 0;

  const count = async (table: string): Promise<number> =>
    Number((await stack.environment.database.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);

  /** A raw request as a browser would send it: the cookie and whatever headers it adds. */
  const send = (
    method: string,
    path: string,
    options: { cookie?: string | null; headers?: Record<string, string>; body?: string } = {},
  ): Promise<Response> =>
    stack.fetch(path, {
      method,
      headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
      body: options.body,
    });

  /** An approved staff user made by the owner; signed in unless asked not to. */
  async function staff(permissions: string[] = ['clients:read', 'clients:write']): Promise<{
    user: UserDto;
    http: HttpClient;
  }> {
    users += 1;
    const username = `websec${users}`;
    const created = await owner.post('/api/users', {
      username,
      password,
      email: `${username}@example.com`,
      fullName: `Web Security ${users}`,
      role: 'staff',
      permissions,
    });
    expect(created.status).toBe(201);
    const http = new HttpClient(stack.baseUrl);
    expect((await http.login(username, password)).status).toBe(200);
    return { user: await json<UserDto>(created), http };
  }

  beforeAll(async () => {
    if (built) cpSync(webDist, spaDir, { recursive: true });
    stack = await GatewayStack.start({ WEB_DIST_DIR: spaDir });
    owner = new HttpClient(stack.baseUrl);
    expect((await owner.login('owner', TEST_OWNER_PASSWORD)).status).toBe(200);
  });

  afterAll(async () => {
    await stack?.stop();
    rmSync(spaDir, { recursive: true, force: true });
  });

  describe('sessions', () => {
    it('issues a new session at sign-in, whatever cookie the browser brought (no session fixation)', async () => {
      const attacker = await staff();
      const { user: victim } = await staff();
      const planted = attacker.http.sessionCookie!;
      for (const brought of [planted, 'erp_session=chosen-by-the-attacker']) {
        const browser = attacker.http.withCookie(brought);
        const login = await browser.login(victim.username, password);
        expect(login.status).toBe(200);
        const issued = browser.sessionCookie!;
        expect(issued).toMatch(/^erp_session=/);
        expect(issued).not.toBe(brought);
        expect(claimsOf(issued).sid).not.toBe(brought === planted ? claimsOf(planted).sid : 'chosen-by-the-attacker');
        expect((await json<UserDto>(await browser.get('/api/user'))).username).toBe(victim.username);
      }
      // The planted cookie still belongs to the attacker's own session: it never became the victim's.
      const stillPlanted = await send('GET', '/api/user', { cookie: planted });
      expect((await json<UserDto>(stillPlanted)).username).toBe(attacker.user.username);
      expect((await send('GET', '/api/user', { cookie: 'erp_session=chosen-by-the-attacker' })).status).toBe(401);
      // Two sign-ins of one user are two sessions, never one id handed out again.
      const again = new HttpClient(stack.baseUrl);
      await again.login(victim.username, password);
      const third = new HttpClient(stack.baseUrl);
      await third.login(victim.username, password);
      expect(claimsOf(again.sessionCookie!).sid).not.toBe(claimsOf(third.sessionCookie!).sid);
    });

    it('forgets a session at sign-out on the server: the old cookie is refused for reads and writes', async () => {
      const { http } = await staff();
      const other = new HttpClient(stack.baseUrl);
      await other.login((await json<UserDto>(await http.get('/api/user'))).username, password);
      const old = http.sessionCookie!;
      const clientsBefore = await count('orders.clients');

      expect((await http.post('/api/logout')).status).toBe(204);
      expect(http.sessionCookie).toBeNull();
      expect((await send('GET', '/api/user', { cookie: old })).status).toBe(401);
      const write = await send('POST', '/api/clients', {
        cookie: old,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Written after sign-out' }),
      });
      expect(write.status).toBe(401);
      expect(await count('orders.clients')).toBe(clientsBefore);
      // Only that session ends: the same user's session in another browser goes on.
      expect((await other.get('/api/user')).status).toBe(200);
    });

    it('refuses a cookie signed with the server’s own secret for a session it never issued', async () => {
      const { user } = await staff();
      const now = Math.floor(Date.now() / 1000);
      const token = signedToken(stack.environment.env.SESSION_SECRET!, {
        sid: randomUUID(),
        sub: user.id,
        iat: now,
        exp: now + 3600,
      });
      expect((await send('GET', '/api/user', { cookie: `erp_session=${token}` })).status).toBe(401);
    });
  });

  describe('cookie flags', () => {
    // Secure behind a trusted HTTPS proxy: identity.int-spec.ts ('marks the cookie Secure ...').
    it('sets HttpOnly, SameSite=Lax, Path=/ and a lifetime; clears it with the same flags; trusts no client claiming HTTPS', async () => {
      const { user } = await staff();
      const login = await stack.fetch('/api/login', {
        method: 'POST',
        // Without TRUST_PROXY, a client saying "this came over HTTPS" decides nothing.
        headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
        body: JSON.stringify({ username: user.username, password }),
      });
      expect(login.status).toBe(200);
      const set = login.headers.get('set-cookie')!;
      expect(set).toMatch(/^erp_session=[\w-]+\.[\w-]+\.[\w-]+;/);
      expect(set).toMatch(/; HttpOnly/i);
      expect(set).toMatch(/; SameSite=Lax/i);
      expect(set).toMatch(/; Path=\/(;|$)/);
      expect(set).toMatch(new RegExp(`; Max-Age=${7 * 24 * 3600}(;|$)`));
      expect(set).not.toMatch(/; Secure/i);
      expect(set).not.toMatch(/; Domain=/i);

      const logout = await send('POST', '/api/logout', { cookie: set.split(';')[0] });
      expect(logout.status).toBe(204);
      const cleared = logout.headers.get('set-cookie')!;
      expect(cleared).toMatch(/^erp_session=;/);
      expect(cleared).toMatch(/; Expires=Thu, 01 Jan 1970/i);
      expect(cleared).toMatch(/; HttpOnly/i);
      expect(cleared).toMatch(/; SameSite=Lax/i);
      expect(cleared).toMatch(/; Path=\//);
    });
  });

  describe('cross-site request forgery', () => {
    const clientsNamed = async (name: string): Promise<number> =>
      Number(
        (
          await stack.environment.database.query<{ n: string }>(
            'SELECT count(*) AS n FROM orders.clients WHERE name = $1',
            [name],
          )
        )[0]!.n,
      );

    it('refuses a cross-site form post that carries the session cookie, and changes nothing', async () => {
      const { http } = await staff();
      const cookie = http.sessionCookie!;
      const forms: Array<[string, string]> = [
        ['application/x-www-form-urlencoded', 'name=Forged+Trading'],
        // The JSON-in-a-text-form trick: text/plain is a "simple" type no preflight guards.
        ['text/plain', '{"name":"Forged Trading"}'],
        [
          'multipart/form-data; boundary=x',
          '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nForged Trading\r\n--x--',
        ],
      ];
      // What browsers send from another site: Chromium/Firefox/Safari 16.4+ with Sec-Fetch-Site,
      // older ones with Origin only, sandboxed frames and some redirects with Origin: null.
      const browsers: Array<Record<string, string>> = [
        { origin: evil, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
        { origin: evil },
        { origin: 'null' },
        // Another port or subdomain of the same site: SameSite=Lax still sends the cookie there.
        { origin: stack.baseUrl.replace(/:\d+$/, ':1'), 'sec-fetch-site': 'same-site' },
      ];
      for (const [type, body] of forms) {
        for (const headers of browsers) {
          const response = await send('POST', '/api/clients', {
            cookie,
            headers: { 'content-type': type, ...headers },
            body,
          });
          expect(response.status, `${type} ${JSON.stringify(headers)}`).toBe(403);
          expect(await json(response)).toMatchObject({
            code: 'FORBIDDEN',
            message: expect.stringMatching(/Cross-site/),
          });
        }
      }
      // A JSON body does not help a forged request either (a browser would have asked first, and been told no).
      const asJson = await send('POST', '/api/clients', {
        cookie,
        headers: { 'content-type': 'application/json', origin: evil, 'sec-fetch-site': 'cross-site' },
        body: JSON.stringify({ name: 'Forged Trading' }),
      });
      expect(asJson.status).toBe(403);
      expect(await clientsNamed('Forged Trading')).toBe(0);

      // The same cookie from the app itself works: the refusals above were about the site, not the session.
      const own = await send('POST', '/api/clients', {
        cookie,
        headers: { 'content-type': 'application/json', origin: stack.baseUrl, 'sec-fetch-site': 'same-origin' },
        body: JSON.stringify({ name: 'Own Trading' }),
      });
      expect(own.status).toBe(201);
      expect(await clientsNamed('Own Trading')).toBe(1);
      // And a form from the app's own origin is still refused, by its type (CONTRACT §1).
      const ownForm = await send('POST', '/api/clients', {
        cookie,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: stack.baseUrl },
        body: 'name=Own+Form',
      });
      expect(ownForm.status).toBe(415);
      expect(await clientsNamed('Own Form')).toBe(0);
    });

    it('refuses cross-site calls without a body too: sign-out and deleting a key', async () => {
      const { http } = await staff(['orders:read']);
      const cookie = http.sessionCookie!;
      const key = await json<CreatedApiKeyDto>(
        await http.post('/api/api-keys', { name: 'POS', permissions: ['orders:read'] }),
      );
      // SameSite=Lax sends the cookie with a form posted from another port or subdomain of the same
      // site; a form with no fields has no body, so the JSON-only rule does not stop it.
      const sameSite = { origin: stack.baseUrl.replace(/:\d+$/, ':1'), 'sec-fetch-site': 'same-site' };
      const crossSite = { origin: evil, 'sec-fetch-site': 'cross-site' };
      expect((await send('POST', '/api/logout', { cookie, headers: sameSite })).status).toBe(403);
      expect((await send('POST', '/api/auth/logout', { cookie, headers: { origin: evil } })).status).toBe(403);
      expect((await send('DELETE', `/api/api-keys/${key.id}`, { cookie, headers: crossSite })).status).toBe(403);
      expect((await http.get('/api/user')).status).toBe(200);
      expect((await json<Array<{ id: string }>>(await http.get('/api/api-keys'))).map((k) => k.id)).toEqual([key.id]);
    });

    it('accepts the app’s own calls, non-browser clients, and its origin as seen through a trusted HTTPS proxy', async () => {
      const { user, http } = await staff();
      const cookie = http.sessionCookie!;
      const create = (headers: Record<string, string>, base = stack.baseUrl, withCookie = cookie) =>
        fetch(`${base}/api/clients`, {
          method: 'POST',
          headers: { cookie: withCookie, 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ name: `Accepted ${randomUUID().slice(0, 8)}` }),
        });
      expect((await create({ 'sec-fetch-site': 'same-origin', origin: stack.baseUrl })).status).toBe(201);
      expect((await create({ origin: stack.baseUrl })).status).toBe(201);
      // curl, scripts and the partner's servers send neither header.
      expect((await create({})).status).toBe(201);
      expect((await create({ 'sec-fetch-site': 'none' })).status).toBe(201);

      const proxied = await createGatewayApp(
        stack.environment.config(GatewayConfig, { PORT: '0', HOST: '127.0.0.1', TRUST_PROXY: 'true' }),
      );
      try {
        await proxied.listen({ port: 0, host: '127.0.0.1' });
        const base = await proxied.getUrl();
        const proxy = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'erp.example' };
        const login = await fetch(`${base}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: 'https://erp.example', ...proxy },
          body: JSON.stringify({ username: user.username, password }),
        });
        expect(login.status).toBe(200);
        const proxiedCookie = login.headers.get('set-cookie')!.split(';')[0]!;
        expect((await create({ origin: 'https://erp.example', ...proxy }, base, proxiedCookie)).status).toBe(201);
        expect((await create({ origin: 'http://erp.example', ...proxy }, base, proxiedCookie)).status).toBe(403);
        expect((await create({ origin: evil, ...proxy }, base, proxiedCookie)).status).toBe(403);
      } finally {
        await proxied.close();
      }
    });

    it('leaves the partner API to its keys: it takes no cookie, so the caller’s origin does not matter', async () => {
      const key = await json<CreatedApiKeyDto>(
        await owner.post('/api/api-keys', { name: 'Web shop', permissions: ['orders:write'] }),
      );
      const response = await send('POST', '/api/v1/orders', {
        headers: { 'x-api-key': key.key, 'content-type': 'application/json', origin: 'https://shop.example' },
        body: JSON.stringify({ clientName: 'Web shop', items: [{ name: 'Rice 5kg', quantity: 1, unitPrice: 30 }] }),
      });
      expect(response.status).toBe(201);
      // ... and the cookie alone opens nothing there, from any origin.
      const cookieOnly = await send('POST', '/api/v1/orders', {
        cookie: owner.sessionCookie,
        headers: { 'content-type': 'application/json', origin: stack.baseUrl },
        body: JSON.stringify({ clientName: 'Web shop', items: [{ name: 'Rice 5kg', quantity: 1, unitPrice: 30 }] }),
      });
      expect(cookieOnly.status).toBe(401);
    });
  });

  describe('the Content-Security-Policy of the SPA', () => {
    it('allows no inline script on index.html, the SPA fallback and the assets, and index.html has none', async () => {
      expect(built, builtMessage).toBe(true);
      const html = readFileSync(join(spaDir, 'index.html'), 'utf8');
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attributes, content] of scripts) {
        expect(attributes, 'every script is a file').toMatch(/\bsrc="\/[^"]+"/);
        expect(content!.trim(), 'no inline script').toBe('');
      }
      expect(html).not.toMatch(/\son[a-z]+\s*=/i);
      expect(html).not.toMatch(/javascript:/i);
      expect(html).not.toMatch(/http-equiv/i);
      const entry = /<script\b[^>]*\bsrc="(\/[^"]+)"/.exec(html)![1]!;

      for (const path of ['/', '/dashboard', '/orders/does-not-exist', entry, '/favicon.svg']) {
        const response = await stack.fetch(path);
        // Read to the end: an unread asset keeps its connection busy, and the gateway's close waits for it.
        await response.arrayBuffer();
        expect(response.status, path).toBe(200);
        const csp = directives(response.headers.get('content-security-policy') ?? '');
        expect(csp.get('script-src'), path).toEqual(["'self'"]);
        expect(csp.get('default-src'), path).toEqual(["'self'"]);
        expect(csp.get('object-src'), path).toEqual(["'none'"]);
        expect(csp.get('base-uri'), path).toEqual(["'self'"]);
        expect(csp.get('frame-ancestors'), path).toEqual(["'none'"]);
        expect(csp.get('form-action'), path).toEqual(["'self'"]);
        expect(csp.get('connect-src'), path).toEqual(["'self'"]);
        expect(csp.get('script-src-attr'), path).toEqual(["'none'"]);
        // Emotion (MUI) writes <style> elements at run time: styles may be inline, scripts never.
        expect(csp.get('style-src'), path).toEqual(["'self'", "'unsafe-inline'"]);
        expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      }
    });

    describe('in Chromium', () => {
      let browser: Browser;

      beforeAll(async () => {
        if (!built) return;
        browser = await chromium.launch({
          executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
          headless: true,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-dev-shm-usage',
            '--no-first-run',
            '--disable-background-networking',
          ],
        });
      });

      afterAll(async () => {
        await browser?.close();
      });

      it('runs the built SPA under that policy with no violation, and the policy refuses an injected inline script', async () => {
        expect(built, builtMessage).toBe(true);
        const { user } = await staff(['orders:read', 'clients:read', 'clients:write']);
        const context = await browser.newContext({ baseURL: stack.baseUrl });
        try {
          // Injected by the browser itself (not by the page), so the policy does not apply to it.
          await context.addInitScript(() => {
            const seen: string[] = [];
            (window as unknown as { cspViolations: string[] }).cspViolations = seen;
            document.addEventListener('securitypolicyviolation', (event) =>
              seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
            );
          });
          const page = await context.newPage();
          // Screens load lazily: on a busy shared machine that can take a while.
          page.setDefaultTimeout(60_000);
          const errors: string[] = [];
          page.on('console', (message) => {
            if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
              errors.push(message.text());
          });
          const violations = (): Promise<string[]> =>
            page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

          // The landing page, then signing in with the form: a same-origin POST through the CSRF check.
          await page.goto('/');
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await page.goto('/auth');
          await page.getByRole('tab', { name: t('en', 'auth:tabs.login') }).click();
          const form = page.getByRole('tabpanel');
          await form.getByLabel(new RegExp(`^${t('en', 'auth:fields.username')}`)).fill(user.username);
          await form.getByLabel(new RegExp(`^${t('en', 'auth:fields.password')}`)).fill(password);
          await form.getByRole('button', { name: t('en', 'auth:login.submit') }).click();
          await page.waitForURL('**/dashboard');
          await page.getByRole('navigation', { name: t('en', 'shell:nav.label') }).waitFor();
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          expect(await violations()).toEqual([]);
          expect(errors).toEqual([]);

          // An inline script put into the page (as an XSS would) does not run.
          const ran = await page.evaluate(async () => {
            const script = document.createElement('script');
            script.textContent = 'window.inlineScriptRan = true';
            document.body.append(script);
            await new Promise((resolve) => setTimeout(resolve, 50));
            return (window as unknown as { inlineScriptRan?: boolean }).inlineScriptRan === true;
          });
          expect(ran).toBe(false);
          expect(await violations()).toEqual(['script-src-elem inline']);
        } finally {
          await context.close();
        }
      }, 90_000);
    });
  });
});
