import { Module } from '@nestjs/common';
import { InvoiceRenderer } from './invoice-renderer.js';

/** Invoice PDFs: InvoiceRenderer (needs BillingConfig, which the global BillingModule exports). */
@Module({
  providers: [InvoiceRenderer],
  exports: [InvoiceRenderer],
})
export class PdfModule {}
