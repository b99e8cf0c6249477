import { Writable } from 'node:stream';
import type {
  FastifyInstance,
  FastifyPluginAsync,
  InjectOptions,
  LightMyRequestCallback,
  RouteOptions,
} from 'fastify';
import { buildApp, type BuildAppOptions } from '../app.js';
import type { Config, ConfigEnv } from '../config.js';
import { createDatabase, type DatabaseHandle } from '../db/database.js';
import type { AbuseLimits } from '../lib/abuse-limits.js';
import type { Clock } from '../lib/clock.js';
import { createLoggerOptions } from '../lib/logger.js';
import type { MailWorkerOptions } from '../lib/mailer/worker.js';
import type { MessageStreamsOptions } from '../modules/messages/live/message-streams.js';
import type { PageStreamsOptions } from '../modules/live-page/index.js';
import { answerCheck } from './response-contract.js';
import {
  createTestDatabase,
  onDashboardHost,
  RELAXED_ABUSE_LIMITS,
  TEST_PASSWORD_HASH_OPTIONS,
  testConfig,
} from './test-environment.js';

export {
  createTestDatabase,
  dashboardHost,
  RELAXED_ABUSE_LIMITS,
  TEST_APP_SECRET,
  testConfig,
  type TestDatabase,
} from './test-environment.js';

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
  /** Password hashing: by default {@link TEST_PASSWORD_HASH_OPTIONS}, cheap on purpose. */
  passwordHashing?: BuildAppOptions['passwordHashing'];
  mailWorker?: Partial<MailWorkerOptions>;
  onRoute?: (route: RouteOptions) => void;
  /** Limits and timing of the live message streams. */
  messageStreams?: MessageStreamsOptions;
  /** Limits and timing of the viewer pages' live streams. */
  pageStreams?: PageStreamsOptions;
  /** Timing of the statistics' batches and live streams. */
  stats?: BuildAppOptions['stats'];
  domainsWorker?: BuildAppOptions['domainsWorker'];
  /** How often polls' results go out to open pages. */
  pollResults?: BuildAppOptions['pollResults'];
  /** The reactions' flush interval and abuse limits. */
  reactions?: BuildAppOptions['reactions'];
  /** How often due reminders are looked for (`intervalMs: 0`: only when asked). */
  reminderScheduler?: BuildAppOptions['reminderScheduler'];
  /** How often the retention pass runs (`intervalMs: 0`: only when asked). */
  retention?: BuildAppOptions['retention'];
  /** Timing of the webhooks' sender (`pollIntervalMs: 0`: only when asked). */
  webhookSender?: BuildAppOptions['webhookSender'];
}

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
      passwordHashing: options.passwordHashing ?? TEST_PASSWORD_HASH_OPTIONS,
      mailWorker: options.mailWorker,
      onRoute: (route) => {
        answers.onRoute(route);
        options.onRoute?.(route);
      },
      messageStreams: options.messageStreams,
      pageStreams: options.pageStreams,
      stats: options.stats,
      domainsWorker: options.domainsWorker,
      pollResults: options.pollResults,
      reactions: options.reactions,
      reminderScheduler: options.reminderScheduler,
      retention: options.retention,
      webhookSender: options.webhookSender,
    });
  } catch (error) {
    await testDatabase.drop();
    throw error;
  }
  injectOnDashboardHost(app, config);
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

/**
 * Makes `app.inject` send the dashboard's host unless a request names its own (see
 * onDashboardHost); buildTestApp does it, tests that call buildApp themselves call it.
 */
export function injectOnDashboardHost(app: FastifyInstance, config: Config): void {
  const inject = app.inject.bind(app);
  app.inject = ((options?: InjectOptions | string, callback?: LightMyRequestCallback) => {
    if (options === undefined) return inject();
    const request = onDashboardHost(options, config);
    return callback ? inject(request, callback) : inject(request);
  }) as FastifyInstance['inject'];
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
