import type { AiProgressStep } from '@erp/contracts';

/** What a running ai-parse job gives the code that reads: its abort signal and a progress reporter. */
export interface JobContext {
  /** Aborted when the job runs past AI_JOB_TIMEOUT_MS: engine calls and tools stop with it. */
  signal: AbortSignal;
  /** When the job's time runs out (epoch ms): a call with a fallback is bounded to end before it. */
  deadline: number;
  /** Reports `{ step, percent }` (fire and forget: a lost update never fails the job). */
  progress(step: AiProgressStep, percent: number): void;
}

/** A context for reading outside an ai-parse job (a WhatsApp message): the same time limit, no progress. */
export function deadlineContext(timeoutMs: number): JobContext {
  return { signal: AbortSignal.timeout(timeoutMs), deadline: Date.now() + timeoutMs, progress: () => undefined };
}
