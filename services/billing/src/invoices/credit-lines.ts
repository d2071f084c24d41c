import { lineTotal, quantityColumn, moneyColumn } from '@erp/common';
import { Decimal } from 'decimal.js';
import type { InvoiceItemEntity } from './invoice-item.entity.js';
import type { NewInvoiceItem } from './invoices.repository.js';

/** What a credit note must say: its lines and amounts (strings with 2 decimals). */
export interface CreditNoteContent {
  items: NewInvoiceItem[];
  subtotal: string;
  taxAmount: string;
  total: string;
}

/** The amounts of a document, as stored. */
export interface DocumentAmounts {
  subtotal: string;
  taxAmount: string;
  totalAmount: string;
}

/** What is still uncredited of one invoice line: a quantity and its money. */
interface LineLeft {
  line: InvoiceItemEntity;
  quantity: Decimal;
  total: Decimal;
}

const zero = new Decimal(0);

function linesLeft(invoiceItems: readonly InvoiceItemEntity[], credited: readonly InvoiceItemEntity[]): LineLeft[] {
  return invoiceItems.map((line) => {
    const earlier = credited.filter((item) => item.creditedLineNo === line.lineNo);
    return {
      line,
      quantity: earlier.reduce((left, item) => left.minus(item.quantity), new Decimal(line.quantity)),
      total: earlier.reduce((left, item) => left.minus(item.totalPrice), new Decimal(line.totalPrice)),
    };
  });
}

function sum(values: readonly string[]): Decimal {
  return values.reduce((total, value) => total.plus(value), zero);
}

/** A credit note line crediting `quantity` of an invoice line for `total`, in the line's unit and price. */
function creditLine(left: LineLeft, quantity: Decimal, total: Decimal): NewInvoiceItem {
  const { line } = left;
  const factor =
    line.baseQuantity === null ? null : new Decimal(line.baseQuantity).dividedBy(new Decimal(line.quantity));
  return {
    stockItemId: line.stockItemId,
    sku: line.sku,
    itemName: line.itemName,
    itemNameAr: line.itemNameAr,
    quantity: quantityColumn(quantity),
    unit: line.unit,
    baseQuantity: factor === null ? null : quantityColumn(quantity.times(factor)),
    baseUnit: line.baseUnit,
    unitPrice: line.unitPrice,
    discountPercent: line.discountPercent,
    totalPrice: moneyColumn(total),
    orderItemId: line.orderItemId,
    creditedLineNo: line.lineNo,
  };
}

/**
 * The credit note of `wanted` (invoice line number → quantity to credit) or, with `'all'`, of
 * everything still uncredited: given the invoice, its lines and the lines and amounts of the
 * credit notes issued against it before. Never more than is left of any line or of the invoice
 * (CONTRACT §11): a line credited to its end takes exactly what is left of its money, and a
 * credit note that leaves nothing uncredited takes exactly what is left of the tax, so that an
 * invoice credited in parts is credited to the cent. Partial lines are priced as the invoice
 * priced them: round(quantity × price × (1 − discount/100), 2), the tax at the invoice's rate.
 * Null when there is nothing to credit; throws a RangeError naming a line asked beyond what is left.
 */
export function creditNoteContent(
  invoice: DocumentAmounts & { taxRate: string },
  invoiceItems: readonly InvoiceItemEntity[],
  earlier: { notes: readonly DocumentAmounts[]; items: readonly InvoiceItemEntity[] },
  wanted: ReadonlyMap<number, Decimal> | 'all',
): CreditNoteContent | null {
  const left = linesLeft(invoiceItems, earlier.items);
  const items: NewInvoiceItem[] = [];
  let finishes = true;
  for (const line of left) {
    const asked = wanted === 'all' ? line.quantity : (wanted.get(line.line.lineNo) ?? zero);
    if (asked.greaterThan(line.quantity)) {
      throw new RangeError(`line ${line.line.lineNo}: ${asked.toString()} asked, ${line.quantity.toString()} left`);
    }
    const rest = line.quantity.minus(asked);
    if (rest.greaterThan(0)) finishes = false;
    if (asked.lessThanOrEqualTo(0)) continue;
    const total = rest.isZero()
      ? line.total
      : Decimal.min(lineTotal(asked, line.line.unitPrice, line.line.discountPercent), line.total);
    items.push(creditLine(line, asked, total));
  }
  if (items.length === 0) return null;

  const subtotalLeft = new Decimal(invoice.subtotal).minus(sum(earlier.notes.map((note) => note.subtotal)));
  const taxLeft = new Decimal(invoice.taxAmount).minus(sum(earlier.notes.map((note) => note.taxAmount)));
  const subtotal = finishes ? subtotalLeft : Decimal.min(sum(items.map((item) => item.totalPrice)), subtotalLeft);
  const tax = finishes
    ? taxLeft
    : Decimal.min(subtotal.times(invoice.taxRate).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP), taxLeft);
  if (subtotal.lessThanOrEqualTo(0) && tax.lessThanOrEqualTo(0)) return null;
  return {
    items,
    subtotal: moneyColumn(subtotal),
    taxAmount: moneyColumn(tax),
    total: moneyColumn(subtotal.plus(tax)),
  };
}
