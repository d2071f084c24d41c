import type { RpcMeta } from './rpc.js';

/**
 * BullMQ queue names: a contract between producers and workers. Values are never renamed.
 * Each queue is owned (worked) by one service; others may add jobs to it.
 */
export const QueueName = {
  /** ai-parser: text, image and voice orders, supplier-invoice reading. */
  AiParse: 'ai-parse',
  /** billing: one customer invoice per order; one supplier invoice per receipt. */
  InvoiceCreate: 'invoice-create',
  /** billing: PDF rendering in warm Chromium pages. */
  InvoiceRender: 'invoice-render',
  /** orders: makes an order's stock match its status again after a change whose end was lost. */
  OrderStockRepair: 'order-stock-repair',
  /** inventory: reorder suggestions, on demand and daily. */
  ReorderGenerate: 'reorder-generate',
  /** identity: one event POSTed to one webhook endpoint, retried with backoff (jobId `delivery-<id>`). */
  WebhookDeliver: 'webhook-deliver',
  /** identity: an event (order status, stock) fanned out to the endpoints subscribed to it (jobId `event-<id>`). */
  WebhookEvents: 'webhook-events',
  /** inventory: a spreadsheet of stock items checked or brought in (jobId: the import's uuid). */
  ImportStockItems: 'import-stock-items',
  /** orders: a spreadsheet of clients checked or brought in (jobId: the import's uuid). */
  ImportClients: 'import-clients',
  /** inventory: a spreadsheet of price-list prices checked or brought in (jobId: the import's uuid). */
  ImportPriceList: 'import-price-list',
  /** billing: a spreadsheet of clients' opening balances checked or brought in (jobId: the import's uuid). */
  ImportOpeningBalances: 'import-opening-balances',
  /** billing: signed documents sent to ZATCA (clearance or reporting), in ICV order (jobId `zatca-<invoiceId>`). */
  ZatcaSubmit: 'zatca-submit',
  /** ai-parser: WhatsApp webhook deliveries read into Inbox drafts (jobId `delivery-<id>`), replies sent (`reply-<id>`). */
  Whatsapp: 'whatsapp',
} as const;

export type QueueName = (typeof QueueName)[keyof typeof QueueName];

/** Every job carries who caused it, like an RPC message. */
export interface JobEnvelope<T> {
  meta: RpcMeta;
  data: T;
}

/** Job names, per queue. Values are never renamed. */
export const JobName = {
  /** invoice-create: the customer invoice of an order (jobId `order-<orderId>`). */
  CustomerInvoice: 'customer-invoice',
  /** invoice-create: the supplier invoice of a goods receipt (jobId `receipt-<receiptId>`). */
  SupplierInvoice: 'supplier-invoice',
  /** invoice-create: the credit note of an order that left the committed states (jobId `order-<orderId>-<cycle>-credit`). */
  OrderCreditNote: 'order-credit-note',
  /** invoice-create: the credit note of a return (jobId `return-<returnId>`); billing is also asked at once. */
  ReturnCreditNote: 'return-credit-note',
  /** invoice-render: one invoice's PDF (jobId `invoice-<invoiceId>`). */
  RenderInvoice: 'render',
  /** order-stock-repair: one order's stock made to match its status (jobId `order-<orderId>`). */
  RepairOrderStock: 'repair',
  /** reorder-generate: one run of the reorder suggestions (on demand or daily). */
  GenerateReorderSuggestions: 'generate',
  /** webhook-events: one event of webhooks/webhook-events.ts, fanned out by identity. */
  WebhookEvent: 'event',
  /** webhook-deliver: one delivery of one event to one endpoint. */
  DeliverWebhook: 'deliver',
  /** ai-parse: an order from a typed or pasted message (jobId: a uuid; ai-parser/ai-parse.jobs.ts). */
  ParseOrderText: 'order-text',
  /** ai-parse: an order from a photo or PDF. */
  ParseOrderImage: 'order-image',
  /** ai-parse: an order from a voice note. */
  ParseOrderVoice: 'order-voice',
  /** ai-parse: a supplier invoice read into a goods-receipt draft. */
  ParseSupplierInvoice: 'supplier-invoice',
  /** import-*: one file's rows, checked (a dry run) or written. */
  ImportRows: 'import',
  /** zatca-submit: send every pending document up to this one's ICV, oldest first (jobId `zatca-<invoiceId>`). */
  SubmitZatcaDocument: 'submit',
  /** whatsapp: one kept webhook delivery: its messages become drafts, its statuses are recorded. */
  WhatsappDelivery: 'delivery',
  /** whatsapp: one confirmation sent to a client through the Cloud API. */
  WhatsappReply: 'reply',
} as const;

