import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** What a move took from (or returned to) one batch of one item; `batchId` null is unbatched stock. */
@Entity({ name: 'stock_move_lines' })
export class StockMoveLineEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'move_id', type: 'uuid' }) moveId: string;
  @Column({ name: 'line_no', type: 'integer' }) lineNo: number;
  @Column({ name: 'stock_item_id', type: 'uuid' }) stockItemId: string;
  @Column({ name: 'batch_id', type: 'uuid', nullable: true }) batchId: string | null;
  @Column({ type: 'numeric', precision: 14, scale: 3 }) quantity: string;
  /** A return's line: the take's line it came back from, and whether it was written off instead of restocked. */
  @Column({ name: 'take_line_no', type: 'integer', nullable: true }) takeLineNo: number | null;
  @Column({ name: 'written_off', type: 'boolean', default: false }) writtenOff: boolean;
}
