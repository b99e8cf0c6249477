import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance, FastifyPluginAsync, RouteOptions } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildAppOptions } from '../app.js';
import { loadConfig, type Config, type ConfigEnv } from '../config.js';
import { createDatabase, type DatabaseHandle } from '../db/database.js';
import { abuseLimits, DEFAULT_ABUSE_LIMITS, type AbuseLimits } from '../lib/abuse-limits.js';
import type { Clock } from '../lib/clock.js';
import { createLoggerOptions } from '../lib/logger.js';
import type { MailWorkerOptions } from '../lib/mailer/worker.js';
import type { MessageStreamsOptions } from '../modules/messages/live/message-streams.js';
import { answerCheck } from './response-contract.js';

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

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** The app's database handle (the app closes it on `app.close()`). */
  database: DatabaseHandle;
  /** Closes the app and deletes its database. */
  cleanup(): Promise<void>;
}

export interface BuildTestAppOptions {
  /** Throwaway routes, registered under `/api` like the real modules. */
  apiPlugins?: FastifyPluginAsync[];
  /** Receives the app's JSON log lines (at LOG_LEVEL, `info` unless overridden). */
  logStream?: Writable;
  /** The app's clock, e.g. a {@link TestClock}'s `now`. */
  now?: Clock;
  /**
   * The abuse limits: by default so generous that no test trips them by accident; tests of the
   * limits pass `DEFAULT_ABUSE_LIMITS` or tighter ones.
   */
  abuseLimits?: AbuseLimits;
  mailWorker?: Partial<MailWorkerOptions>;
  onRoute?: (route: RouteOptions) => void;
  /** Limits and timing of the live message streams. */
  messageStreams?: MessageStreamsOptions;
  /** Timing of the statistics' batches and live streams. */
  stats?: BuildAppOptions['stats'];
}

/** Limits no test reaches unless it means to. */
export const RELAXED_ABUSE_LIMITS: AbuseLimits = abuseLimits(
  Object.fromEntries(Object.keys(DEFAULT_ABUSE_LIMITS).map((name) => [name, 10_000])),
);

/**
 * A migrated app on a database of its own, logging nothing unless `logStream` is given. It is
 * not `ready()` yet: the first `inject()` starts it. With `TEST_INSTANCES=2` (on PostgreSQL) the
 * app is two server processes behind a round-robin proxy instead (./two-instances/).
 */
export async function buildTestApp(
  overrides: ConfigEnv = {},
  options: BuildTestAppOptions = {},
): Promise<TestApp> {
  if (process.env.TEST_INSTANCES === '2') {
    const { buildTwoInstanceTestApp } = await import('./two-instances/two-instance-app.js');
    return buildTwoInstanceTestApp(overrides, options);
  }
  const testDatabase = await createTestDatabase();
  const config = testConfig({
    DATABASE_URL: testDatabase.url,
    ...(options.logStream ? { LOG_LEVEL: 'info' } : {}),
    ...overrides,
  });
  const database = createDatabase(config.databaseUrl);
  const logger = createLoggerOptions(config, { pretty: false });
  let app: FastifyInstance;
  // The document is read once the app answers, which is after buildApp has returned it.
  const answers = answerCheck(() => app.swagger());
  try {
    app = await buildApp({
      config,
      database,
      logger: options.logStream ? { ...logger, stream: options.logStream } : logger,
      apiPlugins: options.apiPlugins,
      now: options.now,
      abuseLimits: options.abuseLimits ?? RELAXED_ABUSE_LIMITS,
      mailWorker: options.mailWorker,
      onRoute: (route) => {
        answers.onRoute(route);
        options.onRoute?.(route);
      },
      messageStreams: options.messageStreams,
      stats: options.stats,
    });
  } catch (error) {
    await testDatabase.drop();
    throw error;
  }
  return {
    app,
    config,
    database,
    cleanup: async () => {
      await app.close();
      await testDatabase.drop();
    },
  };
}

/** Collects what is written to it, e.g. the JSON lines of a logger. */
export function memoryStream(): Writable & { text(): string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      chunks.push(chunk.toString());
      callback();
    },
  });
  return Object.assign(stream, { text: () => chunks.join('') });
}
