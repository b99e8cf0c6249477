import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyServerOptions,
  type preHandlerAsyncHookHandler,
} from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Config, TrustProxy } from './config.js';
import { createDatabase, type DatabaseHandle, type Dialect } from './db/database.js';
import { migrateToLatest } from './db/migrator.js';
import type { Database } from './db/schema.js';
import { errorHandler } from './lib/error-handler.js';
import { createLoggerOptions } from './lib/logger.js';
import { registerApiRateLimit } from './lib/rate-limit.js';
import {
  docsCspDirectives,
  registerSecurityHeaders,
  serializeCsp,
} from './lib/security-headers.js';
import { SERVER_VERSION } from './lib/version.js';
import { registerWebApp, warnIfDashboardMissing } from './lib/web-app.js';
import { healthRoutes } from './modules/health/health.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
    dialect: Dialect;
  }
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
}

/**
 * The plugins of the API context, in order. Each later module adds its `<domain>.routes.ts`
 * plugin here; paths inside are relative to `/api`.
 */
const apiModules = [healthRoutes];

export const API_PREFIX = '/api';
export const DOCS_PREFIX = '/api/docs';

/**
 * Builds the whole server without listening and without calling `ready()`: `listen()` or the
 * first `inject()` finishes the start, so tests can still add routes of their own.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? createLoggerOptions(config),
    trustProxy: toFastifyTrustProxy(config.trustProxy),
  }).withTypeProvider<ZodTypeProvider>();

  const database =
    options.database ??
    createDatabase(config.databaseUrl, {
      onPoolError: (error) => app.log.error({ err: error }, 'PostgreSQL connection error'),
    });
  app.addHook('onClose', async () => database.close());

  try {
    if (options.migrate ?? true) await migrateToLatest(database.db);

    app.decorate('config', config);
    app.decorate('db', database.db);
    app.decorate('dialect', database.dialect);

    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.setErrorHandler(errorHandler);

    await registerSecurityHeaders(app, config);
    await app.register(fastifyCookie);
    await registerDocs(app);

    let apiRateLimit: preHandlerAsyncHookHandler | undefined;
    await app.register(
      async (api) => {
        apiRateLimit = await registerApiRateLimit(api, config);
        for (const plugin of [...apiModules, ...(options.apiPlugins ?? [])]) {
          await api.register(plugin);
        }
      },
      { prefix: API_PREFIX },
    );
    if (!apiRateLimit) throw new Error('unreachable: the API context registers its rate limit');

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

async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Livent API',
        description: 'The API of the Livent dashboard. Errors answer `{ code, message, errors? }`.',
        version: SERVER_VERSION,
      },
      tags: [{ name: 'health', description: 'Service health' }],
    },
    transform: jsonSchemaTransform,
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

/**
 * Fastify 5 deliberately treats a numeric `trustProxy` as "trust nobody", because a hop count
 * cannot tell a proxy from a client that connects directly. A configured hop count is an
 * explicit statement that only the proxies reach the server, so it becomes the equivalent
 * function: trust the first N addresses, counted from the socket.
 */
export function toFastifyTrustProxy(
  trustProxy: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy === 'number') return (_address, hop) => hop < trustProxy;
  return trustProxy;
}
