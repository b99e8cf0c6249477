import { getServers, type CaaRecord } from 'node:dns';
import type { Answer, RecordType } from 'dns-packet';
import { DnsExchangeError, exchange, parseDnsServer, type DnsServer } from './dns-exchange.js';

export interface DnsLookupOptions {
  /** `address` or `address:port`; undefined: the system's resolvers. */
  servers?: string[];
  /** Per query and try. */
  timeoutMs: number;
  /** Tries of each server before a query fails. */
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

/**
 * The one DNS resolver of the server (docs/decisions/030-custom-domains.md, 042): it asks the
 * configured servers, or the system's, itself, each `tries` times with a timeout, so that it sees
 * the owner name of every record. Only records of the name asked or of a name its CNAME chain
 * leads to count (see {@link recordsFor}): node's resolver (c-ares) takes every record of the
 * type in an answer, whoever it belongs to. An empty answer (NXDOMAIN, or no such record) is an
 * empty list; a timeout or a server failure is a {@link DnsLookupError}, so that a check can tell
 * "not set" from "could not ask".
 */
export class DnsLookup {
  private readonly servers: DnsServer[];
  private cancelled = new AbortController();

  constructor(private readonly options: DnsLookupOptions) {
    this.servers = (options.servers ?? getServers()).map(parseDnsServer);
  }

  /** CNAME targets along the name's chain, lower-case and without a trailing dot. */
  async cname(name: string): Promise<string[]> {
    return (await this.ask(name, 'CNAME')).map((record) => normalizeName(dataOf(record) as string));
  }

  /** IPv4 and IPv6 addresses. */
  async addresses(name: string): Promise<string[]> {
    const v4 = await this.ask(name, 'A');
    const v6 = await this.ask(name, 'AAAA');
    return [...v4, ...v6].map((record) => dataOf(record) as string);
  }

  /** TXT records, each with its strings joined (a long value is split into 255-byte strings). */
  async txt(name: string): Promise<string[]> {
    return (await this.ask(name, 'TXT')).map((record) => {
      const data = dataOf(record) as Buffer | string | (Buffer | string)[];
      return (Array.isArray(data) ? data : [data]).map((chunk) => chunk.toString()).join('');
    });
  }

  /** CAA records in node's shape: `critical` (the flags) and the tag as the value's key. */
  async caa(name: string): Promise<CaaRecord[]> {
    return (await this.ask(name, 'CAA')).map((record) => {
      const data = dataOf(record) as { flags?: number; tag: string; value: string };
      return { critical: data.flags ?? 0, [data.tag]: data.value } as CaaRecord;
    });
  }

  /** Stops the queries in flight (they fail with ECANCELLED). */
  cancel(): void {
    this.cancelled.abort();
    this.cancelled = new AbortController();
  }

  private async ask(name: string, type: RecordType): Promise<Answer[]> {
    const query = `${type} ${name}`;
    const signal = this.cancelled.signal;
    let failure: DnsLookupError | undefined;
    for (let attempt = 0; attempt < this.options.tries; attempt += 1) {
      for (const server of this.servers) {
        try {
          const response = await exchange(server, name, type, this.options.timeoutMs, signal);
          const rcode = response.rcode ?? 'NOERROR';
          if (rcode === 'NXDOMAIN') return [];
          if (rcode === 'NOERROR') return recordsFor(name, type, response.answers ?? []);
          // SERVFAIL, REFUSED…: another server (or try) may answer.
          failure = new DnsLookupError('lookup_failed', `E${rcode}`, query);
        } catch (error) {
          if (!(error instanceof DnsExchangeError)) {
            failure = new DnsLookupError('lookup_failed', errorCode(error), query);
            continue;
          }
          if (error.code === 'ECANCELLED')
            throw new DnsLookupError('lookup_failed', error.code, query);
          // A server that failed outright says more than one that was silent.
          failure ??= new DnsLookupError(
            error.code === 'ETIMEOUT' ? 'timeout' : 'lookup_failed',
            error.code,
            query,
          );
        }
      }
    }
    throw failure ?? new DnsLookupError('lookup_failed', 'ENOSERVERS', query);
  }
}

/**
 * The records of `type` that answer `name`: those owned by the name itself or by a name its
 * CNAME chain (within the answer) leads to. Records of any other owner name are ignored, so that a
 * server (or whoever forged its reply) cannot make a name look as if it pointed at us by adding
 * records of another name to the answer.
 */
export function recordsFor(name: string, type: RecordType, answers: readonly Answer[]): Answer[] {
  const chain = new Set([normalizeName(name)]);
  for (let grew = true; grew;) {
    grew = false;
    for (const record of answers) {
      if (record.type !== 'CNAME' || !chain.has(normalizeName(record.name))) continue;
      const next = normalizeName(record.data);
      if (!chain.has(next)) {
        chain.add(next);
        grew = true;
      }
    }
  }
  return answers.filter((record) => record.type === type && chain.has(normalizeName(record.name)));
}

/** A record's data (every type asked here has some; only EDNS's OPT pseudo-record has none). */
const dataOf = (record: Answer): unknown => ('data' in record ? record.data : undefined);

const errorCode = (error: unknown): string => (error as NodeJS.ErrnoException).code ?? 'UNKNOWN';

export const normalizeName = (name: string): string => name.toLowerCase().replace(/\.$/, '');
