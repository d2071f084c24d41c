import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** What a supplier charged for an item, one row per receipt line. */
@Entity({ name: 'price_history' })
export class PriceHistoryEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'stock_item_id', type: 'uuid' }) stockItemId: string;
  @Column({ name: 'supplier_id', type: 'uuid', nullable: true }) supplierId: string | null;
  @Column({ name: 'unit_price', type: 'numeric', precision: 12, scale: 2 }) unitPrice: string;
  @Column({ type: 'text' }) currency: string;
  /** The billing service's supplier invoice, when known: no foreign key across services. */
  @Column({ name: 'invoice_id', type: 'uuid', nullable: true }) invoiceId: string | null;
  @Column({ name: 'receipt_id', type: 'uuid', nullable: true }) receiptId: string | null;
  @Column({ name: 'recorded_at', type: 'timestamptz', default: () => 'now()' }) recordedAt: Date;
}
