import { businessDate, businessTime } from '@erp/common';
import { AppException, ErrorCode, LIST_MAX_LIMIT, unitNameAr, type PageDto } from '@erp/contracts';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import type { FastifyReply } from 'fastify';
import writeExcelFile, { type Row } from 'write-excel-file/node';

/** `format=csv | xlsx` on a list (CONTRACT §13): the same rows and filters, as a file. */
export const exportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];

export type ExportLanguage = 'en' | 'ar';

/** The most rows one export holds; more is a 400 asking for narrower filters. */
export const EXPORT_MAX_ROWS = 100_000;

/** `format` of a list's query: absent for the JSON page, csv or xlsx for a file of every matching row. */
export const ExportFormatParam = (): PropertyDecorator => (target, key) => {
  Transform(({ value }: { value: unknown }) => (value === '' ? undefined : value))(target, key);
  IsOptional()(target, key);
  IsIn(exportFormats, { message: `format must be one of: ${exportFormats.join(', ')}` })(target, key);
};

/** Every row a list's filters match, read a page of LIST_MAX_LIMIT at a time. */
export async function everyRow<T>(readPage: (limit: number, offset: number) => Promise<PageDto<T>>): Promise<T[]> {
  const rows: T[] = [];
  for (;;) {
    const page = await readPage(LIST_MAX_LIMIT, rows.length);
    rows.push(...page.items);
    if (rows.length > EXPORT_MAX_ROWS) {
      throw new AppException(
        ErrorCode.ValidationFailed,
        `An export holds at most ${EXPORT_MAX_ROWS} rows: narrow the filters`,
        { fields: [{ field: 'format', messages: [`more than ${EXPORT_MAX_ROWS} rows match`] }] },
      );
    }
    if (page.items.length < LIST_MAX_LIMIT) return rows;
  }
}

/**
 * One column of an exported list: its header in both languages and how a row fills it. `money`
 * and `number` are numbers in XLSX (Excel sums them) and plain decimals in CSV; `date` is an ISO
 * timestamp (or a YYYY-MM-DD day), written as the business calendar's date and time.
 */
export interface ExportColumn<T> {
  header: Record<ExportLanguage, string>;
  kind?: 'text' | 'money' | 'number' | 'date';
  width?: number;
  value: (row: T) => string | number | null;
}

/** A unit as a file in that language writes it: "كرتون" in Arabic (the imports read both). */
export function unitIn(language: ExportLanguage, unit: string): string {
  return language === 'ar' ? (unitNameAr(unit) ?? unit) : unit;
}

/** The language of a file's headers: Arabic when the caller's Accept-Language starts with ar. */
export function exportLanguageOf(acceptLanguage: string | undefined): ExportLanguage {
  return /^\s*ar\b/i.test(acceptLanguage ?? '') ? 'ar' : 'en';
}

/** CSV (UTF-8 with a BOM, so Excel reads Arabic; RFC 4180 quoting, CRLF) or XLSX (right to left in Arabic). */
export async function tableFile<T>(
  table: { format: ExportFormat; language: ExportLanguage; timeZone: string },
  columns: ReadonlyArray<ExportColumn<T>>,
  rows: readonly T[],
): Promise<Buffer> {
  const { format, language, timeZone } = table;
  const valueOf = (column: ExportColumn<T>, row: T) => {
    const value = column.value(row);
    return column.kind === 'date' && value !== null ? wallClock(timeZone, String(value)) : value;
  };
  if (format === 'csv') {
    const lines = [
      columns.map((column) => csvField(column.header[language])),
      ...rows.map((row) => columns.map((column) => csvField(valueOf(column, row)))),
    ];
    return Buffer.from(`\uFEFF${lines.map((line) => line.join(',')).join('\r\n')}\r\n`, 'utf8');
  }
  const header: Row = columns.map((column) => ({ value: column.header[language], fontWeight: 'bold' }));
  const body: Row[] = rows.map((row) => columns.map((column) => xlsxCell(column, valueOf(column, row))));
  return writeExcelFile([header, ...body], {
    rightToLeft: language === 'ar',
    stickyRowsCount: 1,
    columns: columns.map((column) => ({ width: column.width ?? 18 })),
  }).toBuffer();
}

/** Sends a file built by tableFile as a download named `<name>-<YYYY-MM-DD>.<format>`. */
export function sendTableFile(reply: FastifyReply, format: ExportFormat, name: string, file: Buffer): Buffer {
  const day = new Date().toISOString().slice(0, 10);
  void reply
    .header(
      'content-type',
      format === 'csv'
        ? 'text/csv; charset=utf-8'
        : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    )
    .header('content-disposition', `attachment; filename="${name}-${day}.${format}"`)
    .header('cache-control', 'private, no-store');
  return file;
}

function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  // Text a spreadsheet would run as a formula (=, @, or + and - before anything but a number, as in
  // a phone number) is kept as text with a leading apostrophe.
  const formula = typeof value === 'string' && (/^[=@\t\r]/.test(text) || /^[+-][^\d\s.]/.test(text));
  const safe = formula ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function xlsxCell<T>(column: ExportColumn<T>, value: string | number | null) {
  if (value === null || value === '') return null;
  switch (column.kind) {
    case 'money':
      return { value: Number(value), type: Number, format: '#,##0.00' };
    case 'number':
      return { value: Number(value), type: Number };
    case 'date': {
      // Excel's dates have no time zone: the wall clock's digits, as if UTC.
      const text = String(value);
      const day = text.length === 10;
      return {
        value: new Date(`${day ? text : text.replace(' ', 'T')}${day ? 'T00:00:00' : ':00'}Z`),
        type: Date,
        format: day ? 'dd/mm/yyyy' : 'dd/mm/yyyy hh:mm',
      };
    }
    default:
      return { value: String(value), type: String };
  }
}

/** A timestamp as the business calendar reads it, `YYYY-MM-DD HH:MM`; a YYYY-MM-DD day as it is. */
function wallClock(timeZone: string, value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const at = new Date(value);
  return `${businessDate(timeZone, at)} ${businessTime(timeZone, at).slice(0, 5)}`;
}

/**
 * A list route's answer (CONTRACT §4b, §13): with `format`, every matching row as a file (headers
 * in the Accept-Language's language); else the page, with X-Total-Count when one was counted.
 */
export async function listAnswer<T, Q extends { format?: ExportFormat }>(
  reply: FastifyReply,
  request: {
    query: Q;
    acceptLanguage: string | undefined;
    timeZone: string;
    name: string;
    columns: (language: ExportLanguage) => ReadonlyArray<ExportColumn<T>>;
  },
  readPage: (query: Omit<Q, 'format'> & { limit?: number; offset?: number }) => Promise<PageDto<T>>,
): Promise<T[] | Buffer> {
  const { format, ...list } = request.query;
  if (format) {
    const language = exportLanguageOf(request.acceptLanguage);
    const rows = await everyRow((limit, offset) => readPage({ ...list, limit, offset }));
    const file = await tableFile({ format, language, timeZone: request.timeZone }, request.columns(language), rows);
    return sendTableFile(reply, format, request.name, file);
  }
  const page = await readPage(list);
  if (page.total !== null) void reply.header('x-total-count', String(page.total));
  return page.items;
}
