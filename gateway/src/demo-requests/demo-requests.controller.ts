import { CreateDemoRequestDto, IdentityClient, type DemoRequestDto, type RpcMeta } from '@erp/contracts';
import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { Public } from '../auth/access.decorators.js';
import { PublicWritesGuard } from '../auth/public-writes.guard.js';
import { RequestMeta } from '../common/request-meta.decorator.js';

@Controller('demo-requests')
export class DemoRequestsController {
  constructor(private readonly identity: IdentityClient) {}

  /** The landing page's Request Demo and Start Free Trial forms. */
  @Public()
  @UseGuards(PublicWritesGuard)
  @Post()
  @HttpCode(201)
  async create(
    @Body() dto: CreateDemoRequestDto,
    @RequestMeta() meta: RpcMeta,
  ): Promise<{ demoRequest: DemoRequestDto }> {
    return { demoRequest: await this.identity.createDemoRequest(dto, meta) };
  }
}
