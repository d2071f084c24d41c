import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsNotEmpty, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import type { JobEnvelope } from '../queues.js';
import type { ImportCellType } from './import-fields.js';

/**
 * What can be brought in from a spreadsheet (CONTRACT §13). Each kind is worked by the service
 * that owns its records: stock items and price lists by inventory, clients by orders, opening
 * balances by billing.
 */
export const importKinds = ['stock-items', 'clients', 'opening-balances', 'price-list'] as const;
export type ImportKind = (typeof importKinds)[number];

/** A file of at most 20 MB (decoded) and 100,000 data rows (CONTRACT §13). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 100_000;
/** The JSON body of POST /api/imports may hold the file in base64 (4/3 of it) and the rest. */
export const IMPORT_BODY_LIMIT_BYTES = Math.ceil((IMPORT_MAX_BYTES * 4) / 3) + 1024 * 1024;
/** How many of the first rows an import shows before it runs (the wizard's preview). */
export const IMPORT_PREVIEW_ROWS = 10;

/**
 * POST /api/imports: the file as base64 (or a data URL), CSV (UTF-8 or Windows-1256, comma,
 * semicolon or tab) or XLSX (its first sheet). `mapping` names the field of a header the server
 * did not recognise, or '' to leave a column out; it wins over the recognised names.
 */
export class StartImportDto {
  @IsIn(importKinds, { message: `kind must be one of: ${importKinds.join(', ')}` })
  kind: ImportKind;

  @IsString()
  @IsNotEmpty({ message: 'fileBase64 is required: the CSV or XLSX file, base64-encoded' })
  fileBase64: string;

  /** The file's name, shown on the import and its error report. */
  @IsOptional()
  @IsString()
  @MaxLength(255)
  fileName?: string;

  /** Check every row and count what would be created and updated, writing nothing. */
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean()
  dryRun?: boolean;

  @IsOptional()
  @IsObject()
  mapping?: Record<string, string>;
}

export const importStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof importStatuses)[number];

/** Why a row was refused, for the screen (translated) and the error report. */
export const importRowErrorCodes = ['required', 'invalid', 'duplicate', 'taken', 'unknown', 'failed'] as const;
export type ImportRowErrorCode = (typeof importRowErrorCodes)[number];

/** One refused row; `row` counts the header as row 1, as a spreadsheet numbers its rows. */
export interface ImportRowErrorDto {
  row: number;
  /** The field (API name) the problem is in; null for the row as a whole. */
  field: string | null;
  code: ImportRowErrorCode;
  /** The problem in English, for the API's callers. */
  message: string;
  /** The same in Arabic, for the screen and the Arabic error report. */
  messageAr?: string;
  /**
   * What the words were made from: the row a duplicate repeats, the units an item is sold in, or
   * which of a kind's own rules the row broke.
   */
  params?: { firstRow?: number; units?: string[]; rule?: ImportRule };
}

/**
 * Rules of one kind that "not valid" would not explain: a client name several clients have, a
 * negative opening balance (money on account, not built), an opening balance brought in before
 * with other values, a date after today, a due date before the invoice's date.
 */
export const importRules = [
  'several-clients',
  'credit-balance',
  'already-imported',
  'future-date',
  'due-before-issue',
] as const;
export type ImportRule = (typeof importRules)[number];

/** A column of the file and the field it fills (null: left out). */
export interface ImportColumnDto {
  header: string;
  field: string | null;
}

/** A field a column can fill; `required` as in ImportFieldSpec (null: never required). */
export interface ImportFieldDto {
  name: string;
  required: 'always' | 'create' | null;
  /** How its cells are read (a unit is read as its code, "كرتون" as carton). */
  type: ImportCellType;
}

/** A row as it will be read: its number and its values by field. */
export interface ImportRowDto {
  row: number;
  values: Record<string, string>;
}

export interface ImportCountsDto {
  total: number;
  processed: number;
  created: number;
  updated: number;
  failed: number;
}

/** GET /api/imports/{id} (CONTRACT §13); `errors` is complete once the import is done. */
export interface ImportDto extends ImportCountsDto {
  id: string;
  kind: ImportKind;
  dryRun: boolean;
  fileName: string | null;
  status: ImportStatus;
  /** Every field of the kind, for choosing a column's field. */
  fields: ImportFieldDto[];
  columns: ImportColumnDto[];
  preview: ImportRowDto[];
  errors: ImportRowErrorDto[];
  createdAt: string;
  finishedAt: string | null;
}

/** A job of an import queue: the rows already read and mapped by the gateway. */
export interface ImportJobPayload {
  kind: ImportKind;
  dryRun: boolean;
  fileName: string | null;
  columns: ImportColumnDto[];
  rows: ImportRowDto[];
}

export type ImportJobData = JobEnvelope<ImportJobPayload>;

/** What an import job ends with (its return value). */
export interface ImportResultDto extends ImportCountsDto {
  errors: ImportRowErrorDto[];
}
