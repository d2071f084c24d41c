import { CreateApiKeyDto, IdentityClient, type ApiKeyDto, type CreatedApiKeyDto, type RpcMeta } from '@erp/contracts';
import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { SignedIn } from '../auth/access.decorators.js';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { RequestMeta } from '../common/request-meta.decorator.js';

/** Every approved user manages their own keys (CONTRACT §2, §7). */
@SignedIn()
@Controller('api-keys')
export class ApiKeysController {
  constructor(private readonly identity: IdentityClient) {}

  @Get()
  list(@RequestMeta() meta: RpcMeta): Promise<ApiKeyDto[]> {
    return this.identity.listApiKeys(meta);
  }

  @Post()
  @HttpCode(201)
  create(@Body() dto: CreateApiKeyDto, @RequestMeta() meta: RpcMeta): Promise<CreatedApiKeyDto> {
    return this.identity.createApiKey(dto, meta);
  }

  @Delete(':id')
  @HttpCode(204)
  async delete(@Param('id', ParseIdPipe) id: string, @RequestMeta() meta: RpcMeta): Promise<void> {
    await this.identity.deleteApiKey(id, meta);
  }
}
