import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A batch of an item: what is left of what was received, with its expiry (a date, read as YYYY-MM-DD). */
@Entity({ name: 'stock_batches' })
export class StockBatchEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'stock_item_id', type: 'uuid' }) stockItemId: string;
  @Column({ name: 'batch_number', type: 'text', nullable: true }) batchNumber: string | null;
  @Column({ type: 'numeric', precision: 14, scale: 3 }) quantity: string;
  @Column({ name: 'received_quantity', type: 'numeric', precision: 14, scale: 3 }) receivedQuantity: string;
  @Column({ name: 'expiry_date', type: 'date', nullable: true }) expiryDate: string | null;
  @Column({ name: 'manufacture_date', type: 'date', nullable: true }) manufactureDate: string | null;
  @Column({ name: 'supplier_id', type: 'uuid', nullable: true }) supplierId: string | null;
  /** The billing service's supplier invoice: no foreign key across services. */
  @Column({ name: 'invoice_id', type: 'uuid', nullable: true }) invoiceId: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
