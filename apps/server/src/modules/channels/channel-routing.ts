import type { RoutingRule } from '@livent/shared';
import ipaddr from 'ipaddr.js';

/** What the routing rules look at (ADR 018). */
export interface Viewer {
  /** The client address as the server sees it (behind TRUST_PROXY only). */
  ip: string;
  /** ISO 3166-1 alpha-2, upper case; undefined when unknown. */
  country: string | undefined;
  /** Primary language subtags, most preferred first (`acceptedLanguages` in lib/accept-language.ts). */
  languages: readonly string[];
}

type Network = [ipaddr.IPv4 | ipaddr.IPv6, number];

/**
 * The channel a first-time viewer is sent to: the first rule that matches, or undefined. Rules of
 * kind `language` match the viewer's most preferred language among those the rules name, so
 * that a browser preferring English over German follows the English rule even when the German
 * rule comes first.
 */
export function pickChannel(rules: readonly RoutingRule[], viewer: Viewer): string | undefined {
  const ruleLanguages = new Set(
    rules.filter((rule) => rule.kind === 'language').map((rule) => rule.value),
  );
  const language = viewer.languages.find((candidate) => ruleLanguages.has(candidate));
  const address = parseAddress(viewer.ip);
  for (const rule of rules) {
    if (rule.kind === 'ip' && address && inNetwork(address, rule.value)) return rule.channelId;
    if (rule.kind === 'country' && viewer.country === rule.value) return rule.channelId;
    if (rule.kind === 'language' && language === rule.value) return rule.channelId;
  }
  return undefined;
}

/** Whether any rule needs the viewer's country (the GeoIP lookup is skipped otherwise). */
export const needsCountry = (rules: readonly RoutingRule[]): boolean =>
  rules.some((rule) => rule.kind === 'country');

/** IPv4-mapped IPv6 addresses (`::ffff:192.0.2.1`) become the IPv4 address they carry. */
function parseAddress(value: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  try {
    return ipaddr.process(value);
  } catch {
    return undefined;
  }
}

/** An address or CIDR network of a rule, with IPv4-mapped IPv6 networks as IPv4 networks. */
function parseNetwork(value: string): Network | undefined {
  try {
    if (!value.includes('/')) {
      const address = ipaddr.process(value);
      return [address, address.kind() === 'ipv4' ? 32 : 128];
    }
    const [address, bits] = ipaddr.parseCIDR(value);
    if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
      return [(address as ipaddr.IPv6).toIPv4Address(), bits - 96];
    }
    return [address, bits];
  } catch {
    return undefined;
  }
}

function inNetwork(address: ipaddr.IPv4 | ipaddr.IPv6, value: string): boolean {
  const network = parseNetwork(value);
  if (!network || network[0].kind() !== address.kind()) return false;
  return address.match(network);
}
