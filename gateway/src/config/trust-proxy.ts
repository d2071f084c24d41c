import { isIP } from 'node:net';

/**
 * Which reverse proxies the gateway believes about the client's address and scheme
 * (X-Forwarded-For / -Proto / -Host): none, the last N hops, or the proxies at these addresses.
 * Never "every hop": the left of X-Forwarded-For is whatever the client wrote there.
 */
export type TrustProxy = false | number | string[];

const cidr = /^(?<address>[^/]+)(?:\/(?<bits>\d{1,3}))?$/;

/** One listed proxy: an IPv4/IPv6 address or CIDR range. */
function isAddressOrRange(entry: string): boolean {
  const match = cidr.exec(entry);
  const version = match ? isIP(match.groups!.address!) : 0;
  if (version === 0) return false;
  const bits = match!.groups!.bits;
  return bits === undefined || Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY as written in the environment: `false`/`0` (default), a number of proxies in front
 * (`1` for one nginx or Caddy), or a comma-separated list of their addresses or ranges. `true`
 * is read as 1, the one proxy docs/deploy.md sets up. Anything else is left as it is, for the
 * validator to refuse with a message.
 */
export function parseTrustProxy(raw: unknown): unknown {
  if (raw === false || raw === undefined) return false;
  if (typeof raw === 'number') return raw === 0 ? false : raw;
  const text = String(raw).trim().toLowerCase();
  if (['', 'false', 'no', '0'].includes(text)) return false;
  if (['true', 'yes'].includes(text)) return 1;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  return entries.every(isAddressOrRange) ? entries : raw;
}

export function isTrustProxy(value: unknown): value is TrustProxy {
  if (value === false) return true;
  if (typeof value === 'number') return Number.isInteger(value) && value >= 1 && value <= 10;
  return Array.isArray(value) && value.length > 0 && value.every((entry) => typeof entry === 'string');
}

/** The form Fastify takes: a hop count becomes "trust the nearest N hops", as proxy-addr reads a number. */
export function fastifyTrustProxy(value: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address: string, hop: number) => hop < value;
  return value;
}
