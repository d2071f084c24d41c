import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isSignedBy, signatureOf } from './signature.js';

describe('X-Hub-Signature-256', () => {
  const body = '{"object":"whatsapp_business_account","entry":[{"id":"1","changes":[]}]}';
  const secret = '3f1c2b0a9d8e7f6a5b4c3d2e1f0a9b8c';

  it('is the hex HMAC-SHA256 of the raw body with the app secret', () => {
    expect(signatureOf(body, secret)).toBe(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`);
  });

  it('accepts the app secret’s signature (in either case) and refuses any other', () => {
    const good = signatureOf(body, secret);
    expect(isSignedBy(body, good, secret)).toBe(true);
    expect(isSignedBy(body, good.toUpperCase().replace('SHA256=', 'sha256='), secret)).toBe(true);
    expect(isSignedBy(body, signatureOf(body, 'another secret'), secret)).toBe(false);
    expect(isSignedBy(`${body} `, good, secret)).toBe(false);
    expect(isSignedBy(body, null, secret)).toBe(false);
    expect(isSignedBy(body, 'sha256=abc', secret)).toBe(false);
    expect(isSignedBy(body, good.replace('sha256=', 'sha1='), secret)).toBe(false);
  });

  it('signs the bytes of non-ASCII bodies as UTF-8', () => {
    const arabic = '{"text":"حليب المراعي"}';
    const bytes = Buffer.from(arabic, 'utf8');
    expect(isSignedBy(arabic, `sha256=${createHmac('sha256', secret).update(bytes).digest('hex')}`, secret)).toBe(true);
  });
});
