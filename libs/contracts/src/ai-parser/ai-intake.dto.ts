import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { EmptyToUndefined, Trim } from '../common/transforms.js';
import type { RpcErrorPayload } from '../errors.js';

/**
 * AI intake over HTTP (docs/api/ai-intake.md): orders from text, photos and voice notes, and
 * supplier invoices from files. The gateway checks the request and hands it to the ai-parser
 * service as a job on the `ai-parse` queue.
 */

/** Base64 of up to 10 MB is about 13.4 MB; the decoded size is what is checked (413 past 10 MB). */
const BASE64_MAX_CHARS = 16 * 1024 * 1024;
/** The longest order text read (as long as an order's rawOrderText may be). */
export const ORDER_TEXT_MAX_CHARS = 20_000;

/** `true`/`false` (and 1/0) in a query string. */
const QueryBoolean = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) =>
    value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value,
  );

/** `?wait=false`: answer 202 `{ jobId }` at once and let the dialog poll GET /api/ai-jobs/{jobId}. */
export class AiIntakeQueryDto {
  @IsOptional()
  @QueryBoolean()
  @IsBoolean({ message: 'wait must be true or false' })
  wait?: boolean;
}

/** POST /api/orders/upload: `{ orderText }` or `{ imageBase64 }` (a JPG, PNG or PDF data URL or bare base64). */
export class UploadOrderDto {
  @IsOptional()
  @IsString()
  @MaxLength(ORDER_TEXT_MAX_CHARS)
  orderText?: string;

  @EmptyToUndefined()
  @IsOptional()
  @IsString()
  @MaxLength(BASE64_MAX_CHARS)
  imageBase64?: string;

  /** SPEC §7's client also sends `imageUrl` (a local object URL, or null): accepted and ignored. */
  @IsOptional()
  @IsString()
  @MaxLength(2_000)
  imageUrl?: string | null;
}

export const voiceLanguages = ['en', 'ar'] as const;
export type VoiceLanguage = (typeof voiceLanguages)[number];

/** POST /api/orders/transcribe: a voice note (webm, ogg, mp3, m4a/mp4 or wav; the bytes decide, not mimeType). */
export class TranscribeOrderDto {
  @IsString()
  @IsNotEmpty({ message: 'Please record a voice note first' })
  @MaxLength(BASE64_MAX_CHARS)
  audioBase64: string;

  @EmptyToUndefined()
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(100)
  mimeType?: string;

  /** The language spoken; absent: the endpoint detects it, the offline recogniser assumes English. */
  @EmptyToUndefined()
  @IsOptional()
  @IsIn(voiceLanguages, { message: 'language must be en or ar' })
  language?: VoiceLanguage;
}

/** POST /api/stock/supplier-invoices/parse: a supplier invoice (JPG, PNG or PDF). */
export class ParseSupplierInvoiceDto {
  @IsString()
  @IsNotEmpty({ message: 'Please choose an invoice file' })
  @MaxLength(BASE64_MAX_CHARS)
  fileBase64: string;
}

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

/**
 * Which engine read the message: `offline`, `openai` (the configured OpenAI-compatible endpoint),
 * or `offline (openai failed: <reason>)` when the endpoint was tried and its answer not used.
 */
export type AiEngineName = string;

export type IntakeSource = 'text' | 'image' | 'voice';

/** Another catalogue item the line may mean (for the picker of the confirm dialog). */
export interface ParsedItemAlternativeDto {
  stockItemId: string;
  sku: string;
  name: string;
  /** The item's Arabic name, when the catalogue has one (the Arabic screens show it). */
  nameAr?: string | null;
  confidence: number;
}

/** One line of a parsed order (CONTRACT §6, docs/api/ai-intake.md). */
export interface ParsedOrderItemDto {
  /** The catalogue name when matched, else the customer's wording. */
  itemName: string;
  itemNameAr: string | null;
  /** In `unit`. */
  quantity: number;
  /**
   * A unit of units.ts (CONTRACT §10): the customer's unit word put onto the matched item's base
   * unit or one of its packs (كرتون → its carton, صندوق → its case, درزن → its dozen); no unit
   * word, the item's base unit; a unit the item is not sold in, the customer's (`unitNeedsCheck`);
   * unmatched, the customer's unit, else null.
   */
  unit: string | null;
  /**
   * The price of one `unit` (2 decimals): the client's (`pricing`), else the pack's or the item's;
   * null when unmatched or when the item is not sold in `unit`.
   */
  unitPrice: string | null;
  /** Null when no catalogue item matches well enough (the line is then offered for manual choice). */
  stockItemId: string | null;
  sku: string | null;
  /** 0–1. */
  confidence: number;
  /** The customer's wording of the line (without the quantity). */
  sourceText: string;
  /** The wording normalised: sent back with the confirmed order so the client's wording is remembered. */
  phrase: string;
  /** The user should check the quantity: read by OCR or by the offline recogniser, or the engines disagreed. */
  quantityNeedsCheck: boolean;
  /**
   * CONTRACT §10: the customer's unit word names no unit the matched item is sold in (a "carton"
   * of an item with no carton pack): `unit` keeps the customer's word, `unitPrice` is null, and
   * the user must choose (an order refuses a unit its item does not have).
   */
  unitNeedsCheck: boolean;
  /** How the item was chosen: the client's remembered wording, the catalogue matcher, the model, or none. */
  matchedBy: 'memory' | 'catalogue' | 'model' | null;
  alternatives: ParsedItemAlternativeDto[];
}

