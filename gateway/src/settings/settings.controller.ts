import {
  IdentityClient,
  UpdateSettingsDto,
  UploadLogoDto,
  type CompanySettingsDto,
  type RpcMeta,
} from '@erp/contracts';
import { Body, Controller, Get, HttpCode, Patch, Post } from '@nestjs/common';
import { AdminOnly, SignedIn } from '../auth/access.decorators.js';
import { RequestMeta } from '../common/request-meta.decorator.js';

/** Company settings: read by every signed-in user, changed by admins and owners (CONTRACT §2). */
@Controller('settings')
export class SettingsController {
  constructor(private readonly identity: IdentityClient) {}

  @SignedIn()
  @Get()
  get(@RequestMeta() meta: RpcMeta): Promise<CompanySettingsDto> {
    return this.identity.getSettings(meta);
  }

  @AdminOnly()
  @Patch()
  update(@Body() dto: UpdateSettingsDto, @RequestMeta() meta: RpcMeta): Promise<CompanySettingsDto> {
    return this.identity.updateSettings(dto, meta);
  }

  @AdminOnly()
  @Post('upload-logo')
  @HttpCode(200)
  uploadLogo(@Body() dto: UploadLogoDto, @RequestMeta() meta: RpcMeta): Promise<CompanySettingsDto> {
    return this.identity.uploadLogo(dto.imageBase64, meta);
  }
}
