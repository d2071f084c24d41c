import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const webRoot = decodeURIComponent(new URL('.', import.meta.url).pathname);

export default defineConfig({
  root: webRoot,
  plugins: [react()],
  test: {
    name: 'web',
    root: webRoot,
    environment: 'jsdom',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    testTimeout: 30_000,
  },
});
