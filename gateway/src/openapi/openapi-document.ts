import { orderStatuses, webhookEventPermission, WebhookEventType, type ApiKeyPermission } from '@erp/contracts';
import { RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import type { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { ACCESS_KEY, type Access } from '../auth/access.decorators.js';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { schemaFromClass, type JsonSchema } from './schema-from-class.js';
import { v1Operations, type OperationDescriptor } from './v1-operations.js';

type Class = new () => object;

/** One /api handler as Nest registered it, with what its parameters read. */
export interface RouteShape {
  method: string;
  /** Nest's form, /api/orders/:id. */
  path: string;
  access: Access | null;
  body: Class | null;
  query: Class | null;
  /** Path parameters: name and whether ParseIdPipe (a uuid) guards it. */
  params: Array<{ name: string; uuid: boolean }>;
  headers: string[];
}

/** One /api/v1 handler: an API-key route. */
export interface V1Route extends RouteShape {
  permission: ApiKeyPermission;
}

interface RouteArg {
  index: number;
  data?: unknown;
  pipes?: unknown[];
}

const serverPaths = new Set(['/health', '/ready', '/metrics']);

function join(...parts: string[]): string {
  return `/${parts
    .flatMap((part) => part.split('/'))
    .filter(Boolean)
    .join('/')}`;
}

/** The DTO class Nest's ValidationPipe validates for an argument (design:paramtypes), if it is one. */
function dtoClass(paramtypes: unknown[], index: number): Class | null {
  const type = paramtypes[index];
  return typeof type === 'function' && type !== Object && type !== String && type !== Number ? (type as Class) : null;
}

/**
 * Every route of the gateway under /api, read from Nest's metadata: the controller and handler
 * paths and methods, the declared access, and from ROUTE_ARGS_METADATA + design:paramtypes the
 * classes of @Body() and @Query() and the names of @Param()/@Headers(). The OpenAPI document
 * and the fuzz test (gateway/test/fuzz.int-spec.ts) both read routes through this.
 */
export function collectRoutes(
  discovery: DiscoveryService,
  scanner: MetadataScanner,
  reflector: Reflector,
): RouteShape[] {
  const routes: RouteShape[] = [];
  for (const wrapper of discovery.getControllers()) {
    const type = wrapper.metatype as Type | undefined;
    if (!type || !wrapper.instance) continue;
    const base = String(reflector.get<string>(PATH_METADATA, type) ?? '');
    const prototype = Object.getPrototypeOf(wrapper.instance) as Record<string, unknown>;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[name] as (...args: unknown[]) => unknown;
      const subs = reflector.get<string | string[] | undefined>(PATH_METADATA, handler);
      const method = reflector.get<RequestMethod | undefined>(METHOD_METADATA, handler);
      if (subs === undefined || method === undefined) continue;
      const access = reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, [handler, type]) ?? null;
      const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, type, name) ?? {}) as Record<string, RouteArg>;
      const paramtypes = (Reflect.getMetadata('design:paramtypes', prototype, name) ?? []) as unknown[];
      const route: Omit<RouteShape, 'path'> = {
        method: RequestMethod[method],
        access,
        body: null,
        query: null,
        params: [],
        headers: [],
      };
      for (const [key, arg] of Object.entries(args)) {
        const kind = Number(key.split(':')[0]);
        if (kind === RouteParamtypes.BODY && arg.data === undefined) route.body = dtoClass(paramtypes, arg.index);
        else if (kind === RouteParamtypes.QUERY && arg.data === undefined)
          route.query = dtoClass(paramtypes, arg.index);
        else if (kind === RouteParamtypes.PARAM && typeof arg.data === 'string') {
          route.params.push({ name: arg.data, uuid: (arg.pipes ?? []).includes(ParseIdPipe) });
        } else if (kind === RouteParamtypes.HEADERS && typeof arg.data === 'string') route.headers.push(arg.data);
      }
      for (const sub of Array.isArray(subs) ? subs : [subs]) {
        const path = join(base, sub);
        // /health, /ready and /metrics sit outside the global /api prefix (create-gateway-app.ts).
        if (!serverPaths.has(path)) routes.push({ ...route, path: join('api', path) });
      }
    }
  }
  return routes;
}

