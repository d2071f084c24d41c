import { createValidationPipe } from '@erp/common';
import {
  allApiKeyPermissions,
  AppException,
  type ClientDto,
  type CreatedApiKeyDto,
  type FieldError,
  type OrderDto,
  type OrderItemDto,
  type StockItemDto,
  type UserDto,
} from '@erp/contracts';
import { TEST_OWNER_PASSWORD } from '@erp/testing';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../src/auth/route-table.js';
import { collectRoutes, type RouteShape } from '../src/openapi/openapi-document.js';
import { schemaFromClass, type JsonSchema } from '../src/openapi/schema-from-class.js';
import {
  generateCases,
  type Caller,
  type Class,
  type FuzzCase,
  type FuzzRoute,
  type GenerationContext,
} from './fuzz/cases.js';
import { changedData, snapshotData, type DataSnapshot } from './fuzz/data-snapshot.js';
import { errorCode, judge, type FuzzOutcome } from './fuzz/judge.js';
import { hostileDataUrls, hostileFiles, oneMegabyte } from './fuzz/payloads.js';
import { SeededRandom } from './fuzz/random.js';
import { GatewayStack } from './gateway-stack.js';
import { HttpClient, json } from './http-client.js';

/** FUZZ_SEED=<n> replays a run; the report and every failure name the seed. */
const seed = Number(process.env.FUZZ_SEED ?? 20_260_301);
const concurrency = 6;
const bodyLimitBytes = 15 * 1024 * 1024;
const reportFile = fileURLToPath(new URL('../../.data/fuzz-report.json', import.meta.url));

/** Routes that also get 1 MB strings, a 1 MB query and a body over the limit (they cost time). */
const heavyRoutes = new Set([
  'POST /api/clients',
  'POST /api/orders/manual',
  'PATCH /api/stock/:id',
  'GET /api/stock',
  'POST /api/v1/orders',
]);

interface OpenApiDocument {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
  components: { schemas: Record<string, JsonSchema> };
}

/**
 * Values the services accept where a DTO says only "a string": a webhook must be https, a goods
 * receipt may create the items it names, a text order must say something.
 */
const knownValues: Record<string, unknown> = {
  url: 'https://hooks.example.com/fz',
  createMissingItems: true,
  orderText: 'fz 2 bags of basmati rice',
  // The seeded stock item's unit: a line or a price in it is one the item is sold in.
  unit: 'bag',
  // ZATCA settings: what ZATCA's rules ask of them (services/billing/src/zatca/settings/zatca-settings.rules.ts).
  environment: 'simulator',
  sellerNameAr: 'شركة الاختبار',
  vatNumber: '300000000000003',
  crn: '1010010000',
  buildingNumber: '1234',
  postalCode: '12211',
  countryCode: 'SA',
  serial: '1-FZ|2-1.0|3-fz',
};

/** The four upload routes, the field each reads, a type a caller might claim, and the size limit. */
const uploadRoutes: Array<{ route: string; url: string; field: string; declared: string; maxBytes: number }> = [
  {
    route: 'POST /api/orders/upload',
    url: '/api/orders/upload?wait=false',
    field: 'imageBase64',
    declared: 'image/png',
    maxBytes: 10 * oneMegabyte,
  },
  {
    route: 'POST /api/orders/transcribe',
    url: '/api/orders/transcribe?wait=false',
    field: 'audioBase64',
    declared: 'audio/webm',
    maxBytes: 10 * oneMegabyte,
  },
  {
    route: 'POST /api/stock/supplier-invoices/parse',
    url: '/api/stock/supplier-invoices/parse?wait=false',
    field: 'fileBase64',
    declared: 'application/pdf',
    maxBytes: 10 * oneMegabyte,
  },
  {
    route: 'POST /api/settings/upload-logo',
    url: '/api/settings/upload-logo',
    field: 'imageBase64',
    declared: 'image/png',
    maxBytes: 5 * oneMegabyte,
  },
];

