import { join } from 'node:path';

/** Where the fault suite keeps everything of its own: PostgreSQL, Redis, the system's files, logs. */
export const root = join(import.meta.dirname, '..');
export const faultsDir = join(root, '.data', 'faults');
export const reportFile = join(root, '.data', 'faults-report.json');
export const stackLogFile = join(faultsDir, 'stack.log');
/** FAULT_CRASH_DIR of the system under test: a file named after a service's schema crashes it after its next commit. */
export const crashDir = join(faultsDir, 'crash');

/**
 * Ports of this suite only (19000–19099, or FAULTS_PORT_BASE … +99), so it never meets another
 * engineer's stack, nor a second checkout's run of this suite on the same machine.
 */
const base = Number(process.env.FAULTS_PORT_BASE ?? 19000);
export const ports = {
  gateway: base + 80,
  identity: base + 1,
  orders: base + 2,
  inventory: base + 3,
  billing: base + 4,
  aiParser: base + 5,
  postgres: base + 10,
  redis: base + 11,
  control: base + 20,
  aiEndpoint: base + 30,
  webhookReceiver: base + 31,
  fatoora: base + 32,
  whatsapp: base + 33,
} as const;

export const OWNER = { username: 'owner', password: 'faults-owner-password' };

/** The EGS unit the suite onboards with the Fatoora simulator, and the simulator's OTP (its README). */
export const ZATCA_EGS_SERIAL = '1-GulfERP|2-1.0|3-faults';
export const ZATCA_SIMULATOR_OTP = '123345';
export const DATABASE = 'erp_faults';
export const REDIS_PREFIX = 'faults';

/** The ai-parser's whole-job limit in this suite (the default is 55 s). */
export const AI_JOB_TIMEOUT_MS = 5_000;
/** The gateway's wait for a service (its default), after which it answers 503. */
export const RPC_TIMEOUT_MS = 10_000;

/** The soak's length: SOAK_SECONDS, default 600 (10 minutes). */
export function soakSeconds(): number {
  const value = Number(process.env.SOAK_SECONDS ?? 600);
  if (!Number.isFinite(value) || value < 10) throw new Error(`SOAK_SECONDS must be a number of seconds >= 10`);
  return Math.round(value);
}

/** The services start.mjs supervises, by the entry in their command line. */
export const supervised = {
  identity: 'services/identity/dist/main.js',
  orders: 'services/orders/dist/main.js',
  inventory: 'services/inventory/dist/main.js',
  billing: 'services/billing/dist/main.js',
  'ai-parser': 'services/ai-parser/dist/main.js',
  gateway: 'gateway/dist/main.js',
} as const;

export type SupervisedName = keyof typeof supervised;

/** What global-setup hands every fault spec. */
export interface FaultsContext {
  baseUrl: string;
  databaseUrl: string;
  redisUrl: string;
  controlUrl: string;
  /** The pid of scripts/start.mjs: its children are the supervised processes. */
  startPid: number;
  apiKey: string;
  webhookEndpointId: string;
  items: SeededItem[];
}

export interface SeededItem {
  id: string;
  sku: string;
  name: string;
  unitPrice: string;
  /** What the receipts brought in. */
  received: number;
  /** Little stock on purpose: confirms of it can be refused for a shortage (a clear 409). */
  scarce: boolean;
}
