import type { TestProject } from 'vitest/node';
import { waitForDemoCompany } from '../scripts/lib/demo-company.mjs';
import { startStack } from './stack.js';

/** One running system for the whole e2e run; its URL is handed to the specs. */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  // With the demo company, as a user's first `npm start` has it (`DEMO_DATA=off` runs without).
  const stack = await startStack();
  // With it, npm start loads it once the system is ready: the specs run against all of it.
  try {
    // Its books (invoices, payments, returns) take minutes to write on a busy 2-core machine.
    await waitForDemoCompany(stack.databaseUrl, 600_000);
  } catch (error) {
    await stack.stop();
    throw error;
  }
  project.provide('baseUrl', stack.baseUrl);
  project.provide('databaseUrl', stack.databaseUrl);
  project.provide('whatsappSimulatorUrl', stack.whatsappSimulatorUrl);
  project.provide('fatooraSimulatorUrl', stack.fatooraSimulatorUrl);
  return () => stack.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    whatsappSimulatorUrl: string;
    fatooraSimulatorUrl: string;
  }
}
