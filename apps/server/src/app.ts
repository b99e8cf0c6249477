import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyServerOptions,
  type preHandlerAsyncHookHandler,
  type RouteOptions,
} from 'fastify';
import {
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import { createDatabase, type DatabaseHandle, type Dialect } from './db/database.js';
import { migrateToLatest } from './db/migrator.js';
import type { Database } from './db/schema.js';
import { DEFAULT_ABUSE_LIMITS, type AbuseLimits } from './lib/abuse-limits.js';
import { systemClock, type Clock } from './lib/clock.js';
import { rawRequestFacts, toFastifyTrustProxy, type RawRequestFacts } from './lib/trust-proxy.js';
import { errorHandler } from './lib/error-handler.js';
import { createLoggerOptions } from './lib/logger.js';
import { OneLineRequestLog } from './lib/request-log.js';
import { DEFAULT_MAIL_WORKER_OPTIONS, type MailWorkerOptions } from './lib/mailer/worker.js';
import { securitySchemes, transformRouteSchema } from './lib/openapi.js';
import { dashboardHostMatcher, registerHostRouting } from './lib/host-routing.js';
import { registerApiRateLimit } from './lib/rate-limit.js';
import {
  docsCspDirectives,
  registerSecurityHeaders,
  serializeCsp,
} from './lib/security-headers.js';
import { SERVER_VERSION } from './lib/version.js';
import { registerWebApp, warnIfDashboardMissing } from './lib/web-app.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { apiTokensRoutes } from './modules/auth/api-tokens.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { authenticationPlugin } from './modules/auth/authenticate.js';
import { billingRoutes } from './modules/billing/billing.routes.js';
import { changelogRoutes } from './modules/changelog/changelog.routes.js';
import { channelsRoutes } from './modules/channels/channels.routes.js';
import { domainsRoutes, tlsAskRoutes } from './modules/domains/domains.routes.js';
import { enterpriseRoutes } from './modules/enterprise/enterprise.routes.js';
import { permissionsRoutes } from './modules/permissions/permissions.routes.js';
import { eventsRoutes } from './modules/events/events.routes.js';
import { highlightsRoutes } from './modules/highlights/highlights.routes.js';
import { uploadFilesRoutes, uploadsRoutes } from './modules/uploads/uploads.routes.js';
import {
  devMailboxApiRoutes,
  devMailboxPageRoutes,
} from './modules/dev-mailbox/dev-mailbox.routes.js';
import { feedbackRoutes } from './modules/feedback/feedback.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { messagesRoutes } from './modules/messages/messages.routes.js';
import { invitationsRoutes } from './modules/invitations/invitations.routes.js';
import { remindersRoutes } from './modules/reminders/index.js';
import { sharedMessagesRoutes } from './modules/messages/shared-messages.routes.js';
import { pollsRoutes } from './modules/polls/polls.routes.js';
import { registrationsRoutes } from './modules/registrations/registrations.routes.js';
import { calendarRoutes } from './modules/calendar/calendar.routes.js';
import { loginsRoutes } from './modules/logins/logins.routes.js';
import { ssoRoutes } from './modules/sso/sso.routes.js';
import { webhooksRoutes } from './modules/webhooks/index.js';
import { hostOf, publicHostMatcher } from './lib/events-origin.js';
import { eventsNotFoundHandler } from './modules/public/page/page-answers.js';
import { publicRoutes } from './modules/public/public.routes.js';
import type { MessageStreamsOptions } from './modules/messages/live/message-streams.js';
import type { PageStreamsOptions } from './modules/live-page/index.js';
import { messageStreamRoutes } from './modules/messages/live/stream.routes.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import type { DomainsWorkerOptions } from './modules/domains/domains-worker.js';
import type { PollResultsOptions } from './modules/polls/poll-results-publisher.js';
import type { StatsCollectorOptions } from './modules/stats/stats-collector.js';
import { statsBeaconRoutes } from './modules/stats/stats-beacon.routes.js';
import type { StatsStreamsOptions } from './modules/stats/stats-streams.js';
import { statsRoutes } from './modules/stats/stats.routes.js';
import { twoFactorRoutes } from './modules/two-factor/index.js';
import { createServices, type ServiceOptions, type Services } from './services.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
    dialect: Dialect;
    /** The server's clock (tests move it). */
    now: Clock;
    services: Services;
    /** Set by main.ts once a shutdown began: readiness answers 503 (docs/decisions/032-operations.md). */
    lifecycle: { shuttingDown: boolean };
    /** What answers a request before Fastify when it can (ADR 035). */
    earlyResponses: EarlyResponses;
  }
}

