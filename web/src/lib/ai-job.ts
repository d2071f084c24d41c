import type { AiJobAcceptedDto, AiJobProgressDto, AiJobStatusDto } from '@erp/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLatest } from './use-latest';
import { api } from './api';
import { isHttpError, type HttpError } from './http-error';

/**
 * Reading with AI (docs/api/ai-intake.md, "Progress"): a call sent with `?wait=false` answers 202
 * `{ jobId }` once its input passed the server's checks, and the screen polls
 * GET /api/ai-jobs/{jobId} every half second until the job has completed (its answer) or failed
 * (the status and body the call would have answered with), showing the job's progress meanwhile.
 */
export const aiJobsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Polled; never cached (each call asks again). */
    getAiJobStatus: build.query<AiJobStatusDto, string>({
      query: (jobId) => `/api/ai-jobs/${encodeURIComponent(jobId)}`,
      keepUnusedDataFor: 0,
    }),
  }),
});

/** docs/api/ai-intake.md: the dialog polls the job every half second. */
export const AI_JOB_POLL_MS = 500;
/** A job nobody picks up (no ai-parser running) is given up on after this long. */
export const AI_READ_TIMEOUT_MS = 3 * 60 * 1000;
/** Polls in a row that cannot reach the server before reading is reported as failed. */
const MAX_NETWORK_FAILURES = 3;

export type AiReadPhase = 'idle' | 'sending' | 'waiting' | 'active' | 'done' | 'failed';

export interface AiReadState<Result> {
  phase: AiReadPhase;
  /** What the running job last reported; null until the ai-parser service has started it. */
  progress: AiJobProgressDto | null;
  result: Result | null;
  /** Why reading failed, in the shape of a failed call (a failed job's error too). */
  error: HttpError | null;
}

/** A failed job's `error` as the failed call it stands for, so it is described the same way. */
export function jobErrorToHttpError(error: AiJobStatusDto['error']): HttpError {
  const failure: NonNullable<AiJobStatusDto['error']> = error ?? {
    status: 500,
    code: 'INTERNAL',
    message: 'Reading failed',
  };
  return {
    status: failure.status,
    message: `${failure.status}: ${failure.message}`,
    body: {
      code: failure.code,
      message: failure.message,
      ...(failure.details === undefined ? {} : { details: failure.details }),
    },
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

function isAccepted(value: unknown): value is AiJobAcceptedDto {
  return typeof value === 'object' && value !== null && typeof (value as { jobId?: unknown }).jobId === 'string';
}

/**
 * Runs one reading at a time: `read(start)` calls `start` (which sends the upload and answers
 * `{ jobId }`, or the result itself from a server that does not queue), then follows the job.
 * `reset` (and unmounting) stops following it; the job itself runs on to its end.
 */
export function useAiRead<Result>(isResult: (value: unknown) => value is Result) {
  const idle: AiReadState<Result> = { phase: 'idle', progress: null, result: null, error: null };
  const [state, setState] = useState<AiReadState<Result>>(idle);
  const [fetchJob] = aiJobsApi.useLazyGetAiJobStatusQuery();
  const accepts = useLatest(isResult);
  // Each read has a number; a newer read (or reset, or unmounting) stops the older one's loop.
  const current = useRef(0);

  useEffect(
    () => () => {
      current.current += 1;
    },
    [],
  );

  const read = useCallback(
    async (start: () => Promise<unknown>) => {
      const run = ++current.current;
      const live = () => current.current === run;
      const empty = { progress: null, result: null, error: null };
      const fail = (error: HttpError) => {
        if (live()) setState({ ...empty, phase: 'failed', error });
      };
      const done = (result: unknown) => {
        if (!live()) return;
        if (accepts.current(result)) setState({ ...empty, phase: 'done', result });
        else fail({ status: 'PARSE_ERROR', message: 'The reader answered something this screen cannot use' });
      };
      setState({ ...empty, phase: 'sending' });

      let jobId: string;
      try {
        const answer = await start();
        if (!live()) return;
        if (!isAccepted(answer)) {
          done(answer);
          return;
        }
        jobId = answer.jobId;
      } catch (error) {
        fail(asHttpError(error));
        return;
      }
      setState({ ...empty, phase: 'waiting' });

      const deadline = Date.now() + AI_READ_TIMEOUT_MS;
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
          await sleep(AI_JOB_POLL_MS);
          continue;
        }
        if (!live()) return;
        if (job.state === 'completed') {
          done(job.result);
          return;
        }
        if (job.state === 'failed') {
          fail(jobErrorToHttpError(job.error));
          return;
        }
        if (Date.now() > deadline) {
          fail(timeoutError);
          return;
        }
        setState({ ...empty, phase: job.state === 'active' ? 'active' : 'waiting', progress: job.progress });
        await sleep(AI_JOB_POLL_MS);
      }
    },
    [accepts, fetchJob],
  );

  const reset = useCallback(() => {
    current.current += 1;
    setState({ phase: 'idle', progress: null, result: null, error: null });
  }, []);

  return { ...state, read, reset };
}
