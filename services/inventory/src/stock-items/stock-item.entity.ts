import type { StockUnit } from '@erp/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * A stock item. `quantity` is everything on hand: its batches plus unbatched stock (which is
 * `quantity` minus the batches and may be negative when negative stock is allowed). Numeric
 * columns are read as strings and computed with decimal.js.
 */
@Entity({ name: 'stock_items' })
export class StockItemEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'text' }) name: string;
  @Column({ name: 'name_ar', type: 'text', nullable: true }) nameAr: string | null;
  @Column({ type: 'text' }) sku: string;
  @Column({ type: 'numeric', precision: 14, scale: 3 }) quantity: string;
  @Column({ type: 'text' }) unit: StockUnit;
  @Column({ name: 'cost_price', type: 'numeric', precision: 12, scale: 2 }) costPrice: string;
  @Column({ name: 'selling_price', type: 'numeric', precision: 12, scale: 2 }) sellingPrice: string;
  @Column({ name: 'low_stock_threshold', type: 'numeric', precision: 14, scale: 3 }) lowStockThreshold: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
