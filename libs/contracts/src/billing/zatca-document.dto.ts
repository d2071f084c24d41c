/** Standard documents (B2B) are cleared by ZATCA before the buyer gets them; simplified ones (B2C) reported. */
export type ZatcaDocumentKind = 'standard' | 'simplified';

/** Where a document is with ZATCA (CONTRACT §12). */
export type ZatcaStatus = 'pending' | 'cleared' | 'reported' | 'rejected';

/** One of ZATCA's validation messages, as it sent it (English text; the code is the rule, e.g. BR-KSA-37). */
export interface ZatcaMessage {
  type: 'ERROR' | 'WARNING' | 'INFO';
  code: string;
  category: string | null;
  message: string;
}

/** The `zatca` block of an invoice or credit note answer, once the seller is onboarded (CONTRACT §12). */
export interface InvoiceZatcaDto {
  kind: ZatcaDocumentKind;
  uuid: string;
  /** The invoice counter value: 1, 2, 3… per EGS unit, without gaps. */
  icv: number;
  /** The previous document's invoice hash. */
  pih: string;
  invoiceHash: string;
  status: ZatcaStatus;
  messages: ZatcaMessage[];
  /** When ZATCA last answered about this document (ISO 8601), or null. */
  submittedAt: string | null;
}

/** GET /api/invoices/{id}/xml: the document and its file name `{VAT}_{YYYYMMDDTHHMMSS}_{number}.xml`. */
export interface InvoiceXmlDto {
  xml: string;
  fileName: string;
}
