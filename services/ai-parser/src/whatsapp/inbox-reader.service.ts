import { checkIntakeBytes, keepIntakeFile } from '@erp/common';
import {
  AI_UPLOAD_MAX_BYTES,
  AppException,
  OrdersClient,
  type IntakeFileRef,
  type OrderParseResultDto,
  type RpcMeta,
} from '@erp/contracts';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { AiParserConfig } from '../ai-parser.config.js';
import { DocumentIntakeService } from '../intake/document-intake.service.js';
import { deadlineContext } from '../intake/job-context.js';
import { OrderIntakeService, type KnownClient } from '../intake/order-intake.service.js';
import { GraphApi, GraphError, TooLargeMedia } from './graph-api.js';
import type { DraftReading, DraftRow } from './whatsapp.repository.js';
import type { WhatsappChannel } from './whatsapp-settings.service.js';

/** What the caller is told when the media could not be fetched and Meta may do better later. */
export class MediaNotYetFetched extends Error {}

/**
 * Reads one Inbox draft: the client by the sender's WhatsApp number, the media fetched through the
 * Graph API and judged as an upload is (size, real type), then the same reading as the AI intake
 * (text → the parser, voice → speech then the parser, photo or PDF → its text layer or OCR).
 * What cannot be fetched or read is said on the draft, and the text (a caption) is still read.
 */
@Injectable()
export class InboxReaderService {
  private readonly logger = new Logger(InboxReaderService.name);

  constructor(
    @Inject(AiParserConfig) private readonly config: AiParserConfig,
    private readonly orders: OrdersClient,
    private readonly graph: GraphApi,
    private readonly orderIntake: OrderIntakeService,
    private readonly documents: DocumentIntakeService,
  ) {}

  /**
   * `lastTry`: a media download that may work later (Meta down, a timeout) throws
   * MediaNotYetFetched so the job is tried again, unless this is its last try.
   */
  async read(draft: DraftRow, channel: WhatsappChannel | null, lastTry: boolean, meta: RpcMeta): Promise<DraftReading> {
    const client = await this.clientOf(draft.sender, meta);
    const { file, fileProblem } = draft.media_id
      ? await this.fetchMedia(draft, channel, lastTry)
      : { file: null, fileProblem: null };
    let reading: OrderParseResultDto | null = null;
    let readProblem: string | null = null;
    try {
      reading = await this.readContent(draft, file, client, meta);
    } catch (error) {
      readProblem = this.problemOf(error, draft, meta);
      // A voice note or photo that could not be read: its caption may still say the order.
      if (file && draft.text) reading = await this.readContent({ ...draft, kind: 'text' }, null, client, meta);
    }
    return { file, fileProblem, clientId: client?.id ?? null, reading, readProblem };
  }

  private async readContent(
    draft: DraftRow,
    file: IntakeFileRef | null,
    client: KnownClient | null,
    meta: RpcMeta,
  ): Promise<OrderParseResultDto | null> {
    const context = deadlineContext(this.config.AI_JOB_TIMEOUT_MS);
    const known = client ?? undefined;
    if (file && draft.kind === 'voice') {
      return this.orderIntake.readVoice({ file, mimeType: draft.media_type, language: null }, meta, context, known);
    }
    if (file) return this.documents.readOrderImage(file, meta, context, known);
    if (!draft.text) return null;
    return this.orderIntake.readOrder(
      draft.text,
      { source: 'text', quantitiesUncertain: false, ...(known ? { client: known } : {}) },
      meta,
      context,
    );
  }

  private problemOf(error: unknown, draft: DraftRow, meta: RpcMeta): string {
    if (error instanceof AppException) return error.message;
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      return 'Reading took too long';
    }
    this.logger.error({ requestId: meta.requestId, draftId: draft.id, err: error }, 'whatsapp message not read');
    return 'The message could not be read';
  }

  /** The sender's client; the orders service down costs the match, never the draft. */
  private async clientOf(sender: string, meta: RpcMeta): Promise<KnownClient | null> {
    try {
      const client = await this.orders.findClientByWhatsapp(sender, meta);
      return client ? { id: client.id, name: client.name } : null;
    } catch (error) {
      if (!(error instanceof AppException)) throw error;
      this.logger.warn({ requestId: meta.requestId, reason: error.message }, 'client by whatsapp number not found');
      return null;
    }
  }

  private async fetchMedia(
    draft: DraftRow,
    channel: WhatsappChannel | null,
    lastTry: boolean,
  ): Promise<{ file: IntakeFileRef | null; fileProblem: string | null }> {
    if (!channel) return { file: null, fileProblem: 'WhatsApp is not connected: the file could not be fetched' };
    try {
      const info = await this.graph.mediaInfo(channel, draft.media_id!);
      if (info.fileSize !== null && info.fileSize > AI_UPLOAD_MAX_BYTES) throw new TooLargeMedia(info.fileSize);
      const bytes = await this.graph.download(channel, info.url, AI_UPLOAD_MAX_BYTES);
      const upload = checkIntakeBytes(bytes, draft.kind, draft.kind === 'voice' ? 'audio' : 'document');
      return { file: await keepIntakeFile(this.config.ERP_DATA_DIR, upload, 'orders'), fileProblem: null };
    } catch (error) {
      if (error instanceof GraphError && error.retryable && !lastTry) throw new MediaNotYetFetched(error.message);
      if (error instanceof GraphError)
        return { file: null, fileProblem: `The file could not be fetched: ${error.message}` };
      if (error instanceof TooLargeMedia || error instanceof AppException)
        return { file: null, fileProblem: error.message };
      throw error;
    }
  }
}
