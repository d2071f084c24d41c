import { spawn } from 'node:child_process';

/** A command that ran out of time or failed. */
export class CommandError extends Error {
  constructor(
    message: string,
    readonly timedOut: boolean,
  ) {
    super(message);
    this.name = 'CommandError';
  }
}

export interface RunOptions {
  timeoutMs: number;
  input?: Buffer;
  env?: NodeJS.ProcessEnv;
  /** Largest stdout accepted (bytes); default 256 MB. */
  maxOutput?: number;
}

/**
 * Runs a binary (no shell) and returns its stdout. Killed with SIGKILL when the time is up;
 * rejects with a CommandError on a timeout, a non-zero exit or a missing binary.
 */
export function runCommand(command: string, args: readonly string[], options: RunOptions): Promise<Buffer> {
  const limit = options.maxOutput ?? 256 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    if (options.timeoutMs <= 0) {
      reject(new CommandError(`${command}: no time left`, true));
      return;
    }
    const child = spawn(command, args, { env: options.env ?? process.env, stdio: ['pipe', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let settled = false;
    const finish = (error: Error | null, value?: Buffer): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(value ?? Buffer.alloc(0));
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish(new CommandError(`${command} took longer than ${options.timeoutMs} ms`, true));
    }, options.timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        child.kill('SIGKILL');
        finish(new CommandError(`${command} wrote more than ${limit} bytes`, false));
        return;
      }
      chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString('utf8');
    });
    child.on('error', (error) => finish(new CommandError(`${command}: ${error.message}`, false)));
    child.on('close', (code, signal) => {
      if (code === 0) finish(null, Buffer.concat(chunks));
      else
        finish(
          new CommandError(`${command} failed (${signal ?? `exit ${code}`}): ${stderr.trim().slice(0, 500)}`, false),
        );
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input);
  });
}
