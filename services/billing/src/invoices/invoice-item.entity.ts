import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A line of an invoice, copied from the order's line or the receipt's. */
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
  @Column({ name: 'unit_price', type: 'numeric', precision: 12, scale: 2 }) unitPrice: string;
  @Column({ name: 'total_price', type: 'numeric', precision: 14, scale: 2 }) totalPrice: string;
}
