import { TEST_OWNER_PASSWORD } from '@erp/testing';
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GatewayStack } from './gateway-stack.js';
import { HttpClient } from './http-client.js';

/**
 * The cross-site and JSON-only checks must judge the route the router runs, not the raw request
 * target: `/%61pi/users` is routed to `/api/users`, and so is `http://host/api/users` (absolute
 * form). Found by a live review: a plain HTML form posted from another port of the same host
 * created an admin account as the signed-in owner.
 */
describe('cross-site checks on the route the router matches', () => {
  let stack: GatewayStack;
  let owner: HttpClient;
  let attackerSite: Server;
  let attackerOrigin: string;
  let page = '';

  const count = async (sql: string, params: unknown[] = []): Promise<number> =>
    Number((await stack.environment.database.query<{ n: string }>(sql, params))[0]!.n);
  const usersNamed = (username: string): Promise<number> =>
    count('SELECT count(*) AS n FROM identity.users WHERE username = $1', [username]);

  /** Paths a browser or a raw client may use for one route; the router sends each to `/api/<rest>`. */
  const spellings = (rest: string): string[] => [
    `/%61pi/${rest}`,
    `/%61%70%69/${rest}`,
    `/api/${rest.replace(/^(.)/, (letter: string) => `%${letter.charCodeAt(0).toString(16)}`)}`,
    `//api/${rest}`,
    `/api//${rest}`,
  ];

  beforeAll(async () => {
    stack = await GatewayStack.start();
    // Another port of the same host: the same site, so SameSite=Lax sends the owner's cookie from it.
    attackerSite = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(page);
    });
    await new Promise<void>((resolve) => attackerSite.listen(0, '127.0.0.1', resolve));
    const address = attackerSite.address();
    attackerOrigin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  // A session of its own for each test: a forged sign-out that went through must not hide the next finding.
  beforeEach(async () => {
    owner = new HttpClient(stack.baseUrl);
    expect((await owner.login('owner', TEST_OWNER_PASSWORD)).status).toBe(200);
  });

  afterAll(async () => {
    await new Promise((resolve) => attackerSite?.close(resolve));
    await stack?.stop();
  });

  describe('from a raw client', () => {
    const sameSite = (): Record<string, string> => ({ origin: attackerOrigin, 'sec-fetch-site': 'same-site' });

    it('refuses a same-site form post to every spelling of /api/users, and creates nobody', async () => {
      for (const path of spellings('users')) {
        const username = `forged${Math.random().toString(36).slice(2, 8)}`;
        const response = await stack.fetch(path, {
          method: 'POST',
          headers: { cookie: owner.sessionCookie!, 'content-type': 'application/x-www-form-urlencoded', ...sameSite() },
          body: `username=${username}&password=forged-password-123&email=${username}%40example.com&fullName=Forged&role=admin`,
        });
        expect(response.status, path).toBeGreaterThanOrEqual(400);
        expect(response.status, path).not.toBe(500);
        expect(await usersNamed(username), path).toBe(0);
      }
    });

    it('refuses a form body on every /api route, whatever the spelling, even from the app’s own origin', async () => {
      for (const path of spellings('clients')) {
        const response = await stack.fetch(path, {
          method: 'POST',
          headers: { cookie: owner.sessionCookie!, 'content-type': 'application/x-www-form-urlencoded' },
          body: 'name=Form+Trading',
        });
        expect([404, 415], path).toContain(response.status);
      }
      expect(await count("SELECT count(*) AS n FROM orders.clients WHERE name = 'Form Trading'")).toBe(0);
    });

    it('refuses a same-site sign-out through an encoded path: the session survives', async () => {
      for (const path of ['/%61pi/logout', '/api/%6cogout', '/%61pi/auth/logout']) {
        const response = await stack.fetch(path, {
          method: 'POST',
          headers: { cookie: owner.sessionCookie!, ...sameSite() },
        });
        expect(response.status, path).toBe(403);
      }
      expect((await owner.get('/api/user')).status).toBe(200);
    });

    it('applies the checks to an absolute-form request target (`POST http://host/api/users`)', async () => {
      const { host } = new URL(stack.baseUrl);
      const username = 'absoluteform';
      const body = `username=${username}&password=forged-password-123&email=abs%40example.com&fullName=Forged`;
      for (const target of [`${stack.baseUrl}/api/users`, `${stack.baseUrl}/%61pi/users`]) {
        const raw = await rawRequest(
          host,
          [
            `POST ${target} HTTP/1.1`,
            `Host: ${host}`,
            `Cookie: ${owner.sessionCookie!}`,
            `Origin: ${attackerOrigin}`,
            'Sec-Fetch-Site: same-site',
            'Content-Type: application/x-www-form-urlencoded',
            `Content-Length: ${Buffer.byteLength(body)}`,
            'Connection: close',
            '',
            body,
          ].join('\r\n'),
        );
        expect(raw, target).toMatch(/^HTTP\/1\.1 4\d\d /);
      }
      expect(await usersNamed(username)).toBe(0);
    });
  });

  describe('in Chromium, from a page on another port of the same host', () => {
    let browser: Browser;
    let context: BrowserContext;

    beforeAll(async () => {
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

    // The owner is signed in in this browser: the cookie a forged form would ride on.
    beforeEach(async () => {
      context = await browser.newContext();
      const [name, ...value] = owner.sessionCookie!.split('=');
      await context.addCookies([
        { name: name!, value: value.join('='), url: stack.baseUrl, httpOnly: true, sameSite: 'Lax' },
      ]);
    });

    afterEach(async () => {
      await context?.close();
    });

    afterAll(async () => {
      await browser?.close();
    });

    /** Serves a page that submits one form to the gateway at once, and waits for the answer to it. */
    async function submitForm(action: string, enctype: string, fields: Record<string, string>): Promise<number> {
      const attribute = (text: string): string => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
      const inputs = Object.entries(fields)
        .map(([name, value]) => `<input type="hidden" name="${attribute(name)}" value="${attribute(value)}">`)
        .join('');
      page = `<!doctype html><form method="post" action="${stack.baseUrl}${action}" enctype="${enctype}">${inputs}</form><script>document.forms[0].submit()</script>`;
      const tab = await context.newPage();
      try {
        // A forged sign-out answered 204 leaves the tab where it is: fail clearly rather than wait.
        const answered = tab.waitForResponse((response) => response.url().startsWith(stack.baseUrl), {
          timeout: 10_000,
        });
        await tab.goto(attackerOrigin);
        return (await answered).status();
      } finally {
        await tab.close();
      }
    }

    it('creates no admin through /%61pi/users with a plain HTML form, in any encoding', async () => {
      const before = await count('SELECT count(*) AS n FROM identity.users');
      for (const enctype of ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']) {
        for (const action of ['/%61pi/users', '/%61%70%69/users', '/api/%75sers', '/api//users']) {
          const status = await submitForm(action, enctype, {
            username: 'browserforged',
            password: 'forged-password-123',
            email: 'browserforged@example.com',
            fullName: 'Forged',
            role: 'admin',
          });
          expect(status, `${enctype} ${action}`).toBeGreaterThanOrEqual(400);
          expect(status, `${enctype} ${action}`).not.toBe(500);
        }
      }
      expect(await count('SELECT count(*) AS n FROM identity.users')).toBe(before);
    });

    it('does not sign the owner out, nor add a webhook, through an encoded path', async () => {
      const webhooksBefore = await count('SELECT count(*) AS n FROM identity.webhook_endpoints');
      expect(await submitForm('/%61pi/logout', 'application/x-www-form-urlencoded', {})).toBe(403);
      expect(
        await submitForm('/%61pi/webhooks', 'text/plain', {
          '{"url":"https://evil.example/hook","events":["order.created"],"x":"': '"}',
        }),
      ).toBeGreaterThanOrEqual(400);
      expect(await count('SELECT count(*) AS n FROM identity.webhook_endpoints')).toBe(webhooksBefore);
      expect((await owner.get('/api/user')).status).toBe(200);
    });
  });
});

/** Sends bytes as they are (an absolute-form target no HTTP library writes) and returns the answer's head. */
function rawRequest(host: string, request: string): Promise<string> {
  const [hostname, port] = host.split(':');
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}
