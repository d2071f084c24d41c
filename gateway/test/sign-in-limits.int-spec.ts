import { TEST_OWNER_PASSWORD } from '@erp/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayApp } from '../src/bootstrap/create-gateway-app.js';
import { GatewayConfig } from '../src/config/gateway.config.js';
import { GatewayStack } from './gateway-stack.js';
import { HttpClient, json } from './http-client.js';

const password = 'limits-password-2024';
const attemptsPerIp = 6;
const publicWritesPerIp = 3;

/**
 * Sign-in and public-write limits as an attacker meets them (CONTRACT §1, §14): failures counted
 * per account however it is named, before the password is checked; client addresses taken only
 * from the proxies the gateway was told to trust.
 */
describe('sign-in and public write limits', () => {
  let stack: GatewayStack;
  let owner: HttpClient;
  let users = 0;

  async function staff(): Promise<{ username: string; email: string }> {
    users += 1;
    const username = `limited${users}`;
    const email = `limited${users}@example.com`;
    const created = await owner.post('/api/users', {
      username,
      password,
      email,
      fullName: `Limited ${users}`,
      role: 'staff',
    });
    expect(created.status).toBe(201);
    return { username, email };
  }

  /** A sign-in from its own address (as seen through one trusted proxy), so per-IP limits stay out of the way. */
  let address = 0;
  const signIn = (base: string, username: string, secret: string, forwardedFor?: string): Promise<Response> => {
    address += 1;
    return fetch(`${base}/api/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': forwardedFor ?? `198.51.100.${address % 250}`,
      },
      body: JSON.stringify({ username, password: secret }),
    });
  };

  /** A gateway of the same stack behind `TRUST_PROXY=<value>`; closed by the caller. */
  async function behindProxy(trustProxy: string): Promise<{ app: NestFastifyApplication; base: string }> {
    const app = await createGatewayApp(
      stack.environment.config(GatewayConfig, {
        PORT: '0',
        HOST: '127.0.0.1',
        TRUST_PROXY: trustProxy,
        PUBLIC_WRITES_PER_IP: String(publicWritesPerIp),
      }),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, base: await app.getUrl() };
  }

  beforeAll(async () => {
    stack = await GatewayStack.start(
      { TRUST_PROXY: '1', PUBLIC_WRITES_PER_IP: String(publicWritesPerIp) },
      { LOGIN_ATTEMPTS_PER_IP: String(attemptsPerIp) },
    );
    owner = new HttpClient(stack.baseUrl);
    expect((await owner.login('owner', TEST_OWNER_PASSWORD)).status).toBe(200);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  describe('failures per account', () => {
    it('refuses the right password through the e-mail address, or another spelling, after 10 failures by name', async () => {
      const { username, email } = await staff();
      for (let attempt = 0; attempt < 10; attempt += 1) {
        expect((await signIn(stack.baseUrl, username, 'wrong-password-0')).status).toBe(401);
      }
      for (const login of [email, email.toUpperCase(), username.toUpperCase(), ` ${username} `]) {
        const limited = await signIn(stack.baseUrl, login, password);
        expect(limited.status, login).toBe(429);
        expect(Number(limited.headers.get('retry-after')), login).toBeGreaterThan(0);
        expect(await json(limited)).toMatchObject({ code: 'IDENTITY_LOGIN_RATE_LIMITED' });
      }
    });

    it('checks no more than 10 of 25 guesses sent at once', async () => {
      const { username, email } = await staff();
      const answers = await Promise.all(
        Array.from({ length: 25 }, (_, k) => signIn(stack.baseUrl, k % 2 ? email : username, `guess-number-${k}`)),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses.filter((status) => status === 401)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(15);
      expect((await signIn(stack.baseUrl, username, password)).status).toBe(429);
    });

    it('still lets the account in below the limit, and starts its count again after a success', async () => {
      const { username, email } = await staff();
      for (let attempt = 0; attempt < 9; attempt += 1) {
        expect((await signIn(stack.baseUrl, email, 'wrong-password-0')).status).toBe(401);
      }
      expect((await signIn(stack.baseUrl, username, password)).status).toBe(200);
      for (let attempt = 0; attempt < 9; attempt += 1) {
        expect((await signIn(stack.baseUrl, username, 'wrong-password-0')).status).toBe(401);
      }
      expect((await signIn(stack.baseUrl, email, password)).status).toBe(200);
    });

    it('limits names nobody has the same way, saying nothing about who exists', async () => {
      for (let attempt = 0; attempt < 10; attempt += 1) {
        expect((await signIn(stack.baseUrl, 'nobody-here', 'wrong-password-0')).status).toBe(401);
      }
      expect((await signIn(stack.baseUrl, 'nobody-here', 'wrong-password-0')).status).toBe(429);
    });
  });

  describe('client addresses behind a proxy', () => {
    /** Each case's real clients have addresses of their own, so one case's attempts never limit another's. */
    let proxyCase = 0;
    it.each(['true', '1', '127.0.0.1', '127.0.0.0/8,::1'])(
      'with TRUST_PROXY=%s, a client cannot pick its own address by writing X-Forwarded-For',
      async (trustProxy) => {
        const { app, base } = await behindProxy(trustProxy);
        try {
          // nginx's $proxy_add_x_forwarded_for keeps what the client sent and appends the real address.
          proxyCase += 1;
          const realClient = `203.0.113.${10 + proxyCase}`;
          const statuses: number[] = [];
          for (let attempt = 0; attempt <= attemptsPerIp; attempt += 1) {
            const forged = `10.9.${attempt}.${attempt}, 192.0.2.${attempt}`;
            statuses.push(
              (await signIn(base, `nobody-${trustProxy}-${attempt}`, 'wrong-password-0', `${forged}, ${realClient}`))
                .status,
            );
          }
          expect(statuses.slice(0, attemptsPerIp).every((status) => status === 401)).toBe(true);
          expect(statuses[attemptsPerIp]).toBe(429);
          // Another real client is not held back by the first one's attempts.
          const other = await signIn(
            base,
            `nobody-${trustProxy}-other`,
            'wrong-password-0',
            `10.0.0.1, 203.0.113.${100 + proxyCase}`,
          );
          expect(other.status).toBe(401);
        } finally {
          await app.close();
        }
      },
    );

    it('refuses to start with a TRUST_PROXY it cannot read, and never echoes it', () => {
      expect(() => stack.environment.config(GatewayConfig, { TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY must be/);
      expect(() => stack.environment.config(GatewayConfig, { TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
    });
  });

  describe('public writes per address (PUBLIC_WRITES_PER_IP)', () => {
    it('answers 429 with Retry-After once registrations and demo requests from one address pass the limit', async () => {
      const from = { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.77' };
      const register = (k: number): Promise<Response> =>
        stack.fetch('/api/register', {
          method: 'POST',
          headers: from,
          body: JSON.stringify({
            username: `public${k}`,
            password,
            email: `public${k}@example.com`,
            fullName: `Public ${k}`,
          }),
        });
      const demo = (): Promise<Response> =>
        stack.fetch('/api/demo-requests', {
          method: 'POST',
          headers: from,
          body: JSON.stringify({
            fullName: 'Sara',
            email: 'sara@example.com',
            company: 'Noor',
            phone: '+966501234567',
          }),
        });
      expect((await register(1)).status).toBe(201);
      expect((await demo()).status).toBe(201);
      expect((await register(2)).status).toBe(201);
      for (const limited of [await register(3), await demo()]) {
        expect(limited.status).toBe(429);
        expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(await json(limited)).toMatchObject({ code: 'RATE_LIMITED' });
      }
      // Nothing was written by the refused calls, and another address still may.
      expect(
        Number(
          (
            await stack.environment.database.query<{ n: string }>(
              "SELECT count(*) AS n FROM identity.users WHERE username = 'public3'",
            )
          )[0]!.n,
        ),
      ).toBe(0);
      const other = await stack.fetch('/api/demo-requests', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.78' },
        body: JSON.stringify({ fullName: 'Omar', email: 'omar@example.com', company: 'Noor', phone: '+966501234568' }),
      });
      expect(other.status).toBe(201);
    });
  });
});
