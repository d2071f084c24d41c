import {
  OnboardZatcaDto,
  ZatcaSettingsPatterns,
  type InvoiceXmlDto,
  type RpcMeta,
  type ZatcaSettingsDto,
} from '@erp/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ZatcaDocumentsService } from './zatca-documents.service.js';
import { ZatcaOnboardingService } from './zatca-onboarding.service.js';

@Controller()
export class ZatcaController {
  constructor(
    private readonly onboarding: ZatcaOnboardingService,
    private readonly documents: ZatcaDocumentsService,
  ) {}

  @MessagePattern(ZatcaSettingsPatterns.Onboard)
  onboard(@Payload('data') dto: OnboardZatcaDto, @Payload('meta') meta: RpcMeta): Promise<ZatcaSettingsDto> {
    return this.onboarding.onboard(dto.otp, meta);
  }

  @MessagePattern(ZatcaSettingsPatterns.GetInvoiceXml)
  invoiceXml(@Payload('data') data: { id: string }): Promise<InvoiceXmlDto> {
    return this.documents.xmlOf(data.id);
  }
}
