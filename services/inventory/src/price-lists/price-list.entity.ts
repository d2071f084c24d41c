import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A price list for a customer group (wholesale, retail, HORECA...). */
@Entity({ name: 'price_lists' })
export class PriceListEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'text' }) name: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}

/** A list's price of one item in one of its units. */
@Entity({ name: 'price_list_items' })
export class PriceListItemEntity {
  @PrimaryColumn({ name: 'price_list_id', type: 'uuid' }) priceListId: string;
  @PrimaryColumn({ name: 'stock_item_id', type: 'uuid' }) stockItemId: string;
  @PrimaryColumn({ type: 'text' }) unit: string;
  @Column({ type: 'numeric', precision: 12, scale: 2 }) price: string;
}
