import type { TFunction } from 'i18next';
import {
  QUANTITY_SCALE,
  checkDecimal,
  latinDigits,
  parseScaled,
  quantityText,
  quantityTextOfNumber,
} from '../../../lib/decimal';
import { errorCodeOf, isHttpError } from '../../../lib/http-error';
import type { Language } from '../../../lib/language';
import { isBlank, type FormErrors } from '../../../lib/validation';
import type { CreateOrderReturnRequest, OrderItemDto, OrderReturnDto } from '../api/orders-api';
import { describeOrderError } from './order-errors';

/** Why the goods came back: required, at most this long (CreateOrderReturnDto). */
export const RETURN_REASON_MAX_LENGTH = 500;

/** A line of the order as the Returns dialog offers it; quantities in thousandths of the line's unit. */
export interface ReturnableLine {
  item: OrderItemDto;
  delivered: bigint;
  /** Already returned in the order's current commit cycle (decision 0017). */
  returned: bigint;
  /** What may still come back: delivered − returned, never below 0. */
  left: bigint;
}

/** A quantity the server sent as a JSON number (or text), in thousandths; 0 for anything else. */
export function thousandthsOf(value: number | string): bigint {
  const text = typeof value === 'number' ? quantityTextOfNumber(value) : value;
  return parseScaled(text, QUANTITY_SCALE) ?? 0n;
}

/** Thousandths back as a number, for display only ("5 ctn"): a 3-decimal value is exact enough to show. */
export function thousandthsToNumber(value: bigint): number {
  return Number(value) / 10 ** QUANTITY_SCALE;
}

/**
 * What came back of each line in the current commit cycle, summed by `orderItemId` in exact
 * thousandths: returns of an earlier cycle belong to that cycle's invoice and do not count (0017).
 */
export function returnedByLine(returns: readonly OrderReturnDto[], commitCount: number): Map<string, bigint> {
  const sums = new Map<string, bigint>();
  for (const entry of returns) {
    if (entry.cycle !== commitCount) continue;
    for (const line of entry.lines) {
      sums.set(line.orderItemId, (sums.get(line.orderItemId) ?? 0n) + thousandthsOf(line.quantity));
    }
  }
  return sums;
}

export function returnableLinesOf(
  items: readonly OrderItemDto[],
  returns: readonly OrderReturnDto[],
  commitCount: number,
): ReturnableLine[] {
  const returned = returnedByLine(returns, commitCount);
  return items.map((item) => {
    const delivered = thousandthsOf(item.quantity);
    const back = returned.get(item.id) ?? 0n;
    return { item, delivered, returned: back, left: delivered > back ? delivered - back : 0n };
  });
}

/** The form's field names: one quantity and one restock choice per line, and the reason. */
export const quantityField = (orderItemId: string) => `quantity.${orderItemId}`;
export const restockField = (orderItemId: string) => `restock.${orderItemId}`;
export const REASON_FIELD = 'reason';
/** Not a field: the form as a whole (nothing to return). */
export const LINES_FIELD = 'lines';

export type ReturnValues = Record<string, string>;

export function initialReturnValues(items: readonly OrderItemDto[]): ReturnValues {
  const values: ReturnValues = {};
  for (const item of items) {
    values[quantityField(item.id)] = '0';
    values[restockField(item.id)] = 'true';
  }
  values[REASON_FIELD] = '';
  return values;
}

/** A typed quantity in thousandths: blank is 0; null when it is no quantity. */
function typedThousandths(text: string | undefined): bigint | null {
  if (text === undefined || isBlank(latinDigits(text))) return 0n;
  return checkDecimal(text, { scale: QUANTITY_SCALE }) === null ? parseScaled(text, QUANTITY_SCALE) : null;
}

/**
 * The Returns form's rules, as translation keys (orders namespace): each quantity 0 or more with
 * at most 3 decimals and at most what is left of its line (exact thousandths, never floats), at
 * least one line above 0, and a reason of at most 500 characters.
 */
