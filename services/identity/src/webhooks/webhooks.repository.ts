import type { WebhookDeliveredType, WebhookEvent, WebhookEventType } from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, type EntityManager, type Repository } from 'typeorm';
import { WebhookDeliveryEntity } from './webhook-delivery.entity.js';
import { WebhookEndpointEntity } from './webhook-endpoint.entity.js';

export type NewWebhookEndpoint = Pick<WebhookEndpointEntity, 'userId' | 'url' | 'events' | 'secret'>;

export interface NewWebhookDelivery {
  endpointId: string;
  eventId: string;
  eventType: WebhookDeliveredType;
  payload: WebhookEvent;
}

/** What an attempt changes on its delivery row. */
export type DeliveryOutcome = Pick<
  WebhookDeliveryEntity,
  'status' | 'attempts' | 'lastStatus' | 'lastError' | 'lastAttemptAt' | 'nextAttemptAt' | 'deliveredAt'
>;

@Injectable()
export class WebhooksRepository {
  constructor(
    @InjectRepository(WebhookEndpointEntity) private readonly endpoints: Repository<WebhookEndpointEntity>,
    @InjectRepository(WebhookDeliveryEntity) private readonly deliveries: Repository<WebhookDeliveryEntity>,
  ) {}

  insertEndpoint(values: NewWebhookEndpoint): Promise<WebhookEndpointEntity> {
    return this.endpoints.save(this.endpoints.create({ ...values, isActive: true }));
  }

  findEndpointsOfUser(userId: string): Promise<WebhookEndpointEntity[]> {
    return this.endpoints.find({ where: { userId }, order: { createdAt: 'DESC' } });
  }

  countEndpointsOfUser(userId: string): Promise<number> {
    return this.endpoints.countBy({ userId });
  }

  findOwnedEndpoint(id: string, userId: string): Promise<WebhookEndpointEntity | null> {
    return this.endpoints.findOneBy({ id, userId });
  }

  findEndpoint(id: string): Promise<WebhookEndpointEntity | null> {
    return this.endpoints.findOneBy({ id });
  }

  /** Active endpoints subscribed to the event, oldest first. */
  findActiveSubscribedTo(type: WebhookEventType): Promise<WebhookEndpointEntity[]> {
    return this.endpoints
      .createQueryBuilder('endpoint')
      .where('endpoint.isActive = true')
      .andWhere(':type = ANY(endpoint.events)', { type })
      .orderBy('endpoint.createdAt')
      .getMany();
  }

  async setActive(id: string, isActive: boolean): Promise<void> {
    await this.endpoints.update({ id }, { isActive });
  }

  /** Deletes the endpoint; its deliveries go with it (foreign key cascade). */
  async removeEndpoint(id: string): Promise<void> {
    await this.endpoints.delete({ id });
  }

  /**
   * The delivery of this event to this endpoint, created once: a repeated fan-out of the same
   * event finds the row the first one wrote (unique endpoint_id, event_id).
   */
  async insertDeliveryIfNew(values: NewWebhookDelivery, manager?: EntityManager): Promise<WebhookDeliveryEntity> {
    const deliveries = manager ? manager.getRepository(WebhookDeliveryEntity) : this.deliveries;
    await deliveries.createQueryBuilder().insert().values(values).orIgnore().execute();
    return deliveries.findOneByOrFail({ endpointId: values.endpointId, eventId: values.eventId });
  }

  findDelivery(id: string): Promise<WebhookDeliveryEntity | null> {
    return this.deliveries.findOneBy({ id });
  }

  findDeliveriesOfEndpoint(endpointId: string, limit: number): Promise<WebhookDeliveryEntity[]> {
    return this.deliveries.find({ where: { endpointId }, order: { createdAt: 'DESC', id: 'DESC' }, take: limit });
  }

  async recordOutcome(id: string, outcome: DeliveryOutcome): Promise<void> {
    await this.deliveries.update({ id }, outcome);
  }

  async removeDeliveriesBefore(cutoff: Date): Promise<number> {
    return (await this.deliveries.delete({ createdAt: LessThan(cutoff) })).affected ?? 0;
  }
}
