import { createHmac, timingSafeEqual } from 'node:crypto';

/** `sha256=<hex>`: Meta's X-Hub-Signature-256 of a body with the app secret. */
export function signatureOf(body: string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(body, 'utf8').digest('hex')}`;
}

/** Whether `header` is the app secret's signature of `body`, compared in constant time. */
export function isSignedBy(body: string, header: string | null, appSecret: string): boolean {
  if (!header || !/^sha256=[0-9a-f]{64}$/i.test(header.trim())) return false;
  const expected = Buffer.from(signatureOf(body, appSecret), 'utf8');
  const given = Buffer.from(header.trim().toLowerCase(), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