/**
 * A responder that may answer a request before Fastify routes it, returning true when it did
 * (ADR 035): the cached public page (modules/public/page/page-fast-path.ts) and the statistics'
 * beacons (modules/stats/beacon-fast-path.ts). Only requests that reach the HTTP server pass
 * them (`inject` goes to Fastify directly).
 */
export type EarlyResponder = (request: IncomingMessage, response: ServerResponse) => boolean;

/**
 * The responders, asked in order; dropped when the app starts to close, so that Fastify answers
 * every request from then on.
 */
export interface EarlyResponses {
  responders: EarlyResponder[];
  /** The address and protocol of a raw request, read with the `trustProxy` Fastify was given. */
  readonly requestFacts: RawRequestFacts;
}

/** The HTTP server Fastify would create (fastify/lib/server.js), with `early` in front of it. */
function serverWith(early: EarlyResponses) {
  return (
    handler: (request: IncomingMessage, response: ServerResponse) => void,
    options: FastifyServerOptions,
  ): Server => {
    const server = createServer((request, response) => {
      for (const respond of early.responders) if (respond(request, response)) return;
      handler(request, response);
    });
    if (options.keepAliveTimeout) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout ?? 0);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}

export interface BuildAppOptions {
  config: Config;
  /** An open database; by default one is opened from `config.databaseUrl`. The app closes it. */
  database?: DatabaseHandle;
  /** Fastify logger options or `false`; by default derived from the configuration. */
  logger?: FastifyServerOptions['logger'];
  /** Bring the schema up to date before answering (default `true`). */
  migrate?: boolean;
  /**
   * More plugins for the API context, registered after the built-in modules: under `/api`, with
   * its rate limit. Tests add throwaway routes this way.
   */
  apiPlugins?: FastifyPluginAsync[];
  /** The clock of every service (default: the system's). */
  now?: Clock;
  /** The abuse limits of the account flows (default: {@link DEFAULT_ABUSE_LIMITS}). */
  abuseLimits?: AbuseLimits;
  /** The argon2id parameters of new password hashes (default: OWASP's minimum, ADR 010). */
  passwordHashing?: ServiceOptions['passwordHashing'];
  /** Timing of the mail worker (polling, back-off, lease). */
  mailWorker?: Partial<MailWorkerOptions>;
  /** Told about every route as it is registered (the authorization test collects them). */
  onRoute?: (route: RouteOptions) => void;
  /** Limits of the live message streams (the bench opens more per account than clients may). */
  messageStreams?: MessageStreamsOptions;
  /** Limits and timing of the viewer pages' live streams (ADR 057; tests and the bench). */
  pageStreams?: PageStreamsOptions;
  /** Timing of the statistics' batches and live streams (tests and the bench set their own). */
  stats?: { collector?: StatsCollectorOptions; streams?: StatsStreamsOptions };
  /** Timing of the custom domains' re-checks (`pollIntervalMs: 0`: only when asked). */
  domainsWorker?: Partial<DomainsWorkerOptions>;
  /** How often polls' results go out to open pages (tests set their own). */
  pollResults?: PollResultsOptions;
  /** How often due reminders are looked for (`intervalMs: 0`: only when asked). */
  reminderScheduler?: ServiceOptions['reminderScheduler'];
  /** How often the retention pass runs (`intervalMs: 0`: only when asked). */
  retention?: ServiceOptions['retention'];
  /** The reactions' flush interval and abuse limits (tests tighten or loosen them). */
  reactions?: ServiceOptions['reactions'];
  /** Timing of the webhooks' sender (`pollIntervalMs: 0`: only when asked). */
  webhookSender?: ServiceOptions['webhookSender'];
}

/**
 * The plugins of the API context, in order. Each later module adds its `<domain>.routes.ts`
 * plugin here; paths inside are relative to `/api`.
 */
const apiModules = [
  healthRoutes,
  authRoutes,
  accountRoutes,
  apiTokensRoutes,
  settingsRoutes,
  feedbackRoutes,
  changelogRoutes,
  eventsRoutes,
  highlightsRoutes,
  uploadsRoutes,
  channelsRoutes,
  messagesRoutes,
  sharedMessagesRoutes,
  pollsRoutes,
  registrationsRoutes,
  invitationsRoutes,
  calendarRoutes,
  remindersRoutes,
  ssoRoutes,
  loginsRoutes,
  billingRoutes,
  enterpriseRoutes,
  twoFactorRoutes,
  domainsRoutes,
  permissionsRoutes,
  auditRoutes,
  webhooksRoutes,
];

