import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readStampCertificate } from './certificate.js';
import { writeZatcaDocument, zatcaTotals, type ZatcaDocumentInput } from './documents.js';
import { FIRST_PIH, invoiceHashOf } from './invoice-hash.js';
import { decodeQrTags } from './qr.js';
import { signInvoice, verifySignedInvoice } from './signature.js';
import { Ns, child, parseXml, path, textOf } from './xml.js';

const samplesDir = new URL('./sdk-samples/', import.meta.url);
const stamp = {
  certificate: readStampCertificate(readFileSync(new URL('cert.pem', samplesDir), 'utf8')),
  privateKey: createPrivateKey(
    `-----BEGIN EC PRIVATE KEY-----\n${readFileSync(new URL('ec-secp256k1-priv-key.pem', samplesDir), 'utf8').trim()}\n-----END EC PRIVATE KEY-----`,
  ),
};

const seller = {
  name: 'مؤسسة الريان للمواد الغذائية',
  vatNumber: '310123456700003',
  crn: '1010123456',
  address: {
    street: 'طريق الملك فهد',
    buildingNumber: '2322',
    additionalNumber: '8012',
    district: 'العليا',
    city: 'الرياض',
    postalCode: '12211',
    countryCode: 'SA',
  },
};

function input(overrides: Partial<ZatcaDocumentInput> = {}): ZatcaDocumentInput {
  return {
    kind: 'simplified',
    typeCode: 388,
    number: 'INV-2026-000001',
    uuid: '3cf5ee18-ee25-44ea-a444-2c37ba7f28be',
    issueDate: '2026-11-27',
    issueTime: '14:05:09',
    icv: 1,
    pih: FIRST_PIH,
    seller,
    buyer: { name: 'بقالة النور & أولاده <فرع 2>' },
    paymentMeansCode: '10',
    vatRate: '15.00',
    lines: [
      { name: 'حليب المراعي 1 لتر', quantity: '12', unitCode: 'PCE', unitPrice: '6.50', netAmount: '78.00' },
      {
        name: 'Sugar 5 kg (carton of 4)',
        quantity: '2.5',
        unitCode: 'PCE',
        unitPrice: '33.33',
        netAmount: '77.08', // 7.5% off
      },
    ],
    ...overrides,
  };
}

describe('writeZatcaDocument', () => {
  it('writes the totals the lines add up to, VAT on their sum', () => {
    const totals = zatcaTotals(input());
    // 12 × 6.50 = 78.00; 2.5 × 33.33 × 0.925 = 77.075625 → 77.08; VAT 15% of 155.08 = 23.262 → 23.26
    expect(totals.lineExtension.toFixed(2)).toBe('155.08');
    expect(totals.vat.toFixed(2)).toBe('23.26');
    expect(totals.taxInclusive.toFixed(2)).toBe('178.34');
  });

  it('writes a simplified invoice that signs and verifies, with its type name, ICV, PIH, escaped names and a QR of nine tags', () => {
    const signed = signInvoice(writeZatcaDocument(input()), stamp, new Date('2026-11-27T11:05:10Z'));
    expect(verifySignedInvoice(signed.xml).problems).toEqual([]);
    const root = parseXml(signed.xml).documentElement!;
    expect(child(root, Ns.cbc, 'InvoiceTypeCode')?.getAttribute('name')).toBe('0200000');
    expect(textOf(child(root, Ns.cbc, 'ProfileID'))).toBe('reporting:1.0');
    expect(
      textOf(
        path(
          root,
          [Ns.cac, 'AccountingCustomerParty'],
          [Ns.cac, 'Party'],
          [Ns.cac, 'PartyLegalEntity'],
          [Ns.cbc, 'RegistrationName'],
        ),
      ),
    ).toBe('بقالة النور & أولاده <فرع 2>');
    const qr = decodeQrTags(signed.qr);
    expect([...qr.keys()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(qr.get(1)!.toString()).toBe(seller.name);
    expect(qr.get(3)!.toString()).toBe('2026-11-27T14:05:09Z');
    expect(qr.get(4)!.toString()).toBe('178.34');
    expect(qr.get(5)!.toString()).toBe('23.26');
    expect(invoiceHashOf(signed.xml)).toBe(signed.invoiceHash);
  });

  it('writes a standard credit note with its invoice, its reason, the supply date and no tag 9', () => {
    const signed = signInvoice(
      writeZatcaDocument(
        input({
          kind: 'standard',
          typeCode: 381,
          number: 'CN-2026-000001',
          icv: 2,
          pih: 'r/2si60BEew0NQCHNHNejowLDLjVNV/VTT/P8QSLxMk=',
          billingReference: 'INV-2026-000001',
          reason: 'Goods returned damaged',
          buyer: { name: 'Al-Rayyan Foodstuff Est.', vatNumber: '300000000000003', address: seller.address },
        }),
      ),
      stamp,
      new Date(),
    );
    expect(verifySignedInvoice(signed.xml).problems).toEqual([]);
    const root = parseXml(signed.xml).documentElement!;
    expect(child(root, Ns.cbc, 'InvoiceTypeCode')?.textContent).toBe('381');
    expect(textOf(path(root, [Ns.cac, 'BillingReference'], [Ns.cac, 'InvoiceDocumentReference'], [Ns.cbc, 'ID']))).toBe(
      'INV-2026-000001',
    );
    expect(textOf(path(root, [Ns.cac, 'PaymentMeans'], [Ns.cbc, 'InstructionNote']))).toBe('Goods returned damaged');
    expect(textOf(path(root, [Ns.cac, 'Delivery'], [Ns.cbc, 'ActualDeliveryDate']))).toBe('2026-11-27');
    expect(decodeQrTags(signed.qr).has(9)).toBe(false);
  });

  it('gives another hash when anything signed changes', () => {
    const first = invoiceHashOf(writeZatcaDocument(input()));
    expect(invoiceHashOf(writeZatcaDocument(input({ icv: 2 })))).not.toBe(first);
    expect(invoiceHashOf(writeZatcaDocument(input({ pih: 'x' })))).not.toBe(first);
  });
});

describe('a document written with the amounts as issued', () => {
  it('writes the subtotal and VAT given, a cent off subtotal × rate when a credit note finishes an invoice', () => {
    const xml = writeZatcaDocument(
      input({
        typeCode: 381,
        billingReference: 'INV-1',
        reason: 'Goods returned',
        issued: { subtotal: '155.08', vat: '23.27' },
      }),
    );
    expect(xml).toContain('<cbc:TaxExclusiveAmount currencyID="SAR">155.08</cbc:TaxExclusiveAmount>');
    expect(xml).toContain('<cbc:TaxInclusiveAmount currencyID="SAR">178.35</cbc:TaxInclusiveAmount>');
    expect(xml.match(/<cbc:TaxAmount currencyID="SAR">23.27<\/cbc:TaxAmount>/g)).toHaveLength(3);
  });
});
