import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/** Names that always point inside: loopback, mDNS, cloud metadata, wildcard-DNS services. */
const INSIDE_NAMES =
  /(^|\.)(localhost|local|localdomain|internal|intranet|lan|home|corp|home\.arpa|nip\.io|sslip\.io|xip\.io|localtest\.me|lvh\.me)$/;
const GLOBAL_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * Whether an address is public (decision 039): IPv4 outside loopback, private, link-local, CGNAT,
 * multicast and reserved ranges; IPv6 global unicast only (IPv4-mapped, IPv4-compatible, NAT64,
 * 6to4, unique-local and link-local all refused, since each can lead back inside).
 */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  const addr = ipaddr.parse(ip);
  if (addr.kind() === 'ipv4') return addr.range() === 'unicast';
  return addr.range() === 'unicast' && addr.match(GLOBAL_V6);
}

export type Resolve = (hostname: string) => Promise<string[]>;
export const resolveAll: Resolve = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/**
 * What a push endpoint is (decision 039): `public`, an https URL on the default port whose name
 * resolves only to public addresses; `inside`, anything else that could lead into our network;
 * `unresolved`, a well-formed public-looking name that does not resolve right now (no DNS here,
 * or the name is gone). Nothing is ever sent to an endpoint that is not `public`.
 */
export type EndpointVerdict = 'public' | 'inside' | 'unresolved';

export async function checkPushEndpoint(
  endpoint: string,
  resolve: Resolve = resolveAll,
): Promise<EndpointVerdict> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'inside';
  }
  if (url.protocol !== 'https:' || (url.port !== '' && url.port !== '443')) return 'inside';
  if (url.username || url.password) return 'inside';
  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.+$/, '')
    .toLowerCase();
  if (!host) return 'inside';
  if (ipaddr.isValid(host)) return isPublicAddress(host) ? 'public' : 'inside';
  if (!host.includes('.') || INSIDE_NAMES.test(host)) return 'inside';
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    return 'unresolved';
  }
  if (addresses.length === 0) return 'unresolved';
  return addresses.every(isPublicAddress) ? 'public' : 'inside';
}

/** Checked when a browser subscribes and again before every send (DNS can change). */
export async function isAllowedPushEndpoint(
  endpoint: string,
  resolve: Resolve = resolveAll,
): Promise<boolean> {
  return (await checkPushEndpoint(endpoint, resolve)) === 'public';
}
