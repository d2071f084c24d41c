import {
  CreateWebhookEndpointDto,
  UpdateWebhookEndpointDto,
  WebhooksClient,
  type CreatedWebhookEndpointDto,
  type RpcMeta,
  type WebhookDeliveryDto,
  type WebhookEndpointDto,
} from '@erp/contracts';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { SignedIn } from '../auth/access.decorators.js';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { RequestMeta } from '../common/request-meta.decorator.js';

/** Every approved user manages their own webhook endpoints, like API keys (docs/api/webhooks.md). */
@SignedIn()
@Controller('webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksClient) {}

  @Get()
  list(@RequestMeta() meta: RpcMeta): Promise<WebhookEndpointDto[]> {
    return this.webhooks.list(meta);
  }

  /** The answer carries the signing secret: the only time it is shown. */
  @Post()
  @HttpCode(201)
  create(@Body() dto: CreateWebhookEndpointDto, @RequestMeta() meta: RpcMeta): Promise<CreatedWebhookEndpointDto> {
    return this.webhooks.create(dto, meta);
  }

  /** Pause or resume. */
  @Patch(':id')
  update(
    @Param('id', ParseIdPipe) id: string,
    @Body() dto: UpdateWebhookEndpointDto,
    @RequestMeta() meta: RpcMeta,
  ): Promise<WebhookEndpointDto> {
    return this.webhooks.update(id, dto.isActive, meta);
  }

  @Delete(':id')
  @HttpCode(204)
  async delete(@Param('id', ParseIdPipe) id: string, @RequestMeta() meta: RpcMeta): Promise<void> {
    await this.webhooks.delete(id, meta);
  }

  /** The last 50 deliveries, newest first. */
  @Get(':id/deliveries')
  deliveries(@Param('id', ParseIdPipe) id: string, @RequestMeta() meta: RpcMeta): Promise<WebhookDeliveryDto[]> {
    return this.webhooks.deliveries(id, meta);
  }

  /** Queues a signed `ping` event to the endpoint; 202 with its delivery, whose log shows the outcome. */
  @Post(':id/test')
  @HttpCode(202)
  test(@Param('id', ParseIdPipe) id: string, @RequestMeta() meta: RpcMeta): Promise<WebhookDeliveryDto> {
    return this.webhooks.test(id, meta);
  }
}
