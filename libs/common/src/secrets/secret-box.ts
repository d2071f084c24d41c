import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Encrypts secrets at rest (AES-256-GCM): the ZATCA EGS unit's private key and CSID secrets, the
 * WhatsApp channel's access token and app secret. The key is an environment variable (32 bytes,
 * base64) when set, else one made on first use and kept in a file under ERP_DATA_DIR (mode 0600).
 * Stored values are `v1:<iv>:<tag>:<ciphertext>`.
 */
export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  /** `secretKey` is the value of the variable `keyVariable` (named in its error); unset, `keyFile`'s key. */
  static fromConfig(secretKey: string | undefined, keyFile: string, keyVariable = 'ZATCA_SECRET_KEY'): SecretBox {
    if (secretKey) return new SecretBox(decodeKey(secretKey, keyVariable));
    if (!existsSync(keyFile)) {
      mkdirSync(dirname(keyFile), { recursive: true });
      try {
        writeFileSync(keyFile, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error; // another process made it first
      }
    }
    return new SecretBox(decodeKey(readFileSync(keyFile, 'utf8').trim(), keyFile));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), sealed.toString('base64')].join(':');
  }

  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split(':');
    if (version !== 'v1' || !iv || !tag || !data) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
  }
}

function decodeKey(text: string, source: string): Buffer {
  const key = Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error(`${source} must be 32 bytes in base64 (openssl rand -base64 32)`);
  return key;
}
