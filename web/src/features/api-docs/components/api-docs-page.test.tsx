import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { serveApi } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import type { OpenApiDocument } from '../lib/openapi';
import { ApiDocsPage } from './api-docs-page';

/** A trimmed document of the shape GET /api/v1/openapi.json answers (gateway/src/openapi). */
const document: OpenApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'Gulf ERP partner API',
    version: '1',
    'x-rate-limit-per-minute': 600,
    'x-idempotency-ttl-seconds': 86_400,
  },
  paths: {
    '/api/v1/orders': {
      post: {
        operationId: 'postApiV1Orders',
        tags: ['Orders'],
        summary: 'Create an order',
        description: 'Creates a pending order.\n\nRequires an API key with the `orders:write` permission.',
        'x-permission': 'orders:write',
        parameters: [
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: false,
            description: 'Makes a retry safe.',
            schema: { type: 'string' },
            example: 'abc-123',
          },
        ],
        requestBody: {
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/V1CreateOrderDto' },
              examples: {
                example: {
                  value: { clientName: 'Al Noor Trading', items: [{ name: 'Rice', quantity: 2, unitPrice: '24.00' }] },
                },
              },
            },
          },
        },
        responses: {
          '201': {
            content: {
              'application/json': {
                examples: { example: { value: { success: true, data: { orderNumber: 'ORD-2026-000042' } } } },
              },
            },
          },
        },
      },
    },
    '/api/v1/products/{id}/stock': {
      patch: {
        operationId: 'patchApiV1ProductsIdStock',
        tags: ['Products'],
        summary: 'Set a product’s stock',
        description: 'Sets the quantity on hand.',
        'x-permission': 'products:sync',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { quantity: { type: 'integer', minimum: 0 } },
                required: ['quantity'],
              },
              examples: { example: { value: { quantity: 37 } } },
            },
          },
        },
        responses: {
          '200': {
            content: {
              'application/json': { examples: { example: { value: { success: true, data: { quantity: 37 } } } } },
            },
          },
        },
      },
    },
  },
  webhooks: {
    'order.status_changed': {
      post: {
        summary: 'An order’s status changed.',
        'x-permission': 'orders:read',
        parameters: [
          {
            name: 'X-ERP-Signature',
            in: 'header',
            required: true,
            description: 'sha256= + hex HMAC.',
            schema: { type: 'string' },
          },
        ],
        requestBody: {
          content: {
            'application/json': {
              examples: { example: { value: { type: 'order.status_changed', data: { status: 'confirmed' } } } },
            },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      V1CreateOrderDto: {
        type: 'object',
        properties: {
          clientName: { type: 'string', maxLength: 200 },
          items: { type: 'array', minItems: 1, items: { $ref: '#/components/schemas/V1OrderItemDto' } },
        },
        required: ['clientName', 'items'],
      },
      V1OrderItemDto: {
        type: 'object',
        properties: { quantity: { type: ['number', 'string'], exclusiveMinimum: 0 } },
        required: ['quantity'],
      },
    },
  },
};

function renderPage(answer: () => Response = () => jsonResponse(document)) {
  const fetchMock = serveApi({ '/api/v1/openapi.json': answer });
  const user = userEvent.setup();
  renderWithProviders(<ApiDocsPage />, '/api-docs');
  return { fetchMock, user };
}

describe('ApiDocsPage', () => {
  it('renders every operation of the document as a card', async () => {
    const { fetchMock } = renderPage();
    expect(screen.getByRole('status', { name: 'Loading the API reference' })).toBeTruthy();
    const create = await screen.findByRole('region', { name: '/api/v1/orders' });
    expect(within(create).getByText('POST')).toBeTruthy();
    expect(within(create).getByText('Create an order')).toBeTruthy();
    expect(within(create).getByText('orders:write')).toBeTruthy();
    // The permission sentence of the description is shown as the chip instead.
    expect(within(create).queryByText(/Requires an API key/)).toBeNull();
    // Parameters and the body's fields, nested items included, from the schema.
    const table = within(create).getByRole('table', { name: 'Parameters of /api/v1/orders' });
    expect(within(table).getByText('Idempotency-Key')).toBeTruthy();
    expect(within(table).getByText('items[].quantity')).toBeTruthy();
    expect(within(table).getByText('> 0')).toBeTruthy();
    const stock = screen.getByRole('region', { name: '/api/v1/products/{id}/stock' });
    expect(within(stock).getByText('PATCH')).toBeTruthy();
    expect(within(stock).getByText('products:sync')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/v1/openapi.json');
  });

  it('shows copyable curl examples against this site with a placeholder key', async () => {
    const { user } = renderPage();
    const create = await screen.findByRole('region', { name: '/api/v1/orders' });
    const curl = within(create).getByText(
      (_text, element) => element?.tagName === 'CODE' && element.textContent!.startsWith('curl'),
    );
    expect(curl.textContent).toContain(`curl -X POST '${window.location.origin}/api/v1/orders'`);
    expect(curl.textContent).toContain("-H 'X-API-Key: wsk_…'");
    expect(curl.textContent).toContain("-H 'Idempotency-Key: abc-123'");
    expect(curl.textContent).toContain('"clientName": "Al Noor Trading"');
    expect(curl.closest('pre')?.getAttribute('dir')).toBe('ltr');
    const stock = screen.getByRole('region', { name: '/api/v1/products/{id}/stock' });
    expect(within(stock).getByText(/curl -X PATCH/).textContent).toMatch(/\/api\/v1\/products\/[0-9a-f-]{36}\/stock'/);

    await user.click(within(create).getByRole('button', { name: 'Copy curl example' }));
    expect(await navigator.clipboard.readText()).toBe(curl.textContent);
    expect(await screen.findByText('Copied')).toBeTruthy();
  });

  it('explains authentication and the webhooks with the signature check', async () => {
    renderPage();
    const auth = await screen.findByRole('region', { name: 'Authentication' });
    expect(within(auth).getByText(/600 requests a minute/)).toBeTruthy();
    expect(within(auth).getByText(/within 24 hours/)).toBeTruthy();
    const webhooks = screen.getByRole('region', { name: 'Webhooks' });
    expect(within(webhooks).getByRole('heading', { name: 'order.status_changed' })).toBeTruthy();
    expect(within(webhooks).getByText('X-ERP-Signature')).toBeTruthy();
    expect(within(webhooks).getByText(/timingSafeEqual/)).toBeTruthy();
  });

  it('offers a retry when the document cannot be loaded', async () => {
    let calls = 0;
    const { user } = renderPage(() => {
      calls += 1;
      return calls === 1
        ? jsonResponse({ success: false, error: 'Down', code: 'UNAVAILABLE' }, 503, 'Service Unavailable')
        : jsonResponse(document);
    });
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: '/api/v1/orders' })).toBeTruthy();
  });

  it('shows a file answer (an invoice PDF) without a JSON example, under Invoices in Arabic', async () => {
    await i18n.changeLanguage('ar');
    const withPdf: OpenApiDocument = {
      ...document,
      paths: {
        '/api/v1/invoices/{id}/pdf': {
          get: {
            operationId: 'getApiV1InvoicesIdPdf',
            tags: ['Invoices'],
            summary: 'Download an invoice’s PDF',
            description: 'The bilingual tax invoice.\n\nRequires an API key with the `invoices:read` permission.',
            'x-permission': 'invoices:read',
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
            responses: {
              '200': { content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
            },
          },
        },
      },
    };
    renderPage(() => jsonResponse(withPdf));
    const pdf = await screen.findByRole('region', { name: '/api/v1/invoices/{id}/pdf' });
    expect(screen.getByRole('heading', { name: 'الفواتير' })).toBeTruthy();
    expect(within(pdf).getByText('invoices:read')).toBeTruthy();
    expect(within(pdf).queryByText(/\(200\)/)).toBeNull();
  });

  it('is in Arabic with the code left to right', async () => {
    await i18n.changeLanguage('ar');
    renderPage();
    expect(await screen.findByRole('region', { name: 'المصادقة' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'الطلبات' })).toBeTruthy();
    const create = screen.getByRole('region', { name: '/api/v1/orders' });
    expect(within(create).getByText('الصلاحية المطلوبة:')).toBeTruthy();
    expect(within(create).getByRole('button', { name: 'نسخ مثال curl' })).toBeTruthy();
    for (const pre of create.querySelectorAll('pre')) expect(pre.getAttribute('dir')).toBe('ltr');
  });
});
