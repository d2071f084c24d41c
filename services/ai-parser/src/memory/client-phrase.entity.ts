import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One remembered wording of one client: (client key, phrase) → stock item. */
@Entity({ name: 'client_phrases' })
export class ClientPhraseEntity {
  @PrimaryColumn({ name: 'client_key', type: 'text' }) clientKey: string;
  @PrimaryColumn({ type: 'text' }) phrase: string;
  @Column({ name: 'stock_item_id', type: 'uuid' }) stockItemId: string;
  @Column({ name: 'times_confirmed', type: 'integer' }) timesConfirmed: number;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
  @Column({ name: 'updated_by', type: 'uuid', nullable: true }) updatedBy: string | null;
}
