import type { JobEnvelope } from '../queues.js';
import type { VoiceLanguage } from './ai-intake.dto.js';

/** The real types of intake files (by their magic bytes) and the extension each is kept under. */
export const intakeImageTypes = ['jpg', 'png', 'pdf'] as const;
export const intakeAudioTypes = ['webm', 'ogg', 'mp3', 'm4a', 'wav'] as const;
export type IntakeImageType = (typeof intakeImageTypes)[number];
export type IntakeAudioType = (typeof intakeAudioTypes)[number];
export type IntakeFileType = IntakeImageType | IntakeAudioType;

/**
 * The flow that kept an intake file, and the folder it lives in: `orders` (order photos, PDFs and
 * voice notes; read with orders:read) or `supplier-invoices` (read with stock:read), CONTRACT §2.
 */
export const intakeFlows = ['orders', 'supplier-invoices'] as const;
export type IntakeFlow = (typeof intakeFlows)[number];

/**
 * Where the gateway serves a kept intake file: `/api/files/intake/<flow>/<yyyy>/<uuid>.<ext>`, to
 * users holding the flow's read permission (an order's photo or voice note and a supplier's invoice
 * are the business's own; docs/decisions/0012). `path` is relative to <ERP_DATA_DIR>/uploads.
 */
export function intakeFileUrl(path: string): string {
  return `/api/files/${path}`;
}

/**
 * The URLs intakeFileUrl gives for this flow's files, and those of files kept before files had a
 * flow (`/api/files/intake/<yyyy>/<uuid>.<ext>`): the only files an order (`orders`) or a goods
 * receipt (`supplier-invoices`) may name as its original.
 */
export function intakeFileUrlPattern(flow: IntakeFlow): RegExp {
  return new RegExp(
    `^/api/files/intake/(?:${flow}/)?\\d{4}/[0-9a-f-]{36}\\.(${[...intakeImageTypes, ...intakeAudioTypes].join('|')})$`,
  );
}

/**
 * A file the gateway checked and kept under <ERP_DATA_DIR>/uploads (docs/decisions/0012). Jobs
 * carry this reference, never the bytes, so Redis holds no uploads.
 */
export interface IntakeFileRef {
  /** Relative to <ERP_DATA_DIR>/uploads: `intake/<flow>/<yyyy>/<uuid>.<ext>`. */
  path: string;
  /** Where the gateway serves it (intakeFileUrl): `/api/files/intake/<flow>/<yyyy>/<uuid>.<ext>`. */
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
