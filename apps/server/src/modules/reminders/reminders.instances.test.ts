import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { insertEvent } from '../public/public.fixtures.js';
import { insertInvitation, insertRegistration } from './reminders.fixtures.js';

/**
 * Two instances on one database, in real time (docs/decisions/065-reminders-and-follow-up.md):
 * both schedulers send the same due reminders at once, several batches long, and every guest gets
 * each reminder once: the second instance's batch waits for the first's commit and conflicts on
 * the reminder rows' key. PostgreSQL only: SQLite is one process.
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')(
  'reminders of two instances on one database',
  { timeout: 120_000 },
  () => {
    let first: TestApp;
    let second: TestApp;
    let app: FastifyInstance;

    beforeAll(async () => {
      first = await buildTestApp({}, { reminderScheduler: { intervalMs: 0 } });
      app = first.app;
      second = await buildTestApp(
        { DATABASE_URL: first.config.databaseUrl },
        { reminderScheduler: { intervalMs: 0 } },
      );
    }, 60_000);
    afterAll(async () => {
      await second?.cleanup();
      await first?.cleanup();
    });

    it('sends every reminder once', async () => {
      const owner = await registerVerified(app, { name: 'Olivia Owner' });
      // Starts in 30 minutes (UTC): the reminders at the start's minus 30 and 15 minutes are due.
      const start = new Date(Date.now() + 30 * 60_000);
      const event = await insertEvent(app, owner.user.id, {
        accessMode: 'registration',
        startMode: 'datetime',
        startDate: start.toISOString().slice(0, 10),
        startTime: start.toISOString().slice(11, 16),
        timeZone: 'UTC',
        reminderOffsets: [30, 45],
      });
      const guests = 1_200;
      for (let index = 0; index < guests; index += 1) {
        await (index % 4 === 0
          ? insertInvitation(app, event.id, {
              name: `I${String(index)}`,
              email: `i${String(index)}@example.com`,
            })
          : insertRegistration(app, event.id, {
              name: `R${String(index)}`,
              email: `r${String(index)}@example.com`,
              language: index % 3 === 0 ? 'de' : null,
            }));
      }
      const [one, two] = await Promise.all([
        first.app.services.reminders.sendDue(),
        second.app.services.reminders.sendDue(),
      ]);
      // Two reminders (the start minus 30 and minus 45 minutes are both past, within the grace).
      expect(one + two).toBe(2 * guests);
      const rows = await app.db
        .selectFrom('reminder_sends')
        .innerJoin('mails', 'mails.id', 'reminder_sends.mail_id')
        .select(['reminder_sends.reminder', 'mails.to'])
        .where('reminder_sends.event_id', '=', event.id)
        .execute();
      expect(rows).toHaveLength(2 * guests);
      expect(new Set(rows.map((row) => `${row.reminder} ${row.to}`)).size).toBe(2 * guests);
      // No mail queued without its row: the conflicting instance took its mails back.
      const mails = await app.db
        .selectFrom('mails')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('template', '=', 'reminder')
        .executeTakeFirstOrThrow();
      expect(Number(mails.count)).toBe(2 * guests);
    });
  },
);
