import { createRequire } from 'node:module';
import type { IncomingHttpHeaders } from 'node:http';

interface GeoIp {
  lookup(ip: string): { country: string } | null;
}

let geoip: GeoIp | undefined;

/**
 * The GeoLite2 country data of the `geoip-country` package (about 7 MB in memory), loaded on the
 * first lookup: a server whose events have no country rules never loads it.
 */
function database(): GeoIp {
  // A CommonJS package without types; `require` keeps its synchronous, in-memory lookups.
  geoip ??= createRequire(import.meta.url)('geoip-country') as GeoIp;
  return geoip;
}

const ISO_COUNTRY = /^[A-Z]{2}$/;

/** A viewer's request as far as the country lookup needs it. */
export interface CountrySource {
  ip: string;
  headers: IncomingHttpHeaders;
}

export type CountryLookup = (source: CountrySource) => string | undefined;

/**
 * The viewer's country (ISO 3166-1 alpha-2): from the trusted CDN header `countryHeader`
 * (COUNTRY_HEADER, lower case) when configured, otherwise from the address via GeoIP (ADR 018).
 * A configured header is the only source: a CDN that knows no country (Cloudflare's `XX`,
 * `T1`) means "unknown", never a second guess from the CDN's own address.
 */
export function createCountryLookup(countryHeader: string | undefined): CountryLookup {
  if (countryHeader) {
    return ({ headers }) => {
      const raw = headers[countryHeader];
      const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().toUpperCase();
      return value && ISO_COUNTRY.test(value) && value !== 'XX' ? value : undefined;
    };
  }
  return ({ ip }) => {
    const country = database().lookup(ip)?.country;
    return country && ISO_COUNTRY.test(country) ? country : undefined;
  };
}
