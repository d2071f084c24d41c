import { runImport } from '@erp/common';
import { QueueName, type ImportJobData, type ImportResultDto } from '@erp/contracts';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Job } from 'bullmq';
import type { DataSource } from 'typeorm';
import { PacksRepository } from '../packs/packs.repository.js';
import { PriceListsRepository } from '../price-lists/price-lists.repository.js';
import { StockItemsRepository } from '../stock-items/stock-items.repository.js';
import { PriceListImporter } from './price-list-importer.js';

/** Works the import-price-list queue: one file at a time per process (docs/imports.md). */
@Processor(QueueName.ImportPriceList)
export class PriceListImportProcessor extends WorkerHost {
  constructor(
    private readonly lists: PriceListsRepository,
    private readonly items: StockItemsRepository,
    private readonly packs: PacksRepository,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {
    super();
  }

  process(job: Job<ImportJobData>): Promise<ImportResultDto> {
    return runImport(job, new PriceListImporter(this.lists, this.items, this.packs), this.dataSource);
  }
}
