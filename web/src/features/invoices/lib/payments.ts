import type { InvoiceDto, PaymentMethod, PaymentStatus } from '@erp/contracts';
import { MONEY_SCALE, checkDecimal, parseScaled, toCents } from '../../../lib/decimal';
import { isBlank, type FormErrors } from '../../../lib/validation';

/** The settlement states of a customer invoice (docs/api/invoices.md), in the filter's order. */
export const paymentStatuses: readonly PaymentStatus[] = ['unpaid', 'partially_paid', 'paid', 'credited'];

/** How a client paid (CONTRACT §11). */
export const paymentMethods: readonly PaymentMethod[] = ['cash', 'bank_transfer', 'cheque', 'card'];

/** A payment's reference (the transfer's, cheque's or card slip's number): at most this long. */
export const REFERENCE_MAX_LENGTH = 100;
/** Why a payment was deleted: at most this long (DeletePaymentDto). */
export const DELETE_REASON_MAX_LENGTH = 500;

export interface BadgeColours {
  color: string;
  bgcolor: string;
  borderColor: string;
}

/**
 * The app's soft badge colours (the type and order status badges), on the theme's meanings:
 * unpaid amber (warning), partly paid blue (info), paid green (success), credited grey; overdue red (error).
 */
export const paymentStatusColours: Record<PaymentStatus, BadgeColours> = {
  unpaid: { color: '#92400e', bgcolor: '#fef3c7', borderColor: '#fcd34d' },
  partially_paid: { color: '#1e40af', bgcolor: '#dbeafe', borderColor: '#93c5fd' },
  paid: { color: '#166534', bgcolor: '#dcfce7', borderColor: '#86efac' },
  credited: { color: '#374151', bgcolor: '#f3f4f6', borderColor: '#d1d5db' },
};

export const overdueColours: BadgeColours = { color: '#991b1b', bgcolor: '#fee2e2', borderColor: '#fca5a5' };

export function isPaymentStatus(value: unknown): value is PaymentStatus {
  return typeof value === 'string' && (paymentStatuses as readonly string[]).includes(value);
}

/**
 * What a client owes on and pays: a customer invoice, or a balance brought forward from the
 * previous system. Only these have a payment status, a balance and a due date.
 */
export function isReceivable(invoice: Pick<InvoiceDto, 'type'>): boolean {
  return invoice.type === 'customer' || invoice.type === 'opening_balance';
}

/** A balance brought forward with something left on it: what an admin may write off. */
export function takesWriteOff(invoice: Pick<InvoiceDto, 'type' | 'balanceDue'>): boolean {
  return invoice.type === 'opening_balance' && invoice.balanceDue !== null && toCents(invoice.balanceDue) > 0n;
}

/** A receivable with money left to pay: the only kind that takes a payment. */
export function takesPayment(invoice: Pick<InvoiceDto, 'type' | 'balanceDue'>): boolean {
  return isReceivable(invoice) && invoice.balanceDue !== null && toCents(invoice.balanceDue) > 0n;
}

/** Today in the browser's calendar as "YYYY-MM-DD" (what a date input holds). */
export function localToday(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

export type PaymentField = 'amount' | 'method' | 'reference' | 'paidAt';
export type PaymentValues = Record<PaymentField, string>;

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** An amount taken off a balance (a payment, a write-off): above 0, 2 decimals, at most the balance (in cents). */
export function amountError(amount: string, balanceDue: string): string | null {
  if (isBlank(amount)) return 'payment.errors.amountRequired';
  const problem = checkDecimal(amount, { scale: MONEY_SCALE, positive: true });
  if (problem === 'number') return 'payment.errors.amountNumber';
  if (problem === 'min') return 'payment.errors.amountPositive';
  if (problem === 'scale') return 'payment.errors.amountScale';
  if ((parseScaled(amount, MONEY_SCALE) ?? 0n) > toCents(balanceDue)) return 'payment.errors.amountAboveBalance';
  return null;
}

/**
 * The record-payment form's rules, as translation keys (invoices namespace): an amount above 0
 * with at most 2 decimals and at most the balance due (compared in cents, never as floats), a
 * method, a reference of at most 100 characters, and a whole day received that is not after today.
 */
export function paymentErrors(values: PaymentValues, balanceDue: string, today: string): FormErrors<PaymentField> {
  const errors: FormErrors<PaymentField> = {};
  const amount = amountError(values.amount, balanceDue);
  if (amount) errors.amount = amount;
  if (!(paymentMethods as readonly string[]).includes(values.method)) errors.method = 'payment.errors.methodRequired';
  if (values.reference.trim().length > REFERENCE_MAX_LENGTH) errors.reference = 'payment.errors.referenceTooLong';
  if (!isoDay.test(values.paidAt)) errors.paidAt = 'payment.errors.dateRequired';
  else if (values.paidAt > today) errors.paidAt = 'payment.errors.dateInFuture';
  return errors;
}
