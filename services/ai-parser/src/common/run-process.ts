import { spawn } from 'node:child_process';

/**
 * The private memory (heap, anonymous mappings, thread stacks: RLIMIT_DATA) every tool this
 * service runs may take. The most any took on normal input here was 143 MiB (ImageMagick on an A4
 * scan; pocketsphinx 290 MiB on five minutes of speech with its full language model); a PDF page of
 * 5000 × 5000 pt once drove pdftoppm to 1.7 GB. RLIMIT_AS would also count the address space
 * tesseract and ffmpeg reserve but never use (ffmpeg: 263 MiB of it for 43 MiB of data).
 */
export const CHILD_MEMORY_LIMIT_BYTES = 1024 * 1024 * 1024;
/** Standard output beyond this fails the run (ImageMagick's 4000 × 4000 grey page is 16 MB). */
const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;
/** What is kept of standard error, for messages and logs. */
const STDERR_KEPT_CHARS = 4000;
/** prlimit's exit status when it could not find the program (util-linux's EX_EXEC_ENOENT). */
const PROGRAM_NOT_FOUND = 127;

export interface ProcessResult {
  stdout: Buffer;
  stderr: string;
}

/** `exit`: a non-zero status or a signal; `timeout`: past `timeoutMs`; `output`: past the output cap. */
export type ProcessFailure = 'exit' | 'timeout' | 'output' | 'missing';

export class ProcessError extends Error {
  constructor(
    message: string,
    readonly failure: ProcessFailure,
    readonly stderr: string,
    readonly exitCode: number | null,
  ) {
    super(message);
    this.name = 'ProcessError';
  }

  get timedOut(): boolean {
    return this.failure === 'timeout';
  }
}

export interface RunOptions {
  /** Written to the process's stdin, then closed. */
  input?: Buffer | string;
  /** Aborting kills the process (SIGKILL) and rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Killed (SIGKILL) past this; rejects with a ProcessError whose `timedOut` is true. */
  timeoutMs?: number;
  /** Variables added to this process's environment. */
  env?: Record<string, string>;
  /** Standard output beyond this kills the process (default 64 MB). */
  maxOutputBytes?: number;
  /** Default CHILD_MEMORY_LIMIT_BYTES. */
  memoryLimitBytes?: number;
}

/**
 * The one way this service runs a tool (pdftoppm, pdfimages, pdfinfo, ImageMagick, tesseract,
 * ffmpeg, pocketsphinx, espeak-ng): without a shell (arguments are passed as they are, never
 * interpreted), under util-linux's `prlimit` with its memory bounded and no core dump, with a
 * timeout, an output cap and a kill on abort. The promise settles once the process is gone.
 * Rejects with a ProcessError (or the abort reason) unless the tool exits with 0.
 */
export function runProcess(command: string, args: readonly string[], options: RunOptions = {}): Promise<ProcessResult> {
  const { signal, timeoutMs } = options;
  const maxOutput = options.maxOutputBytes ?? MAX_OUTPUT_BYTES;
  const memory = options.memoryLimitBytes ?? CHILD_MEMORY_LIMIT_BYTES;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    if (timeoutMs !== undefined && timeoutMs <= 0) {
      reject(new ProcessError(`${command}: no time left`, 'timeout', '', null));
      return;
    }
    const child = spawn('prlimit', [`--data=${memory}`, '--core=0', '--', command, ...args], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, ...options.env },
    });
    const chunks: Buffer[] = [];
    let outputBytes = 0;
    let stderr = '';
    /** Why the process was killed, once it was. */
    let killedFor: Error | null = null;
    const kill = (reason: Error): void => {
      killedFor ??= reason;
      child.kill('SIGKILL');
    };
    const onAbort = (): void => kill(abortReason(signal!));
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(
            () => kill(new ProcessError(`${command} took longer than ${timeoutMs} ms`, 'timeout', stderr, null)),
            timeoutMs,
          );
    let settled = false;
    const settle = (error: Error | null, result?: ProcessResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve(result!);
    };
    child.stdout.on('data', (chunk: Buffer) => {
      outputBytes += chunk.length;
      if (outputBytes > maxOutput) {
        kill(new ProcessError(`${command} wrote more than ${maxOutput} bytes`, 'output', stderr, null));
        return;
      }
      chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < STDERR_KEPT_CHARS)
        stderr += chunk.toString('utf8').slice(0, STDERR_KEPT_CHARS - stderr.length);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      settle(
        error.code === 'ENOENT'
          ? new ProcessError('prlimit (util-linux) is not installed', 'missing', '', null)
          : new ProcessError(`${command}: ${error.message}`, 'exit', '', null),
      );
    });
    child.on('close', (code, killedBy) => {
      if (killedFor) return settle(killedFor);
      if (code === 0) return settle(null, { stdout: Buffer.concat(chunks), stderr });
      if (code === PROGRAM_NOT_FOUND && /^prlimit: failed to execute/m.test(stderr)) {
        return settle(new ProcessError(`${command} is not installed`, 'missing', stderr, null));
      }
      const status = killedBy ?? `exit ${code}`;
      settle(new ProcessError(`${command} failed (${status}): ${stderr.trim().slice(0, 500)}`, 'exit', stderr, code));
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('aborted');
}
