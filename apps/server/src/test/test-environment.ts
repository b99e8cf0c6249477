import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import pg from 'pg';
import { loadConfig, type Config, type ConfigEnv } from '../config.js';
import { abuseLimits, DEFAULT_ABUSE_LIMITS, type AbuseLimits } from '../lib/abuse-limits.js';
import type { PasswordHashOptions } from '../modules/auth/passwords.js';

/*
 * What a test app runs with: its configuration, its own database, its abuse limits. Apart from
 * test-app.ts so that the two-instance harness, which test-app.ts loads, can use them too.
 */

/** A fixed secret so that tests never write `data/app-secret`. */
export const TEST_APP_SECRET = 'test-secret-test-secret-test-secret-0123456789';

/**
 * A configuration for tests from environment-style overrides (`{ RATE_LIMIT_MAX: '3' }`). The
 * dashboard build points at a directory that does not exist, so that tests never depend on
 * whether `apps/web` was built. The test harness is one of the places that turn the development
 * tools on (ADR 019); tests of `npm start`'s behaviour pass `LIVENT_DEV_TOOLS: undefined`.
 */
export function testConfig(overrides: ConfigEnv = {}): Config {
  return loadConfig({
    APP_SECRET: TEST_APP_SECRET,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    LIVENT_DEV_TOOLS: '1',
    DATABASE_URL: 'file::memory:',
    WEB_DIST: join(tmpdir(), 'livent-test-no-web-dist'),
    ...overrides,
  });
}

/**
 * Requests a test injects go to the dashboard's host (`PUBLIC_URL`'s) unless they name a `Host`
 * of their own: the dashboard and the API answer only there (docs/decisions/043-hosts.md), and
 * light-my-request's own default, `localhost:80`, is no host the server answers the API on.
 */
export function onDashboardHost(options: InjectOptions | string, config: Config): InjectOptions {
  const request = typeof options === 'string' ? { url: options } : options;
  return { authority: dashboardHost({ config }).host, ...request };
}

/** The `Host` header of the dashboard's origin, for requests over HTTP to a listening test app. */
export function dashboardHost(testApp: { config: Pick<Config, 'publicUrl'> }): { host: string } {
  return { host: new URL(testApp.config.publicUrl).host };
}

export interface TestDatabase {
  url: string;
  /** Deletes the database; call after the app that used it is closed. */
  drop(): Promise<void>;
}

/**
 * A database of its own for each test app: a fresh SQLite file by default; with
 * `TEST_DB=postgres`, a new database created through `TEST_DATABASE_URL` (a server URL whose
 * user may create databases), e.g. `postgres://app@127.0.0.1:5433/postgres`.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB === 'postgres') {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    return createPostgresDatabase(serverUrl);
  }
  const dir = mkdtempSync(join(tmpdir(), 'livent-test-'));
  return {
    url: `file:${join(dir, 'livent.db')}`,
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function createPostgresDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `livent_test_${randomBytes(6).toString('hex')}`;
  await withClient(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withClient(serverUrl, async (client) => {
        // A connection left open (e.g. by a failed test) would block DROP DATABASE.
        await client.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [name],
        );
        await client.query(`DROP DATABASE IF EXISTS "${name}"`);
      }),
  };
}

async function withClient<T>(url: string, action: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await action(client);
  } finally {
    await client.end();
  }
}

/** Limits no test reaches unless it means to. */
export const RELAXED_ABUSE_LIMITS: AbuseLimits = abuseLimits(
  Object.fromEntries(Object.keys(DEFAULT_ABUSE_LIMITS).map((name) => [name, 10_000])),
);

/**
 * argon2id at its smallest cost (1 MiB, one pass): a test registers and signs in accounts by the
 * hundred, and at the real cost (ADR 010, some 10 ms of CPU each) hashing took over half of the
 * authorization matrix's time. The same algorithm and code path; the tests of the real
 * parameters and of re-hashing pass `PASSWORD_HASH_OPTIONS` (docs/decisions/074-test-suite-time.md).
 */
export const TEST_PASSWORD_HASH_OPTIONS: PasswordHashOptions = {
  memoryCost: 1024,
  timeCost: 1,
  parallelism: 1,
};
