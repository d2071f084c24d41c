import { QueueName } from '@erp/contracts';
import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { InvoiceEvents } from '../payments/invoice-events.js';
import { ZatcaSettingsModule } from './settings/zatca-settings.module.js';
import { ZatcaController } from './zatca.controller.js';
import { ZatcaDocumentsService } from './zatca-documents.service.js';
import { ZatcaOnboardingService } from './zatca-onboarding.service.js';
import { ZatcaProfiles } from './zatca-profile.js';
import { ZatcaSubmitProcessor } from './zatca-submit.processor.js';
import { ZatcaSubmitter } from './zatca-submitter.js';

/**
 * ZATCA phase 2 (CONTRACT §12, docs/zatca.md): settings and onboarding, the signed document of
 * every invoice and credit note (ZatcaDocumentsService, used by the invoices' issue), and their
 * clearance or reporting by the zatca-submit worker.
 */
@Module({
  imports: [ZatcaSettingsModule, BullModule.registerQueue({ name: QueueName.ZatcaSubmit })],
  controllers: [ZatcaController],
  providers: [
    ZatcaProfiles,
    ZatcaDocumentsService,
    ZatcaOnboardingService,
    ZatcaSubmitter,
    ZatcaSubmitProcessor,
    InvoiceEvents,
  ],
  exports: [ZatcaDocumentsService],
})
export class ZatcaModule {}
