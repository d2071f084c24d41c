import type { SupplierInvoiceDraftDto } from '@erp/contracts';
import { useCallback } from 'react';
import { useAiRead, type AiReadState } from '../../../lib/ai-job';
import { readAsDataUrl } from '../../../lib/read-file';
import { useStartSupplierInvoiceParseMutation } from '../api/supplier-invoice-api';

/** Where reading a supplier invoice stands; `draft` is the reading once it is done. */
export type ReaderState = Omit<AiReadState<SupplierInvoiceDraftDto>, 'result'> & {
  draft: SupplierInvoiceDraftDto | null;
};

function isDraft(value: unknown): value is SupplierInvoiceDraftDto {
  return typeof value === 'object' && value !== null && Array.isArray((value as { lines?: unknown }).lines);
}

/**
 * Reads a supplier invoice: sends the file (a data URL) with `?wait=false`, then follows its job
 * with useAiRead until it is completed (the draft) or failed (the error), reporting the job's
 * progress on the way. `reset` (and unmounting) stops following it; the job runs on to its end.
 */
export function useSupplierInvoiceReader() {
  const [startParse] = useStartSupplierInvoiceParseMutation();
  const { result, read: follow, reset, ...state } = useAiRead(isDraft);
  const read = useCallback(
    (file: File) => follow(async () => startParse({ fileBase64: await readAsDataUrl(file) }).unwrap()),
    [follow, startParse],
  );
  return { ...state, draft: result, read, reset };
}
