import {
  AiErrorCode,
  AppException,
  ARABIC_SPEECH_UNAVAILABLE_MESSAGE,
  type IntakeSource,
  type OrderParseResultDto,
  type OrderVoiceJobData,
  type RpcMeta,
} from '@erp/contracts';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { AiParserConfig } from '../ai-parser.config.js';
import { CatalogService } from '../catalog/catalog.service.js';
import { EngineError, OpenAiEngine } from '../engines/openai-engine.js';
import { CLEAR_TRANSCRIPT } from '../engines/transcript-confidence.js';
import { ClientMemoryService } from '../memory/client-memory.service.js';
import { parseOrderText, type MemoryEntry } from '../parser/index.js';
import { OfflineSpeechService } from '../speech/offline-speech.service.js';
import { transcriptToOrderText } from '../speech/spoken-numbers.js';
import { ClientLookupService } from './client-lookup.service.js';
import { ClientPricesService } from './client-prices.service.js';
import { intakeFilePath, readIntakeFile } from './intake-files.js';
import type { JobContext } from './job-context.js';
import { applyMemory, itemsFromModel, modelLinesOf, toItemDto, type QuantityTrust } from './order-result.js';

/** Time kept from the model's call to answer with the offline reading before the job's limit. */
const MODEL_RESERVE_MS = 250;

/** The existing client a parsed name names, or why it could not be looked up. */
interface ClientFound {
  id: string | null;
  failure: string | null;
}

/** How a text came to be read, which the result reports. */
export interface Reading {
  source: IntakeSource;
  /** Quantities came through OCR or the offline recogniser. */
  quantitiesUncertain: boolean;
  /** The words came from the offline recogniser: no line read from them is a certain match. */
  wordsUncertain?: boolean;
  uploadedFileUrl?: string;
  transcription?: string;
  transcriptionEngine?: string;
  /** How sure the speech endpoint was of what it heard (0–1), null when it does not say. */
  transcriptionConfidence?: number | null;
  /** The client already known to have sent it (a WhatsApp number on file): named words give way to it. */
  client?: KnownClient;
}

/** An existing client, as the reading names it. */
export interface KnownClient {
  id: string;
  name: string;
}

/**
 * Orders from text, voice and (with documents/) images: the text is parsed offline against the
 * catalogue with the client's remembered wording, then, when an OpenAI-compatible model is
 * configured, read again by the model, which picks among the offline matcher's candidates; its
 * answer is used only once validated, else the offline reading answers and says why.
 */
@Injectable()
export class OrderIntakeService {
  private readonly logger = new Logger(OrderIntakeService.name);

  constructor(
    @Inject(AiParserConfig) private readonly config: AiParserConfig,
    private readonly catalog: CatalogService,
    private readonly memory: ClientMemoryService,
    private readonly clients: ClientLookupService,
    private readonly prices: ClientPricesService,
    private readonly openai: OpenAiEngine,
    private readonly speech: OfflineSpeechService,
  ) {}

  /** A text order (typed, pasted, OCR-read or transcribed) → the contract's parse result. */
  async readOrder(text: string, reading: Reading, meta: RpcMeta, context: JobContext): Promise<OrderParseResultDto> {
    context.progress('matching', 60);
    const snapshot = await this.catalog.current(meta);
    let draft = parseOrderText(text, snapshot.index);
    let client: ClientFound = { id: null, failure: null };
    let memory: MemoryEntry[] = [];
    let clientName = draft.clientName;
    if (reading.client) {
      client = { id: reading.client.id, failure: null };
      clientName = reading.client.name;
      memory = await this.memory.recall(client.id, clientName);
      if (memory.length > 0) draft = parseOrderText(text, snapshot.index, { memory });
    } else if (draft.clientFound) {
      client = await this.findClient(draft.clientName, meta);
      memory = await this.memory.recall(client.id, draft.clientName);
      if (memory.length > 0) draft = parseOrderText(text, snapshot.index, { memory });
    }
    const trust: QuantityTrust = {
      allNeedCheck: reading.quantitiesUncertain,
      wordsUncertain: reading.wordsUncertain ?? false,
    };
    let items = draft.items.map((item) => toItemDto(item, trust));
    let engine = 'offline';

    if (this.openai.parsesOrders && text.trim() !== '') {
      context.progress('matching', 70);
      try {
        // The offline reading is the fallback and is ready: the model gets the job's time but a moment.
        const timeoutMs = Math.min(this.config.AI_TIMEOUT_MS, context.deadline - Date.now() - MODEL_RESERVE_MS);
        const answer = await this.openai.parseOrder(
          text,
          modelLinesOf(draft, snapshot.byId),
          context.signal,
          Math.floor(timeoutMs),
        );
        items = itemsFromModel(answer, draft, snapshot.byId, trust);
        engine = 'openai';
        if (!reading.client && !draft.clientFound && answer.clientName) {
          clientName = answer.clientName;
          client = await this.findClient(clientName, meta);
          memory = await this.memory.recall(client.id, clientName);
        }
        items = applyMemory(items, memory, snapshot.byId);
      } catch (error) {
        if (!(error instanceof EngineError)) throw error;
        this.logger.warn({ requestId: meta.requestId, reason: error.message }, 'openai engine failed: offline answers');
        engine = `offline (openai failed: ${error.message})`;
      }
    }

    const priced = client.failure
      ? { items, pricing: `catalogue (client lookup failed: ${client.failure})` }
      : await this.prices.price(items, client.id, meta);
    context.progress('matching', 100);
    return {
      parsed: { clientName, clientId: client.id, items: priced.items },
      rawText: text,
      ...(reading.transcription !== undefined ? { transcription: reading.transcription } : {}),
      ...(reading.transcriptionEngine ? { transcriptionEngine: reading.transcriptionEngine } : {}),
      ...(reading.transcriptionConfidence !== undefined
        ? { transcriptionConfidence: reading.transcriptionConfidence }
        : {}),
      engine,
      pricing: priced.pricing,
      source: reading.source,
      ...(reading.uploadedFileUrl ? { uploadedFileUrl: reading.uploadedFileUrl } : {}),
    };
  }

