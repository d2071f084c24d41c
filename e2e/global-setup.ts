import type { TestProject } from 'vitest/node';
import { startStack } from './stack.js';

/** One running system for the whole e2e run; its URL is handed to the specs. */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const stack = await startStack();
  project.provide('baseUrl', stack.baseUrl);
  project.provide('databaseUrl', stack.databaseUrl);
  return () => stack.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
  }
}
