import {
  importFields,
  StartImportDto,
  type ImportDto,
  type ImportKind,
  type ImportRowErrorDto,
  type RpcMeta,
  type UserDto,
} from '@erp/contracts';
import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { SignedIn } from '../auth/access.decorators.js';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { CurrentUser, RequestMeta } from '../common/request-meta.decorator.js';
import {
  ExportFormatParam,
  exportLanguageOf,
  sendTableFile,
  tableFile,
  type ExportColumn,
  type ExportFormat,
  type ExportLanguage,
} from '../common/table-export.js';
import { GatewayConfig } from '../config/gateway.config.js';
import { ImportsService } from './imports.service.js';

class ImportReportQuery {
  @ExportFormatParam()
  format?: ExportFormat;
}

const codeLabels: Record<ImportRowErrorDto['code'], { en: string; ar: string }> = {
  required: { en: 'Missing', ar: 'قيمة ناقصة' },
  invalid: { en: 'Not valid', ar: 'قيمة غير صحيحة' },
  duplicate: { en: 'Repeated in the file', ar: 'مكرر في الملف' },
  taken: { en: 'Already in use', ar: 'مستخدم من قبل' },
  unknown: { en: 'Not found', ar: 'غير موجود' },
  failed: { en: 'Not saved', ar: 'لم يُحفظ' },
};

/** The error report's columns, in the report's language: the row, the column's label, the problem. */
function reportColumns(kind: ImportKind, language: ExportLanguage): Array<ExportColumn<ImportRowErrorDto>> {
  const labels = new Map(importFields[kind].map((spec) => [spec.name, spec.label[language]]));
  return [
    { header: { en: 'Row', ar: 'الصف' }, kind: 'number', width: 8, value: (error) => error.row },
    {
      header: { en: 'Column', ar: 'العمود' },
      width: 24,
      value: (error) => (error.field === null ? '' : (labels.get(error.field) ?? error.field)),
    },
    { header: { en: 'Problem', ar: 'المشكلة' }, width: 22, value: (error) => codeLabels[error.code][language] },
    {
      header: { en: 'Details', ar: 'التفاصيل' },
      width: 60,
      value: (error) => (language === 'ar' ? (error.messageAr ?? error.message) : error.message),
    },
  ];
}

/** Spreadsheet imports (CONTRACT §13): each kind needs its own write permission, checked by the service. */
@Controller('imports')
export class ImportsController {
  constructor(
    private readonly imports: ImportsService,
    private readonly config: GatewayConfig,
  ) {}

  /** Reads the file and queues its rows: 202 with the import's id, to follow with GET. */
  @SignedIn()
  @Post()
  @HttpCode(202)
  start(
    @Body() dto: StartImportDto,
    @CurrentUser() user: UserDto,
    @RequestMeta() meta: RpcMeta,
  ): Promise<{ id: string }> {
    return this.imports.start(dto, user, meta);
  }

  /** Its progress and, once done, every refused row; `format=csv|xlsx` downloads those rows as a report. */
  @SignedIn()
  @Get(':id')
  async get(
    @Param('id', ParseIdPipe) id: string,
    @Query() query: ImportReportQuery,
    @Headers('accept-language') acceptLanguage: string | undefined,
    @CurrentUser() user: UserDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ImportDto | Buffer> {
    const found = await this.imports.get(id, user);
    if (!query.format) return found;
    const language = exportLanguageOf(acceptLanguage);
    const columns = reportColumns(found.kind, language);
    const table = { format: query.format, language, timeZone: this.config.BUSINESS_TIME_ZONE };
    return sendTableFile(
      reply,
      query.format,
      `import-errors-${found.kind}`,
      await tableFile(table, columns, found.errors),
    );
  }
}
