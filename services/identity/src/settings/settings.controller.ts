import {
  IdentityPatterns,
  UpdateSettingsDto,
  UploadLogoDto,
  type CompanySettingsDto,
  type RpcMeta,
} from '@erp/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SettingsService } from './settings.service.js';

@Controller()
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @MessagePattern(IdentityPatterns.GetSettings)
  get(): Promise<CompanySettingsDto> {
    return this.settings.get();
  }

  @MessagePattern(IdentityPatterns.UpdateSettings)
  update(@Payload('data') dto: UpdateSettingsDto, @Payload('meta') meta: RpcMeta): Promise<CompanySettingsDto> {
    return this.settings.update(dto, meta.userId);
  }

  @MessagePattern(IdentityPatterns.UploadLogo)
  uploadLogo(@Payload('data') dto: UploadLogoDto, @Payload('meta') meta: RpcMeta): Promise<CompanySettingsDto> {
    return this.settings.uploadLogo(dto.imageBase64, meta.userId);
  }
}
