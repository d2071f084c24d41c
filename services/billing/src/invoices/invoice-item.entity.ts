import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A line of an invoice, copied from the order's line or the receipt's: in the unit it was sold in,
 * with the base quantity and unit a pack stands for (null when sold in the item's own unit).
 */
@Entity({ name: 'invoice_items' })
export class InvoiceItemEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'invoice_id', type: 'uuid' }) invoiceId: string;
  @Column({ name: 'line_no', type: 'integer' }) lineNo: number;
  @Column({ name: 'stock_item_id', type: 'uuid', nullable: true }) stockItemId: string | null;
  @Column({ type: 'text', nullable: true }) sku: string | null;
  @Column({ name: 'item_name', type: 'text' }) itemName: string;
  @Column({ name: 'item_name_ar', type: 'text', nullable: true }) itemNameAr: string | null;
  @Column({ type: 'numeric', precision: 14, scale: 3 }) quantity: string;
  @Column({ type: 'text' }) unit: string;
  @Column({ name: 'base_quantity', type: 'numeric', precision: 14, scale: 3, nullable: true }) baseQuantity:
    string | null;
  @Column({ name: 'base_unit', type: 'text', nullable: true }) baseUnit: string | null;
  @Column({ name: 'unit_price', type: 'numeric', precision: 12, scale: 2 }) unitPrice: string;
  @Column({ name: 'discount_percent', type: 'numeric', precision: 5, scale: 2 }) discountPercent: string;
  @Column({ name: 'total_price', type: 'numeric', precision: 14, scale: 2 }) totalPrice: string;
  /** The order line it bills (null on supplier invoices and on invoices issued before it was kept). */
  @Column({ name: 'order_item_id', type: 'uuid', nullable: true }) orderItemId: string | null;
  /** On a credit note: the line of the original invoice this line credits. */
  @Column({ name: 'credited_line_no', type: 'integer', nullable: true }) creditedLineNo: number | null;
}
