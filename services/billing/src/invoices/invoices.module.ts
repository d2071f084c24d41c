import { QueueName } from '@erp/contracts';
import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { InvoiceEvents } from '../payments/invoice-events.js';
import { PaymentEntity } from '../payments/payment.entity.js';
import { PaymentsController } from '../payments/payments.controller.js';
import { PaymentsService } from '../payments/payments.service.js';
import { WriteOffsService } from '../payments/write-offs.service.js';
import { OpeningBalancesImportProcessor } from '../imports/opening-balances-import.processor.js';
import { PdfModule } from '../pdf/pdf.module.js';
import { ZatcaModule } from '../zatca/zatca.module.js';
import { PurchaseOrderPdfController } from '../purchase-orders/purchase-order-pdf.controller.js';
import { PurchaseOrderPdfService } from '../purchase-orders/purchase-order-pdf.service.js';
import { StatementsController } from '../receivables/statements.controller.js';
import { StatementsService } from '../receivables/statements.service.js';
import { CreditNotesService } from './credit-notes.service.js';
import { InvoiceCreateProcessor } from './invoice-create.processor.js';
import { InvoiceBalanceEntity } from './invoice-balance.entity.js';
import { InvoiceItemEntity } from './invoice-item.entity.js';
import { InvoicePdfsService } from './invoice-pdfs.service.js';
import { InvoiceRenderProcessor } from './invoice-render.processor.js';
import { InvoiceEntity } from './invoice.entity.js';
import { InvoicesController } from './invoices.controller.js';
import { InvoicesRepository } from './invoices.repository.js';
import { InvoicesService } from './invoices.service.js';

/**
 * Invoices, credit notes, opening balances and their payments; works invoice-create,
 * invoice-render and import-opening-balances, and stages
 * invoice-render and webhook-events jobs in the billing outbox (BillingModule).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([InvoiceEntity, InvoiceItemEntity, InvoiceBalanceEntity, PaymentEntity]),
    BullModule.registerQueue(
      { name: QueueName.InvoiceCreate },
      { name: QueueName.InvoiceRender },
      { name: QueueName.ImportOpeningBalances },
    ),
    PdfModule,
    ZatcaModule,
  ],
  controllers: [InvoicesController, PaymentsController, StatementsController, PurchaseOrderPdfController],
  providers: [
    InvoicesRepository,
    InvoicesService,
    CreditNotesService,
    PaymentsService,
    WriteOffsService,
    StatementsService,
    PurchaseOrderPdfService,
    InvoiceEvents,
    InvoicePdfsService,
    InvoiceCreateProcessor,
    InvoiceRenderProcessor,
    OpeningBalancesImportProcessor,
  ],
})
export class InvoicesModule {}
