// Types of infra.mjs for the TypeScript tests that import it (faults/).

export interface InfraLog {
  (message: string): void;
  error?: (message: string) => void;
}

/** What an ensure* call found or started: its URL, and stop() for what this run started. */
export interface Started {
  url: string;
  stop(): Promise<void>;
}

export function portInUse(port: number, host?: string): Promise<boolean>;

export function ensurePostgres(options: {
  url?: string;
  dataDir: string;
  database?: string;
  port?: number;
  log: InfraLog;
  variable?: string;
}): Promise<Started>;

export function ensureRedis(options: {
  url?: string;
  dataDir: string;
  port?: number;
  log: InfraLog;
  variable?: string;
}): Promise<Started>;
