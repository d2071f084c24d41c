import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.js';

describe('SecretBox', () => {
  const folders: string[] = [];
  const folder = () => {
    const made = mkdtempSync(join(tmpdir(), 'secret-box-'));
    folders.push(made);
    return made;
  };
  afterEach(() => folders.splice(0).forEach((made) => rmSync(made, { recursive: true, force: true })));

  it('seals so that the text is not readable, and opens it again with the same key file', () => {
    const keyFile = join(folder(), 'zatca-secret.key');
    const sealed = SecretBox.fromConfig(undefined, keyFile).seal('-----BEGIN EC PRIVATE KEY-----abc');
    expect(sealed).not.toContain('PRIVATE');
    expect(SecretBox.fromConfig(undefined, keyFile).open(sealed)).toBe('-----BEGIN EC PRIVATE KEY-----abc');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
  });

  it('refuses a changed ciphertext and another key', () => {
    const box = SecretBox.fromConfig(undefined, join(folder(), 'key'));
    const sealed = box.seal('secret');
    const parts = sealed.split(':');
    parts[3] = Buffer.from('other!').toString('base64');
    expect(() => box.open(parts.join(':'))).toThrow();
    expect(() => SecretBox.fromConfig(undefined, join(folder(), 'key')).open(sealed)).toThrow();
  });

  it('takes ZATCA_SECRET_KEY when set, and refuses one of the wrong length', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    const keyFile = join(folder(), 'unused');
    const sealed = SecretBox.fromConfig(key, keyFile).seal('x');
    expect(SecretBox.fromConfig(key, keyFile).open(sealed)).toBe('x');
    expect(() => readFileSync(keyFile)).toThrow();
    expect(() => SecretBox.fromConfig('c2hvcnQ=', keyFile)).toThrow(/32 bytes/);
  });
});
