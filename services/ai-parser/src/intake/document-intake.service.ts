import {
  AI_TIMEOUT_MESSAGE,
  AiErrorCode,
  AppException,
  type IntakeFileRef,
  type OrderParseResultDto,
  type RpcMeta,
  type SupplierInvoiceDraftDto,
} from '@erp/contracts';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { AiParserConfig } from '../ai-parser.config.js';
import { CatalogService } from '../catalog/catalog.service.js';
import { DocumentError, readDocument } from '../documents/index.js';
import { parseSupplierInvoice, type SupplierInvoiceReading } from '../supplier-invoice/index.js';
import { readIntakeFile } from './intake-files.js';
import type { JobContext } from './job-context.js';
import { OrderIntakeService, type KnownClient } from './order-intake.service.js';

type ReadDocument = Awaited<ReturnType<typeof readDocument>>;

/** Time left for the job's answer after the document is read (matching and the reply). */
const AFTER_READING_MS = 1_000;
/** The documents module's own limit for one document. */
const MAX_READING_MS = 45_000;

/**
 * Photos and PDFs: the documents module reads their text (a PDF's text layer, else Tesseract), then
 * an order goes through the same reading as a typed one (every OCR-read quantity marked for the
 * user to check) and a supplier invoice through the supplier-invoice parser.
 */
@Injectable()
export class DocumentIntakeService {
  private readonly logger = new Logger(DocumentIntakeService.name);

  constructor(
    @Inject(AiParserConfig) private readonly config: AiParserConfig,
    private readonly catalog: CatalogService,
    private readonly orders: OrderIntakeService,
  ) {}

  async readOrderImage(
    file: IntakeFileRef,
    meta: RpcMeta,
    context: JobContext,
    client?: KnownClient,
  ): Promise<OrderParseResultDto> {
    const document = await this.read(file, meta, context);
    return this.orders.readOrder(
      document.text,
      {
        source: 'image',
        quantitiesUncertain: document.numbersFromOcr,
        uploadedFileUrl: file.url,
        ...(client ? { client } : {}),
      },
      meta,
      context,
    );
  }

  async readSupplierInvoice(file: IntakeFileRef, meta: RpcMeta, context: JobContext): Promise<SupplierInvoiceDraftDto> {
    const document = await this.read(file, meta, context);
    context.progress('matching', 80);
    const snapshot = await this.catalog.current(meta);
    let draft: SupplierInvoiceReading;
    try {
      draft = parseSupplierInvoice(document.text, snapshot.index, { numbersFromOcr: document.numbersFromOcr });
    } catch (error) {
      // A fault of the parser must not cost the user the upload: they get the text to fill the draft in.
      this.logger.error({ requestId: meta.requestId, err: error }, 'supplier invoice could not be parsed');
      draft = {
        supplierName: null,
        invoiceNumber: null,
        invoiceDate: null,
        lines: [],
        totals: { subtotal: null, vat: null, total: null },
      };
    }
    context.progress('matching', 100);
    this.logger.log(
      { requestId: meta.requestId, lines: draft.lines.length, source: document.source, pages: document.pages },
      'supplier invoice read',
    );
    return { ...draft, rawText: document.text, engine: 'offline', uploadedFileUrl: file.url };
  }

  private async read(file: IntakeFileRef, meta: RpcMeta, context: JobContext): Promise<ReadDocument> {
    context.progress('reading', 10);
    const bytes = await readIntakeFile(this.config.ERP_DATA_DIR, file);
    context.progress('recognising', 30);
    // OCR takes no abort signal: bound it to end before the job's own limit.
    const timeoutMs = Math.min(MAX_READING_MS, context.deadline - Date.now() - AFTER_READING_MS);
    if (timeoutMs <= 0) throw new AppException(AiErrorCode.Timeout, AI_TIMEOUT_MESSAGE);
    try {
      return await readDocument(bytes, file.type === 'pdf' ? 'pdf' : 'image', { timeoutMs });
    } catch (error) {
      if (error instanceof AppException || context.signal.aborted) throw error;
      if (error instanceof DocumentError && error.code === 'TIMEOUT') {
        throw new AppException(AiErrorCode.Timeout, AI_TIMEOUT_MESSAGE, { type: file.type });
      }
      this.logger.warn({ requestId: meta.requestId, err: error, type: file.type }, 'document could not be read');
      throw new AppException(AiErrorCode.UnreadableFile, 'The image or PDF could not be read', { type: file.type });
    }
  }
}
