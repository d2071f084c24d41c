import { spawn } from 'node:child_process';

export interface ProcessResult {
  stdout: string;
  stderr: string;
}

export class ProcessError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
    readonly exitCode: number | null,
  ) {
    super(message);
    this.name = 'ProcessError';
  }
}

export interface RunOptions {
  /** Written to the process's stdin, then closed. */
  input?: Buffer | string;
  /** Aborting kills the process (SIGKILL): a hung tool never holds a worker. */
  signal?: AbortSignal;
  env?: NodeJS.ProcessEnv;
  /** Output beyond this is dropped (default 1 MB per stream). */
  maxOutputBytes?: number;
}

/**
 * Runs a command-line tool (ffmpeg, pocketsphinx, espeak-ng) without a shell: arguments are
 * passed as they are, never interpreted. Rejects with ProcessError on a non-zero exit.
 */
export function runProcess(command: string, args: readonly string[], options: RunOptions = {}): Promise<ProcessResult> {
  const limit = options.maxOutputBytes ?? 1024 * 1024;
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(options.signal.reason instanceof Error ? options.signal.reason : new Error('aborted'));
      return;
    }
    const child = spawn(command, args, {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: options.env ?? process.env,
      signal: options.signal,
      killSignal: 'SIGKILL',
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let outBytes = 0;
    let errBytes = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      if (outBytes < limit) stdout.push(chunk);
      outBytes += chunk.length;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (errBytes < limit) stderr.push(chunk);
      errBytes += chunk.length;
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.name === 'AbortError' && options.signal?.reason instanceof Error) reject(options.signal.reason);
      else if (error.code === 'ENOENT') reject(new ProcessError(`${command} is not installed`, '', null));
      else reject(error);
    });
    child.on('close', (code) => {
      if (options.signal?.aborted) return;
      const result = { stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') };
      if (code === 0) resolve(result);
      else reject(new ProcessError(`${command} exited with code ${code}`, result.stderr, code));
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });
}
