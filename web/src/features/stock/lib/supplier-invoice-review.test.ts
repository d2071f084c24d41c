import type { SupplierInvoiceDraftDto } from '@erp/contracts';
import { describe, expect, it } from 'vitest';
import { makeStockItem } from '../../../test/stock-fixtures';
import {
  chooseItem,
  chooseNewItem,
  chosenOfSuggestion,
  lineInBaseUnits,
  receiptRequestOf,
  receiptTotalOf,
  reviewFormOf,
  reviewMessagesOfServer,
  stockUnitOf,
  unitsOfItem,
  validateReview,
} from './supplier-invoice-review';

function draftOf(overrides: Partial<SupplierInvoiceDraftDto> = {}): SupplierInvoiceDraftDto {
  return {
    supplierName: 'Almarai Company',
    invoiceNumber: 'INV-88213',
    invoiceDate: '2026-11-20',
    lines: [
      {
        name: 'Almarai Fresh Milk 1L',
        nameAr: null,
        description: 'Almarai Fresh Milk Full Fat 1L',
        lineTotal: '133.20',
        alternatives: [],
        stockItemId: 'i-milk',
        sku: 'MILK-ALM-1L',
        quantity: 24,
        unit: 'CTN',
        unitPrice: '5.55',
        batchNumber: 'B-2211',
        expiryDate: '2026-12-05',
        manufactureDate: '2026-11-01',
        confidence: 0.93,
        quantityNeedsCheck: false,
        unitNeedsCheck: false,
      },
      {
        name: 'Almarai Cheese Slices 200g',
        nameAr: 'شرائح جبن المراعي',
        description: 'Almarai Cheese Slices 200g شرائح جبن المراعي',
        lineTotal: null,
        alternatives: [{ stockItemId: 'i-cheese', sku: 'CHS-200', name: 'Cheese Slices 200g', confidence: 0.5 }],
        stockItemId: null,
        sku: null,
        quantity: 0.1 + 0.2,
        unit: 'Pcs.',
        unitPrice: null,
        batchNumber: null,
        expiryDate: null,
        manufactureDate: null,
        confidence: 0.3,
        quantityNeedsCheck: true,
        unitNeedsCheck: false,
      },
    ],
    totals: { subtotal: '133.20', vat: null, total: null },
    rawText: '',
    engine: 'offline',
    uploadedFileUrl: '/api/files/intake/2026/0b6f3c1e-5a7d-4e8b-9c2f-1d3e5f7a9b0c.pdf',
    ...overrides,
  };
}

