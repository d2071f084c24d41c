import type { JobEnvelope } from '../queues.js';
import type { VoiceLanguage } from './ai-intake.dto.js';

/** The real types of intake files (by their magic bytes) and the extension each is kept under. */
export const intakeImageTypes = ['jpg', 'png', 'pdf'] as const;
export const intakeAudioTypes = ['webm', 'ogg', 'mp3', 'm4a', 'wav'] as const;
export type IntakeImageType = (typeof intakeImageTypes)[number];
export type IntakeAudioType = (typeof intakeAudioTypes)[number];
export type IntakeFileType = IntakeImageType | IntakeAudioType;

/**
 * Where the gateway serves a kept intake file: `/api/files/intake/<yyyy>/<uuid>.<ext>`, to
 * signed-in users only (an order's photo or voice note and a supplier's invoice are the business's
 * own; docs/decisions/0012). `path` is relative to <ERP_DATA_DIR>/uploads.
 */
export function intakeFileUrl(path: string): string {
  return `/api/files/${path}`;
}

/** A URL intakeFileUrl gives: the only file an order or a goods receipt may name as its original. */
export const intakeFileUrlPattern = new RegExp(
  `^/api/files/intake/\\d{4}/[0-9a-f-]{36}\\.(${[...intakeImageTypes, ...intakeAudioTypes].join('|')})$`,
);

/**
 * A file the gateway checked and kept under <ERP_DATA_DIR>/uploads (docs/decisions/0012). Jobs
 * carry this reference, never the bytes, so Redis holds no uploads.
 */
export interface IntakeFileRef {
  /** Relative to <ERP_DATA_DIR>/uploads: `intake/<yyyy>/<uuid>.<ext>`. */
  path: string;
  /** Where the gateway serves it (intakeFileUrl): `/api/files/intake/<yyyy>/<uuid>.<ext>`. */
  url: string;
  type: IntakeFileType;
  bytes: number;
}

/** ai-parse / order-text: a typed or pasted message. */
export interface OrderTextJobData {
  text: string;
}

/** ai-parse / order-image: a photo or PDF of an order. */
export interface OrderImageJobData {
  file: IntakeFileRef;
}

/** ai-parse / order-voice: a voice note. */
export interface OrderVoiceJobData {
  file: IntakeFileRef;
  /** As the browser declared it (informative only: the bytes decided the type). */
  mimeType: string | null;
  language: VoiceLanguage | null;
}

/** ai-parse / supplier-invoice: a supplier invoice to draft a goods receipt from. */
export interface SupplierInvoiceParseJobData {
  file: IntakeFileRef;
}

export type OrderTextJob = JobEnvelope<OrderTextJobData>;
export type OrderImageJob = JobEnvelope<OrderImageJobData>;
export type OrderVoiceJob = JobEnvelope<OrderVoiceJobData>;
export type SupplierInvoiceParseJob = JobEnvelope<SupplierInvoiceParseJobData>;
export type AiParseJobData = OrderTextJob | OrderImageJob | OrderVoiceJob | SupplierInvoiceParseJob;

/**
 * How a failed ai-parse job carries its AppException: BullMQ keeps only a message, so the
 * message is this prefix and the JSON of `{ status, code, message, details? }`.
 */
export const AI_JOB_ERROR_PREFIX = 'ai-parse-error:';
