import { QueueName } from '@erp/contracts';
import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PdfModule } from '../pdf/pdf.module.js';
import { InvoiceCreateProcessor } from './invoice-create.processor.js';
import { InvoiceItemEntity } from './invoice-item.entity.js';
import { InvoicePdfsService } from './invoice-pdfs.service.js';
import { InvoiceRenderProcessor } from './invoice-render.processor.js';
import { InvoiceEntity } from './invoice.entity.js';
import { InvoicesController } from './invoices.controller.js';
import { InvoicesRepository } from './invoices.repository.js';
import { InvoicesService } from './invoices.service.js';

/** Invoices; works invoice-create and invoice-render. */
@Module({
  imports: [
    TypeOrmModule.forFeature([InvoiceEntity, InvoiceItemEntity]),
    BullModule.registerQueue({ name: QueueName.InvoiceCreate }, { name: QueueName.InvoiceRender }),
    PdfModule,
  ],
  controllers: [InvoicesController],
  providers: [InvoicesRepository, InvoicesService, InvoicePdfsService, InvoiceCreateProcessor, InvoiceRenderProcessor],
})
export class InvoicesModule {}
