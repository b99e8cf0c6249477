import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MessageChange } from '@livent/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../../db/database.js';
import { migrateToLatest } from '../../../db/migrator.js';
import { isSseStream, openSse, type SseStream } from '../../../test/sse.js';
import { createTestDatabase, TEST_APP_SECRET, type TestDatabase } from '../../../test/test-app.js';

const MAIN = join(import.meta.dirname, '../../../main.ts');
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
  options: { headers?: Record<string, string>; json?: unknown } = {},
): Promise<Answer> {
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${base}${path}`, {
      method,
      agent: false,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
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

/**
 * Two server processes on one PostgreSQL database (docs/architecture.md, "Scale-out"): a change
 * made through one reaches the live streams of the other, woken by NOTIFY (ADR 025).
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')(
  'two server instances on one database (PostgreSQL only, TEST_DB=postgres: SQLite instances share no NOTIFY)',
  () => {
    let database: TestDatabase;
    const instances: Instance[] = [];

    async function start(): Promise<Instance> {
      const port = await freePort();
      const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', MAIN], {
        cwd: join(import.meta.dirname, '../../../..'),
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
          // The dev mailbox confirms the test account (ADR 019).
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

    beforeAll(async () => {
      database = await createTestDatabase();
      // Migrated once here, so that the two processes do not race to migrate.
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
      await Promise.all(
        instances.map(async ({ child }) => {
          if (child.exitCode !== null) return;
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGTERM');
          await exited;
        }),
      );
      await database?.drop();
    }, 30_000);

    it('delivers a message submitted on one instance to an inbox open on the other', async () => {
      const [a, b] = instances as [Instance, Instance];
      const email = `two-instances-${randomUUID()}@example.com`;
      const registered = await call(a.base, 'POST', '/api/auth/register', {
        json: {
          name: 'Ada',
          email,
          password: 'Secret123',
          acceptTerms: true,
          acceptPrivacy: true,
        },
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
      const verified = await call(a.base, 'POST', `/api/auth/verify-email?token=${token}`);
      expect(verified.status, verified.body).toBe(204);

      const created = await call(a.base, 'POST', '/api/events', {
        headers: auth,
        json: { title: 'Two instances' },
      });
      expect(created.status, created.body).toBe(201);
      const event = JSON.parse(created.body) as { id: string; slug: string };
      const enabled = await call(a.base, 'PATCH', `/api/event-settings/${event.id}`, {
        headers: auth,
        json: { messagesEnabled: true },
      });
      expect(enabled.status, enabled.body).toBe(200);

      // The inbox is open on B.
      const stream = await openSse(`${b.base}/api/events/${event.id}/messages/stream`, auth);
      if (!isSseStream(stream)) throw new Error(`${stream.status}: ${stream.body}`);
      const inbox: SseStream = stream;
      try {
        expect((await inbox.next()).event).toBe('ready');

        // The viewer sends on A's public page.
        const sent = await call(a.base, 'POST', `/${event.slug}/_messages`, {
          headers: { host: EVENTS_HOST },
          json: { name: 'Grace', text: 'Hello from instance A', key: randomUUID() },
        });
        expect(sent.status, sent.body).toBe(201);
        const messageId = (JSON.parse(sent.body) as { id: string }).id;

        const frame = await inbox.next(10_000);
        expect(frame.event).toBe('message');
        expect(JSON.parse(frame.data) as MessageChange).toMatchObject({
          change: 'created',
          message: { id: messageId, text: 'Hello from instance A', authorName: 'Grace' },
        });
      } finally {
        inbox.close();
      }
    }, 60_000);
  },
);
