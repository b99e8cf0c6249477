import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../lib/clock.js';
import { insertMail } from '../lib/mailer/outbox.js';
import { renderMail } from '../lib/mailer/templates.js';
import { createSmtpTransport, type MailTransport } from '../lib/mailer/transport.js';
import {
  DEFAULT_MAIL_WORKER_OPTIONS,
  MailWorker,
  type MailWorkerOptions,
} from '../lib/mailer/worker.js';
import { migratedTestDatabase, type MigratedTestDatabase } from '../test/database.js';
import { closedPort, startSmtpServer, type TestSmtpServer } from '../test/smtp.js';

// The outbox hands every mail on exactly once across an SMTP outage and a shutdown in the middle
// of sending (ADR 012, docs/decisions/032-operations.md).

const fast: MailWorkerOptions = {
  ...DEFAULT_MAIL_WORKER_OPTIONS,
  pollIntervalMs: 20,
  retryBaseMs: 100,
  retryMaxMs: 200,
  maxAttempts: 50,
};
const log = Fastify({ logger: false }).log;

let database: MigratedTestDatabase;
const servers: TestSmtpServer[] = [];
const workers: MailWorker[] = [];
beforeEach(async () => {
  database = await migratedTestDatabase();
});
afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.stop();
  for (const server of servers.splice(0)) await server.close();
  await database.cleanup();
});

async function queue(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const rendered = renderMail('verify-email', 'en', {
      name: `Viewer ${i}`,
      link: `http://localhost:3000/verify-email?token=token${i}abcdefghijklmnop`,
    });
    ids.push(
      await insertMail(
        database.db,
        {
          userId: null,
          to: `v${i}@example.com`,
          template: 'verify-email',
          language: 'en',
          ...rendered,
        },
        new Date(),
      ),
    );
  }
  return ids;
}

function worker(transport: MailTransport): MailWorker {
  const started = new MailWorker(database.db, transport, systemClock, log, fast);
  workers.push(started);
  started.start();
  return started;
}

const statuses = async () =>
  Object.fromEntries(
    (await database.db.selectFrom('mails').select(['id', 'status', 'attempts']).execute()).map(
      (row) => [row.id, row],
    ),
  );

const receivedIds = (server: TestSmtpServer) =>
  server.received.map((mail) => String(mail.headers.get('x-livent-mail-id'))).sort();

describe('the mail outbox under faults', () => {
  it('delivers every mail queued while the SMTP server was down, each once, when it comes up', async () => {
    const port = await closedPort();
    const ids = await queue(5);
    worker(createSmtpTransport(`smtp://127.0.0.1:${port}`, 'Livent <no-reply@example.com>'));
    await vi.waitFor(async () =>
      expect(Object.values(await statuses()).every((row) => row.status === 'failedtemporary')).toBe(
        true,
      ),
    );

    const server = await startSmtpServer({ port });
    servers.push(server);
    await vi.waitFor(
      async () =>
        expect(Object.values(await statuses()).map((row) => row.status)).toEqual(
          ids.map(() => 'accepted'),
        ),
      { timeout: 5000 },
    );
    expect(receivedIds(server)).toEqual([...ids].sort());
  });

  it('finishes the mail it is sending when stopped, leaves the rest queued, and the next start sends those once', async () => {
    const server = await startSmtpServer();
    servers.push(server);
    const smtp = createSmtpTransport(server.url, 'Livent <no-reply@example.com>');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let sending: (() => void) | undefined;
    const isSending = new Promise<void>((resolve) => (sending = resolve));
    // The first send waits inside the transport until the worker has been told to stop.
    const slow: MailTransport = {
      async send(mail) {
        sending?.();
        sending = undefined;
        await held;
        return smtp.send(mail);
      },
      close: () => undefined,
    };
    const ids = await queue(4);
    const first = worker(slow);
    await isSending;

    const stopped = first.stop();
    release();
    await stopped;

    const afterStop = Object.values(await statuses());
    expect(afterStop.filter((row) => row.status === 'accepted')).toHaveLength(1);
    expect(afterStop.filter((row) => row.status === 'queued' && row.attempts === 0)).toHaveLength(
      3,
    );
    expect(server.received).toHaveLength(1);

    worker(createSmtpTransport(server.url, 'Livent <no-reply@example.com>'));
    await vi.waitFor(
      async () =>
        expect(Object.values(await statuses()).map((row) => row.status)).toEqual(
          ids.map(() => 'accepted'),
        ),
      { timeout: 5000 },
    );
    expect(receivedIds(server)).toEqual([...ids].sort());
  });
});