describe('the review form', () => {
  it('reads units as invoices write them', () => {
    expect(stockUnitOf('CTN')).toBe('carton');
    expect(stockUnitOf('Pcs.')).toBe('piece');
    expect(stockUnitOf('كرتون')).toBe('carton');
    expect(stockUnitOf('L')).toBe('L');
    // Packs too: a line may be received in one of its item's packs.
    expect(stockUnitOf('PLT')).toBe('pallet');
    expect(stockUnitOf('درزن')).toBe('dozen');
    expect(stockUnitOf('tin')).toBeNull();
  });

  it("offers a picked item's base unit and packs, and counts a line in packs in base units", () => {
    const form = reviewFormOf(draftOf());
    const milk = makeStockItem({
      id: 'i-pcs',
      unit: 'piece',
      packs: [{ unit: 'carton', factor: 12, sellingPrice: null, price: '72.00', barcode: null }],
    });
    const line = chooseItem({ ...form.lines[1]!, unit: 'carton', quantity: '2', unitPrice: '70' }, milk);
    expect(line.choice.kind === 'matched' && unitsOfItem(line.choice.item)).toEqual([
      { unit: 'piece', factor: 1 },
      { unit: 'carton', factor: 12 },
    ]);
    expect(lineInBaseUnits(line, 12)).toEqual({ baseQuantity: 24_000n, baseUnitCost: 583n });
    expect(validateReview({ ...form, lines: [line] }).lines[line.key]).toBeUndefined();
    // A unit the item is neither counted nor sold in is refused before sending.
    expect(validateReview({ ...form, lines: [{ ...line, unit: 'kg' }] }).lines[line.key]).toEqual({
      unit: 'review.errors.unitNotSold',
    });
    // An item the receipt creates is counted in a base unit, never a pack.
    const created = chooseNewItem({ ...line, unit: 'pallet' });
    expect(validateReview({ ...form, lines: [created] }).lines[created.key]).toEqual({
      unit: 'review.errors.newItemUnit',
    });
  });

  it('starts from the draft: matched lines keep their item, numbers stay text', () => {
    const form = reviewFormOf(draftOf());
    expect(form.lines[0]).toMatchObject({
      choice: { kind: 'matched', by: 'reader', item: { id: 'i-milk', sku: 'MILK-ALM-1L' } },
      quantity: '24',
      unit: 'carton',
      unitPrice: '5.55',
      confidence: 0.93,
    });
    expect(form.lines[1]).toMatchObject({ choice: { kind: 'none' }, quantity: '0.3', unit: 'piece', needsCheck: true });
  });

  it('refuses an unmatched line, a missing unit cost and an expiry before manufacture', () => {
    const form = reviewFormOf(draftOf());
    form.lines[0]!.expiryDate = '2026-10-01';
    const messages = validateReview(form);
    expect(messages.lines[form.lines[0]!.key]).toEqual({ expiryDate: 'review.errors.expiryBeforeManufacture' });
    expect(messages.lines[form.lines[1]!.key]).toEqual({
      item: 'review.errors.itemRequired',
      unitPrice: 'review.errors.unitPriceRequired',
    });
    expect(validateReview({ ...form, lines: [] }).form).toEqual(['review.errors.noLines']);
  });

  it('builds the receipt: only the fields the server accepts, decimals as text', () => {
    const form = reviewFormOf(draftOf());
    const cheese = chooseNewItem({ ...form.lines[1]!, unitPrice: '9.7', newSku: ' CHS-200 ', sellingPrice: '12' });
    const request = receiptRequestOf({ ...form, lines: [form.lines[0]!, cheese] }, 'r-1');
    expect(request).toEqual({
      receiptId: 'r-1',
      supplierName: 'Almarai Company',
      invoiceNumber: 'INV-88213',
      invoiceDate: '2026-11-20',
      createMissingItems: true,
      uploadedFileUrl: '/api/files/intake/2026/0b6f3c1e-5a7d-4e8b-9c2f-1d3e5f7a9b0c.pdf',
      lines: [
        {
          stockItemId: 'i-milk',
          name: 'Almarai Fresh Milk 1L',
          quantity: '24',
          unit: 'carton',
          unitPrice: '5.55',
          batchNumber: 'B-2211',
          expiryDate: '2026-12-05',
          manufactureDate: '2026-11-01',
        },
        {
          name: 'Almarai Cheese Slices 200g',
          nameAr: 'شرائح جبن المراعي',
          sku: 'CHS-200',
          quantity: '0.3',
          unit: 'piece',
          unitPrice: '9.70',
          sellingPrice: '12.00',
        },
      ],
    });
  });

  it('takes the picked item, and its unit when the line has none', () => {
    const form = reviewFormOf(draftOf());
    const line = chooseItem({ ...form.lines[1]!, unit: '' }, makeStockItem({ id: 'i-cheese', unit: 'box' }));
    expect(line.choice).toMatchObject({ kind: 'matched', by: 'user', item: { id: 'i-cheese' } });
    expect(line.unit).toBe('box');
  });

  it("takes a reader's suggestion by id and SKU, its unit left to the line", () => {
    const form = reviewFormOf(draftOf());
    const [suggestion] = form.lines[1]!.suggestions;
    const line = chooseItem(form.lines[1]!, chosenOfSuggestion(suggestion!));
    expect(line.choice).toMatchObject({ kind: 'matched', item: { id: 'i-cheese', sku: 'CHS-200', unit: null } });
    expect(line.unit).toBe('piece');
    expect(receiptRequestOf({ ...form, lines: [line] }, 'r-2').lines[0]).toMatchObject({
      stockItemId: 'i-cheese',
      name: 'Cheese Slices 200g',
    });
  });

  it('names a new item as the invoice prints the line, also when the reader had matched it', () => {
    const form = reviewFormOf(draftOf());
    expect(chooseNewItem(form.lines[0]!)).toMatchObject({ newName: 'Almarai Fresh Milk Full Fat 1L', newSku: '' });
    expect(chooseNewItem(form.lines[1]!)).toMatchObject({
      newName: 'Almarai Cheese Slices 200g',
      newNameAr: 'شرائح جبن المراعي',
    });
  });

  it('totals the lines it can count', () => {
    const form = reviewFormOf(draftOf());
    expect(receiptTotalOf(form)).toEqual({ cents: 13_320n, complete: false });
    const [milk, cheese] = form.lines;
    // A negative quantity or cost is refused, so it is not counted either.
    const negative = { ...form, lines: [milk!, { ...cheese!, quantity: '-2', unitPrice: '5' }] };
    expect(receiptTotalOf(negative)).toEqual({ cents: 13_320n, complete: false });
    const arabic = { ...form, lines: [milk!, { ...cheese!, quantity: '٢', unitPrice: '٥٫٥' }] };
    expect(receiptTotalOf(arabic)).toEqual({ cents: 14_420n, complete: true });
  });

  it("places the server's field messages on the lines they name", () => {
    const form = reviewFormOf(draftOf());
    const placed = reviewMessagesOfServer(
      [
        { field: 'invoiceDate', message: 'invoiceDate must be a date (YYYY-MM-DD)' },
        { field: 'lines.1.quantity', message: 'lines.1.quantity must be greater than 0' },
        { field: 'lines.0', message: 'lines.0 (milk) matches no stock item' },
        { field: 'lines.9.unit', message: 'beyond the form' },
        { field: 'lines', message: 'lines must contain at least one line' },
      ],
      form,
    );
    expect(placed.header).toEqual({ invoiceDate: 'invoiceDate must be a date (YYYY-MM-DD)' });
    expect(placed.lines).toEqual({
      [form.lines[0]!.key]: { item: 'lines.0 (milk) matches no stock item' },
      [form.lines[1]!.key]: { quantity: 'lines.1.quantity must be greater than 0' },
    });
    expect(placed.form).toEqual(['beyond the form', 'lines must contain at least one line']);
  });
});
