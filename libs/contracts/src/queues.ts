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
