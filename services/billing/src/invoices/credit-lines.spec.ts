import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { creditNoteContent, type DocumentAmounts } from './credit-lines.js';
import type { InvoiceItemEntity } from './invoice-item.entity.js';

function line(
  lineNo: number,
  quantity: string,
  unitPrice: string,
  totalPrice: string,
  extra: Partial<InvoiceItemEntity> = {},
) {
  return {
    id: `line-${lineNo}`,
    invoiceId: 'inv',
    lineNo,
    stockItemId: `item-${lineNo}`,
    sku: null,
    itemName: `Item ${lineNo}`,
    itemNameAr: null,
    quantity,
    unit: 'piece',
    baseQuantity: null,
    baseUnit: null,
    unitPrice,
    discountPercent: '0.00',
    totalPrice,
    orderItemId: `order-item-${lineNo}`,
    creditedLineNo: null,
    ...extra,
  } satisfies InvoiceItemEntity;
}

/** A credit note's lines as stored, to feed the next call. */
function stored(items: ReturnType<typeof creditNoteContent>): InvoiceItemEntity[] {
  return items!.items.map((item, index) => ({ ...item, id: `cn-${index}`, invoiceId: 'cn', lineNo: index + 1 }));
}

// 3 × 3.33 = 9.99 and 1 carton of 12 at 40.00, 10 % off: 36.00. Subtotal 45.99, VAT 15 % 6.90, total 52.89.
const invoice = { subtotal: '45.99', taxAmount: '6.90', totalAmount: '52.89', taxRate: '15.00' };
const items = [
  line(1, '3', '3.33', '9.99'),
  line(2, '1', '40.00', '36.00', { unit: 'carton', baseQuantity: '12', baseUnit: 'piece', discountPercent: '10.00' }),
];
const none = { notes: [], items: [] };

describe('creditNoteContent', () => {
  it('credits the whole invoice to the cent', () => {
    const content = creditNoteContent(invoice, items, none, 'all');
    expect(content).toMatchObject({ subtotal: '45.99', taxAmount: '6.90', total: '52.89' });
    expect(content!.items.map((item) => [item.creditedLineNo, item.quantity, item.totalPrice])).toEqual([
      [1, '3.000', '9.99'],
      [2, '1.000', '36.00'],
    ]);
    expect(content!.items[1]).toMatchObject({ unit: 'carton', baseQuantity: '12.000', discountPercent: '10.00' });
  });

  it('credits part of a line at the invoice price and discount, and the rest exactly what is left', () => {
    const first = creditNoteContent(invoice, items, none, new Map([[1, new Decimal(1)]]));
    // 1 × 3.33 = 3.33, VAT round(0.4995) = 0.50.
    expect(first).toMatchObject({ subtotal: '3.33', taxAmount: '0.50', total: '3.83' });
    const second = creditNoteContent(
      invoice,
      items,
      { notes: [toAmounts(first!)], items: stored(first) },
      new Map([[1, new Decimal(1)]]),
    );
    expect(second).toMatchObject({ subtotal: '3.33', taxAmount: '0.50', total: '3.83' });
    const earlier = { notes: [toAmounts(first!), toAmounts(second!)], items: [...stored(first), ...stored(second)] };
    const rest = creditNoteContent(invoice, items, earlier, 'all');
    // What is left: line 1 at 9.99 − 6.66 = 3.33, line 2 at 36.00; the tax 6.90 − 1.00 = 5.90.
    expect(rest).toMatchObject({ subtotal: '39.33', taxAmount: '5.90', total: '45.23' });
    const credited = [first!, second!, rest!].reduce((sum, note) => sum.plus(note.total), new Decimal(0));
    expect(credited.toFixed(2)).toBe(invoice.totalAmount);
    const after = { notes: [...earlier.notes, toAmounts(rest!)], items: [...earlier.items, ...stored(rest)] };
    expect(creditNoteContent(invoice, items, after, 'all')).toBeNull();
  });

  it('refuses more than is left of a line', () => {
    const first = creditNoteContent(invoice, items, none, new Map([[1, new Decimal(2)]]));
    expect(() =>
      creditNoteContent(
        invoice,
        items,
        { notes: [toAmounts(first!)], items: stored(first) },
        new Map([[1, new Decimal(2)]]),
      ),
    ).toThrow(RangeError);
    expect(() => creditNoteContent(invoice, items, none, new Map([[2, new Decimal('1.5')]]))).toThrow('line 2');
  });

  it('credits nothing when nothing is asked', () => {
    expect(creditNoteContent(invoice, items, none, new Map())).toBeNull();
  });
});

function toAmounts(content: NonNullable<ReturnType<typeof creditNoteContent>>): DocumentAmounts {
  return { subtotal: content.subtotal, taxAmount: content.taxAmount, totalAmount: content.total };
}
