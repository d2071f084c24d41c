import type { Permission, UserRole, WebhookDeliveredType, WebhookEventType } from '@erp/contracts';

/**
 * The events an endpoint can subscribe to and the permission each needs (the server checks the
 * same). A Record over the contract's type, so a new event does not compile until listed.
 */
const requiredPermission: Record<WebhookEventType, Permission> = {
  'order.status_changed': 'orders:read',
  'product.stock_changed': 'stock:read',
  'invoice.paid': 'invoices:read',
  'credit_note.issued': 'invoices:read',
  'invoice.cleared': 'invoices:read',
  'invoice.rejected': 'invoices:read',
};

export const allWebhookEvents = Object.keys(requiredPermission) as WebhookEventType[];

/** `order.status_changed` -> `webhooks.events.order_status_changed` (a dot would nest the key). */
export function webhookEventLabelKey(type: WebhookDeliveredType): string {
  return `webhooks.events.${type.replace('.', '_')}`;
}

/** Events the user may subscribe to: all for admins and owners, else those their permissions back. */
export function subscribableWebhookEvents(role: UserRole, held: readonly Permission[]): Set<WebhookEventType> {
  if (role === 'admin' || role === 'owner') return new Set(allWebhookEvents);
  return new Set(allWebhookEvents.filter((type) => held.includes(requiredPermission[type])));
}
