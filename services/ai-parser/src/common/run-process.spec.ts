import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CHILD_MEMORY_LIMIT_BYTES, ProcessError, runProcess } from './run-process.js';

const dir = mkdtempSync(join(tmpdir(), 'erp-run-process-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Node allocating (not touching) `bytes`: private memory the limit counts at once. */
const allocate = (bytes: number): string[] => ['-e', `Buffer.allocUnsafe(${bytes}); console.log('allocated')`];

async function failure(run: Promise<unknown>): Promise<ProcessError> {
  const error = await run.then(
    () => new Error('expected the run to fail'),
    (caught: unknown) => caught,
  );
  if (error instanceof ProcessError) return error;
  throw error;
}

/** Whether a process with this id still exists (a zombie counts). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('runProcess', () => {
  it('passes arguments as they are and input on stdin, and returns stdout and stderr', async () => {
    const { stdout, stderr } = await runProcess('sh', ['-c', 'cat; echo "$0" >&2', '$(rm -rf /); "quoted"'], {
      input: 'كرتون 6\n',
      env: { EXTRA: 'x' },
    });
    expect(stdout.toString('utf8')).toBe('كرتون 6\n');
    expect(stderr).toBe('$(rm -rf /); "quoted"\n');
  });

  it('bounds the private memory of every child: past the limit an allocation fails, below it works', async () => {
    const over = await failure(runProcess(process.execPath, allocate(CHILD_MEMORY_LIMIT_BYTES + 512 * 1024 * 1024)));
    expect(over).toMatchObject({ failure: 'exit', exitCode: 1 });
    expect(over.stderr).toMatch(/allocation failed/i);
    const under = await runProcess(process.execPath, allocate(128 * 1024 * 1024));
    expect(under.stdout.toString()).toBe('allocated\n');
    // A smaller limit for one call.
    const small = await failure(
      runProcess(process.execPath, allocate(128 * 1024 * 1024), { memoryLimitBytes: 96 * 1024 * 1024 }),
    );
    expect(small.stderr).toMatch(/allocation failed/i);
  });

  it('kills a tool that runs past its time and says it timed out', async () => {
    const error = await failure(runProcess('sleep', ['30'], { timeoutMs: 100 }));
    expect(error).toMatchObject({ failure: 'timeout', timedOut: true });
    expect((await failure(runProcess('true', [], { timeoutMs: 0 }))).timedOut).toBe(true);
  });

  it('kills a tool on abort and settles once it is gone, with the abort reason', async () => {
    const pidFile = join(dir, 'sleeper.pid');
    const controller = new AbortController();
    const run = runProcess('sh', ['-c', 'echo $$ > "$0"; exec sleep 30', pidFile], { signal: controller.signal });
    while (!existsSync(pidFile) || readFileSync(pidFile, 'utf8').trim() === '') {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const pid = Number(readFileSync(pidFile, 'utf8'));
    expect(alive(pid)).toBe(true);
    controller.abort(new Error('job aborted'));
    await expect(run).rejects.toThrow('job aborted');
    expect(alive(pid)).toBe(false);
    await expect(runProcess('true', [], { signal: controller.signal })).rejects.toThrow('job aborted');
  });

  it('fails a tool that writes more than the output cap', async () => {
    const error = await failure(runProcess('head', ['-c', '3000000', '/dev/zero'], { maxOutputBytes: 1_000_000 }));
    expect(error.failure).toBe('output');
  });

  it('reports a non-zero exit with its status and standard error, and a missing tool as not installed', async () => {
    const exit = await failure(runProcess('sh', ['-c', 'echo "no such page" >&2; exit 3']));
    expect(exit).toMatchObject({ failure: 'exit', exitCode: 3, stderr: 'no such page\n' });
    expect(exit.message).toBe('sh failed (exit 3): no such page');
    const missing = await failure(runProcess('erp-no-such-tool', ['--version']));
    expect(missing).toMatchObject({ failure: 'missing', message: 'erp-no-such-tool is not installed' });
  });
});