  /** The existing client a name names; the orders service down costs the link and prices, never the reading. */
  private async findClient(name: string, meta: RpcMeta): Promise<ClientFound> {
    try {
      return { id: await this.clients.find(name, meta), failure: null };
    } catch (error) {
      if (!(error instanceof AppException)) throw error;
      this.logger.warn({ requestId: meta.requestId, reason: error.message }, 'client lookup failed');
      return { id: null, failure: error.message };
    }
  }

  /**
   * A voice note: the endpoint's speech-to-text when configured (any language it serves), else
   * (or when it fails, for English) pocketsphinx offline with the catalogue's grammar. Arabic
   * with no endpoint is 503 AI_SPEECH_UNAVAILABLE saying what to configure.
   */
  async readVoice(
    data: OrderVoiceJobData,
    meta: RpcMeta,
    context: JobContext,
    client?: KnownClient,
  ): Promise<OrderParseResultDto> {
    context.progress('transcribing', 10);
    let failure: string | null = null;
    if (this.openai.transcribes) {
      const bytes = await readIntakeFile(this.config.ERP_DATA_DIR, data.file);
      try {
        const heard = await this.openai.transcribe(bytes, data.file.type, data.language, context.signal);
        // An unclear recording is read like the offline recogniser's: no certain match, every quantity checked.
        const unclear = heard.confidence !== null && heard.confidence < CLEAR_TRANSCRIPT;
        return this.readOrder(
          heard.text,
          {
            source: 'voice',
            quantitiesUncertain: unclear,
            wordsUncertain: unclear,
            uploadedFileUrl: data.file.url,
            transcription: heard.text,
            transcriptionEngine: 'openai',
            transcriptionConfidence: heard.confidence,
            ...(client ? { client } : {}),
          },
          meta,
          context,
        );
      } catch (error) {
        if (!(error instanceof EngineError)) throw error;
        failure = error.message;
        this.logger.warn({ requestId: meta.requestId, reason: failure }, 'speech endpoint failed');
      }
    }
    if (data.language === 'ar') {
      const message = failure
        ? `The speech-to-text endpoint failed (${failure}); Arabic voice notes have no offline recogniser`
        : ARABIC_SPEECH_UNAVAILABLE_MESSAGE;
      throw new AppException(AiErrorCode.SpeechUnavailable, message, failure ? { reason: failure } : undefined);
    }
    const snapshot = await this.catalog.current(meta);
    context.progress('transcribing', 30);
    const heard = await this.speech.transcribe(
      intakeFilePath(this.config.ERP_DATA_DIR, data.file),
      data.file.type,
      snapshot,
      context.signal,
    );
    return this.readOrder(
      transcriptToOrderText(heard),
      {
        source: 'voice',
        quantitiesUncertain: true,
        wordsUncertain: true,
        uploadedFileUrl: data.file.url,
        transcription: heard,
        transcriptionEngine: failure ? `pocketsphinx (openai failed: ${failure})` : 'pocketsphinx',
        transcriptionConfidence: null,
        ...(client ? { client } : {}),
      },
      meta,
      context,
    );
  }
}
