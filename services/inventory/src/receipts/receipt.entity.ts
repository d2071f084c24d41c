import type { ReceiptResultDto, SupplierInvoiceJobData } from '@erp/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A goods receipt, recorded first in its transaction: its receipt_id is what makes it happen once. */
@Entity({ name: 'receipts' })
export class ReceiptEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'receipt_id', type: 'uuid' }) receiptId: string;
  @Column({ name: 'supplier_id', type: 'uuid', nullable: true }) supplierId: string | null;
  @Column({ name: 'invoice_number', type: 'text' }) invoiceNumber: string;
  @Column({ name: 'invoice_date', type: 'date' }) invoiceDate: string;
  /** The first answer (without `repeated`), returned again to a retry. */
  @Column({ type: 'jsonb', nullable: true }) result: Omit<ReceiptResultDto, 'repeated'> | null;
  /** The supplier-invoice job's data, added again by a retry. */
  @Column({ name: 'billing_job', type: 'jsonb', nullable: true }) billingJob: SupplierInvoiceJobData | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'created_by', type: 'uuid', nullable: true }) createdBy: string | null;
}
