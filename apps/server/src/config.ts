import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { parseDatabaseUrl, type Dialect } from './db/database-url.js';
import { NEW_VIEWS_PER_ADDRESS } from './modules/stats/new-view-cap.js';
import {
  NOTHING_ALLOWED,
  parseOutboundAllowList,
  type OutboundAllowList,
} from './lib/outbound/address-policy.js';
import {
  ensurePrivateDirectory,
  makeFilesPrivate,
  PRIVATE_FILE_MODE,
} from './lib/private-files.js';

/** Every variable the server reads (README, "Configuration"); all optional. */
export const CONFIG_VARIABLES = [
  'PORT',
  'HOST',
  'DATABASE_URL',
  'PUBLIC_URL',
  'EVENTS_URL',
  'SMTP_URL',
  'MAIL_FROM',
  'SUPPORT_EMAIL',
  'APP_SECRET',
  'TRUST_PROXY',
  'LOG_LEVEL',
  'NODE_ENV',
  'RATE_LIMIT_MAX',
  'STATS_VIEWS_PER_ADDRESS',
  'SHUTDOWN_DRAIN_SECONDS',
  'WEB_DIST',
  'COUNTRY_HEADER',
  'LIVENT_DEV_TOOLS',
  'BILLING_PROVIDER',
  'BILLING_WEBHOOK_SECRETS',
  'PADDLE_API_URL',
  'PADDLE_API_KEY',
  'PADDLE_PRICE_IDS',
  'PLAN_TRIAL_DAYS',
  'PROMO_MESSAGE_EN',
  'PROMO_MESSAGE_DE',
  'DNS_SERVERS',
  'DNS_TIMEOUT_MS',
  'CUSTOM_DOMAIN_TARGET',
  'CUSTOM_DOMAIN_CAA_ISSUERS',
  'OUTBOUND_ALLOW',
] as const;
export type ConfigVariable = (typeof CONFIG_VARIABLES)[number];
export type ConfigEnv = Partial<Record<ConfigVariable, string | undefined>>;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * Which reverse proxies may set `X-Forwarded-*`: none (`false`), all (`true`), the first N hops,
 * or the listed addresses/CIDRs. The client IP is derived only from this (docs/architecture.md,
 * "Security requirements").
 */
export type TrustProxy = boolean | number | string[];

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  dialect: Dialect;
  /** The dashboard's origin, without a trailing slash; links in emails point here. */
  publicUrl: string;
  /** The public event pages' origin, without a trailing slash; never the dashboard's origin. */
  eventsUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where feedback is mailed. */
  supportEmail: string;
  appSecret: string;
  trustProxy: TrustProxy;
  logLevel: LogLevel;
  nodeEnv: string;
  /**
   * Development aids (the dev mailbox, one-time links in the log, pretty logs): only when a
   * developer's script asks for them with `LIVENT_DEV_TOOLS=1` (`npm run dev`, the test
   * harnesses), never because `NODE_ENV` is unset or says anything (ADR 019).
   */
  devTools: boolean;
  /** API requests per minute per client address. */
  rateLimitMax: number;
  /** New page views counted per client address and event in 10 minutes (ADR 045). */
  statsViewsPerAddress: number;
  /**
   * Seconds between SIGTERM and closing: readiness answers 503 while requests are still served,
   * so that a load balancer stops routing here first (docs/decisions/032-operations.md).
   */
  shutdownDrainSeconds: number;
  /** Absolute path of the built dashboard (Vite's `dist`). */
  webDist: string;
  /**
   * Lowercased name of a trusted CDN header carrying the viewer's ISO country (e.g.
   * `cf-ipcountry`); unset: the GeoIP database of `geoip-country` decides (ADR 018).
   */
  countryHeader: string | undefined;
  /** Absolute path of the directory that keeps generated state such as `app-secret`. */
  dataDir: string;
  /** How plans are paid for (ADR 028); undefined: checkout is not offered. */
  billing: BillingConfig | undefined;
  /** Days of the trial an account may start once from the plan page; 0: none offered (ADR 053). */
  planTrialDays: number;
  /** The promo banner's message per dashboard language; undefined: no promo (ADR 053). */
  promoMessages: { en: string | undefined; de: string | undefined };
  /** Custom domains' DNS checks and target (docs/decisions/030-custom-domains.md). */
  domains: DomainsConfig;
  /**
   * Internal networks and host names that outbound requests (single sign-on) may reach anyway,
   * such as an identity provider on a private network (docs/decisions/041-outbound-requests.md).
   */
  outboundAllow: OutboundAllowList;
}

