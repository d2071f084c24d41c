import { OutboxModule, serviceInfrastructure, ServiceClientsModule } from '@erp/common';
import { QueueName, ServiceName } from '@erp/contracts';
import { Global, Module, type DynamicModule } from '@nestjs/common';
import { BillingConfig } from './billing.config.js';
import { InvoiceBalanceEntity } from './invoices/invoice-balance.entity.js';
import { InvoiceItemEntity } from './invoices/invoice-item.entity.js';
import { InvoiceEntity } from './invoices/invoice.entity.js';
import { InvoicesModule } from './invoices/invoices.module.js';
import { billingMigrations } from './migrations/index.js';
import { PaymentEntity } from './payments/payment.entity.js';
import { ZatcaSettingsEntity } from './zatca/settings/zatca-settings.entity.js';
import { ZatcaModule } from './zatca/zatca.module.js';

/** The billing service: invoices and their PDFs; calls orders and identity. */
@Global()
@Module({})
export class BillingModule {
  static forRoot(config: BillingConfig): DynamicModule {
    return {
      module: BillingModule,
      imports: [
        ...serviceInfrastructure(ServiceName.Billing, config, {
          entities: [InvoiceEntity, InvoiceItemEntity, InvoiceBalanceEntity, PaymentEntity, ZatcaSettingsEntity],
          migrations: billingMigrations,
        }),
        OutboxModule.forService(config, [QueueName.InvoiceRender, QueueName.WebhookEvents, QueueName.ZatcaSubmit]),
        ServiceClientsModule.forRoot(config, config.BILLING_CALL_TIMEOUT_MS, [
          ServiceName.Orders,
          ServiceName.Identity,
        ]),
        InvoicesModule,
        ZatcaModule,
      ],
      providers: [{ provide: BillingConfig, useValue: config }],
      exports: [BillingConfig],
    };
  }
}
