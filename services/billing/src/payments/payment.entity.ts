import type { PaymentMethod } from '@erp/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A payment received against a customer invoice (CONTRACT §11). Never deleted from the table: a
 * payment deleted by an admin or owner keeps who did it, when and why, and counts no more.
 */
@Entity({ name: 'payments' })
export class PaymentEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'invoice_id', type: 'uuid' }) invoiceId: string;
  @Column({ name: 'client_id', type: 'uuid', nullable: true }) clientId: string | null;
  @Column({ type: 'numeric', precision: 14, scale: 2 }) amount: string;
  @Column({ type: 'text' }) method: PaymentMethod;
  @Column({ type: 'text', nullable: true }) reference: string | null;
  @Column({ name: 'paid_at', type: 'timestamptz' }) paidAt: Date;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'created_by', type: 'uuid', nullable: true }) createdBy: string | null;
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true }) deletedAt: Date | null;
  @Column({ name: 'deleted_by', type: 'uuid', nullable: true }) deletedBy: string | null;
  @Column({ name: 'delete_reason', type: 'text', nullable: true }) deleteReason: string | null;
}
