import type { CaaRecord } from 'node:dns';
import { Resolver } from 'node:dns/promises';

export interface DnsLookupOptions {
  /** `address` or `address:port`; undefined: the system's resolvers. */
  servers?: string[];
  /** Per query and try (node's `timeout`). */
  timeoutMs: number;
  /** Tries per query before it fails (node's `tries`). */
  tries: number;
}

/** Why a query could not be answered: no answer in time, or the server failed or refused. */
export class DnsLookupError extends Error {
  constructor(
    readonly kind: 'timeout' | 'lookup_failed',
    readonly code: string,
    readonly query: string,
  ) {
    super(`DNS ${query}: ${code}`);
    this.name = 'DnsLookupError';
  }
}

/** The answers "this name has no such record" (NODATA) and "no such name" (NXDOMAIN). */
const EMPTY_ANSWER = new Set(['ENODATA', 'ENOTFOUND']);

/**
 * The one DNS resolver of the server (docs/decisions/030-custom-domains.md): node's c-ares
 * `Resolver` with a timeout and a number of tries, against the configured servers or the
 * system's. An empty answer is an empty list; a timeout or a server failure is a
 * {@link DnsLookupError}, so that a check can tell "not set" from "could not ask".
 */
export class DnsLookup {
  private readonly resolver: Resolver;

  constructor(options: DnsLookupOptions) {
    this.resolver = new Resolver({ timeout: options.timeoutMs, tries: options.tries });
    if (options.servers) this.resolver.setServers(options.servers);
  }

  /** CNAME targets, lower-case and without a trailing dot. */
  cname(name: string): Promise<string[]> {
    return this.ask(`CNAME ${name}`, async () =>
      (await this.resolver.resolveCname(name)).map(normalizeName),
    );
  }

  /** IPv4 and IPv6 addresses. */
  async addresses(name: string): Promise<string[]> {
    const v4 = await this.ask(`A ${name}`, () => this.resolver.resolve4(name));
    const v6 = await this.ask(`AAAA ${name}`, () => this.resolver.resolve6(name));
    return [...v4, ...v6];
  }

  /** TXT records, each with its strings joined (a long value is split into 255-byte strings). */
  txt(name: string): Promise<string[]> {
    return this.ask(`TXT ${name}`, async () =>
      (await this.resolver.resolveTxt(name)).map((chunks) => chunks.join('')),
    );
  }

  caa(name: string): Promise<CaaRecord[]> {
    return this.ask(`CAA ${name}`, () => this.resolver.resolveCaa(name));
  }

  /** Stops the queries in flight (they fail with ECANCELLED). */
  cancel(): void {
    this.resolver.cancel();
  }

  private async ask<T>(query: string, run: () => Promise<T[]>): Promise<T[]> {
    try {
      return await run();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'UNKNOWN';
      if (EMPTY_ANSWER.has(code)) return [];
      throw new DnsLookupError(code === 'ETIMEOUT' ? 'timeout' : 'lookup_failed', code, query);
    }
  }
}

export const normalizeName = (name: string): string => name.toLowerCase().replace(/\.$/, '');
