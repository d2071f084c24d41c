import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ZatcaSettingsController } from './zatca-settings.controller.js';
import { ZatcaSettingsEntity } from './zatca-settings.entity.js';
import { ZatcaSettingsRepository } from './zatca-settings.repository.js';
import { ZatcaSettingsService } from './zatca-settings.service.js';

/** The ZATCA phase-2 settings (CONTRACT §12); the onboarding reads them through ZatcaSettingsRepository. */
@Module({
  imports: [TypeOrmModule.forFeature([ZatcaSettingsEntity])],
  controllers: [ZatcaSettingsController],
  providers: [ZatcaSettingsRepository, ZatcaSettingsService],
  exports: [ZatcaSettingsRepository, ZatcaSettingsService],
})
export class ZatcaSettingsModule {}
