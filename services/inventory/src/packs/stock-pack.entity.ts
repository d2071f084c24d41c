import type { PackUnit } from '@erp/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A pack of a stock item: `factor` base units, at its own price or factor × the item's. */
@Entity({ name: 'stock_item_packs' })
export class StockPackEntity {
  @PrimaryColumn({ name: 'stock_item_id', type: 'uuid' }) stockItemId: string;
  @PrimaryColumn({ type: 'text' }) unit: PackUnit;
  @Column({ type: 'numeric', precision: 14, scale: 3 }) factor: string;
  @Column({ name: 'selling_price', type: 'numeric', precision: 12, scale: 2, nullable: true })
  sellingPrice: string | null;
  @Column({ type: 'text', nullable: true }) barcode: string | null;
}