export const API_PREFIX = '/api';
export const DOCS_PREFIX = '/api/docs';

/**
 * Builds the whole server without listening and without calling `ready()`: `listen()` or the
 * first `inject()` finishes the start, so tests can still add routes of their own.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const trustProxy = toFastifyTrustProxy(config.trustProxy);
  const earlyResponses: EarlyResponses = {
    responders: [],
    requestFacts: rawRequestFacts(trustProxy),
  };
  const app = Fastify({
    serverFactory: serverWith(earlyResponses),
    logger: options.logger ?? createLoggerOptions(config),
    trustProxy,
    logController: new OneLineRequestLog(),
    // The router's own refusals (a malformed or over-long path) leave in the one error shape too.
    frameworkErrors: errorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  const database =
    options.database ??
    createDatabase(config.databaseUrl, {
      onPoolError: (error) => app.log.error({ err: error }, 'PostgreSQL connection error'),
      backgroundCheckpoints: {
        onError: (error) => app.log.error({ err: error }, 'SQLite checkpoint failed'),
      },
    });
  app.addHook('onClose', async () => database.close());

  try {
    if (options.migrate ?? true) await migrateToLatest(database.db);

    app.decorate('config', config);
    app.decorate('db', database.db);
    app.decorate('dialect', database.dialect);
    const now = options.now ?? systemClock;
    app.decorate('now', now);
    app.decorate('lifecycle', { shuttingDown: false });
    app.decorate('earlyResponses', earlyResponses);
    app.addHook('preClose', (done) => {
      earlyResponses.responders = [];
      done();
    });
    const services = createServices({
      db: database.db,
      config,
      now,
      log: app.log,
      limits: options.abuseLimits ?? DEFAULT_ABUSE_LIMITS,
      passwordHashing: options.passwordHashing,
      mailWorker: { ...DEFAULT_MAIL_WORKER_OPTIONS, ...options.mailWorker },
      statsCollector: options.stats?.collector,
      reactions: options.reactions,
      domainsWorker: options.domainsWorker,
      pollResults: options.pollResults,
      reminderScheduler: options.reminderScheduler,
      retention: options.retention,
      webhookSender: options.webhookSender,
    });
    app.decorate('services', services);
    // The worker starts with the app and stops before the database closes (preClose runs
    // before every onClose hook).
    app.addHook('onReady', async () => {
      await services.passwords.warmUp();
      await services.mailer.start();
      await services.messageFeed.start();
      await services.pageFeed.start();
      await services.changeNotices.start();
      services.reactions.start();
      services.auditPurge.start();
      services.retentionLoop.start();
    });
    app.addHook('preClose', async () => {
      await services.auditPurge.stop();
      await services.retentionLoop.stop();
      await services.mailer.stop();
      await services.messageFeed.close();
      // Their last writes still wake the page feed (NOTIFY to the other instances' pages), and
      // come before the database closes (onClose): the taps in memory are written (ADR 059).
      await services.pollResults.close();
      await services.reactions.close();
      await services.pageFeed.close();
      await services.changeNotices.close();
    });

    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.setErrorHandler(errorHandler);
    acceptEmptyJsonBodies(app);

    await registerSecurityHeaders(app, config);
    // After the security headers (HSTS reaches its 404 page too), before every route: it tells
    // the public routes apart as they are registered (ADR 043).
    registerHostRouting(app, {
      isDashboardHost: dashboardHostMatcher(config.publicUrl),
      isEventsHost: publicHostMatcher(hostOf(config.eventsUrl), services.domains.table),
      notFound: eventsNotFoundHandler(services.publicPages.page),
    });
    // Parsed on demand by lib/cookies.ts: the few routes that read a cookie pay for it (ADR 020).
    await app.register(fastifyCookie, { hook: false });
    await registerDocs(app, config);
    await app.register(authenticationPlugin);

    let apiRateLimit: preHandlerAsyncHookHandler | undefined;
    await app.register(
      async (api) => {
        apiRateLimit = await registerApiRateLimit(api, config);
        const devModules = config.devTools ? [devMailboxApiRoutes] : [];
        for (const plugin of apiModules) await api.register(plugin);
        // Apart from the list because it takes options (the bench's stream limits).
        await api.register(messageStreamRoutes, { streams: options.messageStreams });
        await api.register(statsRoutes, { streams: options.stats?.streams });
        for (const plugin of [...devModules, ...(options.apiPlugins ?? [])]) {
          await api.register(plugin);
        }
      },
      { prefix: API_PREFIX },
    );
    if (!apiRateLimit) throw new Error('unreachable: the API context registers its rate limit');
    // Before the dashboard's history fallback, which would answer this path with index.html.
    if (config.devTools) await app.register(devMailboxPageRoutes);
    // Uploaded images on the dashboard's and the public pages' hosts, outside /api.
    await app.register(uploadFilesRoutes);

    // The public event pages, their gates and viewer API: routes constrained to the events
    // origin's host (ADR 017, ADR 036).
    await app.register(publicRoutes, { pageStreams: options.pageStreams });
    await app.register(statsBeaconRoutes);
    // Caddy's on-demand TLS `ask`, on any host (ADR 030, ADR 043).
    await app.register(tlsAskRoutes);
    await registerWebApp(app, { webDist: config.webDist, apiRateLimit });
    app.addHook('onReady', async () => warnIfDashboardMissing(app, config.webDist));
  } catch (error) {
    // A failed start (e.g. a migration) reports its own error; the database is released so that
    // tests and retries do not leak connections.
    await database.close();
    throw error;
  }
  return app;
}

/**
 * Clients such as `fetch` wrappers often send `Content-Type: application/json` on a POST without
 * a body (logout, refresh). Fastify refuses that with its own message; here an empty body is
 * simply no body, and the route's schema decides whether one is required (answering in the one
 * error shape). Everything else goes to Fastify's own JSON parser with its prototype-poisoning
 * protection.
 */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}

