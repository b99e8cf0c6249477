import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SqliteDatabase from 'better-sqlite3';
import { registration, tokenOf } from './test/accounts.js';
import { freePort } from './test/ports.js';
import { systemClock } from './lib/clock.js';
import { StatsViewTokens } from './modules/stats/view-tokens.js';
import { TEST_APP_SECRET } from './test/test-app.js';

// A graceful stop of the real server process (docs/decisions/032-operations.md): readiness turns
// 503 while it drains, open live streams end so the close does not wait for them, and the
// statistics still in memory are written before the database closes.

const MAIN = join(import.meta.dirname, 'main.ts');
/** main.ts's own limit after the drain: the process must be gone well within it. */
const SHUTDOWN_LIMIT_MS = 10_000;
const DRAIN_SECONDS = 2;
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A request on the events origin: its host name need not resolve, only the Host header counts. */
function postOnEventsHost(port: number, path: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: {
          host: `events.localhost:${port}`,
          'content-type': 'text/plain',
          // A browser's: bots and headless browsers are not counted.
          'user-agent': BROWSER,
        },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

describe('the server process on SIGTERM', () => {
  let child: ChildProcess | undefined;
  let dir: string | undefined;
  afterEach(() => {
    if (child?.exitCode === null && child.pid) child.kill('SIGKILL');
    if (dir) rmSync(dir, { recursive: true, force: true });
    child = undefined;
    dir = undefined;
  });

  function start(port: number, databaseDir: string, drainSeconds: number): ChildProcess {
    // As scripts/start.mjs runs it: production, no development tools.
    const server = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', MAIN], {
      cwd: join(import.meta.dirname, '..'),
      env: {
        PATH: process.env.PATH,
        // A Node 24 test run loads its own better-sqlite3 through it (scripts/node24/runtime.mjs).
        NODE_OPTIONS: process.env.NODE_OPTIONS,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        // The dashboard's API answers on PUBLIC_URL's host only (ADR 043), which fetch names.
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATABASE_URL: `file:${join(databaseDir, 'livent.db')}`,
        APP_SECRET: TEST_APP_SECRET,
        WEB_DIST: join(databaseDir, 'no-web-dist'),
        LOG_LEVEL: 'warn',
        SHUTDOWN_DRAIN_SECONDS: String(drainSeconds),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child = server;
    return server;
  }

  async function waitUntilReady(base: string, server: ChildProcess): Promise<void> {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
      try {
        if ((await fetch(`${base}/api/health/ready`)).ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('the server did not start within 30 s');
  }

  it('drains, ends open streams and exits within the shutdown timeout; a pageview in memory is written', async () => {
    const port = await freePort();
    dir = mkdtempSync(join(tmpdir(), 'livent-shutdown-'));
    const base = `http://127.0.0.1:${port}`;
    let server = start(port, dir, DRAIN_SECONDS);
    await waitUntilReady(base, server);

    const account = registration();
    const signUp = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(account),
    });
    expect(signUp.status).toBe(201);
    const { tokens } = (await signUp.json()) as { tokens: { access: { token: string } } };
    const authorization = { authorization: `Bearer ${tokens.access.token}` };
    // Without SMTP the verification mail waits in the outbox, as `npm run outbox` would show it.
    const outbox = new SqliteDatabase(join(dir, 'livent.db'), { readonly: true });
    const mail = outbox
      .prepare('select text from mails order by created_at desc limit 1')
      .get() as {
      text: string;
    };
    outbox.close();
    const verified = await fetch(
      `${base}/api/auth/verify-email?token=${encodeURIComponent(tokenOf(mail))}`,
      { method: 'POST' },
    );
    expect(verified.status).toBeLessThan(300);
    const created = await fetch(`${base}/api/events`, {
      method: 'POST',
      headers: { ...authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Launch' }),
    });
    expect(created.status).toBe(201);
    const event = (await created.json()) as { id: string; slug: string };

    const stream = await fetch(`${base}/api/events/${event.id}/messages/stream`, {
      headers: authorization,
    });
    expect(stream.status).toBe(200);
    const reader = stream.body?.getReader();
    if (!reader) throw new Error('no stream body');
    await reader.read();
    const streamEnded = (async () => {
      while (!(await reader.read()).done);
      return true;
    })().catch(() => true);

    const signalledAt = Date.now();
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    // During the drain (once the signal is handled): not ready, yet alive and serving.
    const ready = await vi.waitFor(
      async () => {
        const answer = await fetch(`${base}/api/health/ready`);
        expect(answer.status).toBe(503);
        return answer;
      },
      // The signal may be handled late on a busy machine; the drain starts only then.
      { timeout: 5000, interval: 20 },
    );
    expect(await ready.json()).toMatchObject({ shuttingDown: true });
    expect((await fetch(`${base}/api/health/live`)).status).toBe(200);

    expect(await exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(DRAIN_SECONDS * 1000 + SHUTDOWN_LIMIT_MS);
    expect(await streamEnded).toBe(true);

    // Without a drain: a pageview still in memory (written in batches every second) when the
    // signal comes is written before the database closes.
    server = start(port, dir, 0);
    await waitUntilReady(base, server);
    // A pageview sent just before the signal is still in memory (written in batches), with the
    // view token the page carries (the same secret signs it).
    const viewTokens = new StatsViewTokens(TEST_APP_SECRET, systemClock);
    const t = viewTokens.pageToken(event.id, '', viewTokens.window());
    expect(await postOnEventsHost(port, `/${event.slug}/_stats/view`, JSON.stringify({ t }))).toBe(
      200,
    );

    const stopped = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    expect(await stopped).toBe(0);
    const database = new SqliteDatabase(join(dir, 'livent.db'), { readonly: true });
    const counted = database
      .prepare(
        'select coalesce(sum(pageviews), 0) as pageviews from stats_minutes where event_id = ?',
      )
      .get(event.id) as { pageviews: number };
    database.close();
    expect(counted.pageviews).toBe(1);
  }, 60_000);
});
