import {
  BillingClient,
  OnboardZatcaDto,
  UpdateZatcaSettingsDto,
  type RpcMeta,
  type ZatcaSettingsDto,
} from '@erp/contracts';
import { Body, Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { AdminOnly } from '../auth/access.decorators.js';
import { RequestMeta } from '../common/request-meta.decorator.js';

/**
 * ZATCA phase-2 settings (CONTRACT §12): the seller, its national address and the EGS unit.
 * Admins and owners only, to read as well as to change (docs/api/zatca-settings.md).
 */
@Controller('settings/zatca')
export class ZatcaSettingsController {
  constructor(private readonly billing: BillingClient) {}

  @AdminOnly()
  @Get()
  get(@RequestMeta() meta: RpcMeta): Promise<ZatcaSettingsDto> {
    return this.billing.getZatcaSettings(meta);
  }

  /** The whole settings; `onboarding` is ignored when sent back. 400 ZATCA_SETTINGS_INVALID names field and rule. */
  @AdminOnly()
  @Put()
  update(@Body() dto: UpdateZatcaSettingsDto, @RequestMeta() meta: RpcMeta): Promise<ZatcaSettingsDto> {
    return this.billing.updateZatcaSettings(dto, meta);
  }

  /**
   * Onboards the EGS unit with the Fatoora portal's OTP (or renews its certificate once onboarded)
   * and answers the settings with the new onboarding state. 400 ZATCA_ONBOARDING_FAILED with
   * ZATCA's messages; 409 ZATCA_NOT_READY, or ZATCA_DOCUMENTS_WAITING for a new unit while the old
   * one's documents wait (decision 0026); 503 ZATCA_UNAVAILABLE when ZATCA does not answer.
   */
  @AdminOnly()
  @Post('onboard')
  @HttpCode(200)
  onboard(@Body() dto: OnboardZatcaDto, @RequestMeta() meta: RpcMeta): Promise<ZatcaSettingsDto> {
    return this.billing.onboardZatca(dto, meta);
  }
}