export interface DomainsConfig {
  /** Resolvers as `address` or `address:port` (`[v6]:port`); undefined: the system's. */
  dnsServers: string[] | undefined;
  /** How long one DNS query may take before it is tried again (twice in all). */
  dnsTimeoutMs: number;
  /** The hostname custom domains point their CNAME at (default: the events origin's). */
  target: string;
  /** Certificate authorities a CAA record set must name for a domain to become active. */
  caaIssuers: string[];
}

/**
 * `paddle`: Paddle Billing with its API key, price ids and webhook secrets. `sandbox`: the local
 * stand-in, only with the development tools (it grants plans without payment).
 */
export type BillingConfig =
  | {
      provider: 'paddle';
      apiUrl: string;
      apiKey: string;
      /** `plan:interval` → price id. */
      priceIds: Record<string, string>;
      webhookSecrets: string[];
    }
  | { provider: 'sandbox'; webhookSecrets: string[] | undefined };

const PRICE_KEY = /^(professional|business):(month|year)$/;

export class ConfigError extends Error {
  constructor(readonly problems: ReadonlyArray<{ variable: string; message: string }>) {
    super(
      `Invalid configuration:\n${problems.map((p) => `  ${p.variable}: ${p.message}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

export const APP_SECRET_MIN_LENGTH = 32;
const APP_SECRET_FILE = 'app-secret';

// Both src/config.ts (tests, tsx) and dist/config.js sit one level below apps/server, so the
// same relative path reaches apps/web/dist from either.
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

const TRUST_PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Only the usual notations: ipaddr.js alone would also take shorthands such as `127.1`. */
const isPlainAddress = (value: string): boolean =>
  ipaddr.IPv4.isValidFourPartDecimal(value) || ipaddr.IPv6.isValid(value);

/** A DNS server: an address, optionally with a port (`1.1.1.1:53`, `[2606:4700::1111]:53`). */
function isDnsServer(value: string): boolean {
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(value);
  if (bracketed) return ipaddr.IPv6.isValid(bracketed[1]!) && portOk(bracketed[2]);
  if (ipaddr.IPv6.isValid(value)) return true;
  const [address = '', port, ...rest] = value.split(':');
  return rest.length === 0 && ipaddr.IPv4.isValidFourPartDecimal(address) && portOk(port);
}

const portOk = (port: string | undefined): boolean =>
  port === undefined || (/^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65535);

/** A comma-separated list, entries trimmed, empty ones dropped. */
const commaList = (value: string): string[] =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

const HOSTNAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

function isAddressOrCidr(value: string): boolean {
  if (TRUST_PROXY_NAMES.has(value)) return true;
  const slash = value.indexOf('/');
  if (slash === -1) return isPlainAddress(value);
  if (!isPlainAddress(value.slice(0, slash))) return false;
  try {
    ipaddr.parseCIDR(value);
    return true;
  } catch {
    return false;
  }
}

function parseOutboundAllow(value: string, ctx: z.RefinementCtx): OutboundAllowList {
  const { allow, invalid } = parseOutboundAllowList(value);
  if (invalid.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must be a comma-separated list of networks (CIDR), addresses and host names such as 10.0.0.0/8,idp.internal (not understood: ${invalid.map((entry) => JSON.stringify(entry)).join(', ')})`,
    });
    return z.NEVER;
  }
  return allow;
}

function parseTrustProxy(value: string, ctx: z.RefinementCtx): TrustProxy {
  const trimmed = value.trim();
  if (trimmed === 'true') return true;
  if (trimmed === 'false') return false;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const entries = trimmed.split(',').map((entry) => entry.trim());
  const invalid = entries.filter((entry) => !isAddressOrCidr(entry));
  if (invalid.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must be true, false, a number of hops, or a comma-separated list of addresses/CIDRs (not understood: ${invalid.map((entry) => JSON.stringify(entry)).join(', ')})`,
    });
    return z.NEVER;
  }
  return entries;
}

/** An http(s) origin such as `https://app.example.com`; a path, query or fragment is refused. */
function originSchema() {
  return z.string().transform((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({
        code: 'custom',
        message: `must be an http(s) URL such as https://example.com`,
      });
      return z.NEVER;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      ctx.addIssue({ code: 'custom', message: 'must start with http:// or https://' });
      return z.NEVER;
    }
    if (url.pathname !== '/' || url.search !== '' || url.hash !== '' || url.username !== '') {
      ctx.addIssue({
        code: 'custom',
        message: 'must be an origin only (scheme, host and port, no path)',
      });
      return z.NEVER;
    }
    return url.origin;
  });
}

