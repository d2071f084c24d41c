import { AppException } from '@erp/contracts';
import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { webhookSignature } from './webhook-sender.js';
import {
  checkEndpointUrl,
  guardedLookup,
  isAllowedAddress,
  WebhookAddressRefused,
  type ResolveAll,
  type WebhookUrlPolicy,
} from './webhook-url-policy.js';

const strict: WebhookUrlPolicy = { allowLoopbackHttp: false };
const local: WebhookUrlPolicy = { allowLoopbackHttp: true };

function problemOf(url: string, policy: WebhookUrlPolicy): string | null {
  try {
    checkEndpointUrl(url, policy);
    return null;
  } catch (error) {
    if (!(error instanceof AppException)) throw error;
    expect(error.code).toBe('WEBHOOKS_URL_NOT_ALLOWED');
    expect(error.status).toBe(400);
    return (error.details as { problem: string }).problem;
  }
}

/** A resolver answering fixed addresses, as DNS would. */
function resolving(...addresses: string[]): ResolveAll {
  return (_hostname, _family, callback) =>
    callback(
      null,
      addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
}

function lookUp(
  policy: WebhookUrlPolicy,
  resolve: ResolveAll,
  all: boolean,
): Promise<{ error: Error | null; address: unknown }> {
  return new Promise((done) =>
    guardedLookup(policy, resolve)('partner.example.com', { all }, (error, address) => done({ error, address })),
  );
}

describe('checkEndpointUrl', () => {
  it('accepts https to a public host and answers the URL normalised, without a fragment', () => {
    expect(checkEndpointUrl('https://Partner.Example.com:8443/hooks/erp?x=1#top', strict)).toBe(
      'https://partner.example.com:8443/hooks/erp?x=1',
    );
    expect(checkEndpointUrl('https://203.0.113.10/hooks', strict)).toBe('https://203.0.113.10/hooks');
  });

  describe('without WEBHOOK_ALLOW_HTTP', () => {
    it.each([
      ['http://partner.example.com/hooks', 'scheme'],
      ['http://127.0.0.1:9000/hooks', 'scheme'],
      ['https://localhost/hooks', 'host'],
      ['https://api.localhost/hooks', 'host'],
      ['https://127.0.0.1/hooks', 'host'],
      ['https://[::1]/hooks', 'host'],
      ['https://10.0.0.8/hooks', 'host'],
      ['https://172.16.4.1/hooks', 'host'],
      ['https://192.168.0.1/hooks', 'host'],
      ['https://169.254.169.254/latest/meta-data', 'host'],
      ['https://100.64.0.1/hooks', 'host'],
      ['https://0.0.0.0/hooks', 'host'],
      ['https://[fc00::1]/hooks', 'host'],
      ['https://[fe80::1]/hooks', 'host'],
      ['https://[::ffff:192.168.0.1]/hooks', 'host'],
      // Other spellings of 127.0.0.1 that URL parsing normalises.
      ['https://2130706433/hooks', 'host'],
      ['https://0x7f.1/hooks', 'host'],
      ['ftp://partner.example.com/hooks', 'scheme'],
      ['javascript:alert(1)', 'scheme'],
      ['https://user:pass@partner.example.com/hooks', 'credentials'],
      ['not a url', 'invalid'],
    ])('refuses %s (%s)', (url, problem) => {
      expect(problemOf(url, strict)).toBe(problem);
    });
  });

  describe('with WEBHOOK_ALLOW_HTTP', () => {
    it('accepts http and https to this machine only', () => {
      expect(problemOf('http://127.0.0.1:9000/hooks', local)).toBeNull();
      expect(problemOf('http://localhost:9000/hooks', local)).toBeNull();
      expect(problemOf('http://[::1]:9000/hooks', local)).toBeNull();
      expect(problemOf('https://localhost/hooks', local)).toBeNull();
      expect(problemOf('http://partner.example.com/hooks', local)).toBe('scheme');
      expect(problemOf('http://10.0.0.8/hooks', local)).toBe('scheme');
    });

    it('still refuses private and link-local addresses', () => {
      expect(problemOf('https://10.0.0.8/hooks', local)).toBe('host');
      expect(problemOf('https://169.254.169.254/', local)).toBe('host');
      expect(problemOf('https://[fd00::5]/', local)).toBe('host');
    });
  });
});

describe('isAllowedAddress', () => {
  it('allows public addresses and refuses private ones, IPv4-mapped IPv6 included', () => {
    expect(isAllowedAddress('93.184.216.34', strict)).toBe(true);
    expect(isAllowedAddress('2606:2800:220:1::1', strict)).toBe(true);
    expect(isAllowedAddress('172.31.255.255', strict)).toBe(false);
    expect(isAllowedAddress('172.32.0.1', strict)).toBe(true);
    expect(isAllowedAddress('::ffff:10.1.1.1', strict)).toBe(false);
    expect(isAllowedAddress('127.0.0.1', strict)).toBe(false);
    expect(isAllowedAddress('127.0.0.1', local)).toBe(true);
    expect(isAllowedAddress('not-an-ip', local)).toBe(false);
  });

  it('reaches IPv6 at global unicast addresses only, never through a transition range to an IPv4 address', () => {
    for (const address of [
      '::7f00:1', // IPv4-compatible 127.0.0.1
      '::a00:1', // IPv4-compatible 10.0.0.1
      '2002:c0a8:101::1', // 6to4 of 192.168.1.1
      '2002:7f00:1::1', // 6to4 of 127.0.0.1
      '2002:5db8:d822::1', // 6to4, even of a public address: a relay decides where it goes
      '64:ff9b::a00:1', // NAT64 of 10.0.0.1
      '64:ff9b::7f00:1', // NAT64 of 127.0.0.1
      '64:ff9b:1::a00:1', // local-use NAT64
      'fec0::1', // site-local
      'fd12:3456::1', // unique local
      '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo
      '2001:db8::1', // documentation
      '100::1', // discard-only
      '::ffff:7f00:1', // IPv4-mapped 127.0.0.1
      '::ffff:169.254.169.254', // IPv4-mapped cloud metadata
      '::',
    ]) {
      expect(isAllowedAddress(address, strict), address).toBe(false);
    }
    expect(isAllowedAddress('2a00:1450:4001:80b::200e', strict)).toBe(true);
    expect(isAllowedAddress('::ffff:93.184.216.34', strict)).toBe(true);
    expect(isAllowedAddress('::1', local)).toBe(true);
    expect(isAllowedAddress('::ffff:127.0.0.1', local)).toBe(true);
    expect(isAllowedAddress('::7f00:1', local)).toBe(false);
  });
});

describe('guardedLookup', () => {
  it('answers the resolved addresses when every one is allowed, in both callback forms', async () => {
    expect(await lookUp(strict, resolving('93.184.216.34'), false)).toEqual({ error: null, address: '93.184.216.34' });
    expect(await lookUp(strict, resolving('93.184.216.34', '2606:2800:220:1::1'), true)).toEqual({
      error: null,
      address: [
        { address: '93.184.216.34', family: 4 },
        { address: '2606:2800:220:1::1', family: 6 },
      ],
    });
  });

  it('refuses a name with any private address (a name re-pointed at the internal network)', async () => {
    const { error } = await lookUp(strict, resolving('93.184.216.34', '10.0.0.5'), false);
    expect(error).toBeInstanceOf(WebhookAddressRefused);
    expect(error?.message).toContain('10.0.0.5');
    expect((await lookUp(strict, resolving('127.0.0.1'), true)).error).toBeInstanceOf(WebhookAddressRefused);
    expect((await lookUp(local, resolving('127.0.0.1'), true)).error).toBeNull();
  });

  it('passes resolver failures on', async () => {
    const failing: ResolveAll = (_hostname, _family, callback) =>
      callback(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }), []);
    expect((await lookUp(strict, failing, false)).error?.message).toBe('getaddrinfo ENOTFOUND');
  });
});

describe('webhookSignature', () => {
  it('is sha256= and the hex HMAC-SHA256 of "<timestamp>.<body>" with the secret', () => {
    // Computed independently: printf '1700000000.{"a":1}' | openssl dgst -sha256 -hmac whsec_test
    expect(webhookSignature('whsec_test', 1_700_000_000, '{"a":1}')).toBe(
      'sha256=38877139021993b830af32feea6e18a8da83eb2f6e49ee50bd9e4cf4ca4d3789',
    );
  });
});