async function registerDocs(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Livent API',
        description: 'The API of the Livent dashboard. Errors answer `{ code, message, errors? }`.',
        version: SERVER_VERSION,
      },
      servers: [
        { url: config.publicUrl, description: 'The dashboard and its API (PUBLIC_URL)' },
        { url: config.eventsUrl, description: 'Public event pages (EVENTS_URL)' },
      ],
      tags: [
        { name: 'health', description: 'Service health' },
        { name: 'auth', description: 'Sign-up, sign-in, sessions, verification, password reset' },
        { name: 'account', description: 'Profile, email, password, sessions, deletion' },
        { name: 'settings', description: 'Account settings' },
        { name: 'feedback', description: 'Feedback to support' },
        { name: 'changelog', description: "What's new" },
        { name: 'events', description: 'Events and their settings' },
        { name: 'highlights', description: "An event's highlights" },
        { name: 'uploads', description: 'Images for event pages' },
        { name: 'channels', description: "An event's channels (alternate versions of its page)" },
        { name: 'messages', description: "An event's messages: inbox, moderation, live changes" },
        { name: 'invitations', description: "An event's invitations (the invitation way in)" },
        {
          name: 'registrations',
          description: "An event's registrations (the registration way in)",
        },
        {
          name: 'calendar',
          description: "Telling an event's registrants and invitees of its new time",
        },
        { name: 'reminders', description: "An event's reminders and follow-up mail" },
        { name: 'webhooks', description: "The account's webhook endpoints and their delivery log" },
        { name: 'sso', description: "An event's single sign-on provider (the CIP way in)" },
        { name: 'logins', description: "Who came into an event's page and how (the login list)" },
        { name: 'stats', description: "An event's live statistics: pageviews, viewers, CSV" },
        { name: 'billing', description: 'Plans, checkout, payments and the billing webhook' },
        {
          name: 'domains',
          description: 'Custom domains: DNS records, checks, default and redirect',
        },
        { name: 'permissions', description: 'Shared permissions and owner changes of events' },
        { name: 'audit', description: 'Who changed what and when, per event and per account' },
        { name: 'public', description: 'Public event pages on the events origin (EVENTS_URL)' },
        { name: 'development', description: 'Development aids (only under npm run dev; ADR 019)' },
      ],
      components: { securitySchemes },
    },
    transform: transformRouteSchema,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    // The dashboard's policy would do, but the docs do not frame event pages; state exactly what
    // the Swagger UI needs so that a later change to the dashboard's policy cannot break it.
    staticCSP: serializeCsp(docsCspDirectives()),
    uiConfig: { deepLinking: true },
  });
}
