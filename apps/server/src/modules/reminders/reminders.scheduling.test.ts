import type { EventSettings } from '@livent/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerVerified, type SignedInUser } from '../../test/accounts.js';
import { testClock } from '../../test/clock.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { insertEvent, type TestEvent } from '../public/public.fixtures.js';
import { insertInvitation, insertRegistration } from './reminders.fixtures.js';

// Reminders with a fake clock (docs/decisions/065-reminders-and-follow-up.md): due, not yet due,
// passed beyond the grace period, a moved start, unsubscribed guests, once across a restart.

const clock = testClock('2026-11-30T08:00:00.000Z');
let testApp: TestApp;
let app: FastifyInstance;
let owner: SignedInUser;

beforeAll(async () => {
  testApp = await buildTestApp({}, { now: clock.now, reminderScheduler: { intervalMs: 0 } });
  app = testApp.app;
  owner = await registerVerified(app, { name: 'Olivia Owner' });
});
afterAll(() => testApp.cleanup());
beforeEach(() => {
  clock.set('2026-11-30T08:00:00.000Z');
});

/** Starts 2026-12-01 10:00 in Berlin, 09:00 UTC; reminders a day and an hour before. */
const datedEvent = (settings: Partial<EventSettings> = {}) =>
  insertEvent(app, owner.user.id, {
    title: 'Launch Day',
    accessMode: 'registration',
    startMode: 'datetime',
    startDate: '2026-12-01',
    startTime: '10:00',
    timeZone: 'Europe/Berlin',
    reminderOffsets: [1440, 60],
    ...settings,
  });

const round = () => app.services.reminderScheduler.runNow();

const mailsOf = (event: TestEvent) =>
  app.db
    .selectFrom('reminder_sends')
    .innerJoin('mails', 'mails.id', 'reminder_sends.mail_id')
    .select([
      'mails.to',
      'mails.subject',
      'mails.text',
      'mails.language',
      'reminder_sends.reminder',
    ])
    .where('reminder_sends.event_id', '=', event.id)
    .orderBy('mails.to')
    .execute();