/** A promo banner's text: one line, trimmed; empty means none. */
const promoMessage = z
  .string()
  .trim()
  .max(200, 'must be at most 200 characters')
  .transform((text) => text || undefined)
  .optional();

const envSchema = z.object({
  PORT: z
    .string()
    .regex(/^\d+$/, 'must be a number between 1 and 65535')
    .transform(Number)
    .refine((port) => port >= 1 && port <= 65535, 'must be a number between 1 and 65535')
    .default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .default('file:data/livent.db')
    .superRefine((value, ctx) => {
      if (!parseDatabaseUrl(value)) {
        ctx.addIssue({
          code: 'custom',
          message:
            'must be file:PATH (SQLite) or postgres://user:password@host:port/database (PostgreSQL)',
        });
      }
    }),
  PUBLIC_URL: originSchema().optional(),
  EVENTS_URL: originSchema().optional(),
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\//.test(value), 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Livent <no-reply@localhost>'),
  SUPPORT_EMAIL: z
    .string()
    .refine((value) => /\S@\S/.test(value), 'must be an email address such as support@example.com')
    .default('support@localhost'),
  APP_SECRET: z
    .string()
    .min(APP_SECRET_MIN_LENGTH, `must be at least ${APP_SECRET_MIN_LENGTH} characters long`)
    .optional(),
  TRUST_PROXY: z.string().transform(parseTrustProxy).default(false),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info'),
  NODE_ENV: z.string().default('development'),
  RATE_LIMIT_MAX: z
    .string()
    .regex(/^\d+$/, 'must be a positive whole number')
    .transform(Number)
    .refine((max) => max >= 1, 'must be a positive whole number')
    .default(600),
  STATS_VIEWS_PER_ADDRESS: z
    .string()
    .regex(/^\d+$/, 'must be a positive whole number')
    .transform(Number)
    .refine((max) => max >= 1, 'must be a positive whole number')
    .default(NEW_VIEWS_PER_ADDRESS),
  SHUTDOWN_DRAIN_SECONDS: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of seconds')
    .transform(Number)
    .refine((seconds) => seconds <= 300, 'must be at most 300 seconds')
    .default(0),
  WEB_DIST: z.string().optional(),
  COUNTRY_HEADER: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]+$/, 'must be a header name such as CF-IPCountry')
    .transform((name) => name.toLowerCase())
    .optional(),
  LIVENT_DEV_TOOLS: z
    .enum(['1', 'true', '0', 'false'], { error: 'must be 1 (on) or 0 (off)' })
    .transform((value) => value === '1' || value === 'true')
    .default(false),
  PLAN_TRIAL_DAYS: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of days (0: no trial)')
    .transform(Number)
    .refine((days) => days <= 365, 'must be at most 365 days')
    .default(14),
  PROMO_MESSAGE_EN: promoMessage,
  PROMO_MESSAGE_DE: promoMessage,
  BILLING_PROVIDER: z
    .enum(['paddle', 'sandbox', 'none'], { error: 'must be paddle, sandbox or none' })
    .optional(),
  BILLING_WEBHOOK_SECRETS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((secret) => secret.trim())
        .filter(Boolean),
    )
    .refine((secrets) => secrets.length > 0, 'must list at least one secret')
    .optional(),
  PADDLE_API_URL: originSchema().default('https://api.paddle.com'),
  PADDLE_API_KEY: z.string().optional(),
  PADDLE_PRICE_IDS: z
    .string()
    .transform((value, ctx) => {
      const ids: Record<string, string> = {};
      for (const entry of value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)) {
        const [key = '', id = ''] = entry.split('=').map((part) => part.trim());
        if (!PRICE_KEY.test(key) || id === '') {
          ctx.addIssue({
            code: 'custom',
            message: `must be plan:interval=price id pairs such as professional:month=pri_01h… (not understood: ${JSON.stringify(entry)})`,
          });
          return z.NEVER;
        }
        ids[key] = id;
      }
      return ids;
    })
    .optional(),
  DNS_SERVERS: z
    .string()
    .transform(commaList)
    .refine(
      (servers) => servers.length > 0 && servers.every(isDnsServer),
      'must be a comma-separated list of DNS server addresses, each optionally with :port (e.g. 1.1.1.1,[2606:4700::1111]:53)',
    )
    .optional(),
  DNS_TIMEOUT_MS: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of milliseconds')
    .transform(Number)
    .refine((ms) => ms >= 10 && ms <= 30_000, 'must be between 10 and 30000 milliseconds')
    .default(2000),
  CUSTOM_DOMAIN_TARGET: z
    .string()
    .trim()
    .toLowerCase()
    .transform((value) => value.replace(/\.$/, ''))
    .refine((value) => HOSTNAME.test(value), 'must be a hostname such as domains.example.com')
    .optional(),
  CUSTOM_DOMAIN_CAA_ISSUERS: z
    .string()
    .transform((value) => commaList(value.toLowerCase()))
    .refine(
      (issuers) => issuers.length > 0 && issuers.every((issuer) => HOSTNAME.test(issuer)),
      'must be a comma-separated list of CA domain names such as letsencrypt.org,pki.goog',
    )
    .default(['letsencrypt.org']),
  OUTBOUND_ALLOW: z.string().transform(parseOutboundAllow).default(NOTHING_ALLOWED),
});

