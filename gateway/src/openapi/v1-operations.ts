import { orderStatuses, stockUnits } from '@erp/contracts';
import type { JsonSchema } from './schema-from-class.js';

/**
 * What the code cannot say about each /api/v1 operation: its summary and prose, the answer's
 * `data` schema (answers are interfaces, which leave no metadata), and examples. Request bodies,
 * query and path parameters, permissions and methods come from the controllers and DTO classes.
 * Keyed by `METHOD path` as route-table.ts names routes.
 */
export interface OperationDescriptor {
  summary: string;
  description: string;
  tag: 'Products' | 'Orders';
  /** Schema of the envelope's `data`. */
  data: JsonSchema;
  /** A list answer: `count`, `hasMore` and `total` beside `data`. */
  list?: boolean;
  /** Body properties the DTO has but this route refuses. */
  omitBodyProperties?: string[];
  /** Prose for header parameters, by header name as the handler reads it. */
  headers?: Record<string, string>;
  /** Extra error answers beside 400, 401, 403 and 429 (404 is added for routes with an id). */
  conflict?: string;
  requestExample?: unknown;
  queryExample?: Record<string, string>;
  responseExample: unknown;
}

const money = { type: 'string', description: 'Money: a decimal string with 2 places.' } as const;

export const productSchema: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    name: { type: 'string' },
    nameAr: { type: ['string', 'null'] },
    sku: { type: 'string' },
    quantity: { type: 'number', description: 'On hand, up to 3 decimals.' },
    unit: { type: 'string', enum: [...stockUnits] },
    costPrice: money,
    sellingPrice: money,
    lowStockThreshold: { type: 'number' },
    updatedAt: { type: 'string', format: 'date-time' },
    batches: {
      type: 'array',
      description: 'Only with include=batches: batches holding stock, earliest expiry first.',
      items: {
        type: 'object',
        properties: {
          batchNumber: { type: ['string', 'null'] },
          quantity: { type: 'number' },
          expiryDate: { type: ['string', 'null'], format: 'date' },
        },
        required: ['batchNumber', 'quantity', 'expiryDate'],
      },
    },
  },
  required: [
    'id',
    'name',
    'nameAr',
    'sku',
    'quantity',
    'unit',
    'costPrice',
    'sellingPrice',
    'lowStockThreshold',
    'updatedAt',
  ],
};

export const orderSchema: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    orderNumber: { type: 'string' },
    clientName: { type: 'string' },
    status: { type: 'string', enum: [...orderStatuses] },
    totalAmount: money,
    notes: { type: ['string', 'null'] },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
    items: {
      type: 'array',
      description: 'Only on GET /api/v1/orders/{id}.',
      items: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          nameAr: { type: ['string', 'null'] },
          sku: { type: ['string', 'null'] },
          stockItemId: { type: ['string', 'null'], format: 'uuid' },
          quantity: { type: 'number' },
          unit: { type: 'string' },
          unitPrice: money,
          totalPrice: money,
        },
        required: ['name', 'nameAr', 'sku', 'stockItemId', 'quantity', 'unit', 'unitPrice', 'totalPrice'],
      },
    },
  },
  required: ['id', 'orderNumber', 'clientName', 'status', 'totalAmount', 'notes', 'createdAt', 'updatedAt'],
};

const productExample = {
  id: '5f0c2a7e-1b3d-4c8e-9f10-2a3b4c5d6e7f',
  name: 'Basmati rice 5 kg',
  nameAr: 'أرز بسمتي ٥ كغ',
  sku: 'RICE-5KG',
  quantity: 42,
  unit: 'bag',
  costPrice: '18.50',
  sellingPrice: '24.00',
  lowStockThreshold: 10,
  updatedAt: '2026-03-04T10:15:02.131Z',
};

const orderExample = {
  id: '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d',
  orderNumber: 'ORD-2026-000042',
  clientName: 'Al Noor Trading',
  status: 'pending',
  totalAmount: '1234.50',
  notes: 'Deliver before noon',
  createdAt: '2026-03-04T10:15:02.118Z',
  updatedAt: '2026-03-04T10:15:02.118Z',
};

