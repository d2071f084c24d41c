import { encodeTlv } from '@erp/common';
import { describe, expect, it } from 'vitest';
import type { BillingConfig } from '../billing.config.js';
import type { InvoiceEntity } from './invoice.entity.js';
import { InvoicePdfsService } from './invoice-pdfs.service.js';

const config = { ERP_DATA_DIR: '/tmp/erp-data' } as BillingConfig;
const service = new InvoicePdfsService(null!, null!, null!, config, null!, null!, null!);

const invoice = {
  id: 'inv-1',
  invoiceNumber: 'INV-2026-000278',
  type: 'customer',
  issuedAt: new Date('2026-11-28T04:11:00Z'),
  orderNumber: 'ORD-2026-000316',
  currency: 'SAR',
  clientName: 'Al Rowad Catering Co.',
  supplierName: null,
  seller: {
    name: 'Al Noor Trading Co.',
    nameAr: 'النور للتجارة',
    vatNumber: '399999999900003',
    address: 'Riyadh',
    addressAr: 'الرياض',
    logoUrl: null,
  },
  buyer: {
    name: 'Al Rowad Catering Co.',
    nameAr: 'شركة الرواد للتموين',
    vatNumber: '300812440300003',
    nationalAddress: {
      street: 'Al Kharj Road',
      buildingNumber: '7415',
      additionalNumber: '3120',
      district: 'Al Sulay',
      city: 'Riyadh',
      postalCode: '14322',
      countryCode: 'SA',
    },
  },
  subtotal: '172.66',
  taxRate: '15.00',
  taxAmount: '25.90',
  totalAmount: '198.56',
} as unknown as InvoiceEntity;

describe('the invoice PDF document', () => {
  it('names the seller as the ZATCA document’s QR does, and the buyer as issued', () => {
    const qr = encodeTlv(
      ['شركة النور التجارية', '310123456700003', '2026-11-28T07:11:00Z', '198.56', '25.90'].map((text) =>
        Buffer.from(text),
      ),
    );
    const document = service.documentOf(invoice, [], null, { qr, kind: 'standard' });
    expect(document.seller).toMatchObject({ name: 'Al Noor Trading Co.', nameAr: 'شركة النور التجارية' });
    expect(document.seller.vatNumber).toBe('310123456700003');
    expect(document.buyer).toEqual({
      name: 'Al Rowad Catering Co.',
      nameAr: 'شركة الرواد للتموين',
      vatNumber: '300812440300003',
      address: '7415 Al Kharj Road, Al Sulay, Riyadh 14322 - 3120',
    });
    expect(document.qrPayload).toBe(qr);
    expect(document.zatcaKind).toBe('standard');
  });

  it('keeps the seller as issued, and a phase-1 QR, before ZATCA onboarding', () => {
    const document = service.documentOf(invoice, [], null, null);
    expect(document.seller).toMatchObject({ nameAr: 'النور للتجارة', vatNumber: '399999999900003' });
    expect(document.zatcaKind).toBeNull();
    expect(document.qrPayload).toEqual(expect.any(String));
  });
});
