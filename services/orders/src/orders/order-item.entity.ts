import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A line of an order. `quantity` is in `unit`; `unitFactor` base units make one `unit` (fixed when
 * the line was priced) and `baseQuantity` is what moves stock, in `baseUnit` (docs/decisions/0014).
 * `unitCost` is the linked stock item's cost per base unit when it was linked.
 */
@Entity({ name: 'order_items' })
export class OrderItemEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'order_id', type: 'uuid' }) orderId: string;
  @Column({ name: 'line_no', type: 'integer' }) lineNo: number;
  @Column({ name: 'stock_item_id', type: 'uuid', nullable: true }) stockItemId: string | null;
  @Column({ type: 'text', nullable: true }) sku: string | null;
  @Column({ name: 'item_name', type: 'text' }) itemName: string;
  @Column({ name: 'item_name_ar', type: 'text', nullable: true }) itemNameAr: string | null;
  @Column({ type: 'numeric', precision: 14, scale: 3 }) quantity: string;
  @Column({ type: 'text' }) unit: string;
  @Column({ name: 'unit_factor', type: 'numeric', precision: 14, scale: 3 }) unitFactor: string;
  @Column({ name: 'base_quantity', type: 'numeric', precision: 14, scale: 3 }) baseQuantity: string;
  @Column({ name: 'base_unit', type: 'text', nullable: true }) baseUnit: string | null;
  @Column({ name: 'unit_price', type: 'numeric', precision: 12, scale: 2 }) unitPrice: string;
  @Column({ name: 'discount_percent', type: 'numeric', precision: 5, scale: 2 }) discountPercent: string;
  @Column({ name: 'total_price', type: 'numeric', precision: 14, scale: 2 }) totalPrice: string;
  @Column({ name: 'unit_cost', type: 'numeric', precision: 12, scale: 2, nullable: true }) unitCost: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
