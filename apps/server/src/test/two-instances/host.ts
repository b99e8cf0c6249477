/**
 * A server process for the two-instance tests (./hosts.ts): it loads the server's code once and
 * then builds, on request, apps as `buildTestApp` builds them, each listening on a loopback port
 * of its own — so that a test gets fresh instances in a few milliseconds instead of a process
 * start. It prints `control <port>` on stdout and stops when its standard input ends (the test
 * process that started it went away). Test-only: two request headers stand in for what
 * `app.inject` gives a test in process — the injected clock's time and the client address — and
 * nothing else reads them (main.ts never loads this file).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import type { Clock } from '../../lib/clock.js';
import { createLoggerOptions } from '../../lib/logger.js';
import {
  RELAXED_ABUSE_LIMITS,
  TEST_PASSWORD_HASH_OPTIONS,
  testConfig,
} from '../test-environment.js';
import { NOW_HEADER, REMOTE_ADDRESS_HEADER, type InstanceOptions } from './protocol.js';

const apps = new Map<string, FastifyInstance>();
let nextId = 0;

async function startApp(options: InstanceOptions): Promise<{ id: string; port: number }> {
  const config = testConfig(
    Object.fromEntries(
      Object.entries(options.config).map(([name, value]) => [name, value ?? undefined]),
    ),
  );
  /** The test's clock as of its last request; the system's when the test passed none. */
  let testNow = options.now === undefined ? undefined : Date.parse(options.now);
  const now: Clock | undefined =
    testNow === undefined ? undefined : () => new Date(testNow ?? Date.now());
  const app = await buildApp({
    config,
    logger: createLoggerOptions(config, { pretty: false }),
    // The test migrated the database once, so that two instances do not race to.
    migrate: false,
    now,
    abuseLimits: options.abuseLimits ?? RELAXED_ABUSE_LIMITS,
    passwordHashing: options.passwordHashing ?? TEST_PASSWORD_HASH_OPTIONS,
    mailWorker: options.mailWorker,
    messageStreams: options.messageStreams,
    pageStreams: options.pageStreams,
    stats: options.stats,
  });
  // Before Fastify sees the request: the clock and the address as `inject` would have set them.
  app.server.prependListener('request', (request: IncomingMessage) => {
    const time = request.headers[NOW_HEADER];
    if (typeof time === 'string' && testNow !== undefined) testNow = Date.parse(time);
    const address = request.headers[REMOTE_ADDRESS_HEADER];
    // A kept-alive socket carries many requests: each sets the address it stands for.
    Object.defineProperty(request.socket, 'remoteAddress', {
      value: typeof address === 'string' ? address : '127.0.0.1',
      configurable: true,
    });
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const id = String((nextId += 1));
  apps.set(id, app);
  return { id, port: (app.server.address() as AddressInfo).port };
}

async function readJson(request: IncomingMessage): Promise<InstanceOptions> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return JSON.parse(text) as InstanceOptions;
}

/** `POST /apps` (InstanceOptions) starts an app; `DELETE /apps/<id>` closes it as SIGTERM would. */
const control = createServer((request, response) => {
  const answer = (status: number, body: unknown) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  void (async () => {
    try {
      if (request.method === 'POST' && request.url === '/apps') {
        answer(201, await startApp(await readJson(request)));
        return;
      }
      const id = /^\/apps\/(\d+)$/.exec(request.url ?? '')?.[1];
      const app = id === undefined ? undefined : apps.get(id);
      if (request.method === 'DELETE' && id !== undefined && app) {
        apps.delete(id);
        await app.close();
        answer(200, {});
        return;
      }
      answer(404, { error: 'unknown' });
    } catch (error) {
      answer(500, {
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
    }
  })();
});

process.stdin.resume();
process.stdin.on('end', () => {
  void Promise.allSettled([...apps.values()].map((app) => app.close())).then(() => process.exit(0));
});

control.listen(0, '127.0.0.1', () => {
  process.stdout.write(`control ${(control.address() as AddressInfo).port}\n`);
});
