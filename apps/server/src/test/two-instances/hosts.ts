import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDatabase } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrator.js';
import { inject } from 'vitest';
import { startHost, type Host } from './host-process.js';
import { HOSTS_KEY, type InstanceOptions } from './protocol.js';

/**
 * Server processes on one database behind a round-robin proxy (docs/architecture.md,
 * "Scale-out"): what the two-instance tests and `TEST_INSTANCES=2` run against.
 */

/**
 * The hosts of this test run: the ones the global setup started (./global-setup.ts, under
 * `TEST_INSTANCES=2`), else two of this test file's own, started on first use and ending with it.
 */
let ownHosts: Promise<Host[]> | undefined;
export async function hosts(): Promise<string[]> {
  const provided = inject(HOSTS_KEY);
  if (provided) return provided;
  ownHosts ??= Promise.all([startHost(), startHost()]);
  return (await ownHosts).map((host) => host.control);
}

/** Stops the hosts this test file started itself, if any (its `afterAll`). */
export async function stopOwnHosts(): Promise<void> {
  const started = ownHosts;
  ownHosts = undefined;
  if (started) await Promise.all((await started).map((host) => host.stop()));
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request straight to an instance, on a connection of its own. */
export function call(
  base: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; json?: unknown; body?: string } = {},
): Promise<Answer> {
  const body =
    options.body ?? (options.json === undefined ? undefined : JSON.stringify(options.json));
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${base}${path}`, {
      method,
      agent: false,
      headers: {
        ...(options.json === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
      );
    });
    request.end(body);
  });
}

async function controlCall(url: string, method: string, body?: unknown): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, {
      method,
      agent: false,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        if ((response.statusCode ?? 500) >= 300) reject(new Error(`host: ${text}`));
        else resolve(JSON.parse(text));
      });
    });
    request.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

export interface Instance {
  /** `http://127.0.0.1:<port>` of this instance. */
  base: string;
  /** Closes the app as a SIGTERM to `npm start` would (it writes what it holds), and waits. */
  stop(): Promise<void>;
}

/** Starts an app on a host. */
export async function startInstance(host: string, options: InstanceOptions): Promise<Instance> {
  const { id, port } = (await controlCall(`${host}/apps`, 'POST', options)) as {
    id: string;
    port: number;
  };
  let stopped: Promise<unknown> | undefined;
  return {
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      stopped ??= controlCall(`${host}/apps/${id}`, 'DELETE');
      await stopped;
    },
  };
}

/** Migrates the database once, so that the instances do not race to. */
export async function migrateOnce(databaseUrl: string): Promise<void> {
  const handle = createDatabase(databaseUrl);
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
}

export interface RoundRobinProxy {
  /** `http://127.0.0.1:<port>` */
  base: string;
  server: Server;
  close(): Promise<void>;
}

/**
 * A plain HTTP proxy that sends each request to the next instance in turn, streaming bodies both
 * ways (so Server-Sent Events pass as they are written). Headers go through unchanged, Host
 * included: the public pages are told apart by it.
 */
export async function roundRobinProxy(targets: readonly string[]): Promise<RoundRobinProxy> {
  const agent = new Agent({ keepAlive: true });
  let next = 0;
  const server = createServer((request, response) => {
    const target = new URL(targets[next % targets.length] as string);
    next += 1;
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
        agent,
      },
      (answer: IncomingMessage) => {
        // The raw list keeps repeated headers (several Set-Cookie) as they were.
        response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        response.flushHeaders();
        answer.pipe(response);
        response.on('close', () => answer.destroy());
      },
    );
    upstream.on('error', (error) => {
      if (response.headersSent) response.destroy(error);
      else response.writeHead(502, { 'content-type': 'text/plain' }).end(String(error));
    });
    request.pipe(upstream);
    // A client that goes away (a closed SSE stream) ends the upstream request too.
    response.on('close', () => {
      if (!response.writableFinished) upstream.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    server,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
    },
  };
}

export interface InstanceGroup {
  instances: Instance[];
  proxy: RoundRobinProxy;
  /** Stops the proxy and every instance still running. */
  close(): Promise<void>;
}

/** `count` instances on one (already created) database, migrated first, behind a proxy. */
export async function startInstances(
  count: number,
  options: InstanceOptions,
): Promise<InstanceGroup> {
  const databaseUrl = options.config.DATABASE_URL;
  if (!databaseUrl) throw new Error('the instances need config.DATABASE_URL');
  await migrateOnce(databaseUrl);
  const controls = await hosts();
  const started = await Promise.allSettled(
    Array.from({ length: count }, (_, index) =>
      startInstance(controls[index % controls.length] as string, options),
    ),
  );
  const instances = started.flatMap((result) =>
    result.status === 'fulfilled' ? [result.value] : [],
  );
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(instances.map((instance) => instance.stop()));
    throw failed.reason;
  }
  const proxy = await roundRobinProxy(instances.map((instance) => instance.base));
  return {
    instances,
    proxy,
    close: async () => {
      await proxy.close();
      await Promise.all(instances.map((instance) => instance.stop()));
    },
  };
}
