import type { AiJobProgressDto, AiJobStatusDto, SupplierInvoiceDraftDto } from '@erp/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isHttpError, type HttpError } from '../../../lib/http-error';
import { useLazyGetAiJobQuery, useStartSupplierInvoiceParseMutation } from '../api/supplier-invoice-api';

/** docs/api/ai-intake.md: the dialog polls the job every half second. */
export const POLL_INTERVAL_MS = 500;
/** A job nobody picks up (no reader running) is given up on after this long. */
export const READ_TIMEOUT_MS = 3 * 60 * 1000;
/** Polls that cannot reach the server in a row before reading is reported as failed. */
const MAX_NETWORK_FAILURES = 3;

export type ReaderPhase = 'idle' | 'sending' | 'waiting' | 'active' | 'done' | 'failed';

export interface ReaderState {
  phase: ReaderPhase;
  /** What the running job last reported (null until the reader has started it). */
  progress: AiJobProgressDto | null;
  draft: SupplierInvoiceDraftDto | null;
  /** Why reading failed, in the shape of a failed call (a failed job's error too). */
  error: HttpError | null;
}

const idle: ReaderState = { phase: 'idle', progress: null, draft: null, error: null };

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

function isDraft(value: unknown): value is SupplierInvoiceDraftDto {
  return typeof value === 'object' && value !== null && Array.isArray((value as { lines?: unknown }).lines);
}

/** A failed job's `error` as the failed call it stands for. */
function errorOfJob(job: AiJobStatusDto): HttpError {
  const error = job.error ?? { status: 500, code: 'INTERNAL', message: 'Reading failed' };
  return {
    status: error.status,
    message: `${error.status}: ${error.message}`,
    body: { code: error.code, message: error.message, details: error.details },
  };
}

function asHttpError(error: unknown): HttpError {
  if (isHttpError(error)) return error;
  const message = error instanceof Error ? error.message : String(error);
  return { status: 'FETCH_ERROR', message: `FETCH_ERROR: ${message}` };
}

const timeoutError: HttpError = {
  status: 503,
  message: '503: Reading took too long',
  body: { code: 'AI_TIMEOUT', message: 'Reading took too long' },
};

const sleep = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/**
 * Reads a supplier invoice: sends the file (a data URL) with `?wait=false`, then polls its job
 * until it is completed (the draft) or failed (the error), reporting the job's progress on
 * the way. `cancel` (and unmounting) stops polling; the job itself runs on to its end.
 */
export function useSupplierInvoiceReader() {
  const [state, setState] = useState<ReaderState>(idle);
  const [startParse] = useStartSupplierInvoiceParseMutation();
  const [fetchJob] = useLazyGetAiJobQuery();
  // Each read has a number; a newer read (or cancel) makes the older one's loop stop.
  const current = useRef(0);

  useEffect(
    () => () => {
      current.current += 1;
    },
    [],
  );

  const read = useCallback(
    async (file: File) => {
      const run = ++current.current;
      const live = () => current.current === run;
      const fail = (error: HttpError) => {
        if (live()) setState({ ...idle, phase: 'failed', error });
      };
      setState({ ...idle, phase: 'sending' });

      let fileBase64: string;
      try {
        fileBase64 = await readAsDataUrl(file);
      } catch (error) {
        fail(asHttpError(error));
        return;
      }
      if (!live()) return;

      let jobId: string;
      try {
        const accepted = await startParse({ fileBase64 }).unwrap();
        if (!live()) return;
        if (isDraft(accepted)) {
          setState({ ...idle, phase: 'done', draft: accepted });
          return;
        }
        jobId = accepted.jobId;
      } catch (error) {
        fail(asHttpError(error));
        return;
      }
      setState({ ...idle, phase: 'waiting' });

      const deadline = Date.now() + READ_TIMEOUT_MS;
      let networkFailures = 0;
      while (live()) {
        let job: AiJobStatusDto;
        try {
          job = await fetchJob(jobId).unwrap();
          networkFailures = 0;
        } catch (error) {
          const failure = asHttpError(error);
          networkFailures += 1;
          if (failure.status !== 'FETCH_ERROR' || networkFailures >= MAX_NETWORK_FAILURES) {
            fail(failure);
            return;
          }
          await sleep(POLL_INTERVAL_MS);
          continue;
        }
        if (!live()) return;
        if (job.state === 'completed') {
          if (isDraft(job.result)) setState({ ...idle, phase: 'done', draft: job.result });
          else fail({ status: 'PARSE_ERROR', message: 'The reader answered something that is not an invoice draft' });
          return;
        }
        if (job.state === 'failed') {
          fail(errorOfJob(job));
          return;
        }
        if (Date.now() > deadline) {
          fail(timeoutError);
          return;
        }
        setState({ ...idle, phase: job.state === 'active' ? 'active' : 'waiting', progress: job.progress });
        await sleep(POLL_INTERVAL_MS);
      }
    },
    [fetchJob, startParse],
  );

  const reset = useCallback(() => {
    current.current += 1;
    setState(idle);
  }, []);

  return { ...state, read, reset };
}
