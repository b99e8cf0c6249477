import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { login, registerVerified, type SignedInUser } from '../../test/accounts.js';
import { testClock } from '../../test/clock.js';
import { callAs, createEvent } from '../../test/events.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { seedViewerData } from '../../test/viewer-data.js';

// The per event retention pass (docs/decisions/073-data-retention-and-privacy.md) on a fake clock.

const START = '2026-11-22T10:00:00.000Z';
const clock = testClock(START);
/** The events below end at 10:00 on 1 December; 30 days on is the 31st. */
const DUE = '2026-12-31T10:00:00.000Z';
const DAY = 24 * 60 * 60 * 1000;

let testApp: TestApp;
let owner: SignedInUser;

beforeAll(async () => {
  testApp = await buildTestApp({}, { now: clock.now, retention: { intervalMs: 0 } });
  owner = await registerVerified(testApp.app);
});
afterAll(() => testApp.cleanup());
// Each test starts before the events and signs in anew (the last one's clock ran past the token).
beforeEach(async () => {
  clock.set(START);
  owner = await login(testApp.app, owner.email);
});

async function eventWithRetention(mode: 'delete' | 'anonymise', tag: string): Promise<string> {
  const { app } = testApp;
  const event = await createEvent(app, owner, `Retention ${tag}`);
  const response = await callAs(app, owner, 'PATCH', `/event-settings/${event.id}`, {
    startMode: 'datetime',
    startDate: '2026-12-01',
    startTime: '09:00',
    timeZone: 'UTC',
    durationMinutes: 60,
    retentionDays: 30,
    retentionMode: mode,
  });
  expect(response.statusCode, response.body).toBe(200);
  await seedViewerData(app, event.id, tag);
  return event.id;
}

const countOf = async (table: 'registrations' | 'invitations' | 'attendance', eventId: string) =>
  Number(
    (
      await testApp.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('event_id', '=', eventId)
        .executeTakeFirstOrThrow()
    ).n,
  );

const retentionEntries = (eventId: string) =>
  testApp.app.db
    .selectFrom('audit_log')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('action', '=', 'event.retention_applied')
    .execute();

/** Everything of the event's rows as text, to look for the seeded names and addresses. */
async function viewerText(eventId: string): Promise<string> {
  const { db } = testApp.app;
  const rows = await Promise.all([
    db.selectFrom('registrations').selectAll().where('event_id', '=', eventId).execute(),
    db.selectFrom('invitations').selectAll().where('event_id', '=', eventId).execute(),
    db.selectFrom('access_logins').selectAll().where('event_id', '=', eventId).execute(),
    db.selectFrom('messages').selectAll().where('event_id', '=', eventId).execute(),
    db.selectFrom('message_votes').selectAll().execute(),
    db.selectFrom('mails').selectAll().where('user_id', 'is', null).execute(),
  ]);
  return JSON.stringify(rows);
}

describe('the retention pass', () => {
  it('leaves an event alone until its date, then deletes its viewer data once', async () => {
    const eventId = await eventWithRetention('delete', 'deleted');
    clock.set(new Date(Date.parse(DUE) - 60_000));
    await testApp.app.services.retention.applyDue();
    expect(await countOf('registrations', eventId)).toBe(1);
    expect(await retentionEntries(eventId)).toEqual([]);

    clock.set(DUE);
    await testApp.app.services.retention.applyDue();
    expect(await countOf('registrations', eventId)).toBe(0);
    expect(await countOf('invitations', eventId)).toBe(0);
    expect(await countOf('attendance', eventId)).toBe(0);
    expect(await viewerText(eventId)).not.toContain('deleted');
    const [entry, ...more] = await retentionEntries(eventId);
    expect(more).toEqual([]);
    expect(entry?.actor_id).toBeNull();
    expect(JSON.parse(entry?.details ?? '{}')).toEqual({
      mode: 'delete',
      days: 30,
      registrations: 1,
      invitations: 1,
      logins: 2,
      messages: 1,
      attendance: 1,
      accessSessions: 1,
      reminderSends: 1,
      mails: 3,
    });
    // The aggregated statistics and the follow-up's counts stay.
    const stats = await testApp.app.db
      .selectFrom('stats_minutes')
      .select('pageviews')
      .where('event_id', '=', eventId)
      .execute();
    expect(stats).toEqual([{ pageviews: 3 }]);

    // A day later there is nothing left to do, and nothing is recorded.
    clock.advance(DAY);
    await testApp.app.services.retention.applyDue();
    expect(await retentionEntries(eventId)).toHaveLength(1);
  });

  it('anonymises: the rows and their counts stay, the people go', async () => {
    const eventId = await eventWithRetention('anonymise', 'anonymous');
    clock.set(DUE);
    await testApp.app.services.retention.applyDue();
    expect(await countOf('registrations', eventId)).toBe(1);
    expect(await countOf('invitations', eventId)).toBe(1);
    expect(await viewerText(eventId)).not.toContain('anonymous');
    const registration = await testApp.app.db
      .selectFrom('registrations')
      .selectAll()
      .where('event_id', '=', eventId)
      .executeTakeFirstOrThrow();
    expect(registration.email).toBe(`anonymised-${registration.id}`);
    expect(registration.email).not.toContain('@');
    expect(registration.fields).toBe('{}');
    const attendance = await testApp.app.db
      .selectFrom('attendance')
      .select('minutes')
      .where('event_id', '=', eventId)
      .execute();
    expect(attendance).toEqual([{ minutes: 42 }]);
    const message = await testApp.app.db
      .selectFrom('messages')
      .select(['text', 'votes', 'viewer_id'])
      .where('event_id', '=', eventId)
      .executeTakeFirstOrThrow();
    expect(message).toEqual({ text: '', votes: 1, viewer_id: null });
    const [entry] = await retentionEntries(eventId);
    expect(JSON.parse(entry?.details ?? '{}')).toMatchObject({
      mode: 'anonymise',
      registrations: 1,
      invitations: 1,
      logins: 2,
      messages: 1,
      mails: 3,
    });

    clock.advance(DAY);
    await testApp.app.services.retention.applyDue();
    expect(await retentionEntries(eventId)).toHaveLength(1);
  });

  it('does an event once when two passes run at once', async () => {
    const eventId = await eventWithRetention('delete', 'twice');
    clock.set(DUE);
    const { retention } = testApp.app.services;
    await Promise.all([retention.applyDue(), retention.applyDue()]);
    expect(await retentionEntries(eventId)).toHaveLength(1);
    expect(await countOf('registrations', eventId)).toBe(0);
  });

  it('measures an event without a start date from its last change', async () => {
    const { app } = testApp;
    const event = await createEvent(app, owner, 'Undated');
    const patched = await callAs(app, owner, 'PATCH', `/event-settings/${event.id}`, {
      retentionDays: 90,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    await seedViewerData(app, event.id, 'undated');
    clock.advance(89 * DAY);
    await app.services.retention.applyDue();
    expect(await countOf('registrations', event.id)).toBe(1);
    clock.advance(DAY);
    await app.services.retention.applyDue();
    expect(await countOf('registrations', event.id)).toBe(0);
  });
});