export interface LoadConfigOptions {
  /** Base for relative paths (`data/`, `WEB_DIST`); the process's working directory by default. */
  cwd?: string;
}

/**
 * Reads the configuration from the environment. Throws a {@link ConfigError} that lists every
 * bad variable at once, so that a misconfigured start fails with one readable message.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv | ConfigEnv = process.env,
  options: LoadConfigOptions = {},
): Config {
  const cwd = options.cwd ?? process.cwd();
  const parsed = parseEnv(env);
  const dataDir = resolve(cwd, 'data');
  return {
    ...parsed,
    appSecret: parsed.appSecret ?? ensureAppSecret(dataDir),
    webDist: parsed.webDist === undefined ? DEFAULT_WEB_DIST : resolve(cwd, parsed.webDist),
    dataDir,
  };
}

type ParsedEnv = Omit<Config, 'appSecret' | 'webDist' | 'dataDir'> & {
  appSecret: string | undefined;
  webDist: string | undefined;
};

/** The pure part of {@link loadConfig}: validation and defaults, no file system. */
export function parseEnv(env: NodeJS.ProcessEnv | ConfigEnv): ParsedEnv {
  // An empty variable (`PORT=`) means "not set", as in most shells' and tools' conventions.
  const input = Object.fromEntries(
    CONFIG_VARIABLES.map((name) => [name, env[name] === '' ? undefined : env[name]]),
  );
  const result = envSchema.safeParse(input);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? 'environment'),
        message: issue.message,
      })),
    );
  }
  const values = result.data;
  const publicUrl = values.PUBLIC_URL ?? `http://localhost:${values.PORT}`;
  const eventsUrl = values.EVENTS_URL ?? `http://events.localhost:${values.PORT}`;
  // Organisers paste their own embed code into event pages; on the dashboard's origin it could
  // read the session (docs/architecture.md, "Public event pages"; ADR 003).
  if (publicUrl === eventsUrl) {
    throw new ConfigError([
      {
        variable: 'EVENTS_URL',
        message: `must be a different origin from PUBLIC_URL (both are ${publicUrl})`,
      },
    ]);
  }
  const database = parseDatabaseUrl(values.DATABASE_URL);
  if (!database) throw new Error('unreachable: DATABASE_URL was validated');
  const billing = billingConfig(values);
  return {
    port: values.PORT,
    host: values.HOST,
    databaseUrl: values.DATABASE_URL,
    dialect: database.dialect,
    publicUrl,
    eventsUrl,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    supportEmail: values.SUPPORT_EMAIL,
    appSecret: values.APP_SECRET,
    trustProxy: values.TRUST_PROXY,
    logLevel: values.LOG_LEVEL,
    nodeEnv: values.NODE_ENV,
    devTools: values.LIVENT_DEV_TOOLS,
    rateLimitMax: values.RATE_LIMIT_MAX,
    statsViewsPerAddress: values.STATS_VIEWS_PER_ADDRESS,
    shutdownDrainSeconds: values.SHUTDOWN_DRAIN_SECONDS,
    webDist: values.WEB_DIST,
    countryHeader: values.COUNTRY_HEADER,
    billing,
    planTrialDays: values.PLAN_TRIAL_DAYS,
    promoMessages: { en: values.PROMO_MESSAGE_EN, de: values.PROMO_MESSAGE_DE },
    domains: {
      dnsServers: values.DNS_SERVERS,
      dnsTimeoutMs: values.DNS_TIMEOUT_MS,
      target: values.CUSTOM_DOMAIN_TARGET ?? new URL(eventsUrl).hostname,
      caaIssuers: values.CUSTOM_DOMAIN_CAA_ISSUERS,
    },
    outboundAllow: values.OUTBOUND_ALLOW,
  };
}

