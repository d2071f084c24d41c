import { ServiceName, serviceNames, serviceSchema } from '@erp/contracts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_OWNER_PASSWORD } from '@erp/testing';
import { createGatewayApp } from '../src/bootstrap/create-gateway-app.js';
import { GatewayConfig } from '../src/config/gateway.config.js';
import { GatewayStack } from './gateway-stack.js';
import { HttpClient } from './http-client.js';

const metricsToken = 'metrics-token-for-the-tests';

const demoRequest = {
  fullName: 'Abu Khalid',
  email: 'Khalid@AlNoor.example',
  phone: '+966 50 123 4567',
  company: 'Al Noor Supermarket',
  message: 'نحتاج عرضاً لفرعين في الرياض',
};

describe('gateway over real services, PostgreSQL and Redis', () => {
  let stack: GatewayStack;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'erp-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>ERP</title><div id="root"></div>');
    stack = await GatewayStack.start({ WEB_DIST_DIR: webDist, METRICS_TOKEN: metricsToken });
  });

  afterAll(async () => {
    await stack?.stop();
    rmSync(webDist, { recursive: true, force: true });
  });

  describe('start-up', () => {
    it('runs every service’s migrations in its own schema', async () => {
      for (const service of serviceNames) {
        const rows = await stack.environment.database.query<{ count: string }>(
          `SELECT count(*) FROM information_schema.tables WHERE table_schema = $1 AND table_name = 'migrations'`,
          [serviceSchema(service)],
        );
        expect(rows[0]?.count, service).toBe('1');
      }
      const applied = await stack.environment.database.query<{ name: string }>('SELECT name FROM identity.migrations');
      expect(applied.map((row) => row.name)).toContain('CreateDemoRequests1795300000000');
    });
  });

  describe('health', () => {
    it('answers liveness without touching the services', async () => {
      const response = await stack.fetch('/health');
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ status: 'ok' });
    });

    it('is ready when Redis and every service answer over TCP with their database', async () => {
      const response = await stack.fetch('/ready');
      expect(response.status).toBe(200);
      const body = (await response.json()) as { checks: { services: Record<string, { status: string }> } };
      expect(Object.keys(body.checks.services).sort()).toEqual([...serviceNames].sort());
      for (const service of serviceNames) expect(body.checks.services[service]?.status).toBe('ok');
    });
  });

  describe('a round trip gateway → TCP → identity → PostgreSQL', () => {
    it('stores a demo request and answers 201 with it', async () => {
      const response = await stack.postJson('/api/demo-requests', demoRequest, { 'x-request-id': 'req-demo-1' });
      expect(response.status).toBe(201);
      expect(response.headers.get('x-request-id')).toBe('req-demo-1');
      const body = (await response.json()) as { demoRequest: { id: string; email: string; message: string } };
      expect(body.demoRequest.email).toBe('khalid@alnoor.example');
      const rows = await stack.environment.database.query<{ company: string; message: string }>(
        'SELECT company, message FROM identity.demo_requests WHERE id = $1',
        [body.demoRequest.id],
      );
      expect(rows).toEqual([{ company: 'Al Noor Supermarket', message: demoRequest.message }]);
    });

    it('refuses a missing field with 400 naming it, and stores nothing', async () => {
      const before = await stack.environment.database.query('SELECT id FROM identity.demo_requests');
      const response = await stack.postJson('/api/demo-requests', { ...demoRequest, company: '   ' });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'company should not be empty',
      });
      const after = await stack.environment.database.query('SELECT id FROM identity.demo_requests');
      expect(after.length).toBe(before.length);
    });

    it('refuses unknown fields and wrong types', async () => {
      const unknown = await stack.postJson('/api/demo-requests', { ...demoRequest, role: 'owner' });
      expect(unknown.status).toBe(400);
      expect(await unknown.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'property role should not exist',
      });
      const wrongType = await stack.postJson('/api/demo-requests', { ...demoRequest, email: 42 });
      expect(wrongType.status).toBe(400);
      expect(((await wrongType.json()) as { message: string }).message).toMatch(/^email /);
    });

    it('refuses a body that is not a JSON object', async () => {
      for (const body of ['[1,2]', 'null', '"text"']) {
        const response = await stack.fetch('/api/demo-requests', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        expect(response.status, body).toBe(400);
        expect(await response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      }
    });
  });

  describe('bad input at the edge (CONTRACT §3)', () => {
    it('answers malformed JSON with 400 INVALID_JSON', async () => {
      const response = await stack.fetch('/api/demo-requests', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"fullName": "Ali",',
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ code: 'INVALID_JSON', message: 'Request body is not valid JSON' });
    });

    it('answers a 20 MB body with 413', async () => {
      const huge = JSON.stringify({ ...demoRequest, message: 'x'.repeat(20 * 1024 * 1024) });
      const response = await stack.fetch('/api/demo-requests', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: huge,
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    });

    it('answers text/plain and form posts with 415', async () => {
      for (const contentType of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
      ]) {
        const response = await stack.fetch('/api/demo-requests', {
          method: 'POST',
          headers: { 'content-type': contentType },
          body: 'fullName=Ali',
        });
        expect(response.status, contentType).toBe(415);
        expect(await response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
      }
    });

    it('answers an unknown /api path with 404 JSON, whatever the method', async () => {
      for (const method of ['GET', 'DELETE']) {
        const response = await stack.fetch('/api/no-such-thing', { method });
        expect(response.status).toBe(404);
        expect(response.headers.get('content-type')).toMatch(/application\/json/);
        expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
      }
    });

    it('serves the SPA for unknown browser paths so its router shows the 404 screen', async () => {
      const response = await stack.fetch('/orders/does-not-exist');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(await response.text()).toContain('<div id="root">');
    });

    it('never sends a stack trace', async () => {
      const response = await stack.postJson('/api/demo-requests', { fullName: { $gt: '' } });
      const text = await response.text();
      expect(response.status).toBe(400);
      expect(text).not.toMatch(/at .*\.(js|ts):\d+/);
    });
  });

  describe('headers and metrics', () => {
    it('sends security headers and a CSP without inline script', async () => {
      const response = await stack.fetch('/health');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain("unsafe-inline'; script");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    });

    it('replaces an insane request id with its own', async () => {
      const response = await stack.fetch('/health', { headers: { 'x-request-id': '<script>' } });
      expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('exposes Prometheus metrics with the routes it served, to the operator’s token only', async () => {
      await stack.fetch('/health');
      const response = await stack.fetch('/metrics', { headers: { authorization: `Bearer ${metricsToken}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const text = await response.text();
      expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/health",status="200"\} \d+/);
      expect(text).toContain('process_cpu_user_seconds_total');
      for (const authorization of [
        undefined,
        'Bearer wrong-token',
        `Basic ${metricsToken}`,
        `Bearer ${metricsToken}x`,
      ]) {
        const refused = await stack.fetch('/metrics', { headers: authorization ? { authorization } : {} });
        expect(refused.status, authorization).toBe(401);
        expect(await refused.text(), authorization).not.toContain('process_cpu');
      }
    });

    it('does not serve metrics at all without METRICS_TOKEN (404)', async () => {
      const app = await createGatewayApp(stack.environment.config(GatewayConfig, { PORT: '0', HOST: '127.0.0.1' }));
      try {
        await app.listen({ port: 0, host: '127.0.0.1' });
        const base = await app.getUrl();
        for (const authorization of [undefined, 'Bearer ', 'Bearer undefined']) {
          const response = await fetch(`${base}/metrics`, { headers: authorization ? { authorization } : {} });
          expect(response.status, authorization).toBe(404);
          expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
        }
      } finally {
        await app.close();
      }
    });

    it('marks what a signed-in user or a key is answered no-store, and leaves public answers cacheable', async () => {
      const owner = new HttpClient(stack.baseUrl);
      const login = await owner.login('owner', TEST_OWNER_PASSWORD);
      expect(login.headers.get('cache-control')).toBe('no-store');
      for (const path of ['/api/user', '/api/settings', '/api/stock?limit=1', '/api/users']) {
        const response = await owner.get(path);
        await response.arrayBuffer();
        expect(response.status, path).toBe(200);
        expect(response.headers.get('cache-control'), path).toBe('no-store');
      }
      const created = await owner.post('/api/api-keys', { name: 'cache check', permissions: ['products:read'] });
      const { key } = (await created.json()) as { key: string };
      const v1 = await stack.fetch('/api/v1/products?limit=1', { headers: { 'x-api-key': key } });
      await v1.arrayBuffer();
      expect(v1.headers.get('cache-control')).toBe('no-store');
      const openapi = await stack.fetch('/api/v1/openapi.json');
      await openapi.arrayBuffer();
      expect(openapi.headers.get('cache-control')).toBe('public, max-age=300');
    });

    it('sends HSTS over HTTPS only: never on plain HTTP, on HTTPS through a trusted proxy', async () => {
      const plain = await stack.fetch('/health', { headers: { 'x-forwarded-proto': 'https' } });
      expect(plain.headers.get('strict-transport-security')).toBeNull();
      const app = await createGatewayApp(
        stack.environment.config(GatewayConfig, { PORT: '0', HOST: '127.0.0.1', TRUST_PROXY: '1' }),
      );
      try {
        await app.listen({ port: 0, host: '127.0.0.1' });
        const base = await app.getUrl();
        const proxied = await fetch(`${base}/health`, { headers: { 'x-forwarded-proto': 'https' } });
        expect(proxied.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
        const proxiedPlain = await fetch(`${base}/health`, { headers: { 'x-forwarded-proto': 'http' } });
        expect(proxiedPlain.headers.get('strict-transport-security')).toBeNull();
      } finally {
        await app.close();
      }
    });
  });

  describe('a service stopped mid-test', () => {
    it('answers 503 for what needs it, keeps serving the rest, and recovers when it is back', async () => {
      await stack.stopService(ServiceName.Identity);

      const refused = await stack.postJson('/api/demo-requests', demoRequest);
      expect(refused.status).toBe(503);
      expect(await refused.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: { service: 'identity' } });

      const ready = await stack.fetch('/ready');
      expect(ready.status).toBe(503);
      const readyText = await ready.text();
      const readyBody = JSON.parse(readyText) as { code: string; message: string };
      expect(readyBody.code).toBe('SERVICE_UNAVAILABLE');
      expect(readyBody.message).toBe('Not ready: identity');
      // Public: it names what is down, never why (addresses, ports, driver messages).
      expect(readyBody).toMatchObject({ details: { checks: { services: { identity: { ok: false } } } } });
      expect(readyText).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|connect|"error"/i);
      expect((await stack.fetch('/health')).status).toBe(200);
      expect((await stack.fetch('/api/no-such-thing')).status).toBe(404);

      await stack.restartService(ServiceName.Identity);
      const accepted = await stack.postJson('/api/demo-requests', demoRequest);
      expect(accepted.status).toBe(201);
      expect((await stack.fetch('/ready')).status).toBe(200);
    });
  });
});
