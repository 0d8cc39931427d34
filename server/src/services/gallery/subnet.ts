import ipaddr from 'ipaddr.js';

/**
 * The network an address belongs to, as budgets count it: its /24 for IPv4, its /48 for IPv6 (one site's
 * allocation). An IPv4-mapped IPv6 address counts as IPv4. Something that is no address is its own subnet.
 */
export function subnetOf(ip: string): string {
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = ipaddr.process(ip);
  } catch {
    return ip;
  }
  if (addr.kind() === 'ipv4') {
    const [a, b, c] = (addr as ipaddr.IPv4).octets;
    return `${a}.${b}.${c}.0/24`;
  }
  const parts = (addr as ipaddr.IPv6).parts;
  return `${[parts[0], parts[1], parts[2]].map((p) => (p ?? 0).toString(16)).join(':')}::/48`;
}

/**
 * The "address" a per-address budget counts: the address itself for IPv4, its /64 for IPv6, since one
 * IPv6 host or home is handed a whole /64 and can draw fresh addresses from it at will.
 */
export function budgetAddressOf(ip: string): string {
  if (!ip.includes(':')) return ip; // IPv4 (already canonical from the request): no parse on the vote path
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = ipaddr.process(ip);
  } catch {
    return ip;
  }
  if (addr.kind() === 'ipv4') return addr.toString();
  const parts = (addr as ipaddr.IPv6).parts;
  return `${parts
    .slice(0, 4)
    .map((p) => (p ?? 0).toString(16))
    .join(':')}::/64`;
}