export interface ParsedOrderDto {
  /** "Unknown Client" when the message names none. */
  clientName: string;
  /** The existing client whose name matches, else null. */
  clientId: string | null;
  items: ParsedOrderItemDto[];
}

/** The answer of POST /api/orders/upload and /api/orders/transcribe. */
export interface OrderParseResultDto {
  parsed: ParsedOrderDto;
  /** What was parsed: the message, the OCR text or the transcription. */
  rawText: string;
  /** Voice only: what was heard. */
  transcription?: string;
  /** Voice only: `openai` (the endpoint) or `pocketsphinx` (offline, English), with a failure note when the endpoint failed. */
  transcriptionEngine?: string;
  /**
   * Voice only: how sure the speech endpoint was of what it heard, 0–1 (below 0.8 the lines read
   * from it are never certain matches and every quantity is to check); null when the engine does
   * not say (the offline recogniser, whose lines are never certain either).
   */
  transcriptionConfidence?: number | null;
  engine: AiEngineName;
  /**
   * Whose prices the lines' `unitPrice` are (CONTRACT §10): `client`, the orders service's quote for
   * `parsed.clientId` (its price list where it has a price, else the pack's or the item's, as an
   * order for that client would be priced); `catalogue`, the catalogue's (no existing client); or
   * `catalogue (<quote|client lookup> failed: <reason>)` when the orders service could not price
   * for the client named: an order created with those lines' prices left empty still gets the
   * client's.
   */
  pricing: string;
  source: IntakeSource;
  /** Image and voice: the kept file, under /uploads. */
  uploadedFileUrl?: string;
}

/** One line of a supplier invoice draft, for POST /api/stock/receipts. */
export interface SupplierInvoiceLineDraftDto {
  /** The catalogue name when matched, else the printed description (its Latin part when it has both scripts). */
  name: string;
  nameAr: string | null;
  /** The line's description as printed (both languages when the invoice prints both). */
  description: string;
  /** Null when no catalogue item matches well enough (then offered for manual choice or creation). */
  stockItemId: string | null;
  sku: string | null;
  /** In `unit` (as printed; dozens of an item not sold by the dozen become pieces). */
  quantity: number;
  /**
   * A unit of units.ts: the printed unit (CTN → carton, كيس → bag, شوال → sack, a weight → kg …)
   * as the matched item's base unit or one of its packs when it is one (a receipt in a pack
   * receives quantity × factor base units); a printed unit the item is neither counted nor sold in
   * is kept with `unitNeedsCheck`. No unit printed: the matched item's base unit, else piece.
   */
  unit: string;
  /** As printed (after a printed line discount), 2 decimals; null when none could be read. */
  unitPrice: string | null;
  /** The printed line amount before VAT, 2 decimals; null when not printed. */
  lineTotal: string | null;
  batchNumber: string | null;
  /** yyyy-mm-dd (Gregorian; Hijri dates are not read). */
  expiryDate: string | null;
  manufactureDate: string | null;
  /** 0–1: how well the description names the matched item (for an unmatched line, the best candidate's). */
  confidence: number;
  /**
   * The user should check quantity and price: read by OCR, or quantity × unit price did not make
   * the printed total (or only after repairing a figure), or dozens were converted to pieces.
   */
  quantityNeedsCheck: boolean;
  /** The printed unit is not one the matched item is counted or sold in (CONTRACT §10): the user must choose. */
  unitNeedsCheck: boolean;
  /** Other catalogue items the line may mean, best first. */
  alternatives: ParsedItemAlternativeDto[];
}

/** Subtotal, VAT and total as printed under the items (2 decimals), to check the lines against. */
export interface SupplierInvoiceTotalsDto {
  subtotal: string | null;
  vat: string | null;
  total: string | null;
}

/** The answer of POST /api/stock/supplier-invoices/parse: a draft to review. */
export interface SupplierInvoiceDraftDto {
  supplierName: string | null;
  invoiceNumber: string | null;
  /** yyyy-mm-dd (Gregorian). */
  invoiceDate: string | null;
  lines: SupplierInvoiceLineDraftDto[];
  totals: SupplierInvoiceTotalsDto;
  rawText: string;
  engine: AiEngineName;
  uploadedFileUrl: string;
}

export type AiParseResultDto = OrderParseResultDto | SupplierInvoiceDraftDto;

export const aiProgressSteps = ['reading', 'recognising', 'transcribing', 'matching'] as const;
export type AiProgressStep = (typeof aiProgressSteps)[number];

/** What a running job reports (BullMQ job progress). */
export interface AiJobProgressDto {
  step: AiProgressStep;
  /** 0–100. */
  percent: number;
}

/** `?wait=false`: 202 with the job to poll. */
export interface AiJobAcceptedDto {
  jobId: string;
}

export const aiJobStates = ['waiting', 'active', 'completed', 'failed'] as const;
export type AiJobState = (typeof aiJobStates)[number];

/** GET /api/ai-jobs/{jobId}. */
export interface AiJobStatusDto {
  jobId: string;
  state: AiJobState;
  /** Null until the ai-parser service has started the job. */
  progress: AiJobProgressDto | null;
  /** When completed: what the call would have answered. */
  result?: AiParseResultDto;
  /** When failed: the status and body the call would have answered with. */
  error?: RpcErrorPayload;
}
