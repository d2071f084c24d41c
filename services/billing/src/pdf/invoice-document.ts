import type { CreditNoteReason } from '@erp/contracts';

/**
 * Everything printed on an invoice PDF, already computed and formatted by the billing service:
 * money as strings with 2 decimals, quantities as plain decimal strings, dates as ISO. The
 * renderer only lays it out; it computes nothing but the amount in words and the QR image.
 */
export interface InvoiceDocument {
  /** Null on a proforma: it is not an issued document. */
  invoiceNumber: string | null;
  /** A tax invoice (customer or supplier), a credit note, or a proforma of an order (no number, no QR). */
  type: 'customer' | 'supplier' | 'credit_note' | 'proforma';
  /** When the invoice was issued (ISO timestamp); also the QR code's timestamp. A proforma's: when printed. */
  issuedAt: string;
  /** A credit note's invoice and why it was issued. */
  creditNote: {
    originalNumber: string;
    /** ISO timestamp. */
    originalIssuedAt: string;
    reason: CreditNoteReason;
    /** The words of a return's reason, or null. */
    reasonText: string | null;
  } | null;
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
    /** In `unit`, as sold. */
    quantity: string;
    unit: string;
    /** What a line sold in a pack stands for in its item's own unit ("60" "piece"); null otherwise. */
    base: { quantity: string; unit: string } | null;
    unitPrice: string;
    /** The line's discount in percent ("10"), or null when it has none. */
    discountPercent: string | null;
    total: string;
  }>;
  subtotal: string;
  /** The VAT rate in percent, e.g. "15". */
  taxRate: string;
  taxAmount: string;
  total: string;
  /**
   * The QR payload, TLV in base64: the ZATCA phase-2 document's (tags 1–9) once the seller is
   * onboarded, else phase 1's (seller name, VAT number, timestamp, total with VAT, VAT); null when
   * the company has no name or VAT number yet (the invoice prints without it).
   */
  qrPayload: string | null;
  /**
   * The ZATCA phase-2 kind once the seller is onboarded: a simplified document is titled
   * "Simplified Tax Invoice" (CONTRACT §12); absent before, and for proformas.
   */
  zatcaKind?: 'standard' | 'simplified' | null;
}
