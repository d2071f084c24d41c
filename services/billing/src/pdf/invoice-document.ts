/**
 * Everything printed on an invoice PDF, already computed and formatted by the billing service:
 * money as strings with 2 decimals, quantities as plain decimal strings, dates as ISO. The
 * renderer only lays it out; it computes nothing but the amount in words and the QR image.
 */
export interface InvoiceDocument {
  invoiceNumber: string;
  type: 'customer' | 'supplier';
  /** When the invoice was issued (ISO timestamp); also the QR code's timestamp. */
  issuedAt: string;
  /** The order it bills (customer invoices), for reference. */
  orderNumber: string | null;
  /** ISO 4217 code from the settings, e.g. SAR or AED. */
  currency: string;
  seller: {
    name: string;
    nameAr: string | null;
    vatNumber: string | null;
    address: string | null;
    addressAr: string | null;
    /** Absolute path of the company logo file (PNG, JPEG or SVG), or null. */
    logoPath: string | null;
  };
  buyer: {
    name: string;
    nameAr: string | null;
    vatNumber: string | null;
    address: string | null;
  };
  items: Array<{
    name: string;
    nameAr: string | null;
    sku: string | null;
    quantity: string;
    unit: string;
    unitPrice: string;
    total: string;
  }>;
  subtotal: string;
  /** The VAT rate in percent, e.g. "15". */
  taxRate: string;
  taxAmount: string;
  total: string;
  /**
   * ZATCA phase-1 QR payload: TLV (seller name, VAT number, timestamp, total with VAT, VAT),
   * base64; null when the company has no name or VAT number yet (the invoice prints without it).
   */
  qrPayload: string | null;
}
