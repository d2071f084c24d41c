import { lineTotal } from '@erp/common';
import { Decimal } from 'decimal.js';
import type { InvoiceDocument } from './invoice-document.js';
import { zatcaQrPayload } from './zatca-qr.js';

/**
 * A realistic bilingual invoice for tests, the benchmark and the committed screenshot:
 * a Riyadh wholesaler, a supermarket, 15 lines with English and Arabic names.
 */
const lines: Array<[name: string, nameAr: string, sku: string, quantity: string, unit: string, unitPrice: string]> = [
  ['Basmati rice 5 kg', 'أرز بسمتي 5 كغ', 'RICE-BSM-5', '40', 'bag', '42.50'],
  ['White sugar 10 kg', 'سكر أبيض 10 كغ', 'SUG-WHT-10', '25', 'bag', '38.75'],
  ['Sunflower oil 1.8 L', 'زيت دوار الشمس 1.8 لتر', 'OIL-SUN-18', '60', 'bottle', '17.95'],
  ['Black tea 100 bags', 'شاي أسود 100 كيس', 'TEA-BLK-100', '36', 'box', '14.20'],
  ['Khalas dates 1 kg', 'تمر خلاص 1 كغ', 'DAT-KHL-1', '50', 'box', '29.00'],
  ['Full cream milk powder 2.5 kg', 'حليب مجفف كامل الدسم 2.5 كغ', 'MLK-PWD-25', '12', 'tin', '64.90'],
  ['All-purpose flour 10 kg', 'دقيق متعدد الاستعمالات 10 كغ', 'FLR-AP-10', '30', 'bag', '27.35'],
  ['Spaghetti 500 g', 'معكرونة سباغيتي 500 غ', 'PST-SPG-500', '120', 'pack', '3.45'],
  ['Tomato paste 400 g', 'معجون طماطم 400 غ', 'TOM-PST-400', '96', 'tin', '4.10'],
  ['Chickpeas 1 kg', 'حمص حب 1 كغ', 'CHK-1', '40', 'bag', '8.60'],
  ['Red lentils 1 kg', 'عدس أحمر 1 كغ', 'LEN-RED-1', '40', 'bag', '7.95'],
  ['Tuna in olive oil 185 g', 'تونة بزيت الزيتون 185 غ', 'TUN-OLV-185', '144', 'tin', '6.25'],
  ['Mineral water 330 ml × 40', 'مياه معدنية 330 مل × 40', 'WTR-330-40', '80', 'carton', '15.50'],
  ['Orange juice 1 L', 'عصير برتقال 1 لتر', 'JUC-ORG-1', '72', 'carton', '6.80'],
  ['Green cardamom 250 g', 'هيل أخضر 250 غ', 'CRD-GRN-250', '20', 'pack', '34.00'],
];

/** A logo drawn in SVG (no text, so it needs no font): a teal tile with a gold arc. */
export const sampleLogoSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 64" width="240" height="128">
<rect x="2" y="2" width="60" height="60" rx="12" fill="#0d3b4f"/>
<path d="M14 44 Q32 8 50 44" fill="none" stroke="#d4a537" stroke-width="7" stroke-linecap="round"/>
<circle cx="32" cy="46" r="5" fill="#d4a537"/>
<rect x="70" y="14" width="46" height="9" rx="3" fill="#0d3b4f"/>
<rect x="70" y="29" width="34" height="7" rx="3" fill="#5b8a9a"/>
<rect x="70" y="42" width="40" height="7" rx="3" fill="#5b8a9a"/>
</svg>`;

export function sampleInvoiceDocument(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  const items = lines.map(([name, nameAr, sku, quantity, unit, unitPrice]) => {
    // A pack line (water by the carton of 40 bottles) and a line with a discount, as wholesale sells.
    const base = sku === 'WTR-330-40' ? { quantity: String(Number(quantity) * 40), unit: 'piece' } : null;
    const discountPercent = sku === 'RICE-BSM-5' ? '5' : null;
    return {
      name,
      nameAr,
      sku,
      quantity,
      unit,
      base,
      unitPrice,
      discountPercent,
      total: lineTotal(quantity, unitPrice, discountPercent ?? '0').toFixed(2),
    };
  });
  const subtotal = items.reduce((sum, item) => sum.plus(item.total), new Decimal(0));
  const taxAmount = subtotal.times('0.15').toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const total = subtotal.plus(taxAmount);
  const issuedAt = '2026-11-21T11:25:09.000Z';
  const seller = {
    name: 'Gulf Wholesale Trading Co.',
    nameAr: 'شركة الخليج للتجارة بالجملة',
    vatNumber: '310123456700003',
    address: 'King Fahd Road, Al Olaya, Riyadh 12211',
    addressAr: 'طريق الملك فهد، حي العليا، الرياض 12211',
    logoPath: null,
  };
  const doc: InvoiceDocument = {
    invoiceNumber: 'INV-2026-000123',
    type: 'customer',
    issuedAt,
    creditNote: null,
    orderNumber: 'ORD-2026-000457',
    currency: 'SAR',
    seller,
    buyer: {
      name: 'Al Noor Supermarket',
      nameAr: 'أسواق النور',
      vatNumber: '300987654300003',
      address: 'Prince Sultan Street, Jeddah',
    },
    items,
    subtotal: subtotal.toFixed(2),
    taxRate: '15',
    taxAmount: taxAmount.toFixed(2),
    total: total.toFixed(2),
    qrPayload: zatcaQrPayload({
      sellerName: seller.nameAr,
      vatNumber: seller.vatNumber,
      timestamp: issuedAt,
      total: total.toFixed(2),
      vatAmount: taxAmount.toFixed(2),
    }),
  };
  return { ...doc, ...overrides } as InvoiceDocument;
}
