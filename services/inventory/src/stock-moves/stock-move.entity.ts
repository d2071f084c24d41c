import type { SkippedExpiredBatchDto } from '@erp/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A take for an order, its put-back, or goods of it coming back (a return, under the take). */
export type StockMoveKind = 'take' | 'put' | 'return';

/** One take, put-back or return for an order, once per `moveKey` (unique): the exactly-once record. */
@Entity({ name: 'stock_moves' })
export class StockMoveEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'move_key', type: 'text' }) moveKey: string;
  @Column({ type: 'text' }) kind: StockMoveKind;
  @Column({ name: 'order_id', type: 'uuid' }) orderId: string;
  /** A put-back or return: the take it gives back (a take is put back at most once). */
  @Column({ name: 'take_move_id', type: 'uuid', nullable: true }) takeMoveId: string | null;
  @Column({ name: 'skipped_expired_batches', type: 'jsonb' }) skippedExpiredBatches: SkippedExpiredBatchDto[];
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'created_by', type: 'uuid', nullable: true }) createdBy: string | null;
}