export const v1Operations: Record<string, OperationDescriptor> = {
  'GET /api/v1/products': {
    tag: 'Products',
    summary: 'List products',
    description:
      'Products by name, paged with limit and offset. With updatedSince, only products changed at or after that moment, oldest change first, so a partner can sync by polling. include=batches adds each product’s batches with expiry; withTotal=true adds total.',
    data: productSchema,
    list: true,
    queryExample: { limit: '50', search: 'rice' },
    responseExample: { success: true, data: [productExample], count: 1, hasMore: false },
  },
  'PATCH /api/v1/products/:id': {
    tag: 'Products',
    summary: 'Update a product',
    description:
      'Changes names, SKU, unit, prices or the low-stock threshold; only the fields sent change. The quantity is not set here but through PATCH /api/v1/products/{id}/stock.',
    data: productSchema,
    omitBodyProperties: ['quantity'],
    conflict: 'Another product already has this SKU.',
    requestExample: { sellingPrice: '25.00', lowStockThreshold: 12 },
    responseExample: { success: true, data: { ...productExample, sellingPrice: '25.00', lowStockThreshold: 12 } },
  },
  'PATCH /api/v1/products/:id/stock': {
    tag: 'Products',
    summary: 'Set a product’s stock',
    description:
      'Sets the quantity on hand (a stock sync from your system); the change is recorded as a stock update and sends product.stock_changed.',
    data: productSchema,
    requestExample: { quantity: 37 },
    responseExample: { success: true, data: { ...productExample, quantity: 37 } },
  },
  'POST /api/v1/orders': {
    tag: 'Orders',
    summary: 'Create an order',
    description:
      'Creates a pending order. Items linked to a product by stockItemId take its stock when the order is confirmed. Send an Idempotency-Key header to retry safely: a retry with the same key and body answers the first order; the same key with another body is a 409.',
    data: {
      type: 'object',
      properties: {
        id: { type: 'string', format: 'uuid' },
        orderNumber: { type: 'string' },
        clientName: { type: 'string' },
        totalAmount: money,
        status: { type: 'string', enum: ['pending'] },
      },
      required: ['id', 'orderNumber', 'clientName', 'totalAmount', 'status'],
    },
    headers: {
      'idempotency-key':
        'Makes a retry return the first answer instead of creating a second order: 1–200 printable characters without spaces (a UUID is typical), kept for 24 hours.',
    },
    conflict: 'The Idempotency-Key was already used with another body.',
    requestExample: {
      clientName: 'Al Noor Trading',
      notes: 'Deliver before noon',
      items: [
        { name: 'Basmati rice 5 kg', quantity: 50, unit: 'bag', unitPrice: '24.00', stockItemId: productExample.id },
        { name: 'Delivery', quantity: 1, unitPrice: '34.50' },
      ],
    },
    responseExample: {
      success: true,
      data: {
        id: orderExample.id,
        orderNumber: orderExample.orderNumber,
        clientName: orderExample.clientName,
        totalAmount: orderExample.totalAmount,
        status: 'pending',
      },
    },
  },
  'GET /api/v1/orders': {
    tag: 'Orders',
    summary: 'List orders',
    description:
      'Orders newest first, paged with limit and offset, optionally of one status. With updatedSince, only orders changed at or after that moment, oldest change first.',
    data: orderSchema,
    list: true,
    queryExample: { status: 'pending', limit: '20' },
    responseExample: { success: true, data: [orderExample], count: 1, hasMore: false },
  },
  'GET /api/v1/orders/:id': {
    tag: 'Orders',
    summary: 'Get an order',
    description: 'One order with its items.',
    data: orderSchema,
    responseExample: {
      success: true,
      data: {
        ...orderExample,
        items: [
          {
            name: 'Basmati rice 5 kg',
            nameAr: 'أرز بسمتي ٥ كغ',
            sku: 'RICE-5KG',
            stockItemId: productExample.id,
            quantity: 50,
            unit: 'bag',
            unitPrice: '24.00',
            totalPrice: '1200.00',
          },
        ],
      },
    },
  },
};
