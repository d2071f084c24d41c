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
  /** inventory: reorder suggestions, on demand and daily. */
  ReorderGenerate: 'reorder-generate',
  /** gateway/identity: partner webhooks. */
  WebhookDeliver: 'webhook-deliver',
} as const;

export type QueueName = (typeof QueueName)[keyof typeof QueueName];

/** Every job carries who caused it, like an RPC message. */
export interface JobEnvelope<T> {
  meta: RpcMeta;
  data: T;
}

/** Job names, per queue. Values are never renamed. */
export const JobName = {
  /** invoice-create: the supplier invoice of a goods receipt (jobId `receipt-<receiptId>`). */
  SupplierInvoice: 'supplier-invoice',
  /** reorder-generate: one run of the reorder suggestions (on demand or daily). */
  GenerateReorderSuggestions: 'generate',
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
