import type { OrderStatus } from '../orders/order.dto.js';
import { Permission } from '../permissions.js';
import type { CreditNoteReason } from '../queues.js';

/**
 * Events a webhook endpoint can subscribe to (docs/api/webhooks.md). Values are part of the
 * wire contract with partners: add new ones, never rename.
 */
export const WebhookEventType = {
  OrderStatusChanged: 'order.status_changed',
  ProductStockChanged: 'product.stock_changed',
  InvoicePaid: 'invoice.paid',
  CreditNoteIssued: 'credit_note.issued',
  InvoiceCleared: 'invoice.cleared',
  InvoiceRejected: 'invoice.rejected',
} as const;
export type WebhookEventType = (typeof WebhookEventType)[keyof typeof WebhookEventType];
export const webhookEventTypes: readonly WebhookEventType[] = Object.values(WebhookEventType);

/**
 * The permission a user needs to subscribe to an event and to go on receiving it (owners and
 * admins hold every permission): webhooks never tell a user what the screens would not.
 */
export const webhookEventPermission: Record<WebhookEventType, Permission> = {
  'order.status_changed': Permission.OrdersRead,
  'product.stock_changed': Permission.StockRead,
  'invoice.paid': Permission.InvoicesRead,
  'credit_note.issued': Permission.InvoicesRead,
  'invoice.cleared': Permission.InvoicesRead,
  'invoice.rejected': Permission.InvoicesRead,
};

/** The event `POST /api/webhooks/{id}/test` sends: not subscribable, always delivered to that endpoint. */
export const WEBHOOK_PING_EVENT = 'ping';
export type WebhookDeliveredType = WebhookEventType | typeof WEBHOOK_PING_EVENT;

/** order.status_changed: an order's new status committed (never sent when the status did not change). */
export interface OrderStatusChangedData {
  orderId: string;
  orderNumber: string;
  status: OrderStatus;
  previousStatus: OrderStatus;
  /** The order's total, 2 decimals (CONTRACT §4). */
  totalAmount: string;
  changedAt: string;
}

/** Why an item's quantity changed: the stock ledger's reasons. */
export type StockChangeReason = 'initial' | 'adjustment' | 'order' | 'order-put-back' | 'order-return' | 'receipt';

/**
 * product.stock_changed: an item's quantity committed at a new value, one event per item per
 * change (a receipt with two lines of one item is one event).
 */
export interface ProductStockChangedData {
  productId: string;
  sku: string;
  quantity: number;
  previousQuantity: number;
  reason: StockChangeReason;
  /** The order or receipt that caused it, when one did. */
  reference: string | null;
  changedAt: string;
}

/** invoice.paid: a payment left nothing to pay on a customer invoice (sent once per payment that did). */
export interface InvoicePaidData {
  invoiceId: string;
  invoiceNumber: string;
  orderId: string | null;
  orderNumber: string | null;
  clientId: string | null;
  /** Money: strings with 2 decimals. */
  totalAmount: string;
  paidAmount: string;
  creditedAmount: string;
  /** The payment that settled it, and when the money came. */
  paymentId: string;
  paidAt: string;
}

/** credit_note.issued: a credit note undid (part of) a customer invoice. */
export interface CreditNoteIssuedData {
  creditNoteId: string;
  creditNoteNumber: string;
  originalInvoiceId: string;
  originalInvoiceNumber: string;
  orderId: string | null;
  orderNumber: string | null;
  clientId: string | null;
  reason: CreditNoteReason;
  /** The credit note's total, VAT included (2 decimals). */
  totalAmount: string;
  issuedAt: string;
}

/**
 * invoice.cleared: ZATCA cleared a standard invoice or note, or took a simplified one's report
 * (`status` says which); invoice.rejected: ZATCA refused it, with its messages (CONTRACT §12).
 */
export interface InvoiceZatcaData {
  invoiceId: string;
  invoiceNumber: string;
  /** invoice or credit_note. */
  invoiceType: string;
  zatcaStatus: 'cleared' | 'reported' | 'rejected';
  uuid: string;
  icv: number;
  invoiceHash: string;
  messages: Array<{ type: string; code: string; message: string }>;
  at: string;
}

export interface WebhookPingData {
  endpointId: string;
  message: string;
}

export interface WebhookEventDataMap {
  'order.status_changed': OrderStatusChangedData;
  'product.stock_changed': ProductStockChangedData;
  'invoice.paid': InvoicePaidData;
  'credit_note.issued': CreditNoteIssuedData;
  'invoice.cleared': InvoiceZatcaData;
  'invoice.rejected': InvoiceZatcaData;
  ping: WebhookPingData;
}

/**
 * One event, as producers add it to the webhook-events queue and as it is POSTed to every
 * subscribed endpoint: the body of each delivery is exactly this object.
 */
export interface WebhookEvent<T extends WebhookDeliveredType = WebhookDeliveredType> {
  /** uuid; the same for every endpoint and every retry, so receivers can drop repeats. */
  id: string;
  type: T;
  /** When the change committed (ISO 8601). */
  createdAt: string;
  data: WebhookEventDataMap[T];
}

/** webhook-events / event: jobId `event-<id>`, so adding the same event twice is a no-op. */
export function webhookEventJobId(eventId: string): string {
  return `event-${eventId}`;
}

/** webhook-deliver / deliver: one event to one endpoint, retried with backoff (jobId `delivery-<id>`). */
export interface DeliverWebhookJobData {
  deliveryId: string;
}

export function webhookDeliveryJobId(deliveryId: string): string {
  return `delivery-${deliveryId}`;
}

/** Headers of every delivery (docs/api/webhooks.md). */
export const WebhookHeader = {
  Event: 'X-ERP-Event',
  Delivery: 'X-ERP-Delivery',
  Timestamp: 'X-ERP-Timestamp',
  Signature: 'X-ERP-Signature',
} as const;
