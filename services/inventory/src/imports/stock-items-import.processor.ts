import { runImport } from '@erp/common';
import { QueueName, type ImportJobData, type ImportResultDto } from '@erp/contracts';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Job } from 'bullmq';
import type { DataSource } from 'typeorm';
import { StockItemsRepository } from '../stock-items/stock-items.repository.js';
import { StockItemsService } from '../stock-items/stock-items.service.js';
import { StockItemsImporter } from './stock-items-importer.js';

/** Works the import-stock-items queue: one file at a time per process (docs/imports.md). */
@Processor(QueueName.ImportStockItems)
export class StockItemsImportProcessor extends WorkerHost {
  constructor(
    private readonly items: StockItemsRepository,
    private readonly service: StockItemsService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {
    super();
  }

  process(job: Job<ImportJobData>): Promise<ImportResultDto> {
    const importer = new StockItemsImporter(this.items, this.service, job.data.meta.userId);
    return runImport(job, importer, this.dataSource);
  }
}
