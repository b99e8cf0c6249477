import { randomUUID } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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

/** CPU time of a process from /proc (Linux): the one measure a busy shared machine leaves fair. */
function cpuMsOf(child: ChildProcess): () => number | undefined {
  return () => {
    try {
      // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
      const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]);
      return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
    } catch {
      return undefined;
    }
  };
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
 * starts it (a bench's own start of the built app, for example).
 */
export async function startLivent(
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
  entry = 'apps/server/dist/main.js',
): Promise<RunningServer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'livent-bench-'));
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `file:${dir}/livent.db`,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
      RATE_LIMIT_MAX: '100000000',
      ...env,
    },
  });
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
  const port = await freePort();
  const source = `
    const http = require('node:http');
    const body = Buffer.from(process.env.BODY, 'base64');
    const headers = JSON.parse(process.env.HEADERS);
    http.createServer((req, res) => {
      res.writeHead(200, { ...headers, 'content-type': process.env.CONTENT_TYPE, 'content-length': body.length });
      res.end(body);
    }).listen(${port}, '127.0.0.1');`;
  const child = spawn(process.execPath, ['-e', source], {
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
  return { url, cpuMs: cpuMsOf(child), stop: stopper(child) };
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
