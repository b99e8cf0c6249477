import { randomUUID } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';

/** USER_HZ, 100 on every Linux build that matters here. */
const CLOCK_TICKS_PER_SECOND = 100;

/** Asks the OS for a free loopback port. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export async function waitForHttp(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export interface RunningServer {
  url: string;
  /** The server process's id (its memory can be read from /proc). */
  pid?: number;
  /** The server process's CPU time so far (user + system) in ms; undefined where /proc is missing. */
  cpuMs(): number | undefined;
  stop(): Promise<void>;
}

/**
 * CPU time (user + system, ms) of a process so far, from /proc (Linux): the one measure a busy
 * shared machine leaves fair. Undefined where /proc is missing or the process is gone.
 */
export function processCpuMs(pid: number | undefined): number | undefined {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

function cpuMsOf(child: ChildProcess): () => number | undefined {
  return () => processCpuMs(child.pid);
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
}

/**
 * Starts the built Livent server (apps/server/dist) on a fresh SQLite database. `nodeArgs` go to
 * node itself (e.g. `--cpu-prof`, which NODE_OPTIONS does not allow); `entry` is the script that
 * starts it (a bench's own start of the built app, for example). `BENCH_SERVER_ENTRY` names another
 * build's entry for the benches that start the default one, e.g. a copy of `apps/server/dist` from
 * before a change (beside `dist`, so that it finds the same packages), to print before and after.
 */
export async function startLivent(
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
  entry = process.env.BENCH_SERVER_ENTRY ?? 'apps/server/dist/main.js',
): Promise<RunningServer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'livent-bench-'));
  // The log goes where production sends it, a pipe that a reader drains (a log collector; `cat`
  // here, a process of its own); BENCH_LOG_SINK=null writes it to /dev/null instead, which Node
  // writes synchronously like any file.
  const sink =
    process.env.BENCH_LOG_SINK === 'null'
      ? undefined
      : spawn('cat', [], { stdio: ['pipe', 'ignore', 'inherit'] });
  // BENCH_NODE_ARGS adds node's own flags to every Livent a bench starts, e.g.
  // `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile a bench as it runs.
  const extraArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, ...extraArgs, entry], {
    stdio: ['ignore', sink?.stdin ?? 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // The dashboard's API answers on PUBLIC_URL's host only (ADR 043): the URL benches call.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: `file:${dir}/livent.db`,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
      RATE_LIMIT_MAX: '100000000',
      ...env,
    },
  });
  // The child holds its own copy of the pipe; the sink reads until the child exits.
  sink?.stdin?.destroy();
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/api/health`);
  return { url, pid: child.pid, cpuMs: cpuMsOf(child), stop: stopper(child) };
}

/** Starts a bare `node:http` server in its own process that answers every request with `body`. */
export async function startBareServer(
  body: string,
  contentType: string,
  /** More response headers to send, e.g. the target's own, to see what they cost. */
  headers: Record<string, string> = {},
): Promise<RunningServer> {
  return startAnswering(
    body,
    contentType,
    headers,
    (port) => `
    const http = require('node:http');
    http.createServer((req, res) => {
      res.writeHead(200, { ...headers, 'content-type': contentType, 'content-length': body.length });
      res.end(body);
    }).listen(${port}, '127.0.0.1');`,
  );
}

/**
 * A hello-world Fastify in its own process answering every request with `body` and `headers`
 * (with its defaults: request ids, no logger): what the framework itself costs next to bare
 * `node:http`, so that a budget can be judged against the floor of this stack (ADR 029).
 */
export async function startHelloFastify(
  body: string,
  contentType: string,
  headers: Record<string, string> = {},
): Promise<RunningServer> {
  return startAnswering(
    body,
    contentType,
    headers,
    (port) => `
    const app = require('fastify')();
    app.get('/*', (request, reply) => {
      reply.headers(headers).type(contentType).send(body);
    });
    app.listen({ port: ${port}, host: '127.0.0.1' });`,
  );
}

async function startAnswering(
  body: string,
  contentType: string,
  headers: Record<string, string>,
  source: (port: number) => string,
): Promise<RunningServer> {
  const port = await freePort();
  const prelude = `
    const body = Buffer.from(process.env.BODY, 'base64');
    const headers = JSON.parse(process.env.HEADERS);
    const contentType = process.env.CONTENT_TYPE;`;
  const child = spawn(process.execPath, ['-e', prelude + source(port)], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      BODY: Buffer.from(body).toString('base64'),
      CONTENT_TYPE: contentType,
      HEADERS: JSON.stringify(headers),
    },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(url);
  return { url, pid: child.pid, cpuMs: cpuMsOf(child), stop: stopper(child) };
}

/** A fresh account on a running Livent, signed in: the owner of a bench's events. */
export async function registerBenchOwner(
  url: string,
): Promise<{ user: { id: string }; tokens: { access: { token: string } } }> {
  const registered = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench Owner',
      email: `bench-${randomUUID()}@example.com`,
      password: 'Bench12345',
      acceptTerms: true,
      acceptPrivacy: true,
    }),
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
  return (await registered.json()) as {
    user: { id: string };
    tokens: { access: { token: string } };
  };
}

/**
 * An answer's own headers, without those every HTTP server sends itself: what a baseline server
 * must add to send "the same bytes" (ADR 029).
 */
export function ownResponseHeaders(
  headers: Headers | Record<string, string>,
): Record<string, string> {
  const common = ['date', 'connection', 'keep-alive', 'content-length', 'content-type'];
  const entries = headers instanceof Headers ? [...headers] : Object.entries(headers);
  return Object.fromEntries(entries.filter(([name]) => !common.includes(name)));
}

/** The settings of a realistic event page: texts, a player, a menu and the message tool. */
export const REALISTIC_PAGE = {
  headline: 'Product Launch 2027: live from Berlin',
  introduction: 'Join us for an hour of announcements, demos and a live Q&A.',
  agenda: '17:00 Keynote\n17:25 Demos\n18:00 Q&A',
  content: 'Read the FAQ at https://example.com/faq.',
  playerLink: 'https://player.example.com/live',
  messagesEnabled: true,
  menuItems: [{ name: 'Programme', link: 'https://example.com/p', newWindow: false }],
};

/**
 * An event straight into a bench server's SQLite file (creating one through the API needs a
 * verified address); a realistic page unless `settings` says otherwise. Answers its id.
 */
export function insertBenchEvent(
  databaseFile: string,
  ownerId: string,
  slug: string,
  {
    title = 'Product Launch',
    settings = REALISTIC_PAGE,
  }: { title?: string; settings?: object } = {},
): string {
  const db = new Database(databaseFile);
  const id = randomUUID();
  const now = new Date().toISOString();
  db.prepare(
    'INSERT INTO events (id, owner_id, slug, title, settings, version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?)',
  ).run(id, ownerId, slug, title, JSON.stringify(settings), now, now);
  db.close();
  return id;
}
