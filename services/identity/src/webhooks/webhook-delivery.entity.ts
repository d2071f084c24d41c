import type { WebhookDeliveredType, WebhookDeliveryStatus, WebhookEvent } from '@erp/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One event for one endpoint and what became of it: the delivery log of Settings. */
@Entity({ name: 'webhook_deliveries' })
export class WebhookDeliveryEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'endpoint_id', type: 'uuid' }) endpointId: string;
  @Column({ name: 'event_id', type: 'uuid' }) eventId: string;
  @Column({ name: 'event_type', type: 'text' }) eventType: WebhookDeliveredType;
  /** The event exactly as it is POSTed. */
  @Column({ type: 'jsonb' }) payload: WebhookEvent;
  @Column({ type: 'text', default: 'pending' }) status: WebhookDeliveryStatus;
  @Column({ type: 'integer', default: 0 }) attempts: number;
  @Column({ name: 'last_status', type: 'integer', nullable: true }) lastStatus: number | null;
  @Column({ name: 'last_error', type: 'text', nullable: true }) lastError: string | null;
  @Column({ name: 'last_attempt_at', type: 'timestamptz', nullable: true }) lastAttemptAt: Date | null;
  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true }) nextAttemptAt: Date | null;
  @Column({ name: 'delivered_at', type: 'timestamptz', nullable: true }) deliveredAt: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
