import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Why stock changed; API syncs add their own reason later. */
export const StockUpdateReason = {
  Initial: 'initial',
  Adjustment: 'adjustment',
  Order: 'order',
  OrderPutBack: 'order-put-back',
  /** Goods of a committed order came back to the shelf. */
  OrderReturn: 'order-return',
  /** Goods of a committed order came back and were written off: recorded, stock unchanged. */
  OrderReturnWrittenOff: 'order-return-written-off',
  Receipt: 'receipt',
} as const;
export type StockUpdateReason = (typeof StockUpdateReason)[keyof typeof StockUpdateReason];

/** The stock ledger: one row per change of an item's quantity, with who and why. */
@Entity({ name: 'stock_updates' })
export class StockUpdateEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'stock_item_id', type: 'uuid' }) stockItemId: string;
  @Column({ name: 'batch_id', type: 'uuid', nullable: true }) batchId: string | null;
  @Column({ name: 'invoice_id', type: 'uuid', nullable: true }) invoiceId: string | null;
  @Column({ name: 'quantity_change', type: 'numeric', precision: 14, scale: 3 }) quantityChange: string;
  @Column({ name: 'new_quantity', type: 'numeric', precision: 14, scale: 3 }) newQuantity: string;
  @Column({ name: 'new_cost_price', type: 'numeric', precision: 12, scale: 2, nullable: true })
  newCostPrice: string | null;
  @Column({ type: 'text' }) reason: StockUpdateReason;
  /** What caused it, e.g. the order's id. */
  @Column({ type: 'text', nullable: true }) reference: string | null;
  @Column({ type: 'text', nullable: true }) notes: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'created_by', type: 'uuid', nullable: true }) createdBy: string | null;
}
