import { basename } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/** The cases run in the order of their file names (1-…, 2-…): the soak comes last. */
class ByName extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => basename(a.moduleId).localeCompare(basename(b.moduleId)));
  }
}

/**
 * `npm run test:faults`: the system started as a user starts it, against its own PostgreSQL and
 * Redis, with processes killed and dependencies restarted under load (docs/reliability.md).
 */
export default defineConfig({
  test: {
    name: 'faults',
    root: import.meta.dirname,
    include: ['**/*.fault-spec.ts'],
    globalSetup: ['./global-setup.ts'],
    // The soak alone is SOAK_SECONDS (600 by default); each test sets its own limit.
    testTimeout: 600_000,
    hookTimeout: 120_000,
    teardownTimeout: 90_000,
    fileParallelism: false,
    sequence: { sequencer: ByName },
  },
});
