import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { DnsLookup } from '../../lib/dns/resolver.js';
import type { LimitRule, RateLimiter } from '../../lib/rate-limiter.js';
import { DOMAIN_CHECKS_PER_MINUTE } from '@livent/shared';
import { DomainTable } from './domain-table.js';
import {
  DEFAULT_DOMAINS_WORKER_OPTIONS,
  DomainsWorker,
  type DomainsWorkerOptions,
} from './domains-worker.js';
import { DomainsService } from './domains.service.js';
import type { AuditLog } from '../audit/index.js';

/** The parts of the custom domains module (ADR 030). */
export interface Domains {
  service: DomainsService;
  /** The active domains in memory: host routing, `fullUrl`, Caddy's `ask`. */
  table: DomainTable;
  worker: DomainsWorker;
}

export interface DomainsOptions {
  db: Kysely<Database>;
  config: Config;
  now: Clock;
  log: FastifyBaseLogger;
  limiter: RateLimiter;
  worker?: Partial<DomainsWorkerOptions>;
  audit: AuditLog;
  /** How often the table is read again (other instances' changes); default 5 s. */
  tableRefreshMs?: number;
}

export const DOMAIN_CHECK_LIMIT: LimitRule = {
  name: 'domain-check:account',
  max: DOMAIN_CHECKS_PER_MINUTE,
  windowMs: 60_000,
};

export function createDomains(options: DomainsOptions): Domains {
  const { db, config, now, log } = options;
  const dns = new DnsLookup({
    servers: config.domains.dnsServers,
    timeoutMs: config.domains.dnsTimeoutMs,
    tries: 2,
  });
  const table = new DomainTable(db, now, log, { refreshMs: options.tableRefreshMs ?? 5_000 });
  const service = new DomainsService({
    db,
    dialect: config.dialect,
    now,
    log,
    dns,
    table,
    limiter: options.limiter,
    checkLimit: DOMAIN_CHECK_LIMIT,
    target: config.domains.target,
    caaIssuers: config.domains.caaIssuers,
    audit: options.audit,
    ownHosts: [
      new URL(config.publicUrl).hostname,
      new URL(config.eventsUrl).hostname,
      config.domains.target,
    ],
  });
  const worker = new DomainsWorker(db, service, now, log, {
    ...DEFAULT_DOMAINS_WORKER_OPTIONS,
    ...options.worker,
  });
  return { service, table, worker };
}
