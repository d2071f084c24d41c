import { ServiceConfig } from '@erp/common';
import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';

const httpUrl = /^https?:\/\/\S+$/;

/** Environment of the ai-parser service (see .env.example and docs/decisions/0012-ai-intake.md). */
export class AiParserConfig extends ServiceConfig {
  /** Intake files are read from <ERP_DATA_DIR>/uploads, where the gateway keeps them. */
  @IsString() ERP_DATA_DIR: string = './.data';

  /** Jobs of the ai-parse queue worked at once by this process. */
  @IsInt() @Min(1) @Max(16) AI_CONCURRENCY: number = 2;
  /** A job's whole run (reading, recognising, matching); past it the job fails with AI_TIMEOUT and its calls are aborted. */
  @IsInt() @Min(500) @Max(600_000) AI_JOB_TIMEOUT_MS: number = 55_000;
  /** How long a call to inventory or orders is waited for. */
  @IsInt() @Min(100) @Max(60_000) AI_PARSER_CALL_TIMEOUT_MS: number = 5_000;

  /**
   * An OpenAI-compatible endpoint (hosted or self-hosted: OpenAI, vLLM, Ollama, llama.cpp server,
   * LocalAI, a Whisper server …), e.g. https://api.openai.com/v1. Unset: offline engines only.
   */
  @IsOptional() @Matches(httpUrl, { message: '$property must be an http(s) URL' }) AI_BASE_URL?: string;
  /** Sent as the bearer token; self-hosted servers often need none. */
  @IsOptional() @IsString() @MaxLength(500) AI_API_KEY?: string;
  /** Chat model that parses orders with structured output; unset: the offline parser answers every message. */
  @IsOptional() @IsString() @MaxLength(200) AI_MODEL?: string;
  /** Speech-to-text model of the endpoint's /audio/transcriptions; `off` keeps voice offline (English only). */
  @IsString() @MaxLength(200) AI_TRANSCRIBE_MODEL: string = 'whisper-1';
  /** A separate speech endpoint (e.g. a self-hosted Whisper server); default AI_BASE_URL. */
  @IsOptional()
  @Matches(httpUrl, { message: '$property must be an http(s) URL' })
  AI_TRANSCRIBE_BASE_URL?: string;
  /** Its key; default AI_API_KEY. */
  @IsOptional() @IsString() @MaxLength(500) AI_TRANSCRIBE_API_KEY?: string;
  /** One call to the endpoint (chat or transcription); a chat call past it falls back to the offline parser. */
  @IsInt() @Min(100) @Max(600_000) AI_TIMEOUT_MS: number = 20_000;

  /** Offline speech: Debian's pocketsphinx_continuous and its US English model. */
  @IsString() POCKETSPHINX_BIN: string = 'pocketsphinx_continuous';
  @IsString() POCKETSPHINX_MODEL_DIR: string = '/usr/share/pocketsphinx/model/en-us';
  /** Converts browser audio (webm, ogg, mp3, m4a) to 16 kHz mono WAV. */
  @IsString() FFMPEG_BIN: string = 'ffmpeg';
  /** Pronounces catalogue words the recogniser's dictionary lacks (brands: Almarai, Nadec …). */
  @IsString() ESPEAK_BIN: string = 'espeak-ng';

  /**
   * Key (32 bytes, base64) that seals the WhatsApp channel's access token, app secret and verify
   * token at rest; unset, one is made on first use in <ERP_DATA_DIR>/whatsapp-secret.key.
   */
  @IsOptional() @IsString() WHATSAPP_SECRET_KEY?: string;
  /** One call to Meta's Graph API (media, downloads, sending). */
  @IsInt() @Min(1_000) @Max(120_000) WHATSAPP_GRAPH_TIMEOUT_MS: number = 15_000;
  /** How often deliveries and replies whose job was lost (Redis restarted) are queued again. */
  @IsInt() @Min(1_000) @Max(3_600_000) WHATSAPP_SWEEP_MS: number = 60_000;
  /**
   * The local WhatsApp Graph simulator (`npm start` runs it): on a first start with no channel set
   * up, the demo company is connected to it (docs/whatsapp.md). Unset in production.
   */
  @IsOptional() @Matches(httpUrl, { message: '$property must be an http(s) URL' }) WHATSAPP_SIMULATOR_URL?: string;
}
