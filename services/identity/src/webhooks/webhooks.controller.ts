import {
  CreateWebhookEndpointDto,
  IdDto,
  UpdateWebhookEndpointRequestDto,
  WebhooksPatterns,
  type CreatedWebhookEndpointDto,
  type RpcMeta,
  type WebhookDeliveryDto,
  type WebhookEndpointDto,
} from '@erp/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { WebhooksService } from './webhooks.service.js';

@Controller()
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @MessagePattern(WebhooksPatterns.ListWebhooks)
  list(@Payload('meta') meta: RpcMeta): Promise<WebhookEndpointDto[]> {
    return this.webhooks.list(meta.userId);
  }

  @MessagePattern(WebhooksPatterns.CreateWebhook)
  create(
    @Payload('data') dto: CreateWebhookEndpointDto,
    @Payload('meta') meta: RpcMeta,
  ): Promise<CreatedWebhookEndpointDto> {
    return this.webhooks.create(dto, meta.userId);
  }

  @MessagePattern(WebhooksPatterns.UpdateWebhook)
  update(
    @Payload('data') dto: UpdateWebhookEndpointRequestDto,
    @Payload('meta') meta: RpcMeta,
  ): Promise<WebhookEndpointDto> {
    return this.webhooks.setActive(dto.id, dto.isActive, meta.userId);
  }

  @MessagePattern(WebhooksPatterns.DeleteWebhook)
  async delete(@Payload('data') dto: IdDto, @Payload('meta') meta: RpcMeta): Promise<null> {
    await this.webhooks.delete(dto.id, meta.userId);
    return null;
  }

  @MessagePattern(WebhooksPatterns.ListWebhookDeliveries)
  deliveries(@Payload('data') dto: IdDto, @Payload('meta') meta: RpcMeta): Promise<WebhookDeliveryDto[]> {
    return this.webhooks.deliveries(dto.id, meta.userId);
  }

  @MessagePattern(WebhooksPatterns.TestWebhook)
  test(@Payload('data') dto: IdDto, @Payload('meta') meta: RpcMeta): Promise<WebhookDeliveryDto> {
    return this.webhooks.test(dto.id, meta);
  }
}
