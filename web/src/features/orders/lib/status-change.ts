import { toCents } from '../../../lib/decimal';
import type { InvoiceDto, OrderReturnDto, OrderStatus } from '../api/orders-api';

/** Confirmed and completed hold stock and have a tax invoice (CONTRACT §11, decision 0015). */
export function isCommitted(status: OrderStatus): boolean {
  return status === 'confirmed' || status === 'completed';
}

/**
 * What a status change is to stock and the books: it `enter`s the committed states (stock out, an
 * invoice), `leave`s them (stock back, a credit note), or moves `within` one side (nothing).
 */
export type StatusMove = 'enter' | 'leave' | 'within';

export function statusMoveOf(from: OrderStatus, to: OrderStatus): StatusMove {
  if (isCommitted(from) === isCommitted(to)) return 'within';
  return isCommitted(to) ? 'enter' : 'leave';
}

/**
 * The invoice a leave would credit: the newest customer invoice not yet wholly credited. A
 * `credited` one was undone with nothing paid; a paid one later credited in full says `paid`, so
 * the credited amount is compared too (exact cents).
 */
export function uncreditedInvoiceOf(invoices: readonly InvoiceDto[]): InvoiceDto | null {
  return (
    invoices.find(
      (invoice) =>
        invoice.type === 'customer' &&
        invoice.paymentStatus !== 'credited' &&
        toCents(invoice.creditedAmount ?? '0') < toCents(invoice.totalAmount),
    ) ?? null
  );
}

/** Returns of the order's current commit cycle: the ones its current invoice already credited. */
export function returnsOfCurrentCycle(returns: readonly OrderReturnDto[], commitCount: number): OrderReturnDto[] {
  return returns.filter((entry) => entry.cycle === commitCount);
}

/** What is known of the invoice a leave would credit. */
export type InvoiceLookup =
  | { state: 'found'; invoice: InvoiceDto }
  | { state: 'none' }
  /** Being looked up: the consequence waits. */
  | { state: 'loading' }
  /** Not readable here (no invoices:read) or the look-up failed. */
  | { state: 'unknown' };

/** One sentence of the confirmation: a key under `orders:statusChange.consequences` and its values. */
export interface Consequence {
  key:
    | 'stockOut'
    | 'invoice'
    | 'newInvoice'
    | 'nothing'
    | 'stockBack'
    | 'stockBackAfterReturns'
    | 'creditNote'
    | 'creditNoteAfterReturns'
    | 'paidStays'
    | 'noInvoice'
    | 'invoiceUnknown'
    | 'checkingInvoice'
    | 'reconfirmLater'
    | 'editableAgain';
  values?: Record<string, string>;
}

export interface ConsequenceInput {
  from: OrderStatus;
  to: OrderStatus;
  /** How many times the order entered the committed states (its current cycle while committed). */
  commitCount: number;
  invoice: InvoiceLookup;
  /** The order had returns in its current cycle. */
  returned: boolean;
  /** Money in the company's currency. */
  money: (value: string) => string;
}

/**
 * What the change will do, in order (CONTRACT §11, docs/api/invoices.md "The life cycle",
 * decisions 0008, 0015 and 0017): stock first, then the books, then what the new status allows.
 */
export function statusConsequences({
  from,
  to,
  commitCount,
  invoice,
  returned,
  money,
}: ConsequenceInput): Consequence[] {
  const move = statusMoveOf(from, to);
  if (move === 'within') return [{ key: 'nothing' }];
  if (move === 'enter') return [{ key: 'stockOut' }, { key: commitCount > 0 ? 'newInvoice' : 'invoice' }];

  const consequences: Consequence[] = [{ key: returned ? 'stockBackAfterReturns' : 'stockBack' }];
  switch (invoice.state) {
    case 'found': {
      consequences.push({ key: 'creditNote', values: { number: invoice.invoice.invoiceNumber } });
      if (returned) consequences.push({ key: 'creditNoteAfterReturns' });
      const paid = invoice.invoice.paidAmount;
      if (paid !== null && toCents(paid) > 0n) consequences.push({ key: 'paidStays', values: { amount: money(paid) } });
      break;
    }
    case 'none':
      consequences.push({ key: 'noInvoice' });
      break;
    case 'loading':
      consequences.push({ key: 'checkingInvoice' });
      break;
    case 'unknown':
      consequences.push({ key: 'invoiceUnknown' });
      if (returned) consequences.push({ key: 'creditNoteAfterReturns' });
      break;
  }
  consequences.push({ key: to === 'cancelled' ? 'reconfirmLater' : 'editableAgain' });
  return consequences;
}