export type JobName = (typeof JobName)[keyof typeof JobName];

/** A line of a supplier invoice: money as strings with 2 decimals, quantities as numbers. */
export interface SupplierInvoiceJobLine {
  stockItemId: string;
  name: string;
  nameAr: string | null;
  quantity: number;
  unit: string;
  unitPrice: string;
  /** round(quantity × unitPrice, 2), half away from zero (CONTRACT §4). */
  lineTotal: string;
}

/**
 * invoice-create / supplier-invoice: what billing needs to write the supplier invoice of a goods
 * receipt applied by inventory. One job per receipt (jobId `receipt-<receiptId>`); billing must
 * still create at most one invoice per receiptId, as a job can be added again once removed.
 */
export interface SupplierInvoiceJobData {
  receiptId: string;
  supplierId: string;
  supplierName: string;
  invoiceNumber: string;
  invoiceDate: string;
  lines: SupplierInvoiceJobLine[];
  /** The sum of the line totals. */
  subtotal: string;
  /** The invoice as uploaded (intakeFileUrl), or null; absent in jobs queued before it was kept. */
  uploadedFileUrl?: string | null;
}

/** reorder-generate / generate: who asked (`meta.userId`, none for the daily run). */
export interface GenerateReorderJobData {
  trigger: 'on-demand' | 'daily';
}

/**
 * The jobId of a receipt's supplier-invoice job. Not `receipt:<id>`: BullMQ refuses custom ids
 * with a colon unless they have exactly three segments (its legacy repeat-job format).
 */
export function supplierInvoiceJobId(receiptId: string): string {
  return `receipt-${receiptId}`;
}

/**
 * invoice-create / customer-invoice: an order entered confirmed or completed (CONTRACT §11), for
 * the `cycle`-th time (its commitCount then). Billing reads the order and its items from the
 * orders service and creates at most one invoice per order and cycle, and none when the order is
 * no longer committed in that cycle; the job may come more than once. Jobs queued before cycles
 * existed have no `cycle`: the order's first.
 */
export interface CustomerInvoiceJobData {
  orderId: string;
  orderNumber: string;
  cycle?: number;
}

/** Why a credit note was issued (it also carries the words of a return's reason). */
export const creditNoteReasons = ['order_cancelled', 'order_reopened', 'goods_returned'] as const;
export type CreditNoteReason = (typeof creditNoteReasons)[number];

/**
 * invoice-create / order-credit-note: an order left the committed states (to pending or
 * cancelled) at the end of its `cycle`-th commitment: billing credits what its invoice of that
 * cycle still has uncredited, once; nothing when that cycle never got an invoice.
 */
export interface OrderCreditNoteJobData {
  orderId: string;
  orderNumber: string;
  cycle: number;
  reason: Extract<CreditNoteReason, 'order_cancelled' | 'order_reopened'>;
}

/** The jobId of an order's invoice (or, with `credit`, credit note) job of one commit cycle. */
export function orderCycleJobId(orderId: string, cycle: number, credit = false): string {
  return `order-${orderId}-${cycle}${credit ? '-credit' : ''}`;
}

/**
 * Job options of every invoice-create job (customer and supplier): 12 attempts with exponential
 * backoff from 1 s, about 34 minutes from the first attempt to the last. Billing reads the order
 * from the orders service and the settings from identity to write an invoice, so its job must
 * outlive an outage of either, or of the database, well beyond the default 5 attempts (15 s): a
 * job that failed for good keeps its jobId, and adding it again is then a no-op (the invoice is
 * left to `POST /api/orders/{id}/generate-invoice`). Found by the fault suite (docs/reliability.md).
 */
export const invoiceCreateJobOptions = {
  attempts: 12,
  backoff: { type: 'exponential', delay: 1_000 },
} as const;

/** The jobId of a return's credit-note job (invoice-create / return-credit-note). */
export function returnCreditNoteJobId(returnId: string): string {
  return `return-${returnId}`;
}

/** The jobId of an order's job in a queue that takes one job per order. */
export function orderJobId(orderId: string): string {
  return `order-${orderId}`;
}

/** order-stock-repair / repair: the order whose stock must be made to match its status. */
export interface RepairOrderStockJobData {
  orderId: string;
}

/** invoice-render / render: the invoice whose PDF to write (again). */
export interface RenderInvoiceJobData {
  invoiceId: string;
}

export function invoiceJobId(invoiceId: string): string {
  return `invoice-${invoiceId}`;
}
