import {
  UserRole,
  UserStatus,
  webhookEventPermission,
  WEBHOOK_PING_EVENT,
  type WebhookDeliveredType,
} from '@erp/contracts';
import type { UserEntity } from '../users/user.entity.js';

/**
 * Whether the user may receive this event now: approved, and an owner or admin or holding the
 * event's permission (orders:read, stock:read). Checked when subscribing, when an event is
 * fanned out and again before each attempt, so a lost permission stops deliveries at once.
 */
export function mayReceive(user: UserEntity | null, type: WebhookDeliveredType): boolean {
  if (!user || user.status !== UserStatus.Approved) return false;
  if (type === WEBHOOK_PING_EVENT) return true;
  if (user.role === UserRole.Owner || user.role === UserRole.Admin) return true;
  return user.permissions.includes(webhookEventPermission[type]);
}
