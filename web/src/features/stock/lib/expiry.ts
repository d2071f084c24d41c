/** SPEC §4/§9: critical at 7 days or fewer (and once expired), warning at 30 or fewer, else normal. */
export const CRITICAL_EXPIRY_DAYS = 7;
export const WARNING_EXPIRY_DAYS = 30;

export type ExpiryLevel = 'expired' | 'critical' | 'warning' | 'normal';

export function expiryLevelOf(daysUntilExpiry: number): ExpiryLevel {
  if (daysUntilExpiry < 0) return 'expired';
  if (daysUntilExpiry <= CRITICAL_EXPIRY_DAYS) return 'critical';
  if (daysUntilExpiry <= WARNING_EXPIRY_DAYS) return 'warning';
  return 'normal';
}
