import type { AppErrorCode } from '@erp/contracts';
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
  'INVENTORY_UNIT_NOT_SOLD',
  'BILLING_INVOICE_NOT_FOUND',
  'BILLING_NO_PDF',
  'BILLING_ORDER_NOT_COMMITTED',
  'AI_UNSUPPORTED_FILE',
  'AI_FILE_TOO_LARGE',
  'AI_UNREADABLE_FILE',
  'AI_SPEECH_UNAVAILABLE',
  'AI_TIMEOUT',
  'AI_JOB_NOT_FOUND',
] as const satisfies readonly AppErrorCode[];

const codeKeys: Partial<Record<AppErrorCode, string>> = Object.fromEntries(
  orderErrorCodes.map((code) => [code, `orders:errors.${code}`]),
);

/** 409 CREDIT_LIMIT_EXCEEDED's figures (CONTRACT §11), money as the server's 2-decimal text. */
export interface CreditLimitRefusal {
  clientId: string | null;
  limit: string;
  /** What the client owes now. */
  balance: string;
  /** The order's total with VAT. */
  orderTotal: string;
}

const moneyOf = (value: unknown): string | null =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : null;

/** The figures of a confirm refused over the client's credit limit, or null for any other failure. */
export function creditLimitOf(error: unknown): CreditLimitRefusal | null {
  if (errorCodeOf(error) !== 'CREDIT_LIMIT_EXCEEDED' || !isHttpError(error)) return null;
  const details = (error.body?.details ?? {}) as Record<string, unknown>;
  const limit = moneyOf(details.limit);
  const balance = moneyOf(details.balance);
  const orderTotal = moneyOf(details.orderTotal);
  if (limit === null || balance === null || orderTotal === null) return null;
  return { clientId: typeof details.clientId === 'string' ? details.clientId : null, limit, balance, orderTotal };
}

/**
 * describeError with the order codes translated: the server's message in English, ours in Arabic.
 * Given `money` (the order's currency), a credit-limit refusal is said with its figures in either
 * language: "Over the credit limit: limit SAR 6,000.00, owed SAR 5,200.00, this order SAR 1,150.00".
 */
export function describeOrderError(
  error: unknown,
  t: TFunction,
  language: Language,
  money?: (value: string) => string,
): string {
  const refusal = money ? creditLimitOf(error) : null;
  if (refusal && money) {
    return t('orders:errors.creditLimitFigures', {
      limit: money(refusal.limit),
      balance: money(refusal.balance),
      orderTotal: money(refusal.orderTotal),
    });
  }
  return describeError(error, t, language, codeKeys);
}

/**
 * 400 INVENTORY_UNIT_NOT_SOLD of an order (CONTRACT §10): which sent line (`items.N.unit`) is in a
 * unit its item is not sold in, and the units it is sold in.
 */
export function unitNotSoldOf(error: unknown): { index: number; units: string[] } | null {
  if (errorCodeOf(error) !== 'INVENTORY_UNIT_NOT_SOLD' || !isHttpError(error)) return null;
  const details = error.body?.details as { units?: unknown; fields?: Array<{ field?: unknown }> } | undefined;
  const field = details?.fields?.find((entry) => typeof entry.field === 'string')?.field as string | undefined;
  const match = field ? /^items\.(\d+)\.unit$/.exec(field) : null;
  if (!match) return null;
  const units = Array.isArray(details?.units) ? details.units.filter((unit) => typeof unit === 'string') : [];
  return { index: Number(match[1]), units };
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
