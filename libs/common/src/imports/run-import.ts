import {
  AppException,
  type ImportCountsDto,
  type ImportJobData,
  type ImportResultDto,
  type ImportRowDto,
  type ImportRowErrorCode,
  type ImportRowErrorDto,
} from '@erp/contracts';
import { Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import type { DataSource, EntityManager } from 'typeorm';
import { orderedMessages } from '../validation/validation.pipe.js';

/** Rows written per transaction: big enough to be fast, small enough for the progress bar to move. */
export const IMPORT_CHUNK_ROWS = 500;

/** A row refused while it was written (a barcode another item has): that row's errors, not the import's. */
export class ImportRowRefusal extends Error {
  constructor(
    readonly field: string | null,
    readonly code: ImportRowErrorCode,
    message: string,
    readonly more: readonly ImportRowErrorDto[] = [],
    readonly params?: ImportRowErrorDto['params'],
  ) {
    super(message);
  }

  /** The errors a row's checks found, found to matter only once it was written (a new record's rules). */
  static of(errors: readonly ImportRowErrorDto[]): ImportRowRefusal {
    const [first, ...more] = errors;
    return new ImportRowRefusal(first?.field ?? null, first?.code ?? 'invalid', first?.message ?? 'Not valid', more);
  }
}

/** A row that passed its checks: its number and what the writer made of its values. */
export interface CheckedRow<T> {
  row: number;
  value: T;
}

export type RowOutcome = 'created' | 'updated';

/** What one kind of import knows: its rows' identity, their checks, and how they are written. */
export interface ImportWriter<T> {
  /** The key that makes two rows the same record (a SKU; a name and phone): a second one is a duplicate. */
  keyOf(row: ImportRowDto): string | null;
  /** The words of a duplicate's error. */
  duplicateError(row: ImportRowDto, firstRow: number): ImportRowErrorDto;
  /** One row checked on its own: what to write, or why not. */
  check(row: ImportRowDto): T | ImportRowErrorDto[];
  /** Writes these rows in the manager's transaction (creating or updating each), in order. */
  write(rows: ReadonlyArray<CheckedRow<T>>, manager: EntityManager): Promise<RowOutcome[]>;
}

const logger = new Logger('Import');

/** Thrown to undo a dry run's chunk once its rows were written and counted. */
class DryRunRollback extends Error {}

/**
 * Works one import job: rows checked, duplicates in the file refused (the later row), the rest
 * written IMPORT_CHUNK_ROWS at a time, each chunk in one transaction. A row the database refuses
 * costs only itself: the chunk is then written again row by row, each in a savepoint, so a failed
 * row leaves nothing behind and the others go in. A dry run writes every chunk the same way and
 * rolls it back, so it finds what the real run would (unique barcodes included). The job's
 * progress carries the counts after each chunk.
 */
export async function runImport<T>(
  job: Job<ImportJobData>,
  writer: ImportWriter<T>,
  dataSource: DataSource,
): Promise<ImportResultDto> {
  const { rows, dryRun } = job.data.data;
  const counts: ImportCountsDto = { total: rows.length, processed: 0, created: 0, updated: 0, failed: 0 };
  const errors: ImportRowErrorDto[] = [];
  const firstRowOfKey = new Map<string, number>();
  await job.updateProgress({ ...counts });

  for (let start = 0; start < rows.length; start += IMPORT_CHUNK_ROWS) {
    const checked: Array<CheckedRow<T>> = [];
    for (const row of rows.slice(start, start + IMPORT_CHUNK_ROWS)) {
      const key = writer.keyOf(row);
      const first = key === null ? undefined : firstRowOfKey.get(key);
      if (first !== undefined) {
        errors.push(writer.duplicateError(row, first));
        counts.failed += 1;
        continue;
      }
      if (key !== null) firstRowOfKey.set(key, row.row);
      const value = writer.check(row);
      if (Array.isArray(value)) {
        errors.push(...value);
        counts.failed += 1;
      } else checked.push({ row: row.row, value });
    }
    const outcomes = await writeChunk(checked, writer, dataSource, dryRun);
    for (const outcome of outcomes) {
      if (outcome === 'created') counts.created += 1;
      else if (outcome === 'updated') counts.updated += 1;
      else {
        errors.push(...outcome);
        counts.failed += 1;
      }
    }
    counts.processed = Math.min(rows.length, start + IMPORT_CHUNK_ROWS);
    await job.updateProgress({ ...counts });
  }
  errors.sort((a, b) => a.row - b.row);
  return { ...counts, errors };
}

async function writeChunk<T>(
  rows: ReadonlyArray<CheckedRow<T>>,
  writer: ImportWriter<T>,
  dataSource: DataSource,
  dryRun: boolean,
): Promise<Array<RowOutcome | ImportRowErrorDto[]>> {
  if (rows.length === 0) return [];
  const inTransaction = async (
    work: (manager: EntityManager) => Promise<Array<RowOutcome | ImportRowErrorDto[]>>,
  ): Promise<Array<RowOutcome | ImportRowErrorDto[]>> => {
    let outcomes: Array<RowOutcome | ImportRowErrorDto[]> = [];
    try {
      await dataSource.transaction(async (manager) => {
        outcomes = await work(manager);
        if (dryRun) throw new DryRunRollback();
      });
    } catch (error) {
      if (!(error instanceof DryRunRollback)) throw error;
    }
    return outcomes;
  };
  try {
    return await inTransaction((manager) => writer.write(rows, manager));
  } catch (error) {
    if (isInfrastructureError(error)) throw error;
    // Some row was refused: each row again on its own, in a savepoint.
    return inTransaction(async (manager) => {
      const outcomes: Array<RowOutcome | ImportRowErrorDto[]> = [];
      for (const row of rows) {
        try {
          const [outcome] = await manager.transaction((savepoint) => writer.write([row], savepoint));
          outcomes.push(outcome!);
        } catch (rowError) {
          if (isInfrastructureError(rowError)) throw rowError;
          outcomes.push(rowErrorsOf(row.row, rowError));
        }
      }
      return outcomes;
    });
  }
}

/** A lost connection or a stopped database: the job fails and BullMQ tries it again, not a row error. */
function isInfrastructureError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^(08|57P|53)/.test(code)) return true;
  return typeof code === 'string' && ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'].includes(code);
}

