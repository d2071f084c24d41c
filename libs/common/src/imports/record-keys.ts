import { toAsciiDigits } from '@erp/contracts';

/**
 * A phone as it is compared: its last nine digits, so "+966 50 123 4567", "0501234567" and
 * "٠٥٠١٢٣٤٥٦٧" are one number (a Saudi or Emirati mobile is nine digits after the country code).
 */
export function phoneKey(phone: string | null | undefined): string {
  return toAsciiDigits(phone ?? '')
    .replace(/\D/g, '')
    .slice(-9);
}

/** A name as it is compared: without case, outer spaces or repeated spaces. */
export function nameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}
