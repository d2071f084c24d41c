import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../src/auth/route-table.js';
import { GatewayStack } from './gateway-stack.js';

interface Operation {
  summary?: string;
  description?: string;
  'x-permission'?: string;
  security?: unknown[];
  parameters?: Array<{
    name: string;
    in: string;
    required?: boolean;
    example?: unknown;
    schema?: Record<string, unknown>;
  }>;
  requestBody?: {
    content: Record<string, { schema: Schema; examples?: Record<string, { value: unknown }> }>;
  };
  responses: Record<
    string,
    { content?: Record<string, { schema: unknown; examples?: Record<string, { value: unknown }> }> }
  >;
}

interface Schema {
  $ref?: string;
  required?: string[];
  properties: Record<string, Schema>;
  items: Schema;
  enum?: unknown[];
  [keyword: string]: unknown;
}

interface Document {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, { post: Operation }>;
  components: {
    securitySchemes: Record<string, Record<string, unknown>>;
    schemas: Record<string, Schema>;
  };
}

describe('GET /api/v1/openapi.json', () => {
  let stack: GatewayStack;
  let document: Document;
  let response: Response;

  beforeAll(async () => {
    stack = await GatewayStack.start();
    response = await stack.fetch('/api/v1/openapi.json');
    document = (await response.json()) as Document;
  });

  afterAll(async () => {
    await stack?.stop();
  });

  /** A $ref resolved within the document. */
  function resolve(schema: Schema): Schema {
    if (typeof schema.$ref !== 'string') return schema;
    return document.components.schemas[schema.$ref.replace('#/components/schemas/', '')]!;
  }

  it('is served without a key, as plain JSON without the envelope', () => {
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(document).not.toHaveProperty('success');
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info).toMatchObject({ title: expect.any(String), version: '1' });
    expect(document.info.description).toContain('X-API-Key');
    expect(document.servers).toEqual([{ url: '/' }]);
    expect(document.components.securitySchemes.ApiKeyHeader).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-API-Key',
    });
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('answers the same cached document again', async () => {
    const again = await (await stack.fetch('/api/v1/openapi.json')).json();
    expect(again).toEqual(document);
  });

  it('has every API-key route with its method, permission, security and examples', () => {
    const routes = routeTable(stack.gateway).filter((route) => route.access?.kind === 'api-key');
    expect(routes.length).toBeGreaterThanOrEqual(6);
    const documented: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of Object.keys(item)) documented.push(`${method.toUpperCase()} ${path}`);
    }
    expect(documented.sort()).toEqual(
      routes.map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`).sort(),
    );
    for (const route of routes) {
      const operation = document.paths[route.path.replace(/:(\w+)/g, '{$1}')]![route.method.toLowerCase()]!;
      const permission = route.access?.kind === 'api-key' ? route.access.permission : '';
      expect(operation['x-permission'], `${route.method} ${route.path}`).toBe(permission);
      expect(operation.description).toContain(permission);
      expect(operation.summary).toBeTruthy();
      expect(operation.security).toEqual([{ ApiKeyHeader: [] }, { bearer: [] }]);
      const success = operation.responses[route.method === 'POST' ? '201' : '200']!;
      if (route.path.endsWith('/pdf')) {
        // A file is answered as it is; only its errors are the envelope.
        expect(success.content).toEqual({ 'application/pdf': { schema: { type: 'string', format: 'binary' } } });
      } else {
        expect(success.content?.['application/json']?.examples?.example?.value).toMatchObject({ success: true });
      }
      for (const status of ['400', '401', '403', '429']) expect(operation.responses).toHaveProperty(status);
      if (route.path.includes(':id')) {
        expect(operation.responses).toHaveProperty('404');
        expect(operation.parameters).toContainEqual(
          expect.objectContaining({ name: 'id', in: 'path', required: true }),
        );
      }
      if (operation.requestBody) {
        expect(operation.requestBody.content['application/json']?.examples?.example?.value).toBeDefined();
      }
    }
  });

  it('takes the POST /orders body from V1CreateOrderDto', () => {
    const operation = document.paths['/api/v1/orders']!.post!;
    const body = resolve(operation.requestBody!.content['application/json']!.schema);
    expect(body.required).toEqual(expect.arrayContaining(['clientName', 'items']));
    expect(body.required).not.toContain('notes');
    expect(body.properties.clientName).toMatchObject({ type: 'string', minLength: 1, maxLength: 200 });
    expect(body.properties.items).toMatchObject({ type: 'array', minItems: 1 });
    const item = resolve(body.properties.items.items);
    expect(item.required).toEqual(expect.arrayContaining(['name', 'quantity']));
    // A linked line may leave its price to the client's price list or the unit's own (CONTRACT §10).
    expect(item.required).not.toContain('unitPrice');
    expect(item.properties.quantity).toMatchObject({ exclusiveMinimum: 0 });
    expect(item.properties.unitPrice).toMatchObject({ minimum: 0 });
    expect(item.properties.stockItemId).toMatchObject({ type: 'string', format: 'uuid' });
    expect(document.paths['/api/v1/orders']!.get!.parameters).toContainEqual(
      expect.objectContaining({ name: 'updatedSince', schema: expect.objectContaining({ format: 'date-time' }) }),
    );
    expect(operation.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }));
    expect(operation.responses).toHaveProperty('409');
  });

  it('takes query parameters and bodies of the other routes from their DTOs', () => {
    const list = document.paths['/api/v1/products']!.get!;
    expect(list.parameters).toContainEqual(
      expect.objectContaining({
        name: 'limit',
        in: 'query',
        required: false,
        schema: expect.objectContaining({ type: 'integer', minimum: 1, maximum: 1000, default: 100 }),
      }),
    );
    expect(list.parameters).toContainEqual(
      expect.objectContaining({ name: 'include', schema: expect.objectContaining({ enum: ['batches'] }) }),
    );
    const orders = document.paths['/api/v1/orders']!.get!;
    expect(orders.parameters).toContainEqual(
      expect.objectContaining({
        name: 'status',
        schema: expect.objectContaining({ enum: ['pending', 'confirmed', 'completed', 'cancelled'] }),
      }),
    );
    const stock = resolve(
      document.paths['/api/v1/products/{id}/stock']!.patch!.requestBody!.content['application/json']!.schema,
    );
    expect(stock).toMatchObject({ required: ['quantity'], properties: { quantity: { type: 'integer', minimum: 0 } } });
    const update = resolve(
      document.paths['/api/v1/products/{id}']!.patch!.requestBody!.content['application/json']!.schema,
    );
    expect(update.properties).not.toHaveProperty('quantity');
    expect(update.properties.unit.enum).toContain('kg');
    expect(update.required ?? []).toEqual([]);
  });

  it('describes the invoice routes: invoices:read, customer invoices and credit notes only, days as dates', () => {
    const list = document.paths['/api/v1/invoices']!.get!;
    expect(list['x-permission']).toBe('invoices:read');
    const parameter = (name: string) => list.parameters?.find((candidate) => candidate.name === name);
    expect(parameter('type')?.schema).toMatchObject({ type: 'string', enum: ['customer', 'credit_note'] });
    expect(parameter('paymentStatus')?.schema).toMatchObject({
      enum: ['unpaid', 'partially_paid', 'paid', 'credited'],
    });
    expect(parameter('clientId')?.schema).toMatchObject({ type: 'string', format: 'uuid' });
    expect(parameter('orderId')?.schema).toMatchObject({ type: 'string', format: 'uuid' });
    expect(parameter('from')?.schema).toMatchObject({ type: 'string', format: 'date' });
    expect(parameter('to')?.schema).toMatchObject({ type: 'string', format: 'date' });
    expect(parameter('withTotal')?.schema).toMatchObject({ type: 'boolean' });
    expect(parameter('limit')?.schema).toMatchObject({ minimum: 1, maximum: 1000, default: 100 });
    const envelope = list.responses['200']!.content!['application/json']!.schema as Schema;
    const invoice = envelope.properties.data.items;
    expect(invoice.properties.type!.enum).toEqual(['customer', 'credit_note']);
    expect(invoice.required).toEqual(expect.arrayContaining(['balanceDue', 'paymentStatus', 'dueDate', 'overdue']));
    expect(Object.keys(invoice.properties)).not.toContain('supplierName');
    const example = list.responses['200']!.content!['application/json']!.examples!.example!.value as {
      data: Array<Record<string, unknown>>;
    };
    for (const entry of example.data) expect(Object.keys(entry).sort()).toEqual(invoice.required!.slice().sort());

    const payments = document.paths['/api/v1/invoices/{id}/payments']!.get!;
    const payment = (payments.responses['200']!.content!['application/json']!.schema as Schema).properties.data.items;
    expect(payment.properties).toHaveProperty('deletedAt');
    expect(payment.properties).not.toHaveProperty('createdBy');
    for (const path of ['/api/v1/invoices/{id}', '/api/v1/invoices/{id}/payments', '/api/v1/invoices/{id}/pdf']) {
      expect(document.paths[path]!.get!['x-permission'], path).toBe('invoices:read');
    }
  });

  it('describes the webhooks with their signature headers', () => {
    expect(Object.keys(document.webhooks).sort()).toEqual([
      'credit_note.issued',
      'invoice.paid',
      'order.status_changed',
      'product.stock_changed',
    ]);
    for (const webhook of Object.values(document.webhooks)) {
      expect(webhook.post.parameters?.map((parameter) => parameter.name)).toEqual(
        expect.arrayContaining(['X-ERP-Signature', 'X-ERP-Timestamp', 'X-ERP-Delivery', 'X-ERP-Event']),
      );
      expect(webhook.post.requestBody?.content['application/json']?.examples?.example?.value).toBeDefined();
    }
  });
});
