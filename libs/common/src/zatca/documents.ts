import { Decimal } from 'decimal.js';
import { Ns, escapeXml } from './xml.js';

/** Standard documents (B2B, name 01…) are cleared; simplified ones (B2C, 02…) reported. */
export type ZatcaKind = 'standard' | 'simplified';

/** 388 tax invoice, 381 credit note, 383 debit note. */
export type ZatcaTypeCode = 388 | 381 | 383;

export interface NationalAddress {
  street: string;
  buildingNumber: string;
  /** The address's additional number (PlotIdentification), when known. */
  additionalNumber?: string | null;
  district: string;
  city: string;
  postalCode: string;
  countryCode: string;
}

export interface ZatcaParty {
  /** The registered name (the seller's Arabic name; the buyer's name as on file). */
  name: string;
  vatNumber?: string | null;
  /** The commercial registration (schemeID CRN); the seller's is required. */
  crn?: string | null;
  address?: NationalAddress | null;
}

export interface ZatcaLine {
  name: string;
  quantity: string;
  /** UN/ECE rec. 20 code; PCE (piece) unless the unit maps to another. */
  unitCode: string;
  /** Price of one unit before the line's discount. */
  unitPrice: string;
  /** The line's net amount as issued (CONTRACT §4: quantity × price less the discount, rounded once). */
  netAmount: string;
}

export interface ZatcaDocumentInput {
  kind: ZatcaKind;
  typeCode: ZatcaTypeCode;
  number: string;
  uuid: string;
  /** Issue date and time in the seller's time zone: YYYY-MM-DD and HH:MM:SS. */
  issueDate: string;
  issueTime: string;
  icv: number;
  pih: string;
  seller: ZatcaParty & { crn: string; vatNumber: string; address: NationalAddress };
  buyer: ZatcaParty | null;
  /** A note's invoice (BR-KSA-56) and why it was issued (BR-KSA-17). */
  billingReference?: string | null;
  reason?: string | null;
  /** UNTDID 4461: 10 cash, 30 credit transfer, 42 bank account, 48 card, 1 not defined. */
  paymentMeansCode: string;
  /** VAT percentage of every line, e.g. "15.00". */
  vatRate: string;
  lines: ZatcaLine[];
  /**
   * The document's amounts as issued, when the issuer has them (an invoice's subtotal and VAT as
   * stored): written as they are, so the XML says what the invoice says. A credit note that
   * finishes an invoice credited in parts takes exactly the VAT left, which can be a cent away
   * from its subtotal × rate. Without them, the lines' sum and VAT on it (CONTRACT §5).
   */
  issued?: { subtotal: string; vat: string };
}

export interface ZatcaTotals {
  lineExtension: Decimal;
  vat: Decimal;
  taxInclusive: Decimal;
}

const money = (value: Decimal) => value.toFixed(2);
const round2 = (value: Decimal) => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/** The document's totals as this writer computes them: lines net, VAT on the sum (CONTRACT §5). */
export function zatcaTotals(input: Pick<ZatcaDocumentInput, 'lines' | 'vatRate' | 'issued'>): ZatcaTotals {
  const lineExtension = input.issued
    ? new Decimal(input.issued.subtotal)
    : input.lines.reduce((sum, line) => sum.plus(line.netAmount), new Decimal(0));
  const vat = input.issued ? new Decimal(input.issued.vat) : round2(lineExtension.times(input.vatRate).div(100));
  return { lineExtension, vat, taxInclusive: lineExtension.plus(vat) };
}

/**
 * The unsigned UBL 2.1 document ZATCA expects (XML Implementation Standard): ProfileID
 * reporting:1.0, the type code and its 7-character name, ICV and PIH references, seller and
 * buyer, supply date, payment means (with a note's reason), the document's VAT twice (once with
 * its breakdown, once in SAR alone), the monetary totals and the lines. signInvoice adds the
 * signature, the QR reference and cac:Signature.
 */
