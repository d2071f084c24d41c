import type { AiJobAcceptedDto, OrderParseResultDto, ParsedOrderItemDto, VoiceLanguage } from '@erp/contracts';
import { api } from '../../../lib/api';

export type { OrderParseResultDto, ParsedOrderItemDto, VoiceLanguage };

/** The languages a voice note can be in (the contract's voiceLanguages). */
export const voiceLanguages: readonly VoiceLanguage[] = ['en', 'ar'];

/** The answer of a reading that finished: an order's parse result (CONTRACT §6). */
export function isOrderParseResult(value: unknown): value is OrderParseResultDto {
  const parsed = (value as { parsed?: { items?: unknown } } | null)?.parsed;
  return typeof value === 'object' && value !== null && Array.isArray(parsed?.items);
}

/** POST /api/orders/upload: a pasted message, or a photo or PDF of one (a data URL), never both. */
export type UploadOrderRequest = { orderText: string } | { imageBase64: string };

/** POST /api/orders/transcribe: a recorded voice note and the language spoken. */
export interface TranscribeOrderRequest {
  audioBase64: string;
  mimeType: string;
  language: VoiceLanguage;
}

/**
 * AI intake of orders (docs/api/ai-intake.md). Both calls go with `?wait=false`: the server
 * checks the input, answers 202 `{ jobId }`, and the dialog follows the job (lib/ai-job.ts).
 */
export const orderIntakeApi = api.injectEndpoints({
  endpoints: (build) => ({
    uploadOrder: build.mutation<AiJobAcceptedDto, UploadOrderRequest>({
      query: (body) => ({ url: '/api/orders/upload', method: 'POST', params: { wait: false }, body }),
    }),
    transcribeOrder: build.mutation<AiJobAcceptedDto, TranscribeOrderRequest>({
      query: (body) => ({ url: '/api/orders/transcribe', method: 'POST', params: { wait: false }, body }),
    }),
  }),
});

export const { useUploadOrderMutation, useTranscribeOrderMutation } = orderIntakeApi;