/** Runs `work` over `items` with at most `limit` at a time, keeping the order of the answers. */
async function pool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function describeFailure(outcome: FuzzOutcome): string {
  const { fuzzCase } = outcome;
  const sent = typeof fuzzCase.body === 'string' ? ` ${fuzzCase.body.slice(0, 160)}` : '';
  return `[seed ${seed}] ${fuzzCase.route} ${fuzzCase.kind} (${fuzzCase.target}) ${fuzzCase.method} ${fuzzCase.url.slice(0, 120)}${sent} → ${outcome.status}: ${outcome.problems.join('; ')} — ${outcome.excerpt}`;
}

describe('hostile input: a seeded fuzz run over every /api and /api/v1 route', () => {
  let stack: GatewayStack;
  let owner: HttpClient;
  let apiKey: string;
  let routes: FuzzRoute[];
  let cases: FuzzCase[];
  let documentRoutes: string[];
  const outcomes: FuzzOutcome[] = [];
  const uploadOutcomes: FuzzOutcome[] = [];
  const dataChecks: Array<{ phase: string; cases: number; tables: number; changed: string[] }> = [];
  const startedAt = Date.now();

  const ids: Record<string, string> = {};

  /** One call as its caller makes it: the SPA's session (cookie, JSON, same origin) or the partner's key. */
  async function send(fuzzCase: FuzzCase): Promise<FuzzOutcome> {
    const headers: Record<string, string> = { accept: 'application/json', ...fuzzCase.headers };
    if (fuzzCase.caller === 'owner') {
      headers.cookie = owner.sessionCookie!;
      headers.origin = stack.baseUrl;
      headers['sec-fetch-site'] = 'same-origin';
      headers['sec-fetch-mode'] = 'cors';
    } else if (fuzzCase.caller === 'api-key') {
      headers['x-api-key'] = apiKey;
    }
    if (fuzzCase.contentType) headers['content-type'] = fuzzCase.contentType;
    // A Buffer goes without a content type of fetch's own, so "missing" stays missing.
    const body =
      fuzzCase.body === undefined
        ? undefined
        : new Uint8Array(typeof fuzzCase.body === 'string' ? Buffer.from(fuzzCase.body) : fuzzCase.body);
    const started = Date.now();
    let status: number;
    let text: string;
    let contentType: string;
    try {
      const response = await fetch(`${stack.baseUrl}${fuzzCase.url}`, {
        method: fuzzCase.method,
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(30_000),
      });
      status = response.status;
      contentType = response.headers.get('content-type') ?? '';
      text = await response.text();
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      return { fuzzCase, status: 0, problems: [`no answer (${reason})`], excerpt: '', ms: Date.now() - started };
    }
    return {
      fuzzCase,
      status,
      problems: judge(fuzzCase, status, contentType, text),
      excerpt: text.slice(0, 200),
      code: status >= 400 ? errorCode(text) : undefined,
      ms: Date.now() - started,
    };
  }

  async function seedData(): Promise<void> {
    const created = async <T>(path: string, body: unknown): Promise<T> => {
      const response = await owner.post(path, body);
      expect(response.status, `${path}: ${await response.clone().text()}`).toBe(201);
      return json<T>(response);
    };
    const stock = await created<StockItemDto>('/api/stock', {
      name: 'Fuzz Basmati Rice 5kg',
      nameAr: 'أرز بسمتي',
      sku: 'FUZZ-RICE-5',
      unit: 'bag',
      quantity: 100,
      costPrice: '10.00',
      sellingPrice: '12.50',
    });
    ids.stock = stock.id;
    ids.client = (await created<ClientDto>('/api/clients', { name: 'Fuzz Trading Co' })).id;
    const order = await created<OrderDto>('/api/orders/manual', {
      clientName: 'Fuzz Trading Co',
      items: [{ itemName: 'Fuzz Basmati Rice 5kg', quantity: 2, unitPrice: '12.50', stockItemId: stock.id }],
    });
    ids.order = order.id;
    ids.orderItem = (await json<OrderItemDto[]>(await owner.get(`/api/orders/${order.id}/items`)))[0]!.id;
    ids.user = (
      await created<UserDto>('/api/users', {
        username: 'fuzzstaff',
        password: 'fuzz-staff-password',
        email: 'fuzzstaff@example.com',
        fullName: 'Fuzz Staff',
        role: 'staff',
        permissions: ['orders:read'],
      })
    ).id;
    const key = await created<CreatedApiKeyDto>('/api/api-keys', {
      name: 'fuzz partner',
      permissions: [...allApiKeyPermissions],
    });
    apiKey = key.key;
    // A low item and its reorder suggestion; a webhook endpoint (where the URL policy lets one be made).
    await created<StockItemDto>('/api/stock', {
      name: 'Fuzz Sugar 1kg',
      sku: 'FUZZ-SUGAR-1',
      unit: 'bag',
      quantity: 0,
      lowStockThreshold: 10,
      costPrice: '3.00',
      sellingPrice: '4.00',
    });
    await owner.post('/api/stock/generate-reorder-suggestions');
    const suggestions = await json<Array<{ suggestion: { id: string } }>>(
      await owner.get('/api/stock/reorder-suggestions'),
    );
    if (suggestions[0]) ids.suggestion = suggestions[0].suggestion.id;
    const hook = await owner.post('/api/webhooks', {
      url: 'https://hooks.example.com/fuzz',
      events: ['order.status_changed'],
    });
    if (hook.status === 201) ids.webhook = (await json<{ id: string }>(hook)).id;
  }

  /** The record a route changes by body, so a validation gap would show in the data. */
  function realId(route: string, param: string): string | undefined {
    if (param === 'itemId') return ids.orderItem;
    if (route.includes('/reorder-suggestions/')) return ids.suggestion;
    if (route.includes('/orders/')) return ids.order;
    if (route.includes('/stock/') || route.includes('/products/')) return ids.stock;
    if (route.includes('/users/')) return ids.user;
    if (route.includes('/webhooks/')) return ids.webhook;
    return undefined;
  }

  beforeAll(async () => {
    stack = await GatewayStack.start({
      API_RATE_LIMIT_PER_MINUTE: '1000000',
      // Every case comes from one address; the limit itself is tested in sign-in-limits.int-spec.ts.
      PUBLIC_WRITES_PER_IP: '1000000',
      BODY_LIMIT_BYTES: String(bodyLimitBytes),
    });
    owner = new HttpClient(stack.baseUrl);
    expect((await owner.login('owner', TEST_OWNER_PASSWORD)).status).toBe(200);
    await seedData();

    // Routes: the route table (what is served) × the reader the OpenAPI document is built with.
    const table = routeTable(stack.gateway).filter((route) => route.path.startsWith('/api/'));
    const shapes = new Map<string, RouteShape>(
      collectRoutes(
        stack.gateway.get(DiscoveryService),
        stack.gateway.get(MetadataScanner),
        stack.gateway.get(Reflector),
      ).map((shape) => [`${shape.method} ${shape.path}`, shape]),
    );
    const document = await json<OpenApiDocument>(await stack.fetch('/api/v1/openapi.json'));
    documentRoutes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );

    // Schemas: the partner API's from its document (what partners are told), the rest from the DTOs.
    const classes = new Map<string, Class>();
    const ownSchemas: Record<string, JsonSchema> = {};
    const refOf = (type: Class): JsonSchema => {
      if (!ownSchemas[type.name]) {
        classes.set(type.name, type);
        ownSchemas[type.name] = {};
        ownSchemas[type.name] = schemaFromClass(type, refOf);
      }
      return { $ref: `#/components/schemas/${type.name}` };
    };
    const refName = (schema: JsonSchema): string | undefined => schema.$ref?.split('/').pop();
    const resolve = (schema: JsonSchema): JsonSchema => {
      const name = refName(schema);
      if (!name) return schema;
      return document.components.schemas[name] ?? ownSchemas[name] ?? {};
    };
    routes = table.map((entry) => {
      const key = `${entry.method} ${entry.path}`;
      const shape = shapes.get(key);
      if (!shape) throw new Error(`The route reader does not see ${key}`);
      const caller: Caller =
        entry.access?.kind === 'api-key' ? 'api-key' : /logout/.test(entry.path) ? 'anonymous' : 'owner';
      let body: JsonSchema | null = shape.body ? resolve(refOf(shape.body)) : null;
      if (shape.body && entry.path.startsWith('/api/v1/')) {
        const operation = document.paths[entry.path.replace(/:(\w+)/g, '{$1}')]?.[entry.method.toLowerCase()];
        const fromDocument = operation?.requestBody?.content['application/json']?.schema;
        if (fromDocument) body = resolve(fromDocument);
      }
      const query = shape.query ? schemaFromClass(shape.query, refOf) : null;
      return { key, shape, caller, body, query };
    });

    const pipe = createValidationPipe({ edge: true });
    const context: GenerationContext = {
      rng: new SeededRandom(seed),
      resolve,
      classOf: (schema) => {
        const name = refName(schema);
        return name ? (classes.get(name) ?? null) : null;
      },
      check: async (kind, type, value) => {
        try {
          await pipe.transform(value, { type: kind, metatype: type, data: undefined });
          return null;
        } catch (error) {
          if (!(error instanceof AppException)) return ['(validator threw)'];
          const fields = (error.details as { fields?: FieldError[] } | undefined)?.fields ?? [];
          return fields.length > 0 ? fields.map((field) => field.field) : ['(body)'];
        }
      },
      realId,
      knownId: (field) => (field === 'stockItemId' ? ids.stock : field === 'clientId' ? ids.client : undefined),
      knownValue: (field) => knownValues[field],
      heavyRoutes,
      bodyLimitBytes,
    };
    cases = [];
    for (const route of routes) cases.push(...(await generateCases(route, context)));
    // The generator runs the validator in this process, beside the gateway: it must leave no trace.
    expect({}.constructor).toBe(Object);
    // FUZZ_FILTER=<text> replays only the cases whose "route kind (target)" contains it.
    const filter = process.env.FUZZ_FILTER;
    if (filter)
      cases = cases.filter((fuzzCase) => `${fuzzCase.route} ${fuzzCase.kind} (${fuzzCase.target})`.includes(filter));
  }, 120_000);

  afterAll(async () => {
    writeReport();
    await stack?.stop();
  });

  function writeReport(): void {
    const all = [...outcomes, ...uploadOutcomes];
    if (all.length === 0) return;
    type Tally = {
      cases: number;
      refused: number;
      accepted: number;
      statuses: Record<string, number>;
      codes: Record<string, number>;
    };
    const tally = (list: FuzzOutcome[]): Record<string, Tally> => {
      const byRoute: Record<string, Tally> = {};
      for (const outcome of list) {
        const entry = (byRoute[outcome.fuzzCase.route] ??= {
          cases: 0,
          refused: 0,
          accepted: 0,
          statuses: {},
          codes: {},
        });
        entry.cases += 1;
        if (outcome.status >= 400 && outcome.status < 500) entry.refused += 1;
        else if (outcome.status >= 200 && outcome.status < 400) entry.accepted += 1;
        entry.statuses[outcome.status] = (entry.statuses[outcome.status] ?? 0) + 1;
        if (outcome.code) entry.codes[outcome.code] = (entry.codes[outcome.code] ?? 0) + 1;
      }
      return byRoute;
    };
    const perRoute = tally(all);
    const statuses: Record<string, number> = {};
    const kinds: Record<string, { cases: number; ms: number }> = {};
    for (const outcome of all) {
      statuses[outcome.status] = (statuses[outcome.status] ?? 0) + 1;
      const family = (kinds[outcome.fuzzCase.kind] ??= { cases: 0, ms: 0 });
      family.cases += 1;
      family.ms += outcome.ms;
    }
    const report = {
      generatedAt: new Date().toISOString(),
      seed,
      concurrency,
      durationMs: Date.now() - startedAt,
      routes: Object.keys(perRoute).length,
      cases: all.length,
      uploadCases: uploadOutcomes.length,
      serverErrors: all.filter((outcome) => outcome.status >= 500).length,
      noAnswer: all.filter((outcome) => outcome.status === 0).length,
      violations: all.filter((outcome) => outcome.problems.length > 0).map(describeFailure),
      statuses,
      kinds,
      dataChecks,
      uploads: tally(uploadOutcomes),
      perRoute,
    };
    mkdirSync(dirname(reportFile), { recursive: true });
    writeFileSync(reportFile, `${JSON.stringify(report, null, 2)}\n`);
  }

  /**
   * The data once background work (jobs of the seeding, webhook retries) has settled: two
   * snapshots 250 ms apart that agree, so a change seen later is the phase's own.
   */
  async function settledData(): Promise<DataSnapshot> {
    const take = (): Promise<DataSnapshot> =>
      snapshotData(stack.environment.database, stack.environment.env.ERP_DATA_DIR!);
    let last = await take();
    for (let attempt = 0; attempt < 20; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const next = await take();
      if (changedData(last, next).length === 0) return next;
      last = next;
    }
    return last;
  }

  async function runPhase(phase: string, selected: FuzzCase[], checkData: boolean): Promise<string[]> {
    const before: DataSnapshot | null = checkData ? await settledData() : null;
    const results = await pool(selected, concurrency, send);
    outcomes.push(...results);
    // FUZZ_VERBOSE=1 prints every case with its answer (with FUZZ_FILTER, to replay one).
    if (process.env.FUZZ_VERBOSE) for (const outcome of results) console.log(describeFailure(outcome));
    const failures = results.filter((outcome) => outcome.problems.length > 0).map(describeFailure);
    if (before) {
      const after = await settledData();
      const changed = changedData(before, after);
      dataChecks.push({ phase, cases: selected.length, tables: Object.keys(after.tables).length, changed });
      failures.push(...changed.map((change) => `[seed ${seed}] ${phase} changed data: ${change}`));
    }
    return failures;
  }

  it('covers every /api route of the route table and every operation of the OpenAPI document', () => {
    const keys = routes.map((route) => route.key);
    const partnerRoutes = keys.filter((key) => key.includes(' /api/v1/') && key !== 'GET /api/v1/openapi.json');
    expect(partnerRoutes.sort()).toEqual([...documentRoutes].sort());
    const uncovered = keys.filter((key) => !cases.some((fuzzCase) => fuzzCase.route === key));
    expect(uncovered).toEqual([]);
    expect(routes.filter((route) => route.shape.body && !route.body).map((route) => route.key)).toEqual([]);
  });

  it('refuses every invalid request with a 4xx in the contract’s shape, and changes no data', async () => {
    const refused = cases.filter((fuzzCase) => fuzzCase.expect === 'refused');
    if (!process.env.FUZZ_FILTER) expect(refused.length).toBeGreaterThan(1000);
    expect(await runPhase('refused cases', refused, true)).toEqual([]);
  }, 120_000);

  // Uploads before the cases that may succeed: the background work those start (webhook
  // retries) would blur this data check.
  it('refuses wrong magic bytes, polyglots, decompression bombs, empty files, bad base64, lying data URLs and flooded data URL headers with a clear 4xx', async () => {
    const uploadCases: FuzzCase[] = [];
    const files = hostileFiles();
    for (const target of uploadRoutes) {
      const add = (kind: string, value: string, expectStatus?: number): void => {
        uploadCases.push({
          route: target.route,
          kind,
          target: target.field,
          method: 'POST',
          url: target.url,
          body: JSON.stringify({ [target.field]: value }),
          contentType: 'application/json',
          caller: 'owner',
          expect: 'refused',
          expectStatus,
        });
      };
      for (const [kind, bytes] of Object.entries(files)) {
        // A logo may be an SVG: one with a script is sanitised and kept (the next test).
        if (kind === 'svg-with-script' && target.route.endsWith('upload-logo')) continue;
        add(`file-${kind}`, `data:${target.declared};base64,${bytes.toString('base64')}`);
        add(`file-${kind}-bare-base64`, bytes.toString('base64'));
      }
      add('zero-byte-file', `data:${target.declared};base64,`, 400);
      add('zero-byte-bare', '', 400);
      add('invalid-base64-symbols', `data:${target.declared};base64,@@@@!!!!`, 400);
      add('invalid-base64-length', `data:${target.declared};base64,AAAAA`, 400);
      add('invalid-base64-unicode', `data:${target.declared};base64,ضضضض`, 400);
      add('data-url-not-base64', `data:${target.declared},<html></html>`, 400);
      for (const [kind, value] of Object.entries(hostileDataUrls(target.declared))) add(kind, value, 400);
      add(
        'data-url-lies-png-is-html',
        `data:image/png;base64,${Buffer.from('<html><script>alert(1)</script></html>').toString('base64')}`,
      );
      add('data-url-lies-pdf-is-zip', `data:application/pdf;base64,${files['zip-bytes']!.toString('base64')}`);
      add(
        'over-the-size-limit',
        `data:${target.declared};base64,${Buffer.alloc(target.maxBytes + 1024).toString('base64')}`,
        413,
      );
    }
    const before = await settledData();
    const results = await pool(uploadCases, 4, send);
    uploadOutcomes.push(...results);
    const after = await settledData();
    const changed = changedData(before, after);
    dataChecks.push({
      phase: 'refused uploads',
      cases: uploadCases.length,
      tables: Object.keys(after.tables).length,
      changed,
    });
    expect([...results.filter((outcome) => outcome.problems.length > 0).map(describeFailure), ...changed]).toEqual([]);
  }, 60_000);

  it('answers every other request without a 5xx, a stack trace or internals, and takes what careful clients send', async () => {
    const others = cases.filter((fuzzCase) => fuzzCase.expect === 'any' || fuzzCase.expect === 'accepted');
    // CONTRACT §9's cases (empty JSON bodies, cache busters, tracking tags, computed fields sent back).
    if (!process.env.FUZZ_FILTER)
      expect(others.filter((fuzzCase) => fuzzCase.expect === 'accepted').length).toBeGreaterThan(60);
    expect(await runPhase('other cases', others, false)).toEqual([]);
  }, 120_000);

  it('takes an SVG logo with a script only once the script is gone (CONTRACT §6: sanitised)', async () => {
    const svg = hostileFiles()['svg-with-script']!;
    const [outcome] = await pool(
      [
        {
          route: 'POST /api/settings/upload-logo',
          kind: 'file-svg-with-script',
          target: 'imageBase64',
          method: 'POST',
          url: '/api/settings/upload-logo',
          body: JSON.stringify({ imageBase64: `data:image/svg+xml;base64,${svg.toString('base64')}` }),
          contentType: 'application/json',
          caller: 'owner',
          expect: 'any',
        },
      ],
      1,
      send,
    );
    uploadOutcomes.push(outcome!);
    expect(outcome!.problems).toEqual([]);
    expect(outcome!.status).toBe(200);
    const { logoUrl } = await json<{ logoUrl: string }>(await owner.get('/api/settings'));
    expect(logoUrl).toMatch(/\.svg$/);
    expect(await (await stack.fetch(logoUrl)).text()).not.toMatch(/<script|alert\(/i);
  }, 60_000);
});
