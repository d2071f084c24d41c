import { describe, expect, it } from 'vitest';
import { FIRST_PIH, parseXml, writeZatcaDocument, type ZatcaDocumentInput } from '@erp/common';
import { checkBusinessRules } from './invoice-rules.js';

const now = new Date('2026-11-27T12:00:00Z');

const seller = {
  name: 'شركة النور التجارية',
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

function document(overrides: Partial<ZatcaDocumentInput> = {}): string {
  return writeZatcaDocument({
    kind: 'simplified',
    typeCode: 388,
    number: 'INV-2026-000001',
    uuid: '3cf5ee18-ee25-44ea-a444-2c37ba7f28be',
    issueDate: '2026-11-27',
    issueTime: '14:05:09',
    icv: 1,
    pih: FIRST_PIH,
    seller,
    buyer: { name: 'بقالة النور' },
    paymentMeansCode: '10',
    vatRate: '15.00',
    lines: [
      { name: 'حليب المراعي 1 لتر', quantity: '12', unitCode: 'PCE', unitPrice: '6.50', netAmount: '78.00' },
      { name: 'Sugar 5 kg', quantity: '2.5', unitCode: 'PCE', unitPrice: '33.33', netAmount: '77.08' },
    ],
    ...overrides,
  });
}

const standard: Partial<ZatcaDocumentInput> = {
  kind: 'standard',
  buyer: { name: 'Al-Rayyan Foodstuff Est.', vatNumber: '300000000000003', address: seller.address },
};
const creditNote: Partial<ZatcaDocumentInput> = {
  typeCode: 381,
  billingReference: 'INV-2026-000001',
  reason: 'Goods returned damaged',
};

const codesOf = (xml: string) => checkBusinessRules(parseXml(xml).documentElement!, now).map((message) => message.code);
const errorsOf = (xml: string) =>
  checkBusinessRules(parseXml(xml).documentElement!, now)
    .filter((message) => message.type === 'ERROR')
    .map((message) => message.code);

/** Replaces the first match of `pattern`'s group 2 (between groups 1 and 3) by `value`. */
const edit = (xml: string, pattern: RegExp, value: string) => {
  expect(pattern.test(xml)).toBe(true);
  return xml.replace(pattern, (_match, before: string, _old: string, after = '') => `${before}${value}${after}`);
};

describe('checkBusinessRules', () => {
  it('finds nothing wrong with the documents the ZATCA writer makes', () => {
    expect(codesOf(document())).toEqual([]);
    expect(codesOf(document(standard))).toEqual([]);
    expect(codesOf(document({ ...standard, ...creditNote }))).toEqual([]);
    expect(codesOf(document({ ...creditNote, typeCode: 383 }))).toEqual([]);
  });

  it.each<[string, () => string]>([
    ['BR-KSA-05', () => edit(document(), /(<cbc:InvoiceTypeCode name="0200000">)(388)(<)/, '380')],
    ['BR-KSA-06', () => edit(document(), /(<cbc:InvoiceTypeCode name=")(0200000)(")/, '0300000')],
    ['BR-KSA-39', () => document({ seller: { ...seller, vatNumber: '410123456700003' } })],
    ['BR-KSA-08', () => document({ seller: { ...seller, crn: '' } })],
    ['BR-KSA-09', () => document({ seller: { ...seller, address: { ...seller.address, district: '' } } })],
    ['BR-KSA-37', () => document({ seller: { ...seller, address: { ...seller.address, buildingNumber: '232' } } })],
    ['BR-KSA-66', () => document({ seller: { ...seller, address: { ...seller.address, postalCode: '1221' } } })],
    ['BR-KSA-56', () => document({ ...creditNote, billingReference: null })],
    ['BR-KSA-17', () => document({ ...creditNote, reason: null })],
    ['BR-KSA-42', () => document({ ...standard, buyer: { name: '' } })],
    ['BR-KSA-15', () => edit(document(standard), /(\s*)(<cac:Delivery>[\s\S]*?<\/cac:Delivery>)()/, '')],
    ['BR-KSA-04', () => document({ issueDate: '2026-11-28' })],
    [
      'BR-CO-10',
      () =>
        edit(
          document(),
          /(<cac:LegalMonetaryTotal>\s*<cbc:LineExtensionAmount currencyID="SAR">)([\d.]+)(<)/,
          '155.07',
        ),
    ],
    ['BR-CO-15', () => edit(document(), /(<cbc:TaxInclusiveAmount currencyID="SAR">)([\d.]+)(<)/, '178.35')],
    ['BR-KSA-51', () => edit(document(), /(<cbc:RoundingAmount currencyID="SAR">)([\d.]+)(<)/, '89.71')],
    [
      'BR-KSA-50',
      () => edit(document(), /(<cac:InvoiceLine>[\s\S]*?<cbc:TaxAmount currencyID="SAR">)([\d.]+)(<)/, '11.71'),
    ],
    [
      'BR-CO-17',
      () => edit(document(), /(<cac:TaxSubtotal>[\s\S]*?<cbc:TaxAmount currencyID="SAR">)([\d.]+)(<)/, '23.27'),
    ],
  ])('refuses a document breaking %s', (code, make) => {
    expect(errorsOf(make())).toContain(code);
  });

  it('reads the issue date in Saudi time: the 28th is today at 22:00 UTC on the 27th', () => {
    const late = new Date('2026-11-27T22:00:00Z');
    const xml = document({ issueDate: '2026-11-28' });
    expect(checkBusinessRules(parseXml(xml).documentElement!, late).map((message) => message.code)).toEqual([]);
  });

  it('only warns (BR-KSA-F-06) about an item name over 1000 characters', () => {
    const lines = [{ name: 'x'.repeat(1001), quantity: '1', unitCode: 'PCE', unitPrice: '10', netAmount: '10.00' }];
    const messages = checkBusinessRules(parseXml(document({ lines })).documentElement!, now);
    expect(messages.map((message) => [message.type, message.code])).toEqual([['WARNING', 'BR-KSA-F-06']]);
  });

  it('names an amount that is not a number instead of failing', () => {
    const xml = edit(document(), /(<cbc:TaxInclusiveAmount currencyID="SAR">)([\d.]+)(<)/, 'a lot');
    expect(errorsOf(xml)).toEqual(['BR-CO-15']);
  });
});
