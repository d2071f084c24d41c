import {
  creditNoteReasons,
  orderStatuses,
  packUnits,
  paymentMethods,
  paymentStatuses,
  stockUnits,
  v1InvoiceTypes,
} from '@erp/contracts';
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
  tag: 'Products' | 'Orders' | 'Invoices';
  /** Schema of the envelope's `data`. */
  data: JsonSchema;
  /** A list answer: `count`, `hasMore` and `total` beside `data`. */
  list?: boolean;
  /** A file answered as it is, not in the envelope (`data` and `responseExample` are then unused). */
  file?: { contentType: string; description: string };
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
    packs: {
      type: 'array',
      description:
        'What the product is also sold in (CONTRACT §10): stock stays counted in `unit`; a pack holds `factor` of it. Order lines may name a pack unit.',
      items: {
        type: 'object',
        properties: {
          unit: { type: 'string', enum: [...packUnits] },
          factor: { type: 'number', exclusiveMinimum: 0, description: 'Units of the product in one pack.' },
          sellingPrice: { ...money, type: ['string', 'null'], description: "The pack's own price, or null." },
          price: { ...money, description: "What the pack sells at: its own price, else factor × the product's." },
          barcode: { type: ['string', 'null'] },
        },
        required: ['unit', 'factor', 'sellingPrice', 'price', 'barcode'],
      },
    },
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
    'packs',
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
          quantity: { type: 'number', description: 'In `unit`.' },
          unit: { type: 'string' },
          baseQuantity: {
            type: 'number',
            description: "quantity × the unit's factor, in baseUnit: what stock moved by.",
          },
          baseUnit: {
            type: ['string', 'null'],
            description: "The product's unit; null for a line not linked to a product.",
          },
          unitPrice: money,
          discountPercent: { type: 'number', minimum: 0, maximum: 100 },
          totalPrice: { ...money, description: 'round(quantity × unitPrice × (1 − discountPercent/100), 2).' },
        },
        required: [
          'name',
          'nameAr',
          'sku',
          'stockItemId',
          'quantity',
          'unit',
          'baseQuantity',
          'baseUnit',
          'unitPrice',
          'discountPercent',
          'totalPrice',
        ],
      },
    },
  },
  required: ['id', 'orderNumber', 'clientName', 'status', 'totalAmount', 'notes', 'createdAt', 'updatedAt'],
};

const nullableMoney: JsonSchema = { ...money, type: ['string', 'null'] };

export const invoiceSchema: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    invoiceNumber: { type: 'string', description: 'INV-YYYY-NNNNNN, or CN-YYYY-NNNNNN for a credit note.' },
    type: { type: 'string', enum: [...v1InvoiceTypes] },
    orderId: { type: ['string', 'null'], format: 'uuid' },
    orderNumber: { type: ['string', 'null'] },
    clientId: { type: ['string', 'null'], format: 'uuid' },
    clientName: { type: ['string', 'null'] },
    subtotal: money,
    taxRate: { type: 'number', description: 'VAT in percent at issue, e.g. 15.' },
    taxAmount: money,
    totalAmount: { ...money, description: 'Money with VAT: a decimal string with 2 places.' },
    currency: { type: 'string', description: 'ISO 4217, e.g. SAR.' },
    issuedAt: { type: 'string', format: 'date-time' },
    originalInvoiceId: {
      type: ['string', 'null'],
      format: 'uuid',
      description: 'A credit note’s invoice; null on an invoice.',
    },
    originalInvoiceNumber: { type: ['string', 'null'] },
    reason: {
      type: ['string', 'null'],
      enum: [...creditNoteReasons, null],
      description: 'Why a credit note was issued; null on an invoice.',
    },
    paidAmount: {
      ...nullableMoney,
      description: 'Payments not deleted. The settlement (paidAmount … dueDate) is null on a credit note.',
    },
    creditedAmount: { ...nullableMoney, description: 'What credit notes took off the invoice.' },
    balanceDue: {
      ...nullableMoney,
      description: 'totalAmount − paidAmount − creditedAmount; below zero when a paid invoice was then credited.',
    },
    paymentStatus: {
      type: ['string', 'null'],
      enum: [...paymentStatuses, null],
      description: '`credited` when credit notes undid an invoice nothing was paid on.',
    },
    dueDate: {
      type: ['string', 'null'],
      format: 'date',
      description: 'The issue day plus the client’s payment terms (business time zone).',
    },
    overdue: { type: 'boolean', description: 'Past the due date with a balance left.' },
  },
  required: [
    'id',
    'invoiceNumber',
    'type',
    'orderId',
    'orderNumber',
    'clientId',
    'clientName',
    'subtotal',
    'taxRate',
    'taxAmount',
    'totalAmount',
    'currency',
    'issuedAt',
    'originalInvoiceId',
    'originalInvoiceNumber',
    'reason',
    'paidAmount',
    'creditedAmount',
    'balanceDue',
    'paymentStatus',
    'dueDate',
    'overdue',
  ],
};

export const paymentSchema: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    invoiceId: { type: 'string', format: 'uuid' },
    invoiceNumber: { type: 'string' },
    clientId: { type: ['string', 'null'], format: 'uuid' },
    amount: money,
    method: { type: 'string', enum: [...paymentMethods] },
    reference: { type: ['string', 'null'], description: 'The transfer’s, cheque’s or card slip’s number.' },
    paidAt: { type: 'string', format: 'date-time', description: 'When the money came.' },
    createdAt: { type: 'string', format: 'date-time', description: 'When it was recorded.' },
    deletedAt: {
      type: ['string', 'null'],
      format: 'date-time',
      description: 'Set when the payment was taken back: it stays listed and no longer counts.',
    },
    deleteReason: { type: ['string', 'null'] },
  },
  required: [
    'id',
    'invoiceId',
    'invoiceNumber',
    'clientId',
    'amount',
    'method',
    'reference',
    'paidAt',
    'createdAt',
    'deletedAt',
    'deleteReason',
  ],
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
  packs: [{ unit: 'sack', factor: 8, sellingPrice: '185.00', price: '185.00', barcode: '6281007010059' }],
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

