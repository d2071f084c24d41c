import type { PurchaseOrderDto } from '@erp/contracts';
import { describe, expect, it } from 'vitest';
import { purchaseOrderHtml } from './purchase-order-template.js';

const seller = {
  name: 'Al Noor Trading',
  nameAr: 'مؤسسة النور التجارية',
  vatNumber: '300000000000003',
  address: 'King Fahd Road, Riyadh',
  addressAr: 'طريق الملك فهد، الرياض',
};

function order(quantity: number, supplierName = 'Al-Watania Trading Est.'): PurchaseOrderDto {
  return {
    id: '7d1c8d2e-0b5e-4c55-9d8a-2c9f0f1b2a3c',
    number: 'PO-2026-000042',
    supplier: { id: 'a', name: supplierName, phone: '+966 11 555 0101', email: null, address: null },
    lines: [
      {
        stockItemId: 'b',
        sku: 'SES-500',
        name: 'Sesame paste 500g',
        nameAr: 'طحينة ٥٠٠ غ',
        unit: 'piece',
        quantity,
        packs: [
          { unit: 'carton', factor: 12 },
          { unit: 'pallet', factor: 480 },
        ],
      },
    ],
    reorderSuggestionId: null,
    createdAt: '2026-11-28T09:00:00.000Z',
    createdBy: null,
  };
}

describe('purchaseOrderHtml', () => {
  it('holds both titles, both names of the buyer, the supplier, the number, the date and every line', () => {
    const page = purchaseOrderHtml(order(240), { seller, date: '2026-11-28' });
    for (const text of [
      'Purchase Order',
      'أمر شراء',
      seller.name,
      seller.nameAr,
      'Al-Watania Trading Est.',
      '+966 11 555 0101',
      'PO-2026-000042',
      '2026-11-28',
      'Sesame paste 500g',
      'طحينة ٥٠٠ غ',
      'SES-500',
      'مكان التسليم',
      seller.addressAr,
    ]) {
      expect(page).toContain(text);
    }
  });

  it('says the quantity in the largest pack it fills exactly, and only in the base unit otherwise', () => {
    expect(purchaseOrderHtml(order(960), { seller, date: '2026-11-28' })).toMatch(/= 2<\/span[\s\S]*pallet/);
    expect(purchaseOrderHtml(order(240), { seller, date: '2026-11-28' })).toMatch(/= 20<\/span[\s\S]*carton/);
    const loose = purchaseOrderHtml(order(250), { seller, date: '2026-11-28' });
    expect(loose).toContain('250');
    expect(loose).not.toContain('class="base"');
  });

  it('escapes what people typed and prints no price', () => {
    const page = purchaseOrderHtml(order(12, '<img src=x onerror=alert(1)>'), { seller, date: '2026-11-28' });
    expect(page).not.toContain('<img src=x');
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(page).not.toMatch(/SAR|ر\.س|Total/);
  });
});
