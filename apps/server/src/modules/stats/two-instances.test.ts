import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Stats } from '@livent/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrator.js';
import { createTestDatabase, TEST_APP_SECRET, type TestDatabase } from '../../test/test-app.js';

const MAIN = join(import.meta.dirname, '../../main.ts');
const EVENTS_HOST = 'events.test';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

interface Answer {
  status: number;
  body: string;
}

/** One request on a connection of its own, so that nothing keeps a server from stopping. */
function call(
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
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.end(body);
  });
}

interface Instance {
  base: string;
  child: ChildProcess;
  stderr: () => string;
}

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/**
 * Two server processes on one PostgreSQL database (docs/architecture.md, "Scale-out"; ADR 027):
 * a viewer whose beacons land on both counts once, and a stopped instance writes what it held.
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')(
  'statistics of two server instances on one database (PostgreSQL only: SQLite is one process)',
  () => {
    let database: TestDatabase;
    const instances: Instance[] = [];

    async function start(): Promise<Instance> {
      const port = await freePort();
      const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', MAIN], {
        cwd: join(import.meta.dirname, '../../..'),
        env: {
          PATH: process.env.PATH,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: database.url,
          APP_SECRET: TEST_APP_SECRET,
          PUBLIC_URL: 'http://app.test',
          EVENTS_URL: `http://${EVENTS_HOST}`,
          WEB_DIST: join(tmpdir(), 'livent-test-no-web-dist'),
          LOG_LEVEL: 'warn',
          RATE_LIMIT_MAX: '100000',
          LIVENT_DEV_TOOLS: '1',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const instance = { base: `http://127.0.0.1:${port}`, child, stderr: () => stderr };
      instances.push(instance);
      return instance;
    }

    async function waitForHealth(instance: Instance): Promise<void> {
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        if (instance.child.exitCode !== null) {
          throw new Error(
            `the server exited with ${instance.child.exitCode}: ${instance.stderr()}`,
          );
        }
        try {
          if ((await call(instance.base, 'GET', '/api/health')).status === 200) return;
        } catch {
          // Not listening yet.
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error('the server did not start within 60 s');
    }

    const stop = async ({ child }: Instance) => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    };

    beforeAll(async () => {
      database = await createTestDatabase();
      const handle = createDatabase(database.url);
      try {
        await migrateToLatest(handle.db);
      } finally {
        await handle.close();
      }
      const [a, b] = [await start(), await start()];
      await Promise.all([waitForHealth(a), waitForHealth(b)]);
    }, 90_000);

    afterAll(async () => {
      await Promise.all(instances.map(stop));
      await database?.drop();
    }, 30_000);

    it('counts a viewer seen by both instances once, and a stopped instance writes its hits', async () => {
      const [a, b] = instances as [Instance, Instance];
      const email = `two-instances-${randomUUID()}@example.com`;
      const registered = await call(a.base, 'POST', '/api/auth/register', {
        json: { name: 'Ada', email, password: 'Secret123', acceptTerms: true, acceptPrivacy: true },
      });
      expect(registered.status, registered.body).toBe(201);
      const access = (JSON.parse(registered.body) as { tokens: { access: { token: string } } })
        .tokens.access.token;
      const auth = { authorization: `Bearer ${access}` };
      const mails = await call(a.base, 'GET', `/api/dev/mails?to=${encodeURIComponent(email)}`);
      const [mail] = JSON.parse(mails.body) as { links: string[] }[];
      const token = mail?.links
        .map((link) => new URL(link).searchParams.get('token'))
        .find((value) => value !== null);
      expect(token, mails.body).toBeTruthy();
      expect((await call(a.base, 'POST', `/api/auth/verify-email?token=${token}`)).status).toBe(
        204,
      );
      const created = await call(a.base, 'POST', '/api/events', {
        headers: auth,
        json: { title: 'Two instances' },
      });
      expect(created.status, created.body).toBe(201);
      const event = JSON.parse(created.body) as { id: string; slug: string };

      const beacon = (instance: Instance, kind: 'view' | 'beat', viewId: string) =>
        call(instance.base, 'POST', `/${event.slug}/_stats/${kind}`, {
          headers: { host: EVENTS_HOST, 'content-type': 'text/plain', 'user-agent': BROWSER },
          body: JSON.stringify({ v: viewId }),
        });
      const stats = async (): Promise<Stats> => {
        const answer = await call(a.base, 'GET', `/api/events/${event.id}/stats`, {
          headers: auth,
        });
        expect(answer.status, answer.body).toBe(200);
        return JSON.parse(answer.body) as Stats;
      };
      /** The stats once `done` holds; each instance writes its batch within a second. */
      const statsWhen = async (done: (s: Stats) => boolean): Promise<Stats> => {
        const deadline = Date.now() + 15_000;
        for (;;) {
          const current = await stats();
          if (done(current) || Date.now() > deadline) return current;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      };

      const shared = randomUUID();
      expect((await beacon(a, 'view', shared)).status).toBe(204);
      expect((await beacon(b, 'beat', shared)).status).toBe(204);
      expect((await beacon(b, 'view', randomUUID())).status).toBe(204);
      const both = await statsWhen((s) => s.totals.pageviews === 2 && s.totals.viewersNow === 2);
      expect(both.totals).toMatchObject({ pageviews: 2, viewersNow: 2, uniqueViewers: 1 });
      // Two page views, however the minutes fell: never three.
      expect(both.totals.peakViewers).toBeLessThanOrEqual(2);

      // B holds a pageview in memory when it is told to stop: it writes it before exiting.
      expect((await beacon(b, 'view', randomUUID())).status).toBe(204);
      await stop(b);
      expect((await stats()).totals.pageviews).toBe(3);
    }, 60_000);
  },
);
