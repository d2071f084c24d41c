import { ConfigError } from '../config/load-config.js';

/** Runs the config loader; on a bad environment prints one line naming the values and exits 1. */
export function exitOnConfigError<T>(app: string, load: () => T): T {
  try {
    return load();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`[${app}] ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
