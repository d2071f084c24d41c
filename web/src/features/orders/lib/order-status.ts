import type { AppErrorCode } from '@erp/contracts';
import type { OrderStatus, StockShortage } from '../api/orders-api';
import { isHttpError } from '../../../lib/http-error';

export interface BadgeColours {
  color: string;
  bgcolor: string;
  borderColor: string;
}

/** SPEC §4: amber pending, blue confirmed, green completed, red cancelled, grey otherwise. */
export const statusColours: Record<OrderStatus, BadgeColours> = {
  pending: { color: '#92400e', bgcolor: '#fef3c7', borderColor: '#fcd34d' },
  confirmed: { color: '#1e40af', bgcolor: '#dbeafe', borderColor: '#93c5fd' },
  completed: { color: '#166534', bgcolor: '#dcfce7', borderColor: '#86efac' },
  cancelled: { color: '#991b1b', bgcolor: '#fee2e2', borderColor: '#fca5a5' },
};

export const otherStatusColours: BadgeColours = { color: '#374151', bgcolor: '#f3f4f6', borderColor: '#d1d5db' };

export const INSUFFICIENT_STOCK: AppErrorCode = 'INVENTORY_INSUFFICIENT_STOCK';

function isShortage(value: unknown): value is StockShortage {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return typeof entry.name === 'string' && typeof entry.available === 'number' && typeof entry.needed === 'number';
}

/** The short items of a refused confirm (409 INVENTORY_INSUFFICIENT_STOCK, `details.shortages`). */
export function shortagesOf(error: unknown): StockShortage[] {
  if (!isHttpError(error) || error.body?.code !== INSUFFICIENT_STOCK) return [];
  const details = error.body.details as { shortages?: unknown } | undefined;
  return Array.isArray(details?.shortages) ? details.shortages.filter(isShortage) : [];
}
