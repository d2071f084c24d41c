import type { TFunction } from 'i18next';
import { describeError } from '../../../lib/http-error';
import type { Language } from '../../../lib/language';

/** The orders and billing codes this screen meets, translated in the `orders` namespace (STYLE.md). */
const orderErrorCodes = [
  'ORDERS_NOT_EDITABLE',
  'ORDERS_LAST_ITEM',
  'ORDERS_ORDER_NOT_FOUND',
  'ORDERS_ORDER_ITEM_NOT_FOUND',
  'ORDERS_CLIENT_NOT_FOUND',
  'BILLING_INVOICE_NOT_FOUND',
  'BILLING_NO_PDF',
] as const;

const codeKeys: Partial<Record<string, string>> = Object.fromEntries(
  orderErrorCodes.map((code) => [code, `orders:errors.${code}`]),
);

/** describeError with the order codes translated: the server's message in English, ours in Arabic. */
export function describeOrderError(error: unknown, t: TFunction, language: Language): string {
  return describeError(error, t, language, codeKeys);
}
