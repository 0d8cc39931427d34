import ipaddr from 'ipaddr.js';

/**
 * One spelling per address, so a budget keyed by address is one budget: an IPv4-mapped IPv6 address
 * (`::ffff:203.0.113.9`, what a dual-stack socket on `HOST=::` reports for an IPv4 visitor) is the IPv4
 * address, and IPv6 is written the one RFC 5952 way. Anything that is no address stays as it is.
 */
export function canonicalIp(ip: string): string {
  try {
    return ipaddr.process(ip).toString();
  } catch {
    return ip;
  }
}

/** Which proxies are believed: none, a hop count, or a list of addresses and CIDRs (and proxy-addr's names). */
export type TrustProxy = false | number | string[];

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function validEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  if (entry.includes('/')) {
    try {
      ipaddr.parseCIDR(entry);
      return true;
    } catch {
      return false;
    }
  }
  // Strict forms only: ipaddr.isValid would take "1" for 0.0.0.1, the very mistake a hop count invites.
  return ipaddr.IPv4.isValidFourPartDecimal(entry) || ipaddr.IPv6.isValid(entry);
}

/**
 * TRUST_PROXY: unset/`false` (believe no X-Forwarded-For), a hop count (`1` for one nginx in front) or a
 * comma-separated list of proxy addresses and CIDRs. `true` is refused: it would take the left-most
 * X-Forwarded-For entry, which the visitor writes, so every per-address limit could be dodged.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = (value ?? '').trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') {
    throw new Error(
      'TRUST_PROXY=true would believe whatever X-Forwarded-For a visitor sends. Set the number of proxies in front of the server (TRUST_PROXY=1 for one nginx or Caddy) or their addresses and CIDRs (TRUST_PROXY=10.0.0.2,10.1.0.0/16).',
    );
  }
  if (/^\d+$/.test(v)) return Number(v);
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = list.filter((entry) => !validEntry(entry));
  if (bad.length > 0) {
    throw new Error(`TRUST_PROXY must be a hop count or a list of proxy addresses and CIDRs; not understood: ${bad.join(', ')}`);
  }
  return list;
}

/**
 * Fastify's trustProxy option for the setting. A hop count becomes proxy-addr's own hop rule as a function
 * (Fastify 5 takes a bare number as "trust nothing"): the socket peer and the next hops-1 addresses are
 * proxies, so the client is the address right after them, counted from the right.
 */
export function fastifyTrustProxy(t: TrustProxy): false | string[] | ((addr: string, i: number) => boolean) {
  if (typeof t === 'number') {
    const hops = t;
    return hops === 0 ? false : (_addr: string, i: number) => i < hops;
  }
  return t;
}
