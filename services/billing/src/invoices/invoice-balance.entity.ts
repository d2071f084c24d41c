import type { PaymentStatus } from '@erp/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * What payments and credit notes took off a customer invoice (CONTRACT §11): kept apart from the
 * invoice, which never changes. `balanceDue` and `paymentStatus` are computed by PostgreSQL.
 */
@Entity({ name: 'invoice_balances' })
export class InvoiceBalanceEntity {
  @PrimaryColumn({ name: 'invoice_id', type: 'uuid' }) invoiceId: string;
  @Column({ name: 'client_id', type: 'uuid', nullable: true }) clientId: string | null;
  @Column({ name: 'total_amount', type: 'numeric', precision: 14, scale: 2 }) totalAmount: string;
  @Column({ name: 'paid_amount', type: 'numeric', precision: 14, scale: 2 }) paidAmount: string;
  @Column({ name: 'credited_amount', type: 'numeric', precision: 14, scale: 2 }) creditedAmount: string;
  @Column({ name: 'balance_due', type: 'numeric', precision: 14, scale: 2, insert: false, update: false })
  balanceDue: string;
  @Column({ name: 'payment_status', type: 'text', insert: false, update: false }) paymentStatus: PaymentStatus;
  /** YYYY-MM-DD: the issue day in the business time zone + the client's payment terms. */
  @Column({ name: 'due_date', type: 'date' }) dueDate: string;
}
