import { Inject, Injectable } from '@nestjs/common';
import OpenAI, { APIConnectionTimeoutError, APIError, APIUserAbortError, toFile } from 'openai';
import { AiParserConfig } from '../ai-parser.config.js';
import {
  ModelAnswerError,
  orderAnswerSchema,
  SYSTEM_PROMPT,
  userPrompt,
  validateModelAnswer,
  type ModelAnswer,
  type ModelLine,
} from './model-answer.js';
import { transcriptConfidence } from './transcript-confidence.js';

/** Why the endpoint's answer was not used, short enough for `engine: "offline (openai failed: <reason>)"`. */
export class EngineError extends Error {
  constructor(reason: string) {
    super(reason.slice(0, 160));
    this.name = 'EngineError';
  }
}

const AUDIO_MIME: Record<string, string> = {
  webm: 'audio/webm',
  ogg: 'audio/ogg',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
};

/** The reason of a failed call, without the endpoint's body (which may echo the key or the message). */
function reasonOf(error: unknown, timeoutMs: number): string {
  if (error instanceof EngineError) return error.message;
  if (error instanceof ModelAnswerError) return `invalid answer: ${error.message}`;
  if (error instanceof APIConnectionTimeoutError) return `no answer within ${timeoutMs} ms`;
  if (error instanceof APIUserAbortError) return 'aborted';
  if (error instanceof APIError) return error.status ? `HTTP ${error.status}` : 'connection failed';
  return error instanceof Error ? error.message : String(error);
}

/**
 * The OpenAI-compatible engine (the `openai` package against any base URL: OpenAI, or a
 * self-hosted vLLM, Ollama, llama.cpp, LocalAI or Whisper server). Chat parses orders with
 * structured output; audio/transcriptions turns voice notes into text. Calls are not retried
 * (the offline engine is the fallback) and each is bounded by AI_TIMEOUT_MS and the job's signal.
 */
@Injectable()
export class OpenAiEngine {
  private readonly chat: OpenAI | null;
  private readonly speech: OpenAI | null;

  constructor(@Inject(AiParserConfig) private readonly config: AiParserConfig) {
    const client = (baseURL: string | undefined, apiKey: string | undefined): OpenAI | null =>
      baseURL ? new OpenAI({ baseURL, apiKey: apiKey || 'none', timeout: config.AI_TIMEOUT_MS, maxRetries: 0 }) : null;
    this.chat = config.AI_MODEL ? client(config.AI_BASE_URL, config.AI_API_KEY) : null;
    const transcribes = config.AI_TRANSCRIBE_MODEL.toLowerCase() !== 'off';
    this.speech = transcribes
      ? client(config.AI_TRANSCRIBE_BASE_URL ?? config.AI_BASE_URL, config.AI_TRANSCRIBE_API_KEY ?? config.AI_API_KEY)
      : null;
  }

  /** Whether orders are parsed by the endpoint (AI_BASE_URL and AI_MODEL set). */
  get parsesOrders(): boolean {
    return this.chat !== null;
  }

  /** Whether voice notes go to the endpoint (AI_BASE_URL or AI_TRANSCRIBE_BASE_URL set, and AI_TRANSCRIBE_MODEL not off). */
  get transcribes(): boolean {
    return this.speech !== null;
  }

  /**
   * The model's reading of the message, checked against the schema and the candidates; throws
   * EngineError. `timeoutMs` (default AI_TIMEOUT_MS) lets the caller keep time for its fallback.
   */
  async parseOrder(
    message: string,
    lines: readonly ModelLine[],
    signal: AbortSignal,
    timeoutMs = this.config.AI_TIMEOUT_MS,
  ): Promise<ModelAnswer> {
    if (!this.chat || !this.config.AI_MODEL) throw new EngineError('not configured');
    if (timeoutMs < 100) throw new EngineError('no time left for the model');
    try {
      const completion = await this.chat.chat.completions.create(
        {
          model: this.config.AI_MODEL,
          temperature: 0,
          messages: [
            { role: 'system', content: SYSTEM_PROMPT },
            { role: 'user', content: userPrompt(message, lines) },
          ],
          response_format: {
            type: 'json_schema',
            json_schema: { name: 'parsed_order', strict: true, schema: orderAnswerSchema },
          },
        },
        { signal, timeout: timeoutMs },
      );
      const choice = completion.choices?.[0];
      if (!choice) throw new EngineError('invalid answer: no choices');
      if (choice.message?.refusal) throw new EngineError('the model refused');
      const content = choice.message?.content;
      if (typeof content !== 'string' || content.trim() === '') throw new EngineError('invalid answer: empty');
      return validateModelAnswer(content, lines);
    } catch (error) {
      if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : error;
      throw new EngineError(reasonOf(error, timeoutMs));
    }
  }

  /**
   * What the endpoint heard in the recording (sent as it came: webm, ogg, mp3, m4a and wav are all
   * accepted), and how sure it was (transcript-confidence.ts): Whisper models are asked for
   * `verbose_json` (segments with their probabilities), others for `json` with token `logprobs`.
   */
  async transcribe(
    bytes: Buffer,
    type: string,
    language: string | null,
    signal: AbortSignal,
  ): Promise<{ text: string; confidence: number | null }> {
    if (!this.speech) throw new EngineError('not configured');
    try {
      const file = await toFile(bytes, `voice-note.${type}`, { type: AUDIO_MIME[type] ?? 'application/octet-stream' });
      const model = this.config.AI_TRANSCRIBE_MODEL;
      const detail = /whisper/i.test(model)
        ? { response_format: 'verbose_json' as const }
        : { response_format: 'json' as const, include: ['logprobs' as const] };
      const result: unknown = await this.speech.audio.transcriptions.create(
        { file, model, ...detail, ...(language ? { language } : {}) },
        { signal },
      );
      const text = (result as { text?: unknown } | null)?.text;
      if (typeof text !== 'string') throw new EngineError('invalid answer: no text');
      return { text: text.trim(), confidence: transcriptConfidence(result) };
    } catch (error) {
      if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : error;
      throw new EngineError(reasonOf(error, this.config.AI_TIMEOUT_MS));
    }
  }
}