export function writeZatcaDocument(input: ZatcaDocumentInput): string {
  const totals = zatcaTotals(input);
  const currency = 'SAR';
  const amount = (name: string, value: Decimal) =>
    `<cbc:${name} currencyID="${currency}">${money(value)}</cbc:${name}>`;
  const isNote = input.typeCode !== 388;
  const body = [
    el('cbc:ProfileID', 'reporting:1.0'),
    el('cbc:ID', input.number),
    el('cbc:UUID', input.uuid),
    el('cbc:IssueDate', input.issueDate),
    el('cbc:IssueTime', input.issueTime),
    `<cbc:InvoiceTypeCode name="${input.kind === 'standard' ? '0100000' : '0200000'}">${input.typeCode}</cbc:InvoiceTypeCode>`,
    el('cbc:DocumentCurrencyCode', currency),
    el('cbc:TaxCurrencyCode', currency),
    isNote && input.billingReference
      ? block('cac:BillingReference', [block('cac:InvoiceDocumentReference', [el('cbc:ID', input.billingReference)])])
      : '',
    block('cac:AdditionalDocumentReference', [el('cbc:ID', 'ICV'), el('cbc:UUID', String(input.icv))]),
    block('cac:AdditionalDocumentReference', [
      el('cbc:ID', 'PIH'),
      block('cac:Attachment', [
        `<cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${escapeXml(input.pih)}</cbc:EmbeddedDocumentBinaryObject>`,
      ]),
    ]),
    block('cac:AccountingSupplierParty', [party(input.seller, true)]),
    block('cac:AccountingCustomerParty', [input.buyer ? party(input.buyer, false) : block('cac:Party', [])]),
    input.kind === 'standard' ? block('cac:Delivery', [el('cbc:ActualDeliveryDate', input.issueDate)]) : '',
    block('cac:PaymentMeans', [
      el('cbc:PaymentMeansCode', input.paymentMeansCode),
      isNote && input.reason ? el('cbc:InstructionNote', input.reason) : '',
    ]),
    block('cac:TaxTotal', [amount('TaxAmount', totals.vat)]),
    block('cac:TaxTotal', [
      amount('TaxAmount', totals.vat),
      block('cac:TaxSubtotal', [
        amount('TaxableAmount', totals.lineExtension),
        amount('TaxAmount', totals.vat),
        taxCategory('cac:TaxCategory', input.vatRate),
      ]),
    ]),
    block('cac:LegalMonetaryTotal', [
      amount('LineExtensionAmount', totals.lineExtension),
      amount('TaxExclusiveAmount', totals.lineExtension),
      amount('TaxInclusiveAmount', totals.taxInclusive),
      amount('AllowanceTotalAmount', new Decimal(0)),
      amount('PrepaidAmount', new Decimal(0)),
      amount('PayableAmount', totals.taxInclusive),
    ]),
    ...input.lines.map((line, index) => invoiceLine(line, index + 1, input.vatRate, amount)),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<Invoice xmlns="${Ns.invoice}" xmlns:cac="${Ns.cac}" xmlns:cbc="${Ns.cbc}" xmlns:ext="${Ns.ext}">`,
    ...body.filter(Boolean).map((part) => indent(part, 1)),
    '</Invoice>',
    '',
  ].join('\n');
}

function invoiceLine(
  line: ZatcaLine,
  id: number,
  vatRate: string,
  amount: (name: string, value: Decimal) => string,
): string {
  const gross = round2(new Decimal(line.quantity).times(line.unitPrice));
  const net = new Decimal(line.netAmount);
  const discount = gross.minus(net);
  if (discount.isNegative()) throw new RangeError(`line ${id}: ${net.toFixed(2)} is more than quantity × price`);
  const vat = round2(net.times(vatRate).div(100));
  return block('cac:InvoiceLine', [
    el('cbc:ID', String(id)),
    `<cbc:InvoicedQuantity unitCode="${escapeXml(line.unitCode)}">${new Decimal(line.quantity).toFixed(3)}</cbc:InvoicedQuantity>`,
    amount('LineExtensionAmount', net),
    discount.isZero()
      ? ''
      : block('cac:AllowanceCharge', [
          el('cbc:ChargeIndicator', 'false'),
          el('cbc:AllowanceChargeReasonCode', '95'),
          el('cbc:AllowanceChargeReason', 'Discount'),
          amount('Amount', discount),
          amount('BaseAmount', gross),
        ]),
    block('cac:TaxTotal', [amount('TaxAmount', vat), amount('RoundingAmount', net.plus(vat))]),
    block('cac:Item', [el('cbc:Name', line.name), taxCategory('cac:ClassifiedTaxCategory', vatRate)]),
    block('cac:Price', [
      `<cbc:PriceAmount currencyID="SAR">${new Decimal(line.unitPrice).toFixed(2)}</cbc:PriceAmount>`,
    ]),
  ]);
}

function party(value: ZatcaParty, seller: boolean): string {
  const address = value.address;
  return block('cac:Party', [
    value.crn ? block('cac:PartyIdentification', [`<cbc:ID schemeID="CRN">${escapeXml(value.crn)}</cbc:ID>`]) : '',
    address
      ? block('cac:PostalAddress', [
          el('cbc:StreetName', address.street),
          el('cbc:BuildingNumber', address.buildingNumber),
          address.additionalNumber ? el('cbc:PlotIdentification', address.additionalNumber) : '',
          el('cbc:CitySubdivisionName', address.district),
          el('cbc:CityName', address.city),
          el('cbc:PostalZone', address.postalCode),
          block('cac:Country', [el('cbc:IdentificationCode', address.countryCode)]),
        ])
      : '',
    seller || value.vatNumber
      ? block('cac:PartyTaxScheme', [
          value.vatNumber ? el('cbc:CompanyID', value.vatNumber) : '',
          block('cac:TaxScheme', [el('cbc:ID', 'VAT')]),
        ])
      : '',
    block('cac:PartyLegalEntity', [el('cbc:RegistrationName', value.name)]),
  ]);
}

function taxCategory(name: string, vatRate: string): string {
  return block(name, [
    el('cbc:ID', 'S'),
    el('cbc:Percent', new Decimal(vatRate).toFixed(2)),
    block('cac:TaxScheme', [el('cbc:ID', 'VAT')]),
  ]);
}

function el(name: string, text: string): string {
  return `<${name}>${escapeXml(text)}</${name}>`;
}

function block(name: string, children: string[]): string {
  const inner = children.filter(Boolean);
  if (inner.length === 0) return `<${name}/>`;
  return [`<${name}>`, ...inner.map((part) => indent(part, 1)), `</${name}>`].join('\n');
}

function indent(text: string, levels: number): string {
  const pad = '    '.repeat(levels);
  return text
    .split('\n')
    .map((line) => pad + line)
    .join('\n');
}
