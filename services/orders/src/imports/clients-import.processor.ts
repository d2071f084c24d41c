import { runImport } from '@erp/common';
import { QueueName, type ImportJobData, type ImportResultDto } from '@erp/contracts';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Job } from 'bullmq';
import type { DataSource } from 'typeorm';
import { ClientsRepository } from '../clients/clients.repository.js';
import { ClientsService } from '../clients/clients.service.js';
import { ClientsImporter } from './clients-importer.js';

/** Works the import-clients queue: one file at a time per process (docs/imports.md). */
@Processor(QueueName.ImportClients)
export class ClientsImportProcessor extends WorkerHost {
  constructor(
    private readonly clients: ClientsRepository,
    private readonly service: ClientsService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {
    super();
  }

  process(job: Job<ImportJobData>): Promise<ImportResultDto> {
    return runImport(job, new ClientsImporter(this.clients, this.service, job.data.meta.userId), this.dataSource);
  }
}
