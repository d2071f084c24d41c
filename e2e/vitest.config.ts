import { defineConfig } from 'vitest/config';

/** `npm run test:e2e`: the system started as a user starts it, driven over HTTP and in Chromium. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e-spec.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 240_000,
    // Stopping the system (every process, then its database) can take longer than Vitest's 10 s.
    teardownTimeout: 60_000,
    // A lazily loaded screen on a busy 2-core machine can take a few seconds to appear.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    fileParallelism: false,
  },
});
