import type { RoutingRule } from '@livent/shared';
import ipaddr from 'ipaddr.js';

/** What the routing rules look at (ADR 018). */
export interface Viewer {
  /** The client address as the server sees it (behind TRUST_PROXY only). */
  ip: string;
  /** ISO 3166-1 alpha-2, upper case; undefined when unknown. */
  country: string | undefined;
  /** Primary language subtags, most preferred first (see {@link acceptedLanguages}). */
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

/** Accept-Language headers longer than this are cut (a header is a client's to make up). */
const ACCEPT_LANGUAGE_MAX_LENGTH = 512;

/**
 * The primary subtags of an Accept-Language header, most preferred first (by `q`, then by
 * position), without duplicates, wildcards and refused (`q=0`) languages:
 * `de-CH, en;q=0.8, de;q=0.9, *;q=0.1` → `['de', 'en']`.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  const ranked = header
    .slice(0, ACCEPT_LANGUAGE_MAX_LENGTH)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q\s*=(.*)$/i.exec(param)?.[1]).find(Boolean);
      // A malformed weight counts as a refusal rather than as the top preference.
      const quality = q === undefined ? 1 : /^\s*[01](\.\d{0,3})?\s*$/.test(q) ? Number(q) : 0;
      const primary = tag.trim().split('-')[0]?.toLowerCase() ?? '';
      return { primary, quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => /^[a-z]{2,3}$/.test(entry.primary) && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return [...new Set(ranked.map((entry) => entry.primary))];
}
