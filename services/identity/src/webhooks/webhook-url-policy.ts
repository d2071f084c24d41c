import { AppException, WebhooksErrorCode, type WebhookUrlProblem } from '@erp/contracts';
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where webhooks may go (SSRF, docs/decisions/0010-webhooks.md): https to a public address.
 * With WEBHOOK_ALLOW_HTTP (local receivers and tests), also http, and only to this machine.
 */
export interface WebhookUrlPolicy {
  allowLoopbackHttp: boolean;
}

/** Never reached over IPv4: private, link-local (cloud metadata), shared, reserved and multicast ranges. */
const neverReached = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  neverReached.addSubnet(network, prefix, 'ipv4');
}

/**
 * IPv6 is reached only at global unicast addresses (2000::/3), and not at the ranges inside it
 * that carry an IPv4 address to somewhere else: 6to4 (2002::/16, whose embedded address may be
 * private), Teredo (2001::/32), ORCHID and documentation. Everything outside 2000::/3 is refused
 * by default: NAT64 (64:ff9b::/96), IPv4-compatible (::7f00:1), site-local (fec0::/10),
 * unique-local, link-local, multicast. IPv4-mapped addresses are judged as the IPv4 they map.
 */
const ipv6GlobalUnicast = new BlockList();
ipv6GlobalUnicast.addSubnet('2000::', 3, 'ipv6');
const ipv6Tunnels = new BlockList();
for (const [network, prefix] of [
  ['2002::', 16],
  ['2001::', 32],
  ['2001:10::', 28],
  ['2001:20::', 28],
  ['2001:db8::', 32],
] as const) {
  ipv6Tunnels.addSubnet(network, prefix, 'ipv6');
}
const ipv4Mapped = new BlockList();
ipv4Mapped.addSubnet('::ffff:0:0', 96, 'ipv6');

/** This machine: reached only when WEBHOOK_ALLOW_HTTP is set. */
const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

function family(address: string): 'ipv4' | 'ipv6' | null {
  const version = isIP(address);
  return version === 4 ? 'ipv4' : version === 6 ? 'ipv6' : null;
}

export function isLoopbackAddress(address: string): boolean {
  const type = family(address);
  return type !== null && loopback.check(address, type);
}

/** Whether a delivery may connect to this IP address (IPv4-mapped IPv6 addresses count as their IPv4). */
export function isAllowedAddress(address: string, policy: WebhookUrlPolicy): boolean {
  const type = family(address);
  if (type === null) return false;
  if (loopback.check(address, type)) return policy.allowLoopbackHttp;
  if (type === 'ipv6' && !ipv4Mapped.check(address, 'ipv6')) {
    return ipv6GlobalUnicast.check(address, 'ipv6') && !ipv6Tunnels.check(address, 'ipv6');
  }
  return !neverReached.check(address, type);
}

function isLoopbackName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/** The hostname of a URL without IPv6 brackets. */
export function bareHostname(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

function refuse(problem: WebhookUrlProblem, message: string): never {
  throw new AppException(WebhooksErrorCode.UrlNotAllowed, message, {
    field: 'url',
    problem,
    fields: [{ field: 'url', messages: [message] }],
  });
}

/**
 * Checks a URL being registered and answers it normalised. Names are resolved only when a
 * delivery connects (see guardedLookup), so a name that points somewhere private later is still
 * refused then; here only what the URL itself says is judged.
 */
export function checkEndpointUrl(raw: string, policy: WebhookUrlPolicy): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse('invalid', 'url must be an absolute https:// URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') refuse('scheme', 'url must start with https://');
  if (url.username || url.password) refuse('credentials', 'url must not contain a user name or password');
  const host = bareHostname(url);
  if (!host) refuse('invalid', 'url must name a host');
  const literal = family(host) !== null;
  const local = literal ? isLoopbackAddress(host) : isLoopbackName(host);
  if (url.protocol === 'http:' && !(policy.allowLoopbackHttp && local)) {
    refuse('scheme', 'url must start with https://');
  }
  if (local && !policy.allowLoopbackHttp) refuse('host', 'url must not point at this server');
  if (literal && !isAllowedAddress(host, policy)) {
    refuse('host', 'url must not point at a private, link-local or reserved address');
  }
  url.hash = '';
  return url.href;
}

/** The refusal of an address while connecting: not worth retrying until the DNS answer changes. */
export class WebhookAddressRefused extends Error {
  constructor(
    readonly hostname: string,
    readonly address: string,
  ) {
    super(`${hostname} resolves to ${address}, a private, loopback or reserved address: not allowed`);
    this.name = 'WebhookAddressRefused';
  }
}

/**
 * A DNS lookup for http(s).request that refuses a name with any address the policy does not
 * allow. The connection is made to the address checked here, so a name cannot be re-pointed
 * between the check and the connect (DNS rebinding).
 */
export function guardedLookup(policy: WebhookUrlPolicy, resolve: ResolveAll = resolveAll): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, options.family, (error, resolved) => {
      if (error) {
        callback(error, '');
        return;
      }
      const refused = resolved.find((entry) => !isAllowedAddress(entry.address, policy));
      if (refused || resolved.length === 0) {
        callback(new WebhookAddressRefused(hostname, refused?.address ?? 'no address'), '');
        return;
      }
      if (options.all) callback(null, resolved);
      else callback(null, resolved[0]!.address, resolved[0]!.family);
    });
  };
}

/** Every address of a name (the system resolver, as http.request would use it). */
export type ResolveAll = (
  hostname: string,
  family: LookupOptions['family'],
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const resolveAll: ResolveAll = (hostname, family, callback) => {
  dnsLookup(hostname, { all: true, family: family ?? 0 }, callback);
};
