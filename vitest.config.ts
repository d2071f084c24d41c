import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const lib = (name: string): string => fileURLToPath(new URL(`./libs/${name}/src/index.ts`, import.meta.url));

/**
 * `npm test` (scripts/test.mjs) runs this: the server tests (unit `*.spec.ts` and integration
 * `*.int-spec.ts` against real PostgreSQL and Redis) and the web tests (jsdom).
 */
export default defineConfig({
  test: {
    projects: [
      {
        // NestJS and class-validator need legacy decorators with design-type metadata.
        oxc: { decorator: { legacy: true, emitDecoratorMetadata: true } },
        resolve: {
          alias: { '@erp/contracts': lib('contracts'), '@erp/common': lib('common'), '@erp/testing': lib('testing') },
        },
        test: {
          name: 'server',
          environment: 'node',
          include: ['{gateway,services/*,libs/*,simulators/*}/{src,test}/**/*.{spec,int-spec}.ts'],
          setupFiles: ['reflect-metadata'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      'web/vitest.config.ts',
    ],
  },
});