export function returnErrors(values: ReturnValues, lines: readonly ReturnableLine[]): FormErrors<string> {
  const errors: FormErrors<string> = {};
  let any = false;
  for (const line of lines) {
    const name = quantityField(line.item.id);
    const text = values[name];
    const problem =
      text === undefined || isBlank(latinDigits(text)) ? null : checkDecimal(text, { scale: QUANTITY_SCALE });
    if (problem === 'number') errors[name] = 'returns.errors.quantityNumber';
    else if (problem === 'min') errors[name] = 'returns.errors.quantityNegative';
    else if (problem === 'scale') errors[name] = 'returns.errors.quantityScale';
    else {
      const quantity = typedThousandths(text) ?? 0n;
      if (quantity > line.left) errors[name] = 'returns.errors.quantityAboveLeft';
      else if (quantity > 0n) any = true;
    }
  }
  if (!any && !lines.some((line) => errors[quantityField(line.item.id)]))
    errors[LINES_FIELD] = 'returns.errors.nothing';
  const reason = (values[REASON_FIELD] ?? '').trim();
  if (!reason) errors[REASON_FIELD] = 'returns.errors.reasonRequired';
  else if ([...reason].length > RETURN_REASON_MAX_LENGTH) errors[REASON_FIELD] = 'returns.errors.reasonTooLong';
  return errors;
}

/** The request of a valid form: the reason trimmed, and only the lines above 0, as decimal text. */
export function returnRequestOf(
  values: ReturnValues,
  lines: readonly ReturnableLine[],
): Pick<CreateOrderReturnRequest, 'reason' | 'lines'> {
  return {
    reason: (values[REASON_FIELD] ?? '').trim(),
    lines: lines.flatMap(({ item }) => {
      const text = values[quantityField(item.id)] ?? '0';
      const quantity = typedThousandths(text) ?? 0n;
      if (quantity <= 0n) return [];
      return [
        {
          orderItemId: item.id,
          quantity: quantityText(text) ?? text.trim(),
          restock: values[restockField(item.id)] !== 'false',
        },
      ];
    }),
  };
}

/** 409 ORDERS_RETURN_EXCEEDS_DELIVERED's `details.lines`: per line, delivered, returned before and asked. */
export interface ExceededLine {
  orderItemId: string;
  delivered: bigint;
  returned: bigint;
  asked: bigint;
}

export function exceededLinesOf(error: unknown): ExceededLine[] {
  if (errorCodeOf(error) !== 'ORDERS_RETURN_EXCEEDS_DELIVERED' || !isHttpError(error)) return [];
  const details = error.body?.details as { lines?: unknown } | undefined;
  if (!Array.isArray(details?.lines)) return [];
  const quantity = (value: unknown) =>
    typeof value === 'number' || typeof value === 'string' ? thousandthsOf(value) : 0n;
  return details.lines.flatMap((line: unknown) => {
    const entry = (line ?? {}) as Record<string, unknown>;
    if (typeof entry.orderItemId !== 'string') return [];
    return [
      {
        orderItemId: entry.orderItemId,
        delivered: quantity(entry.delivered),
        returned: quantity(entry.returned),
        asked: quantity(entry.asked),
      },
    ];
  });
}

/** A refused return as the dialog says it: a sentence, and per line what the server counted. */
export interface ReturnRefusal {
  message: string;
  lines: Array<{ orderItemId: string; text: string }>;
}

/**
 * A refused return in the user's language. More than delivered: each line's delivered, already
 * returned and asked quantities (`describeLine` names the item and its unit); a line the order
 * no longer has: our words (the server's names an id); anything else as `describeOrderError` says
 * it (ORDERS_NOT_RETURNABLE in the common codes' words in Arabic).
 */
export function describeReturnError(
  error: unknown,
  t: TFunction,
  language: Language,
  describeLine: (line: ExceededLine) => string | null,
): ReturnRefusal {
  const code = errorCodeOf(error);
  if (code === 'ORDERS_RETURN_EXCEEDS_DELIVERED') {
    const lines = exceededLinesOf(error).flatMap((line) => {
      const text = describeLine(line);
      return text === null ? [] : [{ orderItemId: line.orderItemId, text }];
    });
    return { message: t('orders:returns.serverErrors.exceeds'), lines };
  }
  if (code === 'ORDERS_RETURN_LINE_UNKNOWN')
    return { message: t('orders:returns.serverErrors.lineUnknown'), lines: [] };
  if (code === 'ORDERS_NOT_RETURNABLE') return { message: t('orders:returns.serverErrors.notReturnable'), lines: [] };
  return { message: describeOrderError(error, t, language), lines: [] };
}
