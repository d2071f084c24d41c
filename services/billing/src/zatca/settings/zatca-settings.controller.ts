import { UpdateZatcaSettingsDto, ZatcaSettingsPatterns, type RpcMeta, type ZatcaSettingsDto } from '@erp/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ZatcaSettingsService } from './zatca-settings.service.js';

@Controller()
export class ZatcaSettingsController {
  constructor(private readonly settings: ZatcaSettingsService) {}

  @MessagePattern(ZatcaSettingsPatterns.Get)
  get(): Promise<ZatcaSettingsDto> {
    return this.settings.get();
  }

  @MessagePattern(ZatcaSettingsPatterns.Update)
  update(@Payload('data') dto: UpdateZatcaSettingsDto, @Payload('meta') meta: RpcMeta): Promise<ZatcaSettingsDto> {
    return this.settings.update(dto, meta.userId);
  }
}
