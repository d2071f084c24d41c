import { describe, expect, it } from 'vitest';
import { makeInvoice } from '../../../test/invoice-fixtures';
import type { OrderStatus } from '../api/orders-api';
import { statusMoveOf, uncreditedInvoiceOf } from './status-change';

describe('statusMoveOf', () => {
  const all: OrderStatus[] = ['pending', 'confirmed', 'completed', 'cancelled'];
  it('enters, leaves or stays within the committed states for every pair', () => {
    const moves = Object.fromEntries(all.flatMap((from) => all.map((to) => [`${from}>${to}`, statusMoveOf(from, to)])));
    expect(moves).toMatchObject({
      'pending>confirmed': 'enter',
      'cancelled>completed': 'enter',
      'confirmed>pending': 'leave',
      'completed>cancelled': 'leave',
      'confirmed>completed': 'within',
      'completed>confirmed': 'within',
      'pending>cancelled': 'within',
      'cancelled>pending': 'within',
    });
  });
});

describe('uncreditedInvoiceOf', () => {
  it('skips invoices credited in full, paid first or not, and takes the newest left', () => {
    const credited = makeInvoice({ id: 'a', paymentStatus: 'credited', creditedAmount: '1150.00' });
    const paidThenCredited = makeInvoice({
      id: 'b',
      paymentStatus: 'paid',
      paidAmount: '1150.00',
      creditedAmount: '1150.00',
    });
    const partlyReturned = makeInvoice({ id: 'c', invoiceNumber: 'INV-2026-000200', creditedAmount: '115.00' });
    expect(uncreditedInvoiceOf([paidThenCredited, credited])).toBeNull();
    expect(uncreditedInvoiceOf([partlyReturned, paidThenCredited, credited])?.invoiceNumber).toBe('INV-2026-000200');
  });
});
