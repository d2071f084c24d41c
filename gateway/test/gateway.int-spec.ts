import { ServiceName, serviceNames, serviceSchema } from '@erp/contracts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayStack } from './gateway-stack.js';

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
    stack = await GatewayStack.start({ WEB_DIST_DIR: webDist });
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

    it('exposes Prometheus metrics with the routes it served', async () => {
      await stack.fetch('/health');
      const response = await stack.fetch('/metrics');
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/health",status="200"\} \d+/);
      expect(text).toContain('process_cpu_user_seconds_total');
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
      const readyBody = (await ready.json()) as { code: string; message: string };
      expect(readyBody.code).toBe('SERVICE_UNAVAILABLE');
      expect(readyBody.message).toBe('Not ready: identity');
      expect((await stack.fetch('/health')).status).toBe(200);
      expect((await stack.fetch('/api/no-such-thing')).status).toBe(404);

      await stack.restartService(ServiceName.Identity);
      const accepted = await stack.postJson('/api/demo-requests', demoRequest);
      expect(accepted.status).toBe(201);
      expect((await stack.fetch('/ready')).status).toBe(200);
    });
  });
});