describe('the reminder scheduler', () => {
  it("sends a due reminder once, in each guest's language, with the personal link", async () => {
    const event = await datedEvent();
    await insertRegistration(app, event.id, { name: 'Ada', email: 'ada@example.com' });
    await insertRegistration(app, event.id, {
      name: 'Bea',
      email: 'bea@example.com',
      language: 'de',
    });
    await insertRegistration(app, event.id, {
      name: 'Unverified',
      email: 'waiting@example.com',
      verified: false,
    });
    await insertInvitation(app, event.id, { name: 'Ivo', email: 'ivo@example.com' });
    await insertInvitation(app, event.id, {
      name: 'Not mailed',
      email: 'nm@example.com',
      mailed: false,
    });

    // 08:00 UTC the day before: not yet due (the day-before reminder is due at 09:00).
    await round();
    expect(await mailsOf(event)).toEqual([]);

    clock.set('2026-11-30T09:05:00.000Z');
    await round();
    const mails = await mailsOf(event);
    expect(mails.map((mail) => [mail.to, mail.subject, mail.language])).toEqual([
      ['ada@example.com', 'Tomorrow: Launch Day', 'en'],
      ['bea@example.com', 'Morgen: Launch Day', 'de'],
      ['ivo@example.com', 'Tomorrow: Launch Day', 'en'],
    ]);
    expect(mails[0]?.text).toContain('Hello Ada,');
    // The start in the event's time zone.
    expect(mails[0]?.text).toContain('Tuesday, 1 December 2026 at 10:00 CET');
    expect(mails[1]?.text).toContain('Dienstag, 1. Dezember 2026 um 10:00 MEZ');
    const [ada] = await app.db
      .selectFrom('registrations')
      .select('token')
      .where('email', '=', 'ada@example.com')
      .execute();
    expect(mails[0]?.text).toContain(`/${event.slug}/_access/r/${ada?.token ?? '-'}`);
    const [ivo] = await app.db
      .selectFrom('invitations')
      .select('token')
      .where('email', '=', 'ivo@example.com')
      .execute();
    expect(mails[2]?.text).toContain(`/${event.slug}/_access/i/${ivo?.token ?? '-'}`);
    expect(new Set(mails.map((mail) => mail.reminder))).toEqual(
      new Set(['1440@2026-12-01T09:00:00.000Z']),
    );

    // A later round, and a restarted scheduler (a new app on the same database), send nothing new.
    clock.set('2026-11-30T09:20:00.000Z');
    await round();
    expect(await mailsOf(event)).toHaveLength(3);
  });

  it('skips a reminder whose time passed beyond the grace period', async () => {
    // Made an hour before the start: no "tomorrow" mail, but the one-hour one at its time.
    clock.set('2026-12-01T07:30:00.000Z');
    const event = await datedEvent();
    await insertRegistration(app, event.id, { name: 'Ada', email: 'late@example.com' });
    await round();
    expect(await mailsOf(event)).toEqual([]);
    clock.set('2026-12-01T08:00:00.000Z');
    await round();
    expect((await mailsOf(event)).map((mail) => mail.subject)).toEqual([
      'Starting in one hour: Launch Day',
    ]);
  });

  it('reminds again for a moved start', async () => {
    const event = await datedEvent({ reminderOffsets: [0] });
    await insertRegistration(app, event.id, { name: 'Ada', email: 'moved@example.com' });
    clock.set('2026-12-01T09:00:00.000Z');
    await round();
    expect(await mailsOf(event)).toHaveLength(1);
    const settings = { ...(await settingsOf(event)), startTime: '12:00' };
    await app.db
      .updateTable('events')
      .set({ settings: JSON.stringify(settings) })
      .where('id', '=', event.id)
      .execute();
    clock.set('2026-12-01T11:00:00.000Z');
    await round();
    expect((await mailsOf(event)).map((mail) => [mail.subject, mail.reminder])).toEqual([
      ['Starting now: Launch Day', '0@2026-12-01T09:00:00.000Z'],
      ['Starting now: Launch Day', '0@2026-12-01T11:00:00.000Z'],
    ]);
  });

  it('skips guests who unsubscribed, and lists the guests the event chose', async () => {
    const event = await datedEvent({ reminderOffsets: [60], remindInvitations: false });
    await insertRegistration(app, event.id, { name: 'Ada', email: 'stays@example.com' });
    await insertRegistration(app, event.id, { name: 'Una', email: 'Gone@example.com' });
    await insertInvitation(app, event.id, { name: 'Ivo', email: 'invited@example.com' });
    await app.db
      .insertInto('mail_unsubscribes')
      .values({
        event_id: event.id,
        email: 'gone@example.com',
        created_at: clock.now().toISOString(),
      })
      .execute();
    clock.set('2026-12-01T08:00:00.000Z');
    await round();
    const mails = await mailsOf(event);
    expect(mails.map((mail) => mail.to)).toEqual(['stays@example.com']);
    const [mail] = await app.db
      .selectFrom('mails')
      .select('unsubscribe_url')
      .where('to', '=', 'stays@example.com')
      .execute();
    expect(mail?.unsubscribe_url).toContain('/_unsubscribe');
  });

  it('sends nothing without a date and time of the start', async () => {
    const event = await datedEvent({ startMode: 'text', startText: 'Soon', reminderOffsets: [0] });
    await insertRegistration(app, event.id, { name: 'Ada', email: 'text@example.com' });
    clock.set('2026-12-01T09:00:00.000Z');
    await round();
    expect(await mailsOf(event)).toEqual([]);
  });
});

describe('across a restart', () => {
  it('a second app on the same database sends no reminder twice', async () => {
    const event = await datedEvent({ reminderOffsets: [60] });
    for (let index = 0; index < 3; index += 1) {
      await insertRegistration(app, event.id, {
        name: `G${String(index)}`,
        email: `g${String(index)}@example.com`,
      });
    }
    clock.set('2026-12-01T08:00:00.000Z');
    await round();
    // A restart: a new app (its own scheduler, nothing in memory) on the same database.
    const second = await buildTestApp(
      { DATABASE_URL: testApp.config.databaseUrl },
      { now: clock.now, reminderScheduler: { intervalMs: 0 } },
    );
    try {
      await second.app.services.reminderScheduler.runNow();
      expect(await mailsOf(event)).toHaveLength(3);
    } finally {
      await second.cleanup();
    }
  });
});

async function settingsOf(event: TestEvent): Promise<Record<string, unknown>> {
  const row = await app.db
    .selectFrom('events')
    .select('settings')
    .where('id', '=', event.id)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.settings) as Record<string, unknown>;
}
