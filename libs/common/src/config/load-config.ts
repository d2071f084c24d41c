import { plainToInstance, Transform, type ClassConstructor } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { orderedMessages } from '../validation/validation.pipe.js';

/** Thrown when the environment does not make a valid configuration; its message is one line. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

/** Variables whose values are never repeated in a message or a log: keys, tokens, passwords, secrets. */
const secretName = /SECRET|PASSWORD|TOKEN|KEY|CREDENTIAL|OTP/i;

/** How a wrong value is shown back: not at all when secret, with a URL's password masked, else as given (shortened). */
function shownValue(name: string, raw: string): string {
  if (secretName.test(name)) return `a value of ${raw.length} characters, not shown`;
  let shown = raw;
  try {
    const url = new URL(raw);
    if (url.password) {
      url.password = '***';
      shown = url.href;
    }
  } catch {
    // not a URL: shown as it is
  }
  return `got "${shown.length > 80 ? `${shown.slice(0, 80)}…` : shown}"`;
}

function describe(error: ValidationError, env: NodeJS.ProcessEnv): string {
  // class-validator's messages start with the property name already; "not a number" beats "too big".
  const message = orderedMessages(error.constraints ?? {})[0] ?? `${error.property} is invalid`;
  const raw = env[error.property];
  const shown = raw === undefined || raw === '' ? 'missing' : shownValue(error.property, raw);
  return `${message} (${shown})`;
}

/**
 * Reads one app's configuration from the environment: the only place process.env is read.
 * Unknown variables are ignored; every declared one is validated, defaults applied by the class.
 */
export function loadConfig<T extends object>(type: ClassConstructor<T>, env: NodeJS.ProcessEnv = process.env): T {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const config = plainToInstance(type, present, { enableImplicitConversion: true, exposeDefaultValues: true });
  const errors = validateSync(config, { whitelist: false, forbidUnknownValues: true });
  if (errors.length > 0) throw new ConfigError(errors.map((error) => describe(error, env)));
  return config;
}

/** Environment booleans: "true"/"1"/"yes" and "false"/"0"/"no"; anything else is left for @IsBoolean to refuse. */
export const ToBoolean = (): PropertyDecorator =>
  Transform(({ obj, key }: { obj: Record<string, unknown>; key: string }) => {
    const raw = obj[key];
    if (typeof raw === 'boolean') return raw;
    const text = String(raw).trim().toLowerCase();
    if (['true', '1', 'yes'].includes(text)) return true;
    if (['false', '0', 'no'].includes(text)) return false;
    return raw;
  });
