import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which addresses the server's outbound requests may connect to (ADR 041): public unicast only,
 * unless the operator's allow-list (`OUTBOUND_ALLOW`) admits an address or a host name. Ranges
 * come from ipaddr.js's `range()`, never hand-written masks.
 */

/** The operator's exceptions: networks (CIDRs) and exact host names, lowercased. */
export interface OutboundAllowList {
  networks: [ipaddr.IPv4 | ipaddr.IPv6, number][];
  hosts: string[];
}

export const NOTHING_ALLOWED: OutboundAllowList = { networks: [], hosts: [] };

const HOSTNAME =
  /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?)*$/;

/**
 * Parses `OUTBOUND_ALLOW`: comma-separated CIDRs (`10.0.0.0/8`), single addresses (`127.0.0.1`,
 * `::1`) and host names (`idp.internal`). Answers the entries it did not understand as `invalid`.
 */
export function parseOutboundAllowList(value: string): {
  allow: OutboundAllowList;
  invalid: string[];
} {
  const allow: OutboundAllowList = { networks: [], hosts: [] };
  const invalid: string[] = [];
  for (const entry of value
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean)) {
    const [address = '', bits] = entry.split('/', 2);
    if (isIP(address) !== 0) {
      try {
        allow.networks.push(
          bits === undefined ? singleAddress(address) : ipaddr.parseCIDR(`${address}/${bits}`),
        );
      } catch {
        invalid.push(entry);
      }
    } else if (bits === undefined && HOSTNAME.test(entry)) {
      allow.hosts.push(entry);
    } else {
      invalid.push(entry);
    }
  }
  return { allow, invalid };
}

function singleAddress(address: string): [ipaddr.IPv4 | ipaddr.IPv6, number] {
  const parsed = ipaddr.parse(address);
  return [parsed, parsed.kind() === 'ipv4' ? 32 : 128];
}

/** The IPv4 address that an IPv6 form carries (mapped, SIIT, NAT64, 6to4), if it is one. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const bytes = address.toByteArray();
  switch (address.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
    case 'rfc6052':
      return new ipaddr.IPv4(bytes.slice(12, 16));
    case '6to4':
      return new ipaddr.IPv4(bytes.slice(2, 6));
    default:
      return undefined;
  }
}

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * Whether an address is public unicast: not loopback, private, link-local, unique-local,
 * shared-carrier, unspecified, multicast, broadcast, documentation or otherwise reserved. An IPv6
 * form that carries an IPv4 address is judged by that address.
 */
export function isPublicAddress(address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  if (address.kind() === 'ipv4') return address.range() === 'unicast';
  const v6 = address as ipaddr.IPv6;
  const v4 = embeddedIPv4(v6);
  if (v4) return isPublicAddress(v4);
  return v6.range() === 'unicast' && v6.match(GLOBAL_UNICAST_V6);
}

/** Parses an address as a URL or a resolver gives it (`[::1]` brackets and zone ids allowed). */
export function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  const bare = text.replace(/^\[(.*)\]$/, '$1');
  if (isIP(bare.replace(/%.*$/, '')) === 0) return undefined;
  try {
    return ipaddr.process(bare.replace(/%.*$/, ''));
  } catch {
    return undefined;
  }
}

/**
 * Whether a connection to `address` may be made for a request to `hostname`: a public address,
 * or one the allow-list admits by network or by the host name asked for.
 */
export function isAllowedAddress(
  address: string,
  hostname: string,
  allow: OutboundAllowList,
): boolean {
  const parsed = parseAddress(address);
  if (!parsed) return false;
  if (isPublicAddress(parsed)) return true;
  if (allow.hosts.includes(hostname.toLowerCase().replace(/\.$/, ''))) return true;
  // ipaddr.process turned a mapped ::ffff:a.b.c.d into IPv4 already; match each kind with its own.
  return allow.networks.some(
    ([network, bits]) => network.kind() === parsed.kind() && parsed.match(network, bits),
  );
}

/**
 * Whether a URL's host names an internal address outright (an IP literal that is not public, or
 * `localhost`), without resolving it: what saving a setting can refuse at once. Names are checked
 * again when the request connects.
 */
export function namesInternalAddress(url: URL, allow: OutboundAllowList): boolean {
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) {
    return !isAllowedAddress('127.0.0.1', host, allow);
  }
  return parseAddress(host) !== undefined && !isAllowedAddress(host, host, allow);
}