function rowErrorsOf(row: number, error: unknown): ImportRowErrorDto[] {
  if (error instanceof ImportRowRefusal) {
    const params = error.params ? { params: error.params } : {};
    return [{ row, field: error.field, code: error.code, message: error.message, ...params }, ...error.more];
  }
  if (error instanceof AppException) return [{ row, field: null, code: 'invalid', message: error.message }];
  logger.error(`Import row ${row} failed: ${error instanceof Error ? error.message : String(error)}`);
  return [{ row, field: null, code: 'failed', message: 'This row could not be saved' }];
}

/**
 * A row's values as the DTO a form sends, checked by that DTO's own rules: the instance, or one
 * error per field (`fieldOf` turns a nested path such as `packs.0.factor` back into the column's field).
 */
export function checkAgainst<T extends object>(
  type: ClassConstructor<T>,
  plain: Record<string, unknown>,
  row: number,
  fieldOf: (path: string) => string = (path) => path,
): T | ImportRowErrorDto[] {
  const instance = plainToInstance(type, plain);
  const problems = validateSync(instance, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true });
  if (problems.length === 0) return instance;
  return flattenProblems(problems).map(({ path, constraints }) => {
    const required = 'isDefined' in constraints || 'isNotEmpty' in constraints;
    return {
      row,
      field: fieldOf(path),
      code: required ? 'required' : 'invalid',
      message: orderedMessages(constraints)[0] ?? `${path} is invalid`,
    };
  });
}

function flattenProblems(
  problems: ValidationError[],
  parent = '',
): Array<{ path: string; constraints: Record<string, string> }> {
  return problems.flatMap((problem) => {
    const path = parent ? `${parent}.${problem.property}` : problem.property;
    const own = problem.constraints ? [{ path, constraints: problem.constraints }] : [];
    return [...own, ...flattenProblems(problem.children ?? [], path)];
  });
}
