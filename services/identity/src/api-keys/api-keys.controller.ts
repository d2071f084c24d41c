import {
  CreateApiKeyDto,
  IdDto,
  IdentityPatterns,
  UserApiKeyIdDto,
  VerifyApiKeyDto,
  type ApiKeyDto,
  type CreatedApiKeyDto,
  type RpcMeta,
  type VerifiedApiKeyDto,
} from '@erp/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ApiKeysService } from './api-keys.service.js';

@Controller()
export class ApiKeysController {
  constructor(private readonly apiKeys: ApiKeysService) {}

  @MessagePattern(IdentityPatterns.ListApiKeys)
  list(@Payload('meta') meta: RpcMeta): Promise<ApiKeyDto[]> {
    return this.apiKeys.list(meta.userId);
  }

  @MessagePattern(IdentityPatterns.CreateApiKey)
  create(@Payload('data') dto: CreateApiKeyDto, @Payload('meta') meta: RpcMeta): Promise<CreatedApiKeyDto> {
    return this.apiKeys.create(dto, meta.userId);
  }

  @MessagePattern(IdentityPatterns.DeleteApiKey)
  async delete(@Payload('data') dto: IdDto, @Payload('meta') meta: RpcMeta): Promise<null> {
    await this.apiKeys.delete(dto.id, meta.userId);
    return null;
  }

  @MessagePattern(IdentityPatterns.ListUserApiKeys)
  listOfUser(@Payload('data') dto: IdDto, @Payload('meta') meta: RpcMeta): Promise<ApiKeyDto[]> {
    return this.apiKeys.listOfUser(dto.id, meta.userId);
  }

  @MessagePattern(IdentityPatterns.RevokeUserApiKey)
  async revokeOfUser(@Payload('data') dto: UserApiKeyIdDto, @Payload('meta') meta: RpcMeta): Promise<null> {
    await this.apiKeys.revokeOfUser(dto.userId, dto.keyId, meta.userId);
    return null;
  }

  @MessagePattern(IdentityPatterns.VerifyApiKey)
  verify(@Payload('data') dto: VerifyApiKeyDto): Promise<VerifiedApiKeyDto | null> {
    return this.apiKeys.verify(dto.key);
  }
}
