import type { CreditNoteReason, InvoiceType, NationalAddressDto } from '@erp/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { InvoiceBalanceEntity } from './invoice-balance.entity.js';

/** The seller as printed on the invoice, kept as it was at issue. */
export interface SellerSnapshot {
  name: string;
  nameAr: string | null;
  vatNumber: string | null;
  address: string | null;
  addressAr: string | null;
  /** Public path of the logo at issue (`/uploads/...`), or null. */
  logoUrl: string | null;
}

/**
 * The client as invoiced, kept as it was at issue: with a VAT number and a national address it is
 * a VAT-registered buyer, and the invoice is a standard one (ZATCA clears it first).
 */
export interface BuyerSnapshot {
  name: string;
  nameAr: string | null;
  vatNumber: string | null;
  nationalAddress: NationalAddressDto | null;
}

@Entity({ name: 'invoices' })
export class InvoiceEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'invoice_number', type: 'text' }) invoiceNumber: string;
  @Column({ type: 'text' }) type: InvoiceType;
  @Column({ name: 'order_id', type: 'uuid', nullable: true }) orderId: string | null;
  @Column({ name: 'order_number', type: 'text', nullable: true }) orderNumber: string | null;
  @Column({ name: 'receipt_id', type: 'uuid', nullable: true }) receiptId: string | null;
  @Column({ name: 'client_id', type: 'uuid', nullable: true }) clientId: string | null;
  @Column({ name: 'client_name', type: 'text', nullable: true }) clientName: string | null;
  @Column({ name: 'supplier_id', type: 'uuid', nullable: true }) supplierId: string | null;
  @Column({ name: 'supplier_name', type: 'text', nullable: true }) supplierName: string | null;
  @Column({ name: 'supplier_invoice_number', type: 'text', nullable: true }) supplierInvoiceNumber: string | null;
  /** An opening balance's invoice number in the previous system. */
  @Column({ type: 'text', nullable: true }) reference: string | null;
  @Column({ type: 'numeric', precision: 14, scale: 2 }) subtotal: string;
  @Column({ name: 'tax_rate', type: 'numeric', precision: 5, scale: 2 }) taxRate: string;
  @Column({ name: 'tax_amount', type: 'numeric', precision: 14, scale: 2 }) taxAmount: string;
  @Column({ name: 'total_amount', type: 'numeric', precision: 14, scale: 2 }) totalAmount: string;
  @Column({ type: 'text' }) currency: string;
  @Column({ type: 'jsonb' }) seller: SellerSnapshot;
  /** A customer invoice's or credit note's buyer at issue; null for supplier invoices and older ones. */
  @Column({ type: 'jsonb', nullable: true }) buyer: BuyerSnapshot | null;
  /** Where the rendered PDF is, relative to ERP_DATA_DIR; null until rendered. */
  @Column({ name: 'pdf_path', type: 'text', nullable: true }) pdfPath: string | null;
  @Column({ name: 'uploaded_file_url', type: 'text', nullable: true }) uploadedFileUrl: string | null;
  @Column({ name: 'issued_at', type: 'timestamptz' }) issuedAt: Date;
  @Column({ name: 'created_by', type: 'uuid', nullable: true }) createdBy: string | null;
  /** A customer invoice's commit cycle of its order: one invoice per order and cycle (CONTRACT §11). */
  @Column({ name: 'commit_cycle', type: 'integer', nullable: true }) commitCycle: number | null;
  /** A credit note's invoice, why it was issued, and the return it undoes (if that is why). */
  @Column({ name: 'original_invoice_id', type: 'uuid', nullable: true }) originalInvoiceId: string | null;
  @Column({ name: 'original_invoice_number', type: 'text', nullable: true }) originalInvoiceNumber: string | null;
  @Column({ type: 'text', nullable: true }) reason: CreditNoteReason | null;
  @Column({ name: 'reason_text', type: 'text', nullable: true }) reasonText: string | null;
  @Column({ name: 'return_id', type: 'uuid', nullable: true }) returnId: string | null;
  /** A customer invoice's or opening balance's due date (YYYY-MM-DD), fixed at issue. */
  @Column({ name: 'due_date', type: 'date', nullable: true }) dueDate: string | null;

  /** A customer invoice's settlement, when read with it (leftJoinAndMapOne; not a column). */
  balance?: InvoiceBalanceEntity | null;
}
