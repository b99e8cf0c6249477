import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { inject, type DispatchFunc, type InjectOptions } from 'light-my-request';
import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { PAGE_CHANNEL } from '../../modules/live-page/page-feed.js';
import { MESSAGES_CHANNEL } from '../../modules/messages/live/message-feed.js';
import { onDashboardHost } from '../test-environment.js';
import { NOW_HEADER, REMOTE_ADDRESS_HEADER } from './protocol.js';

/**
 * What is left of a Fastify app when the server runs in other processes: `inject` goes over HTTP
 * through the proxy and answers in light-my-request's shape (light-my-request itself builds the
 * request from the options and the response from what came back, exactly as `app.inject` does);
 * `db`, `dialect` and `config` are the test's own handle on the same database and the same
 * configuration; `listen` answers the proxy's address. Anything else lives in the instances'
 * processes: touching it throws, naming this mode, so that such a test is listed as in-process
 * only (./in-process-only.ts) instead of passing by accident.
 */
export function remoteApp(options: {
  proxyBase: string;
  config: Config;
  database: DatabaseHandle;
  now?: Clock;
  close(): Promise<void>;
  closeAllConnections(): void;
}): FastifyInstance {
  const proxy = new URL(options.proxyBase);

  const dispatch: DispatchFunc = (request: IncomingMessage, response: ServerResponse) => {
    const headers = { ...request.headers };
    headers[REMOTE_ADDRESS_HEADER] = request.socket.remoteAddress ?? '127.0.0.1';
    if (options.now) headers[NOW_HEADER] = options.now().toISOString();
    const upstream = httpRequest(
      {
        host: proxy.hostname,
        port: proxy.port,
        method: request.method,
        path: request.url,
        headers,
        // A connection of its own: a test that drops every connection (closeAllConnections)
        // must not leave a pooled socket for the next request to fail on.
        agent: false,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(response);
      },
    );
    upstream.on('error', (error) => response.destroy(error));
    request.pipe(upstream);
  };

  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await options.close();
    await options.database.close();
  };

  const server = {
    address: () => ({ address: proxy.hostname, family: 'IPv4', port: Number(proxy.port) }),
    // A dropped network, as on a server of its own: every client connection to the proxy ends.
    closeAllConnections: () => options.closeAllConnections(),
  };

  // What a test may ask of a service when it means every instance: a NOTIFY reaches them all.
  const services = inProcessGuard('app.services', {
    messageFeed: inProcessGuard('app.services.messageFeed', {
      notify: (eventId: string) => {
        void sql`select pg_notify(${MESSAGES_CHANNEL}, ${eventId})`.execute(options.database.db);
      },
    }),
    pageFeed: inProcessGuard('app.services.pageFeed', {
      notify: (eventId: string) => {
        void sql`select pg_notify(${PAGE_CHANNEL}, ${eventId})`.execute(options.database.db);
      },
    }),
  });

  const own = {
    inject: (injectOptions: InjectOptions | string) =>
      inject(dispatch, onDashboardHost(injectOptions, options.config)),
    db: options.database.db,
    dialect: options.database.dialect,
    config: options.config,
    ready: async () => undefined,
    listen: async () => options.proxyBase,
    server,
    services,
    close,
    // Awaiting the app (Fastify instances are thenable) must not go through the trap below.
    then: undefined,
  };

  return inProcessGuard('app', own) as unknown as FastifyInstance;
}

/** `target`, where reading anything it lacks throws, naming the in-process-only list. */
function inProcessGuard<T extends object>(name: string, target: T): T {
  return new Proxy(target, {
    get(object, property) {
      if (property in object) return (object as Record<string | symbol, unknown>)[property];
      if (typeof property === 'symbol') return undefined;
      throw new Error(
        `${name}.${property} lives in the server processes under TEST_INSTANCES=2: list the test in apps/server/src/test/two-instances/in-process-only.ts`,
      );
    },
  });
}