/**
 * The billing provider: as BILLING_PROVIDER says, else the sandbox with the development tools
 * and none without them. Paddle needs its key, its secrets and all four prices; the sandbox
 * exists only with the development tools, since it grants paid plans for nothing.
 */
function billingConfig(values: z.infer<typeof envSchema>): BillingConfig | undefined {
  const provider = values.BILLING_PROVIDER ?? (values.LIVENT_DEV_TOOLS ? 'sandbox' : 'none');
  if (provider === 'none') return undefined;
  if (provider === 'sandbox') {
    if (!values.LIVENT_DEV_TOOLS) {
      throw new ConfigError([
        {
          variable: 'BILLING_PROVIDER',
          message: 'sandbox grants plans without payment and needs LIVENT_DEV_TOOLS=1',
        },
      ]);
    }
    return { provider, webhookSecrets: values.BILLING_WEBHOOK_SECRETS };
  }
  const problems: { variable: string; message: string }[] = [];
  if (!values.PADDLE_API_KEY)
    problems.push({ variable: 'PADDLE_API_KEY', message: 'required for paddle' });
  if (!values.BILLING_WEBHOOK_SECRETS) {
    problems.push({ variable: 'BILLING_WEBHOOK_SECRETS', message: 'required for paddle' });
  }
  const priceIds = values.PADDLE_PRICE_IDS ?? {};
  const missing = ['professional', 'business']
    .flatMap((plan) => ['month', 'year'].map((interval) => `${plan}:${interval}`))
    .filter((key) => !priceIds[key]);
  if (missing.length > 0) {
    problems.push({ variable: 'PADDLE_PRICE_IDS', message: `missing ${missing.join(', ')}` });
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    provider,
    apiUrl: values.PADDLE_API_URL,
    apiKey: values.PADDLE_API_KEY ?? '',
    priceIds,
    webhookSecrets: values.BILLING_WEBHOOK_SECRETS ?? [],
  };
}

/**
 * Returns the secret kept in `<dataDir>/app-secret`, generating it on first use, so that tokens
 * signed before a restart stay valid without anyone having to configure APP_SECRET.
 */
export function ensureAppSecret(dataDir: string): string {
  const file = join(dataDir, APP_SECRET_FILE);
  ensurePrivateDirectory(dataDir);
  const existing = readSecret(file);
  if (existing !== undefined) {
    makeFilesPrivate(file);
    return existing;
  }
  const secret = randomBytes(48).toString('base64url');
  try {
    // `wx` refuses to overwrite: when two processes start at once, the second one reads the
    // first one's secret instead of replacing it.
    writeFileSync(file, `${secret}\n`, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
    makeFilesPrivate(file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = readSecret(file);
    if (winner === undefined) throw new Error(`Could not read ${file}`);
    return winner;
  }
}

function readSecret(file: string): string | undefined {
  let content: string;
  try {
    content = readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  // A damaged file is reported rather than replaced: replacing it would silently sign everyone
  // out, and the operator should know that something wrote into the data directory.
  if (content.length < APP_SECRET_MIN_LENGTH) {
    throw new ConfigError([
      {
        variable: 'APP_SECRET',
        message: `${file} holds fewer than ${APP_SECRET_MIN_LENGTH} characters; delete it to generate a new secret or set APP_SECRET`,
      },
    ]);
  }
  return content;
}
