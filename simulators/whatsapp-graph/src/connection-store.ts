import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { newNumericId } from './ids.js';

/** The business number this simulator plays, and the secrets the ERP is set up with to reach it. */
export interface GraphConnection {
  /** 15 digits, as Meta's phone number ids. */
  phoneNumberId: string;
  /** As GET /{phone-number-id} shows it, e.g. `+966 11 000 0000`. */
  displayPhoneNumber: string;
  /** The bearer token every Graph request needs. */
  accessToken: string;
  /** Signs the webhook deliveries (X-Hub-Signature-256). */
  appSecret: string;
  /** What the ERP answers Meta's subscribe challenge with. */
  verifyToken: string;
}

const fields: readonly (keyof GraphConnection)[] = [
  'phoneNumberId',
  'displayPhoneNumber',
  'accessToken',
  'appSecret',
  'verifyToken',
];

/**
 * A new connection: random ids and secrets in the shapes Meta uses (a 15-digit number id, an
 * `EAA…` system user token, a 32-hex-character app secret).
 */
export function randomConnection(): GraphConnection {
  return {
    phoneNumberId: newNumericId(15),
    displayPhoneNumber: '+966 11 000 0000',
    accessToken: `EAA${randomBytes(96).toString('base64url').replace(/[-_]/g, '').slice(0, 120)}`,
    appSecret: randomBytes(16).toString('hex'),
    verifyToken: `wa-verify-${randomBytes(12).toString('hex')}`,
  };
}

/**
 * The connection kept in `<dataDir>/connection.json`: read when it is there, else made and
 * written (mode 600: it holds the token and the app secret). Without a dataDir, a fresh one.
 */
export async function loadConnection(dataDir: string | undefined): Promise<GraphConnection> {
  if (dataDir === undefined) return randomConnection();
  const file = join(dataDir, 'connection.json');
  let text: string | undefined;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (text === undefined) {
    const connection = randomConnection();
    await mkdir(dataDir, { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, `${JSON.stringify(connection, null, 2)}\n`, { mode: 0o600 });
    await rename(temporary, file);
    return connection;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not JSON (${(error as Error).message}); move it away to start afresh`, {
      cause: error,
    });
  }
  const record = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
  const missing = fields.filter((field) => typeof record[field] !== 'string' || record[field] === '');
  if (missing.length > 0 || !/^\d{5,20}$/.test(String(record.phoneNumberId))) {
    throw new Error(
      `${file} is not a connection of this simulator (${missing.length ? `no ${missing.join(', ')}` : 'phoneNumberId is not digits'}); move it away to start afresh`,
    );
  }
  return Object.fromEntries(fields.map((field) => [field, record[field]])) as unknown as GraphConnection;
}