const invoiceExample = {
  id: '7c8d9e0f-1a2b-4c3d-8e4f-5a6b7c8d9e0f',
  invoiceNumber: 'INV-2026-000123',
  type: 'customer',
  orderId: orderExample.id,
  orderNumber: orderExample.orderNumber,
  clientId: '4b5c6d7e-8f9a-4b0c-8d1e-2f3a4b5c6d7e',
  clientName: 'Al Noor Trading',
  subtotal: '1000.00',
  taxRate: 15,
  taxAmount: '150.00',
  totalAmount: '1150.00',
  currency: 'SAR',
  issuedAt: '2026-03-04T10:20:11.402Z',
  originalInvoiceId: null,
  originalInvoiceNumber: null,
  reason: null,
  paidAmount: '400.00',
  creditedAmount: '0.00',
  balanceDue: '750.00',
  paymentStatus: 'partially_paid',
  dueDate: '2026-04-03',
  overdue: false,
};

const creditNoteExample = {
  ...invoiceExample,
  id: '1e2f3a4b-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
  invoiceNumber: 'CN-2026-000007',
  type: 'credit_note',
  subtotal: '100.00',
  taxAmount: '15.00',
  totalAmount: '115.00',
  issuedAt: '2026-03-06T08:02:45.117Z',
  originalInvoiceId: invoiceExample.id,
  originalInvoiceNumber: invoiceExample.invoiceNumber,
  reason: 'goods_returned',
  paidAmount: null,
  creditedAmount: null,
  balanceDue: null,
  paymentStatus: null,
  dueDate: null,
  overdue: false,
};

const paymentExample = {
  id: '3a4b5c6d-7e8f-4a9b-8c0d-1e2f3a4b5c6d',
  invoiceId: invoiceExample.id,
  invoiceNumber: invoiceExample.invoiceNumber,
  clientId: invoiceExample.clientId,
  amount: '400.00',
  method: 'bank_transfer',
  reference: 'TRX-55102',
  paidAt: '2026-03-05T12:00:00.000Z',
  createdAt: '2026-03-05T13:41:27.560Z',
  deletedAt: null,
  deleteReason: null,
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
      "Creates a pending order. Items linked to a product by stockItemId take its stock when the order is confirmed. Such an item's unit is the product's unit (the default) or one of its packs (`packs` of the product: 400 naming the units it has otherwise); its quantity is in that unit and stock moves quantity × the pack's factor. Without a unitPrice a linked item takes the client's price list price, else the pack's price; an item not linked needs a unitPrice. discountPercent (0–100) takes a line discount. Send an Idempotency-Key header to retry safely: a retry with the same key and body answers the first order; the same key with another body is a 409.",
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
        { name: 'Basmati rice 5 kg', quantity: 6, unit: 'sack', stockItemId: productExample.id },
        {
          name: 'Basmati rice 5 kg',
          quantity: 10,
          unit: 'bag',
          unitPrice: '23.50',
          discountPercent: 5,
          stockItemId: productExample.id,
        },
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
  'GET /api/v1/invoices': {
    tag: 'Invoices',
    summary: 'List invoices and credit notes',
    description:
      'Customer invoices and credit notes, newest first, paged with limit and offset. Narrow by type, paymentStatus (customer invoices in that state), clientId, orderId, issue days from/to (inclusive, YYYY-MM-DD in the business time zone) and search (the number, client name or order number); withTotal=true adds total. An invoice is issued when its order is confirmed; paidAmount, balanceDue, paymentStatus and overdue follow payments and credit notes. Supplier invoices are not part of the partner API.',
    data: invoiceSchema,
    list: true,
    queryExample: { type: 'customer', paymentStatus: 'unpaid', limit: '50' },
    responseExample: { success: true, data: [creditNoteExample, invoiceExample], count: 2, hasMore: false },
  },
  'GET /api/v1/invoices/:id': {
    tag: 'Invoices',
    summary: 'Get an invoice',
    description: 'One customer invoice or credit note with its settlement. A supplier invoice’s id is a 404.',
    data: invoiceSchema,
    responseExample: { success: true, data: invoiceExample },
  },
  'GET /api/v1/invoices/:id/payments': {
    tag: 'Invoices',
    summary: 'List an invoice’s payments',
    description:
      'Every payment recorded against the invoice, by when the money came. A payment taken back stays listed with deletedAt and deleteReason and no longer counts toward paidAmount. A credit note has none.',
    data: paymentSchema,
    list: true,
    responseExample: { success: true, data: [paymentExample], count: 1, hasMore: false },
  },
  'GET /api/v1/invoices/:id/pdf': {
    tag: 'Invoices',
    summary: 'Download an invoice’s PDF',
    description:
      'The bilingual (English/Arabic) tax invoice or credit note with its QR code, as a download named <invoiceNumber>.pdf. The file itself is the answer, not the envelope; errors are still the envelope.',
    data: {},
    file: { contentType: 'application/pdf', description: 'The PDF, as an attachment named <invoiceNumber>.pdf.' },
    responseExample: undefined,
  },
};
