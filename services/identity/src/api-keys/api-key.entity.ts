import type { ApiKeyPermission } from '@erp/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A partner API key: only its SHA-256 is stored; the key itself is shown once. */
@Entity({ name: 'api_keys' })
export class ApiKeyEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId: string;
  @Column({ type: 'text' }) name: string;
  @Column({ name: 'key_prefix', type: 'text' }) keyPrefix: string;
  @Column({ name: 'key_hash', type: 'text', unique: true }) keyHash: string;
  @Column({ type: 'text', array: true }) permissions: ApiKeyPermission[];
  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true }) lastUsedAt: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true }) expiresAt: Date | null;
  @Column({ name: 'is_active', type: 'integer', default: 1 }) isActive: number;
}
