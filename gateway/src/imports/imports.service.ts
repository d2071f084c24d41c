import {
  AppException,
  ErrorCode,
  IMPORT_PREVIEW_ROWS,
  importFieldList,
  ImportErrorCode,
  JobName,
  Permission,
  QueueName,
  type ImportDto,
  type ImportJobData,
  type ImportKind,
  type ImportResultDto,
  type ImportStatus,
  type RpcMeta,
  type StartImportDto,
  type UserDto,
} from '@erp/contracts';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { allows } from '../auth/access.guard.js';
import { problemInArabic } from './import-problems.js';
import { mapColumns, mappedRows } from './map-columns.js';
import { decodeBase64File, readTable } from './read-table.js';

/** An import's record is kept for a day after it ends. */
const KEEP_SECONDS = 24 * 3600;

type ImportJob = Job<ImportJobData, ImportResultDto>;

/** The permission that writes each kind: it starts and reads that kind's imports (CONTRACT §13). */
const permissionOf: Record<ImportKind, Permission> = {
  'stock-items': Permission.StockWrite,
  clients: Permission.ClientsWrite,
  'price-list': Permission.StockWrite,
  'opening-balances': Permission.InvoicesWrite,
};

const isCounts = (value: unknown): value is Record<string, number> => typeof value === 'object' && value !== null;

/**
 * Spreadsheet imports (docs/imports.md): the file is read and its columns mapped here, so a file
 * that cannot be read is refused at once; its rows go to the queue of the service that owns the
 * kind, which checks and writes them and reports its progress on the job.
 */
@Injectable()
export class ImportsService {
  private readonly queues: Record<ImportKind, Queue<ImportJobData, ImportResultDto>>;

  constructor(
    @InjectQueue(QueueName.ImportStockItems) stockItems: Queue<ImportJobData, ImportResultDto>,
    @InjectQueue(QueueName.ImportClients) clients: Queue<ImportJobData, ImportResultDto>,
    @InjectQueue(QueueName.ImportPriceList) priceList: Queue<ImportJobData, ImportResultDto>,
    @InjectQueue(QueueName.ImportOpeningBalances) openingBalances: Queue<ImportJobData, ImportResultDto>,
  ) {
    this.queues = { 'stock-items': stockItems, clients, 'price-list': priceList, 'opening-balances': openingBalances };
  }

  async start(dto: StartImportDto, user: UserDto, meta: RpcMeta): Promise<{ id: string }> {
    this.assertMayImport(dto.kind, user);
    const table = await readTable(decodeBase64File(dto.fileBase64));
    const [headers = [], ...data] = table.rows;
    const columns = mapColumns(dto.kind, headers, dto.mapping);
    const rows = mappedRows(dto.kind, columns, data, table.rowNumbers.slice(1));
    const id = randomUUID();
    await this.queues[dto.kind].add(
      JobName.ImportRows,
      { meta, data: { kind: dto.kind, dryRun: dto.dryRun ?? false, fileName: dto.fileName ?? null, columns, rows } },
      {
        jobId: id,
        attempts: 3,
        backoff: { type: 'exponential', delay: 5_000 },
        removeOnComplete: { age: KEEP_SECONDS },
        removeOnFail: { age: KEEP_SECONDS },
      },
    );
    return { id };
  }

  async get(id: string, user: UserDto): Promise<ImportDto> {
    let job = await this.find(id);
    const { kind, dryRun, fileName, columns, rows } = job.data.data;
    this.assertMayImport(kind, user);
    const state = await job.getState();
    // It may have ended between the two reads: its result is then read again.
    if (state === 'completed' || state === 'failed') job = await this.find(id);
    const status: ImportStatus =
      state === 'completed' ? 'done' : state === 'failed' ? 'failed' : state === 'active' ? 'running' : 'queued';
    const result = status === 'done' ? job.returnvalue : null;
    const progress = isCounts(job.progress) ? job.progress : {};
    const count = (name: 'processed' | 'created' | 'updated' | 'failed') => result?.[name] ?? progress[name] ?? 0;
    return {
      id,
      kind,
      dryRun,
      fileName,
      status,
      fields: importFieldList(kind),
      total: rows.length,
      processed: count('processed'),
      created: count('created'),
      updated: count('updated'),
      failed: count('failed'),
      columns,
      preview: rows.slice(0, IMPORT_PREVIEW_ROWS),
      errors: (result?.errors ?? []).map((error) => ({ ...error, messageAr: problemInArabic(kind, error) })),
      createdAt: new Date(job.timestamp).toISOString(),
      finishedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
    };
  }

  private async find(id: string): Promise<ImportJob> {
    for (const queue of Object.values(this.queues)) {
      const job = (await queue.getJob(id)) as ImportJob | undefined;
      if (job?.data?.data) return job;
    }
    throw new AppException(ImportErrorCode.NotFound, 'Import not found', { id });
  }

  private assertMayImport(kind: ImportKind, user: UserDto): void {
    if (!allows({ kind: 'permission', permission: permissionOf[kind] }, user)) {
      throw new AppException(ErrorCode.Forbidden, `Importing ${kind} needs the ${permissionOf[kind]} permission`);
    }
  }
}
