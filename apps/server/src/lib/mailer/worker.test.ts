import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { migratedTestDatabase, type MigratedTestDatabase } from '../../test/database.js';
import { closedPort, startSmtpServer, type TestSmtpServer } from '../../test/smtp.js';
import { parseCalendar, SAMPLE_ENTRY } from '../../test/calendar.js';
import { writeCalendar } from '../calendar/ics.js';
import { systemClock } from '../clock.js';
import { insertMail } from './outbox.js';
import { renderMail } from './templates.js';
import { createSmtpTransport } from './transport.js';
import { classifySendError, type MailTransport } from './transport.js';
import {
  DEFAULT_MAIL_WORKER_OPTIONS,
  MailWorker,
  retryDelayMs,
  type MailWorkerOptions,
} from './worker.js';

const fast: MailWorkerOptions = {
  ...DEFAULT_MAIL_WORKER_OPTIONS,
  pollIntervalMs: 20,
  retryBaseMs: 50,
  retryMaxMs: 200,
  maxAttempts: 3,
};

const log = Fastify({ logger: false }).log;

describe('MailWorker over SMTP', () => {
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

  async function queue(to = 'ada@example.com'): Promise<string> {
    const rendered = renderMail('verify-email', 'de', {
      name: 'Ada',
      link: 'http://localhost:3000/verify-email?token=abcdefghijklmnopqrstuv',
    });
    return insertMail(
      database.db,
      { userId: null, to, template: 'verify-email', language: 'de', ...rendered },
      new Date(),
    );
  }

  function start(port: number, options: Partial<MailWorkerOptions> = {}): MailWorker {
    const transport = createSmtpTransport(
      `smtp://127.0.0.1:${port}`,
      'Livent <no-reply@example.com>',
    );
    const worker = new MailWorker(database.db, transport, systemClock, log, {
      ...fast,
      ...options,
    });
    workers.push(worker);
    worker.start();
    return worker;
  }

  const mail = (id: string) =>
    database.db.selectFrom('mails').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('sends a queued mail, records it as accepted and blanks its token', async () => {
    const server = await startSmtpServer();
    servers.push(server);
    const id = await queue();
    start(server.port);

    await vi.waitFor(async () => expect((await mail(id)).status).toBe('accepted'));
    const row = await mail(id);
    expect(row).toMatchObject({ attempts: 1, locked_until: null, last_error: null });
    expect(row.sent_at).not.toBeNull();
    expect(row.message_id).toMatch(/^<.+>$/);
    expect(row.text).toContain('verify-email?token=***');
    expect(row.text).not.toContain('abcdefghijklmnopqrstuv');
    expect(row.html).toContain('verify-email?token=***"');
    expect(row.html).not.toContain('abcdefghijklmnopqrstuv');

    expect(server.received).toHaveLength(1);
    expect(server.received[0]).toMatchObject({
      from: 'no-reply@example.com',
      to: ['ada@example.com'],
    });
    const received = server.received[0];
    expect(received?.headers.get('x-livent-mail-id')).toBe(id);
    expect(received?.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse für Livent');
    const link = 'http://localhost:3000/verify-email?token=abcdefghijklmnopqrstuv';
    expect(received?.text).toContain(`\n\n${link}\n\n`);
    expect(received?.html).toContain(`href="${link}"`);
  });

  it('sends a mail with a calendar as its invitation part, with the method of the text', async () => {
    const server = await startSmtpServer();
    servers.push(server);
    const calendar = writeCalendar({ ...SAMPLE_ENTRY, summary: 'Grüße 🎉' });
    const rendered = renderMail('verify-email', 'en', { name: 'Ada', link: 'http://x.test/' });
    const id = await insertMail(
      database.db,
      {
        userId: null,
        to: 'ada@example.com',
        template: 'verify-email',
        language: 'en',
        ...rendered,
        calendar,
      },
      new Date(),
    );
    start(server.port);

    await vi.waitFor(async () => expect((await mail(id)).status).toBe('accepted'));
    const received = server.received[0];
    expect(received?.calendar?.method).toBe('REQUEST');
    expect(received?.calendar?.content).toBe(calendar);
    expect(
      parseCalendar(received?.calendar?.content ?? '').vevent.getFirstPropertyValue('summary'),
    ).toBe('Grüße 🎉');
  });

  it('records a 5xx answer to the recipient as rejected, without retrying', async () => {
    const server = await startSmtpServer({ rejectRecipientsWith: 550 });
    servers.push(server);
    const id = await queue();
    start(server.port);

    await vi.waitFor(async () => expect((await mail(id)).status).toBe('rejected'));
    const row = await mail(id);
    expect(row.attempts).toBe(1);
    expect(row.last_error).toContain('550');
  });

  it('retries after a connection failure and sends once the server is back', async () => {
    const port = await closedPort();
    const id = await queue();
    start(port, { retryBaseMs: 300 });

    await vi.waitFor(async () => expect((await mail(id)).status).toBe('failedtemporary'));
    const failed = await mail(id);
    expect(failed.attempts).toBe(1);
    expect(failed.last_error).toMatch(/ECONNECTION|ECONNREFUSED/);
    expect(failed.next_attempt_at > failed.created_at).toBe(true);

    const server = await startSmtpServer({ port });
    servers.push(server);
    await vi.waitFor(async () => expect((await mail(id)).status).toBe('accepted'), {
      timeout: 5000,
    });
    expect((await mail(id)).attempts).toBeGreaterThanOrEqual(2);
    expect(server.received).toHaveLength(1);
  });

  it('gives up after maxAttempts with failedpermanent', async () => {
    const port = await closedPort();
    const id = await queue();
    start(port, { maxAttempts: 2, retryBaseMs: 10 });

    await vi.waitFor(async () => expect((await mail(id)).status).toBe('failedpermanent'), {
      timeout: 5000,
    });
    expect((await mail(id)).attempts).toBe(2);
  });

  it('never sends one mail twice when several workers poll the same outbox', async () => {
    const sent: string[] = [];
    const transport: MailTransport = {
      send: async (row) => {
        sent.push(row.id);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return `<${row.id}@test>`;
      },
      close: () => {},
    };
    const ids = await Promise.all(
      Array.from({ length: 10 }, (_, i) => queue(`user${i}@example.com`)),
    );
    for (let i = 0; i < 3; i += 1) {
      const worker = new MailWorker(database.db, transport, systemClock, log, {
        ...fast,
        batchSize: 4,
      });
      workers.push(worker);
      worker.start();
    }
    await vi.waitFor(async () => {
      const rows = await database.db.selectFrom('mails').select('status').execute();
      expect(rows.every((row) => row.status === 'accepted')).toBe(true);
    });
    expect([...sent].sort()).toEqual([...ids].sort());
  });
});

describe('retry timing and error classes', () => {
  it('doubles the wait from the base, capped', () => {
    const options = { retryBaseMs: 5_000, retryMaxMs: 3_600_000 };
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts, options))).toEqual([
      5_000, 10_000, 20_000, 40_000,
    ]);
    expect(retryDelayMs(20, options)).toBe(3_600_000);
  });

  it('treats only 5xx answers to envelope or message as permanent', () => {
    expect(classifySendError({ code: 'EENVELOPE', responseCode: 550 })).toBe('permanent');
    expect(classifySendError({ code: 'EMESSAGE', responseCode: 554 })).toBe('permanent');
    expect(classifySendError({ code: 'EENVELOPE', responseCode: 451 })).toBe('temporary');
    expect(classifySendError({ code: 'EAUTH', responseCode: 535 })).toBe('temporary');
    expect(classifySendError({ code: 'ECONNECTION' })).toBe('temporary');
    expect(classifySendError(new Error('boom'))).toBe('temporary');
  });
});
