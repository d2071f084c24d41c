import { Column, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A setting's value: JSON scalars only. */
export type SettingValue = string | number | boolean | null;

/** One company setting (SPEC §3 settings: key, value, updatedAt, updatedBy). */
@Entity({ name: 'settings' })
export class SettingEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'text', unique: true }) key: string;
  @Column({ type: 'jsonb' }) value: SettingValue;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
  @Column({ name: 'updated_by', type: 'uuid', nullable: true }) updatedBy: string | null;
}
