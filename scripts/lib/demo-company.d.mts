// Types of demo-company.mjs for the TypeScript tests that import it.

export const DEMO_LOCK_KEY: number;

export interface DemoLog {
  (message: string): void;
  error?: (message: string) => void;
}

export interface DemoServiceAddress {
  host?: string;
  port: number;
}

export interface DemoOrderPlan {
  day: number;
  clientName: string;
  status: 'pending' | 'confirmed' | 'completed' | 'cancelled';
  /** A cancelled order that had been confirmed (took its stock, then gave it back). */
  confirmedFirst: boolean;
  createdAt: number;
  lines: Array<{ sku: string | null; itemName: string; quantity: number; unitPrice: number }>;
  rawOrderText?: string;
}

export interface DemoPlan {
  today: string;
  orders: DemoOrderPlan[];
  receipts: Array<{ day: number; supplierName: string; invoiceDate: string; lines: Array<{ sku: string }> }>;
  /** Each item's stock once everything is loaded, as the plan's model of FEFO computes it. */
  expected: Array<{ sku: string; quantity: number }>;
}

export interface DemoLoadResult {
  loaded: boolean;
  reason?: 'locked' | 'not-empty' | 'failed';
  error?: unknown;
  counts?: { items: number; clients: number; orders: number };
  /** Payments recorded and returns made, when billing's address was given (else null). */
  books?: { payments: number; returns: number } | null;
  seconds?: number;
  plan?: DemoPlan;
}

export function demoDataEnabled(value?: string): boolean;

export function businessDate(timeZone: string, at?: Date): string;

export function planDemoCompany(options: { today: string; now: number; timeZone: string }): DemoPlan;

export function loadDemoCompany(options: {
  /** The module of libs/contracts (its typed clients), or a function that imports it. */
  contracts: unknown;
  addresses: Record<'identity' | 'orders' | 'inventory', DemoServiceAddress> & { billing?: DemoServiceAddress };
  databaseUrl: string;
  timeZone?: string;
  log: DemoLog;
  now?: number;
}): Promise<DemoLoadResult>;

export function prepareDemoCompany(options: { root: string; databaseUrl: string; log: DemoLog }): Promise<{
  load(services: Array<{ name: string; port: number; portVariable: string }>): Promise<DemoLoadResult>;
} | null>;

export function waitForDemoCompany(databaseUrl: string, timeoutMs?: number): Promise<void>;
