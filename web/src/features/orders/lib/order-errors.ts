import type { TFunction } from 'i18next';
import { describeError, errorCodeOf, isHttpError } from '../../../lib/http-error';
import type { Language } from '../../../lib/language';

/** The orders, billing and AI intake codes this screen meets, translated in the `orders` namespace (STYLE.md). */
const orderErrorCodes = [
  'ORDERS_NOT_EDITABLE',
  'ORDERS_LAST_ITEM',
  'ORDERS_ORDER_NOT_FOUND',
  'ORDERS_ORDER_ITEM_NOT_FOUND',
  'ORDERS_CLIENT_NOT_FOUND',
  'BILLING_INVOICE_NOT_FOUND',
  'BILLING_NO_PDF',
  'AI_UNSUPPORTED_FILE',
  'AI_FILE_TOO_LARGE',
  'AI_UNREADABLE_FILE',
  'AI_SPEECH_UNAVAILABLE',
  'AI_TIMEOUT',
  'AI_JOB_NOT_FOUND',
] as const;

const codeKeys: Partial<Record<string, string>> = Object.fromEntries(
  orderErrorCodes.map((code) => [code, `orders:errors.${code}`]),
);

/** describeError with the order codes translated: the server's message in English, ours in Arabic. */
export function describeOrderError(error: unknown, t: TFunction, language: Language): string {
  return describeError(error, t, language, codeKeys);
}

/**
 * A failed reading (upload, voice note or job). AI_SPEECH_UNAVAILABLE's message says what the
 * administrator must configure (docs/api/ai-intake.md), so it is shown in Arabic too, after ours.
 */
export function describeIntakeError(error: unknown, t: TFunction, language: Language): string {
  const description = describeOrderError(error, t, language);
  if (language !== 'en' && errorCodeOf(error) === 'AI_SPEECH_UNAVAILABLE' && isHttpError(error) && error.body) {
    // On its own line, isolated left to right, so the English text keeps its order in Arabic.
    return `${description}\n\u2066${error.body.message}\u2069`;
  }
  return description;
}
