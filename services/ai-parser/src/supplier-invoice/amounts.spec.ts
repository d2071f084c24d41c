import { describe, expect, it } from 'vitest';
import { findAmounts } from './amounts.js';
import { readInvoiceLines } from './invoice-text.js';

function amounts(row: string, repairs = false) {
  const [line] = readInvoiceLines(row);
  const found = findAmounts(line.tokens, repairs);
  return (
    found && {
      quantity: found.quantity.toString(),
      unitPrice: found.unitPrice?.toFixed(2) ?? null,
      lineTotal: found.lineTotal?.toFixed(2) ?? null,
      quantityToken: line.tokens[found.quantityAt].raw,
      confirmed: found.confirmed,
      repaired: found.repaired,
    }
  );
}

describe('findAmounts', () => {
  it('finds quantity × unit price = total past serial numbers and pack sizes', () => {
    expect(amounts('3 Lipton Yellow Label Tea 100 Bags 10 CTN 14.90 149.00')).toMatchObject({
      quantity: '10',
      unitPrice: '14.90',
      lineTotal: '149.00',
      confirmed: true,
    });
  });

  it('reads the price before the quantity, and thousands separators', () => {
    expect(amounts('Lipton Tea 100 Bags 14.90 1,000 BOX 14,900.00 2,235.00 17,135.00')).toMatchObject({
      quantity: '1000',
      unitPrice: '14.90',
      lineTotal: '14900.00',
    });
  });

  it('reads a weight as the quantity of an item sold by weight', () => {
    expect(amounts('Green Cardamom 118.00 2.5 KG 295.00')).toMatchObject({
      quantity: '2.5',
      quantityToken: '2.5 KG',
    });
  });

  it('reads a decimal comma and Arabic-Indic digits', () => {
    expect(amounts('زيت عافية ذرة ١٫٥ لتر ١٢ كرتون ٢١،٠٠ ٢٥٢٫٠٠')).toMatchObject({
      quantity: '12',
      unitPrice: '21.00',
      lineTotal: '252.00',
    });
  });

  it('puts back a decimal point OCR lost only when the row then adds up, and says so', () => {
    expect(amounts('Noor Sunflower Oil 1.5L 24 PCS 16.80 40320', true)).toMatchObject({
      lineTotal: '403.20',
      repaired: true,
    });
    expect(amounts('Noor Sunflower Oil 1.5L 24 PCS 16.80 40320', false)).toMatchObject({ confirmed: false });
  });

  it('reads a row that does not add up by position, unconfirmed', () => {
    expect(amounts('Afia Corn Oil 1.5L 12 PCS 21.00 250.00')).toEqual({
      quantity: '12',
      unitPrice: '21.00',
      lineTotal: '250.00',
      quantityToken: '12',
      confirmed: false,
      repaired: false,
    });
  });

  it('answers null for a line with no number that can be a quantity', () => {
    expect(amounts('Thank you for your business')).toBeNull();
  });
});