/** Every API-key route of the gateway (the partner API), as the OpenAPI document describes them. */
export function collectV1Routes(
  discovery: DiscoveryService,
  scanner: MetadataScanner,
  reflector: Reflector,
): V1Route[] {
  return collectRoutes(discovery, scanner, reflector).flatMap((route) =>
    route.access?.kind === 'api-key' && route.path.startsWith('/api/v1/')
      ? [{ ...route, permission: route.access.permission }]
      : [],
  );
}

/** `idempotency-key` → `Idempotency-Key`. */
const headerName = (name: string): string =>
  name.replace(/(^|-)([a-z])/g, (_all, dash: string, letter: string) => dash + letter.toUpperCase());

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
});

function errorExample(code: string, error: string, details?: unknown) {
  return { success: false, error, code, ...(details === undefined ? {} : { details }) };
}

export interface OpenApiOptions {
  rateLimitPerMinute: number;
  idempotencyTtlSeconds: number;
}

/** OpenAPI 3.1 of the partner API, generated from the running app's routes and DTO classes. */
export function buildOpenApiDocument(routes: V1Route[], options: OpenApiOptions): Record<string, unknown> {
  const schemas: Record<string, JsonSchema> = {};
  const refOf = (type: Class): JsonSchema => {
    if (!schemas[type.name]) {
      schemas[type.name] = {}; // claims the name before recursing (self-references)
      schemas[type.name] = schemaFromClass(type, refOf);
    }
    return { $ref: `#/components/schemas/${type.name}` };
  };

  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const key = `${route.method} ${route.path}`;
    const descriptor: OperationDescriptor | undefined = v1Operations[key];
    const openPath = route.path.replace(/:(\w+)/g, '{$1}');
    const parameters: unknown[] = [];
    for (const param of route.params) {
      parameters.push({
        name: param.name,
        in: 'path',
        required: true,
        schema: param.uuid ? { type: 'string', format: 'uuid' } : { type: 'string' },
        ...(param.uuid ? { description: 'The id (a UUID); a malformed id is a 404.' } : {}),
      });
    }
    if (route.query) {
      const schema = schemaFromClass(route.query, refOf);
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        const { description, ...rest } = property;
        parameters.push({
          name,
          in: 'query',
          required: schema.required?.includes(name) ?? false,
          ...(description ? { description } : {}),
          schema: rest,
          ...(descriptor?.queryExample?.[name] !== undefined ? { example: descriptor.queryExample[name] } : {}),
        });
      }
    }
    for (const header of route.headers) {
      parameters.push({
        name: headerName(header),
        in: 'header',
        required: false,
        description: descriptor?.headers?.[header] ?? '',
        schema: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[\\x21-\\x7e]+$' },
        example: '2f1c6f3e-8b1a-4d7e-9c55-0a6f1e2d3c4b',
      });
    }
    let requestBody: unknown;
    if (route.body) {
      const omit = descriptor?.omitBodyProperties ?? [];
      const ref = omit.length > 0 ? schemaFromClass(route.body, refOf, omit) : refOf(route.body);
      requestBody = {
        required: true,
        content: {
          'application/json': {
            schema: ref,
            ...(descriptor?.requestExample !== undefined
              ? { examples: { example: { value: descriptor.requestExample } } }
              : {}),
          },
        },
      };
    }
    const success = route.method === 'POST' ? '201' : '200';
    const dataSchema: JsonSchema = descriptor?.list
      ? { type: 'array', items: descriptor.data }
      : (descriptor?.data ?? {});
    const envelope: JsonSchema = {
      type: 'object',
      properties: {
        success: { type: 'boolean', enum: [true] },
        data: dataSchema,
        ...(descriptor?.list
          ? {
              count: { type: 'integer', description: 'The number of entries in data.' },
              hasMore: { type: 'boolean', description: 'Whether another page follows.' },
              total: { type: 'integer', description: 'The number that match; only with withTotal=true.' },
            }
          : {}),
      },
      required: ['success', 'data', ...(descriptor?.list ? ['count', 'hasMore'] : [])],
    };
    const file = descriptor?.file;
    const responses: Record<string, unknown> = {
      [success]: file
        ? {
            description: file.description,
            headers: {
              'Content-Disposition': {
                description: 'attachment; filename="…": the name to save the file under.',
                schema: { type: 'string' },
              },
            },
            content: { [file.contentType]: { schema: { type: 'string', format: 'binary' } } },
          }
        : {
            description: route.method === 'POST' ? 'Created.' : 'OK.',
            content: {
              'application/json': {
                schema: envelope,
                ...(descriptor ? { examples: { example: { value: descriptor.responseExample } } } : {}),
              },
            },
          },
      '400': {
        ...errorResponse('Validation failed: the message names the field.'),
      },
      '401': errorResponse('Missing, invalid, expired or revoked API key.'),
      '403': errorResponse(`The key lacks the ${route.permission} permission.`),
      ...(route.params.length > 0 ? { '404': errorResponse('No such resource.') } : {}),
      ...(descriptor?.conflict ? { '409': errorResponse(descriptor.conflict) } : {}),
      '429': {
        ...errorResponse(`More than ${options.rateLimitPerMinute} requests a minute with this key.`),
        headers: { 'Retry-After': { description: 'Seconds until the window resets.', schema: { type: 'integer' } } },
      },
    };
    paths[openPath] ??= {};
    paths[openPath][route.method.toLowerCase()] = {
      operationId: `${route.method.toLowerCase()}${openPath.replace(/[^A-Za-z0-9]+(\w)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
      tags: [descriptor?.tag ?? 'Other'],
      summary: descriptor?.summary ?? `${route.method} ${openPath}`,
      description:
        `${descriptor?.description ?? ''}\n\nRequires an API key with the \`${route.permission}\` permission.`.trim(),
      'x-permission': route.permission,
      security: [{ ApiKeyHeader: [] }, { bearer: [] }],
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses,
    };
  }

  const signatureHeaders = [
    { name: 'X-ERP-Event', description: 'The event’s type.' },
    { name: 'X-ERP-Delivery', description: 'The delivery’s id: one per event and endpoint, the same on every retry.' },
    { name: 'X-ERP-Timestamp', description: 'Unix seconds when this attempt was signed.' },
    {
      name: 'X-ERP-Signature',
      description: '`sha256=` + hex HMAC-SHA256 of `"<X-ERP-Timestamp>.<raw body>"` with the endpoint’s secret.',
    },
  ].map((header) => ({ in: 'header', required: true, schema: { type: 'string' }, ...header }));

  const webhook = (type: string, summary: string, data: JsonSchema, example: unknown) => ({
    post: {
      summary,
      description: `${summary} Needs the ${webhookEventPermission[type as WebhookEventType]} permission to subscribe. Verify X-ERP-Signature over the raw body with a constant-time comparison and refuse timestamps more than 5 minutes off. Answer 2xx within 10 s; failures are retried 8 times with exponential backoff, and a delivery can repeat (drop an id already handled).`,
      'x-permission': webhookEventPermission[type as WebhookEventType],
      parameters: signatureHeaders,
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: {
                id: { type: 'string', format: 'uuid', description: 'The event; the same on every retry.' },
                type: { type: 'string', enum: [type] },
                createdAt: { type: 'string', format: 'date-time' },
                data,
              },
              required: ['id', 'type', 'createdAt', 'data'],
            },
            examples: { example: { value: example } },
          },
        },
      },
      responses: { '2XX': { description: 'Delivered. Anything else (or no answer within 10 s) is retried.' } },
    },
  });

  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    info: {
      title: 'Gulf ERP partner API',
      version: '1',
      description: [
        'Products, stock, orders, invoices and payments of Gulf ERP for your systems.',
        'Authenticate with an API key (created under Settings → API keys) in the X-API-Key header or as Authorization: Bearer <key>. Each key carries permissions; a route needs the one it names.',
        `Each key may make ${options.rateLimitPerMinute} requests a minute; over that the answer is 429 with Retry-After.`,
        'Every answer is the envelope { success, data?, error?, code?, details?, count?, hasMore?, total? }; lists carry count and hasMore, and total with withTotal=true.',
        `POST /api/v1/orders accepts an Idempotency-Key header: a retry with the same key and body within ${options.idempotencyTtlSeconds / 3600} hours answers the first order.`,
        'Money is a decimal string with 2 places; quantities are numbers with up to 3 decimals.',
      ].join('\n\n'),
      'x-rate-limit-per-minute': options.rateLimitPerMinute,
      'x-idempotency-ttl-seconds': options.idempotencyTtlSeconds,
    },
    servers: [{ url: '/' }],
    tags: [
      { name: 'Products', description: 'The catalogue and its stock.' },
      { name: 'Orders', description: 'Orders from your systems.' },
      { name: 'Invoices', description: 'Customer invoices, credit notes, their payments and PDFs.' },
    ],
    security: [{ ApiKeyHeader: [] }, { bearer: [] }],
    paths,
    webhooks: {
      [WebhookEventType.OrderStatusChanged]: webhook(
        WebhookEventType.OrderStatusChanged,
        'An order’s status changed.',
        {
          type: 'object',
          properties: {
            orderId: { type: 'string', format: 'uuid' },
            orderNumber: { type: 'string' },
            status: { type: 'string', enum: [...orderStatuses] },
            previousStatus: { type: 'string', enum: [...orderStatuses] },
            totalAmount: { type: 'string' },
            changedAt: { type: 'string', format: 'date-time' },
          },
          required: ['orderId', 'orderNumber', 'status', 'previousStatus', 'totalAmount', 'changedAt'],
        },
        {
          id: '3b0f7c1e-6a0d-4b7e-9a51-2f0c8d5e1a77',
          type: 'order.status_changed',
          createdAt: '2026-03-04T10:15:02.118Z',
          data: {
            orderId: '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d',
            orderNumber: 'ORD-2026-000042',
            status: 'confirmed',
            previousStatus: 'pending',
            totalAmount: '1234.50',
            changedAt: '2026-03-04T10:15:02.118Z',
          },
        },
      ),
      [WebhookEventType.ProductStockChanged]: webhook(
        WebhookEventType.ProductStockChanged,
        'A product’s quantity on hand changed.',
        {
          type: 'object',
          properties: {
            productId: { type: 'string', format: 'uuid' },
            sku: { type: 'string' },
            quantity: { type: 'number' },
            previousQuantity: { type: 'number' },
            reason: {
              type: 'string',
              enum: ['initial', 'adjustment', 'order', 'order-put-back', 'order-return', 'receipt'],
            },
            reference: { type: ['string', 'null'], description: 'The order’s or receipt’s id, when one caused it.' },
            changedAt: { type: 'string', format: 'date-time' },
          },
          required: ['productId', 'sku', 'quantity', 'previousQuantity', 'reason', 'reference', 'changedAt'],
        },
        {
          id: '7c2d9e4f-1a3b-4c5d-8e6f-0a1b2c3d4e5f',
          type: 'product.stock_changed',
          createdAt: '2026-03-04T10:15:02.131Z',
          data: {
            productId: '5f0c2a7e-1b3d-4c8e-9f10-2a3b4c5d6e7f',
            sku: 'RICE-5KG',
            quantity: 7,
            previousQuantity: 10,
            reason: 'order',
            reference: '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d',
            changedAt: '2026-03-04T10:15:02.131Z',
          },
        },
      ),
      [WebhookEventType.InvoicePaid]: webhook(
        WebhookEventType.InvoicePaid,
        'A payment left nothing to pay on a customer invoice.',
        {
          type: 'object',
          properties: {
            invoiceId: { type: 'string', format: 'uuid' },
            invoiceNumber: { type: 'string' },
            orderId: { type: ['string', 'null'], format: 'uuid' },
            orderNumber: { type: ['string', 'null'] },
            clientId: { type: ['string', 'null'], format: 'uuid' },
            totalAmount: { type: 'string', description: 'VAT included, 2 decimals.' },
            paidAmount: { type: 'string' },
            creditedAmount: { type: 'string', description: 'What credit notes took off before it was paid.' },
            paymentId: { type: 'string', format: 'uuid', description: 'The payment that settled it.' },
            paidAt: { type: 'string', format: 'date-time' },
          },
          required: [
            'invoiceId',
            'invoiceNumber',
            'orderId',
            'orderNumber',
            'clientId',
            'totalAmount',
            'paidAmount',
            'creditedAmount',
            'paymentId',
            'paidAt',
          ],
        },
        {
          id: '0d4e8a2b-5c6f-4a1b-9e3d-7f8a9b0c1d2e',
          type: 'invoice.paid',
          createdAt: '2026-03-20T08:02:11.402Z',
          data: {
            invoiceId: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f',
            invoiceNumber: 'INV-2026-000042',
            orderId: '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d',
            orderNumber: 'ORD-2026-000042',
            clientId: '4b5c6d7e-8f9a-4b0c-8d1e-2f3a4b5c6d7e',
            totalAmount: '1419.68',
            paidAmount: '1419.68',
            creditedAmount: '0.00',
            paymentId: '6e7f8a9b-0c1d-4e2f-8a3b-4c5d6e7f8a9b',
            paidAt: '2026-03-20T08:02:11.000Z',
          },
        },
      ),
      [WebhookEventType.CreditNoteIssued]: webhook(
        WebhookEventType.CreditNoteIssued,
        'A credit note undid (part of) a customer invoice.',
        {
          type: 'object',
          properties: {
            creditNoteId: { type: 'string', format: 'uuid' },
            creditNoteNumber: { type: 'string', description: 'CN-YYYY-NNNNNN' },
            originalInvoiceId: { type: 'string', format: 'uuid' },
            originalInvoiceNumber: { type: 'string' },
            orderId: { type: ['string', 'null'], format: 'uuid' },
            orderNumber: { type: ['string', 'null'] },
            clientId: { type: ['string', 'null'], format: 'uuid' },
            reason: { type: 'string', enum: ['order_cancelled', 'order_reopened', 'goods_returned'] },
            totalAmount: { type: 'string', description: 'The credit note’s total, VAT included.' },
            issuedAt: { type: 'string', format: 'date-time' },
          },
          required: [
            'creditNoteId',
            'creditNoteNumber',
            'originalInvoiceId',
            'originalInvoiceNumber',
            'orderId',
            'orderNumber',
            'clientId',
            'reason',
            'totalAmount',
            'issuedAt',
          ],
        },
        {
          id: '1e2f3a4b-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
          type: 'credit_note.issued',
          createdAt: '2026-03-21T11:40:09.917Z',
          data: {
            creditNoteId: '8a9b0c1d-2e3f-4a4b-9c5d-6e7f8a9b0c1d',
            creditNoteNumber: 'CN-2026-000007',
            originalInvoiceId: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f',
            originalInvoiceNumber: 'INV-2026-000042',
            orderId: '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d',
            orderNumber: 'ORD-2026-000042',
            clientId: '4b5c6d7e-8f9a-4b0c-8d1e-2f3a4b5c6d7e',
            reason: 'order_cancelled',
            totalAmount: '1419.68',
            issuedAt: '2026-03-21T11:40:09.911Z',
          },
        },
      ),
    },
    components: {
      securitySchemes: {
        ApiKeyHeader: {
          type: 'apiKey',
          in: 'header',
          name: 'X-API-Key',
          description: 'wsk_… key from Settings → API keys.',
        },
        bearer: { type: 'http', scheme: 'bearer', description: 'The same key as Authorization: Bearer wsk_….' },
      },
      schemas: {
        ...schemas,
        ErrorEnvelope: {
          type: 'object',
          properties: {
            success: { type: 'boolean', enum: [false] },
            error: { type: 'string', description: 'What went wrong, in English.' },
            code: { type: 'string', description: 'A stable code, e.g. VALIDATION_FAILED.' },
            details: { description: 'More about the error, e.g. the fields or the missing permission.' },
          },
          required: ['success', 'error', 'code'],
          examples: [
            errorExample('FORBIDDEN', 'This API key lacks the orders:write permission', { permission: 'orders:write' }),
          ],
        },
      },
    },
  };
}
