import type { ReorderStatus, ReorderUrgency } from '@erp/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A reorder suggestion (SPEC §3); at most one pending per item (docs/decisions/0007). */
@Entity({ name: 'reorder_suggestions' })
export class ReorderSuggestionEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'stock_item_id', type: 'uuid' }) stockItemId: string;
  @Column({ name: 'suggested_quantity', type: 'integer' }) suggestedQuantity: number;
  @Column({ type: 'text' }) reason: string;
  @Column({ name: 'reason_ar', type: 'text' }) reasonAr: string;
  @Column({ type: 'text' }) urgency: ReorderUrgency;
  @Column({ name: 'estimated_stockout_date', type: 'date', nullable: true }) estimatedStockoutDate: string | null;
  @Column({ name: 'average_daily_consumption', type: 'numeric', precision: 14, scale: 3 })
  averageDailyConsumption: string;
  @Column({ name: 'days_of_stock_remaining', type: 'numeric', precision: 10, scale: 1, nullable: true })
  daysOfStockRemaining: string | null;
  @Column({ type: 'text' }) status: ReorderStatus;
  @Column({ name: 'approved_quantity', type: 'integer', nullable: true }) approvedQuantity: number | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'created_by', type: 'uuid', nullable: true }) createdBy: string | null;
  @Column({ name: 'decided_at', type: 'timestamptz', nullable: true }) decidedAt: Date | null;
  @Column({ name: 'decided_by', type: 'uuid', nullable: true }) decidedBy: string | null;
}
