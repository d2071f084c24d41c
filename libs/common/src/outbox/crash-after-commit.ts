import { Logger } from '@nestjs/common';
import { unlinkSync } from 'node:fs';
import { join } from 'node:path';

/** Kills this process at once, as `kill -9` does: no shutdown hook runs, nothing more is sent. */
const killNow = (): void => {
  process.kill(process.pid, 'SIGKILL');
};

/**
 * The fault suite's crash point between a commit and its publication (docs/reliability.md). With
 * a folder configured (FAULT_CRASH_DIR) and NODE_ENV not production, the returned function is
 * called after each commit that staged outbox rows: when it finds `<folder>/<schema>` it removes
 * it (so one file is one crash) and kills the process before the relay publishes what that commit
 * staged. Without a folder, or in production, there is no hook (null) and commits pay nothing.
 */
export function crashAfterCommitHook(
  schema: string,
  folder: string | undefined,
  nodeEnv = process.env.NODE_ENV,
  kill: () => void = killNow,
): (() => void) | null {
  if (!folder) return null;
  if (nodeEnv === 'production') {
    new Logger('OutboxRelay').warn('FAULT_CRASH_DIR is ignored in production');
    return null;
  }
  const trigger = join(folder, schema);
  return () => {
    try {
      unlinkSync(trigger);
    } catch {
      return; // not armed
    }
    kill();
  };
}
