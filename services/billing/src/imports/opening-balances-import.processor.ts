import { runImport } from '@erp/common';
import { IdentityClient, OrdersClient, QueueName, type ImportJobData, type ImportResultDto } from '@erp/contracts';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Job } from 'bullmq';
import type { DataSource } from 'typeorm';
import { InvoicesService } from '../invoices/invoices.service.js';
import { OpeningBalancesImporter } from './opening-balances-importer.js';

/** Works the import-opening-balances queue: one file at a time per process (docs/imports.md). */
@Processor(QueueName.ImportOpeningBalances)
export class OpeningBalancesImportProcessor extends WorkerHost {
  constructor(
    private readonly invoices: InvoicesService,
    private readonly orders: OrdersClient,
    private readonly identity: IdentityClient,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {
    super();
  }

  process(job: Job<ImportJobData>): Promise<ImportResultDto> {
    const sources = {
      findClients: (names: string[], meta: ImportJobData['meta']) => this.orders.findClientsByNames(names, meta),
      settings: (meta: ImportJobData['meta']) => this.identity.getSettings(meta),
      today: () => this.invoices.today(),
    };
    return runImport(job, new OpeningBalancesImporter(this.invoices, sources, job.data.meta), this.dataSource);
  }
}
