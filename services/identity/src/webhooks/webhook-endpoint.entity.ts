import type { WebhookEventType } from '@erp/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A URL a user registered to receive events. The secret signs every delivery, so it is kept
 * as it is (it cannot be hashed) and shown in full only in the answer that created it.
 */
@Entity({ name: 'webhook_endpoints' })
export class WebhookEndpointEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId: string;
  @Column({ type: 'text' }) url: string;
  @Column({ type: 'text', array: true }) events: WebhookEventType[];
  @Column({ type: 'text' }) secret: string;
  @Column({ name: 'is_active', type: 'boolean', default: true }) isActive: boolean;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
