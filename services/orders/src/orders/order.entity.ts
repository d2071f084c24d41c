import type { OrderSource, OrderStatus } from '@erp/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** An order (SPEC §3). Money columns are read as strings and computed with decimal.js. */
@Entity({ name: 'orders' })
export class OrderEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'order_number', type: 'text' }) orderNumber: string;
  @Column({ name: 'client_id', type: 'uuid', nullable: true }) clientId: string | null;
  @Column({ name: 'client_name', type: 'text' }) clientName: string;
  @Column({ type: 'text' }) status: OrderStatus;
  @Column({ name: 'total_amount', type: 'numeric', precision: 14, scale: 2 }) totalAmount: string;
  @Column({ type: 'text', nullable: true }) notes: string | null;
  @Column({ name: 'raw_order_text', type: 'text', nullable: true }) rawOrderText: string | null;
  @Column({ name: 'transcribed_text', type: 'text', nullable: true }) transcribedText: string | null;
  @Column({ name: 'uploaded_file_url', type: 'text', nullable: true }) uploadedFileUrl: string | null;
  @Column({ name: 'audio_file_url', type: 'text', nullable: true }) audioFileUrl: string | null;
  @Column({ type: 'text' }) source: OrderSource;
  /** YYYY-MM-DD in the business time zone: the day reports count it on. */
  @Column({ name: 'business_day', type: 'date' }) businessDay: string;
  @Column({ name: 'first_committed_at', type: 'timestamptz', nullable: true }) firstCommittedAt: Date | null;
  /** How many times it entered confirmed or completed: the cycle its invoice belongs to (CONTRACT §11). */
  @Column({ name: 'commit_count', type: 'integer', default: 0 }) commitCount: number;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
  @Column({ name: 'created_by', type: 'uuid', nullable: true }) createdBy: string | null;
}
