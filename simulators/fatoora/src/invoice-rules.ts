import { Decimal } from 'decimal.js';
import { Ns, child, path, textOf } from '@erp/common';
import { error, warning, type ValidationMessage } from './validation-messages.js';

/**
 * The business rules the simulator checks (ZATCA's BR-KSA rules and the EN 16931 BR-CO rules
 * it applies), each failure an ERROR with the rule's code; BR-KSA-F-06 (a text over 1000
 * characters) a WARNING, as ZATCA warns. `now` is the time of the submission.
 */
export function checkBusinessRules(root: Element, now: Date): ValidationMessage[] {
  const messages: ValidationMessage[] = [];
  const ksa = (code: string, message: string) => messages.push(error(code, 'KSA', message));
  const en = (code: string, message: string) => messages.push(error(code, 'EN', message));
  const text = (...steps: Array<[string, string]>) => textOf(path(root, ...steps))?.trim() ?? '';

  const typeElement = child(root, Ns.cbc, 'InvoiceTypeCode');
  const typeCode = textOf(typeElement)?.trim() ?? '';
  const typeName = typeElement?.getAttribute('name') ?? '';
  const isNote = typeCode === '381' || typeCode === '383';
  const standard = typeName.startsWith('01');
  if (!['388', '381', '383'].includes(typeCode)) {
    ksa('BR-KSA-05', `The invoice type code must be 388, 381 or 383; it is "${typeCode}".`);
  }
  if (!/^0[12][01]{5}$/.test(typeName)) {
    ksa('BR-KSA-06', `The invoice type name must be 7 characters 0[12]NPESB (e.g. 0100000); it is "${typeName}".`);
  }

  const seller: Array<[string, string]> = [
    [Ns.cac, 'AccountingSupplierParty'],
    [Ns.cac, 'Party'],
  ];
  const sellerVat = text(...seller, [Ns.cac, 'PartyTaxScheme'], [Ns.cbc, 'CompanyID']);
  if (!/^3\d{13}3$/.test(sellerVat)) {
    ksa('BR-KSA-39', `The seller's VAT number must be 15 digits starting and ending with 3; it is "${sellerVat}".`);
  }
  const sellerParty = path(root, ...seller);
  const sellerIds = sellerParty
    ? Array.from(sellerParty.childNodes)
        .filter((node): node is Element => node.nodeType === 1 && (node as Element).localName === 'PartyIdentification')
        .map((identification) => child(identification, Ns.cbc, 'ID'))
    : [];
  const identificationSchemes = ['CRN', 'MOM', 'MLS', '700', 'SAG', 'OTH'];
  if (
    !sellerIds.some(
      (id) => id && identificationSchemes.includes(id.getAttribute('schemeID') ?? '') && textOf(id)?.trim(),
    )
  ) {
    ksa('BR-KSA-08', `The seller must have an identification (CRN, or ${identificationSchemes.slice(1).join(', ')}).`);
  }
  const address = (name: string) => text(...seller, [Ns.cac, 'PostalAddress'], [Ns.cbc, name]);
  const country = text(...seller, [Ns.cac, 'PostalAddress'], [Ns.cac, 'Country'], [Ns.cbc, 'IdentificationCode']);
  const addressFields: Array<[string, string]> = [
    ['street', address('StreetName')],
    ['building number', address('BuildingNumber')],
    ['postal code', address('PostalZone')],
    ['city', address('CityName')],
    ['district', address('CitySubdivisionName')],
    ['country', country],
  ];
  const missing = addressFields.filter(([, value]) => value === '').map(([name]) => name);
  if (missing.length > 0) ksa('BR-KSA-09', `The seller's address has no ${missing.join(', ')}.`);
  if (address('BuildingNumber') !== '' && !/^\d{4}$/.test(address('BuildingNumber'))) {
    ksa('BR-KSA-37', `The seller's building number must be 4 digits; it is "${address('BuildingNumber')}".`);
  }
  if (address('PostalZone') !== '' && !/^\d{5}$/.test(address('PostalZone'))) {
    ksa('BR-KSA-66', `The seller's postal code must be 5 digits; it is "${address('PostalZone')}".`);
  }

  if (isNote) {
    if (text([Ns.cac, 'BillingReference'], [Ns.cac, 'InvoiceDocumentReference'], [Ns.cbc, 'ID']) === '') {
      ksa('BR-KSA-56', 'A credit or debit note must reference its invoice (BillingReference).');
    }
    if (text([Ns.cac, 'PaymentMeans'], [Ns.cbc, 'InstructionNote']) === '') {
      ksa('BR-KSA-17', 'A credit or debit note must give its reason (PaymentMeans/InstructionNote).');
    }
  }
  const buyerName = text(
    [Ns.cac, 'AccountingCustomerParty'],
    [Ns.cac, 'Party'],
    [Ns.cac, 'PartyLegalEntity'],
    [Ns.cbc, 'RegistrationName'],
  );
  if (standard) {
    if (buyerName === '') ksa('BR-KSA-42', "A standard document must carry the buyer's name.");
    if (text([Ns.cac, 'Delivery'], [Ns.cbc, 'ActualDeliveryDate']) === '') {
      ksa('BR-KSA-15', 'A standard document must carry the supply date (Delivery/ActualDeliveryDate).');
    }
  }
  const issueDate = text([Ns.cbc, 'IssueDate']);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(issueDate) || Number.isNaN(Date.parse(issueDate))) {
    ksa('BR-KSA-04', `The issue date must be a date YYYY-MM-DD; it is "${issueDate}".`);
  } else if (issueDate > riyadhDate(now)) {
    ksa('BR-KSA-04', `The issue date ${issueDate} is in the future.`);
  }

  const amounts = new AmountReader(en);
  const lines = Array.from(root.childNodes).filter(
    (node): node is Element => node.nodeType === 1 && (node as Element).localName === 'InvoiceLine',
  );
  let linesTotal = new Decimal(0);
  for (const line of lines) {
    const id = textOf(child(line, Ns.cbc, 'ID'))?.trim() ?? '?';
    const net = amounts.read(line, 'BR-CO-10', `line ${id} LineExtensionAmount`, [Ns.cbc, 'LineExtensionAmount']);
    const vat = amounts.read(line, 'BR-KSA-50', `line ${id} TaxAmount`, [Ns.cac, 'TaxTotal'], [Ns.cbc, 'TaxAmount']);
    const rate = amounts.read(
      line,
      'BR-KSA-50',
      `line ${id} VAT rate`,
      [Ns.cac, 'Item'],
      [Ns.cac, 'ClassifiedTaxCategory'],
      [Ns.cbc, 'Percent'],
    );
    const rounding = amounts.read(
      line,
      'BR-KSA-51',
      `line ${id} RoundingAmount`,
      [Ns.cac, 'TaxTotal'],
      [Ns.cbc, 'RoundingAmount'],
    );
    if (net) linesTotal = linesTotal.plus(net);
    if (net && vat && rate && !vat.equals(round2(net.times(rate).div(100)))) {
      ksa('BR-KSA-50', `Line ${id}: VAT ${vat} is not ${rate}% of ${net} (${round2(net.times(rate).div(100))}).`);
    }
    if (net && vat && rounding && !rounding.equals(net.plus(vat))) {
      ksa('BR-KSA-51', `Line ${id}: RoundingAmount ${rounding} is not net ${net} + VAT ${vat}.`);
    }
    const itemName = textOf(path(line, [Ns.cac, 'Item'], [Ns.cbc, 'Name'])) ?? '';
    if (itemName.length > 1000) {
      messages.push(warning('BR-KSA-F-06', 'KSA', `Line ${id}: the item name is over 1000 characters.`));
    }
  }
  if (lines.length === 0) en('BR-16', 'The document must have at least one line.');

  const totals: Array<[string, string]> = [[Ns.cac, 'LegalMonetaryTotal']];
  const lineExtension = amounts.read(root, 'BR-CO-10', 'LineExtensionAmount', ...totals, [
    Ns.cbc,
    'LineExtensionAmount',
  ]);
  if (lineExtension && lines.length > 0 && !lineExtension.equals(linesTotal)) {
    en('BR-CO-10', `The document's LineExtensionAmount ${lineExtension} is not the sum of its lines (${linesTotal}).`);
  }
  const taxTotals = Array.from(root.childNodes).filter(
    (node): node is Element => node.nodeType === 1 && (node as Element).localName === 'TaxTotal',
  );
  const breakdown = taxTotals.find((total) => child(total, Ns.cac, 'TaxSubtotal')) ?? taxTotals[0];
  const vatTotal = breakdown && amounts.read(breakdown, 'BR-CO-15', 'the VAT total', [Ns.cbc, 'TaxAmount']);
  if (!breakdown) en('BR-CO-15', 'The document has no TaxTotal.');
  const taxExclusive = amounts.read(root, 'BR-CO-15', 'TaxExclusiveAmount', ...totals, [Ns.cbc, 'TaxExclusiveAmount']);
  const taxInclusive = amounts.read(root, 'BR-CO-15', 'TaxInclusiveAmount', ...totals, [Ns.cbc, 'TaxInclusiveAmount']);
  if (taxExclusive && taxInclusive && vatTotal && !taxInclusive.equals(taxExclusive.plus(vatTotal))) {
    en('BR-CO-15', `TaxInclusiveAmount ${taxInclusive} is not TaxExclusiveAmount ${taxExclusive} + VAT ${vatTotal}.`);
  }
  for (const subtotal of breakdown
    ? Array.from(breakdown.childNodes).filter(
        (node): node is Element => node.nodeType === 1 && (node as Element).localName === 'TaxSubtotal',
      )
    : []) {
    const taxable = amounts.read(subtotal, 'BR-CO-17', 'TaxableAmount', [Ns.cbc, 'TaxableAmount']);
    const vat = amounts.read(subtotal, 'BR-CO-17', 'the VAT of a category', [Ns.cbc, 'TaxAmount']);
    const rate = amounts.read(subtotal, 'BR-CO-17', 'the VAT rate', [Ns.cac, 'TaxCategory'], [Ns.cbc, 'Percent']);
    if (taxable && vat && rate && !vat.equals(round2(taxable.times(rate).div(100)))) {
      en('BR-CO-17', `VAT ${vat} is not ${rate}% of the taxable ${taxable} (${round2(taxable.times(rate).div(100))}).`);
    }
  }

  const sellerName = text(...seller, [Ns.cac, 'PartyLegalEntity'], [Ns.cbc, 'RegistrationName']);
  if (sellerName.length > 1000 || buyerName.length > 1000) {
    messages.push(warning('BR-KSA-F-06', 'KSA', 'A party name is over 1000 characters.'));
  }
  return messages;
}

/** Reads amounts, reporting under the rule that needs it an amount that is missing or not a number. */
class AmountReader {
  constructor(private readonly report: (code: string, message: string) => void) {}

  read(from: Element, code: string, what: string, ...steps: Array<[string, string]>): Decimal | undefined {
    const value = textOf(path(from, ...steps))?.trim() ?? '';
    if (/^-?\d+(\.\d+)?$/.test(value)) return new Decimal(value);
    this.report(code, value === '' ? `${what} is missing.` : `${what} "${value}" is not a number.`);
    return undefined;
  }
}

const round2 = (value: Decimal) => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/** Today in Saudi Arabia (UTC+3 all year), where issue dates are written. */
function riyadhDate(now: Date): string {
  return new Date(now.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
}
