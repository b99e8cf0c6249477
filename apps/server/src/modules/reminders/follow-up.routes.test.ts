import { ERROR_MESSAGES, type FollowUpResult, type RemindersOverview } from '@livent/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerVerified, type SignedInUser } from '../../test/accounts.js';
import { testClock } from '../../test/clock.js';
import { callAs, setPlan } from '../../test/events.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { insertEvent, type TestEvent } from '../public/public.fixtures.js';
import { insertAttendance, insertInvitation, insertRegistration } from './reminders.fixtures.js';

// The follow-up (docs/decisions/065-reminders-and-follow-up.md): the attended/missed split by the
// attendance minutes, the replay link, the repeat guard, the test mails; and the overview.

const clock = testClock('2026-12-01T12:00:00.000Z');
let testApp: TestApp;
let app: FastifyInstance;
let owner: SignedInUser;

beforeAll(async () => {
  testApp = await buildTestApp({}, { now: clock.now, reminderScheduler: { intervalMs: 0 } });
  app = testApp.app;
  owner = await registerVerified(app, { name: 'Olivia Owner' });
});
afterAll(() => testApp.cleanup());
beforeEach(async () => {
  await setPlan(app, owner.user.id, 'professional');
});

const followUp = (event: TestEvent, body: { mode: 'send' | 'test'; force?: boolean }) =>
  callAs(app, owner, 'POST', `/events/${event.id}/follow-up`, body);

const followUpMails = (event: TestEvent) =>
  app.db
    .selectFrom('mails')
    .select(['to', 'subject', 'text', 'language'])
    .where('template', '=', 'follow-up')
    .where('to', 'like', `%@${event.slug}.example`)
    .orderBy('to')
    .execute();

async function eventWithGuests(replayLink = '') {
  const event = await insertEvent(app, owner.user.id, {
    title: 'Launch Day',
    replayLink,
    followUpMissedSubject: 'We missed you, {Name}',
  });
  const at = (name: string) => `${name}@${event.slug}.example`;
  const ada = await insertRegistration(app, event.id, { name: 'Ada', email: at('ada') });
  await insertAttendance(app, event.id, { kind: 'registration', id: ada, minutes: 12 });
  const bob = await insertRegistration(app, event.id, { name: 'Bob', email: at('bob') });
  // A row without minutes (opened the page, never watched a minute) is not attendance.
  await insertAttendance(app, event.id, { kind: 'registration', id: bob, minutes: 0 });
  await insertRegistration(app, event.id, { name: 'Wait', email: at('wait'), verified: false });
  const ivo = await insertInvitation(app, event.id, {
    name: 'Ivo',
    email: at('ivo'),
    language: 'de',
  });
  await insertAttendance(app, event.id, { kind: 'invitation', id: ivo, minutes: 3 });
  await insertInvitation(app, event.id, { name: 'Nia', email: at('nia') });
  return event;
}

describe('POST /api/events/{id}/follow-up', () => {
  it('sends the attended text to those who watched and the missed text to the others', async () => {
    const event = await eventWithGuests('https://video.example/replay');
    const response = await followUp(event, { mode: 'send' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<FollowUpResult>()).toEqual({
      attended: 2,
      missed: 2,
      queued: 4,
      skipped: 0,
    });
    const mails = await followUpMails(event);
    expect(mails.map((mail) => [mail.to.split('@')[0], mail.subject, mail.language])).toEqual([
      ['ada', 'Thank you for joining Launch Day', 'en'],
      ['bob', 'We missed you, Bob', 'en'],
      ['ivo', 'Danke für Ihre Teilnahme an Launch Day', 'de'],
      ['nia', 'We missed you, Nia', 'en'],
    ]);
    for (const mail of mails) expect(mail.text).toContain('https://video.example/replay');
    expect(mails[0]?.text).toContain('/_access/r/');
    expect(mails[2]?.text).toContain('/_access/i/');
  });

  it('links the page when there is no replay link', async () => {
    const event = await eventWithGuests();
    await followUp(event, { mode: 'send' });
    const [mail] = await followUpMails(event);
    expect(mail?.text).toContain(`/${event.slug}\n`);
  });

  it('refuses a second send within the guard unless forced', async () => {
    const event = await eventWithGuests();
    expect((await followUp(event, { mode: 'send' })).statusCode).toBe(200);
    const again = await followUp(event, { mode: 'send' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 409, message: ERROR_MESSAGES.followUpRecentlySent });
    expect(await followUpMails(event)).toHaveLength(4);
    expect((await followUp(event, { mode: 'send', force: true })).statusCode).toBe(200);
    expect(await followUpMails(event)).toHaveLength(8);
    // An hour later the guard is open again (the last send moved back, the session's token stays).
    await app.db
      .updateTable('follow_up_sends')
      .set({ sent_at: new Date(clock.now().getTime() - 61 * 60_000).toISOString() })
      .where('event_id', '=', event.id)
      .execute();
    expect((await followUp(event, { mode: 'send' })).statusCode).toBe(200);
  });

  it('sends both texts to the user alone as a test', async () => {
    const event = await eventWithGuests();
    const response = await followUp(event, { mode: 'test' });
    expect(response.json<FollowUpResult>()).toEqual({
      attended: 0,
      missed: 0,
      queued: 2,
      skipped: 0,
    });
    const mails = await app.db
      .selectFrom('mails')
      .select('subject')
      .where('to', '=', owner.user.email)
      .where('template', '=', 'follow-up')
      .execute();
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      '[Test] Thank you for joining Launch Day',
      '[Test] We missed you, Olivia Owner',
    ]);
    expect(await followUpMails(event)).toEqual([]);
    // A test is no send: the guard stays open.
    expect((await followUp(event, { mode: 'send' })).statusCode).toBe(200);
  });

  it("needs INVITATION_EMAILS in the owner's plan", async () => {
    const event = await eventWithGuests();
    await setPlan(app, owner.user.id, 'free');
    expect((await followUp(event, { mode: 'send' })).statusCode).toBe(403);
  });
});

describe('GET /api/events/{id}/reminders', () => {
  it('lists the schedule, the guests and the attendance split', async () => {
    const event = await eventWithGuests();
    const settings = {
      startMode: 'datetime',
      startDate: '2026-12-24',
      startTime: '18:00',
      timeZone: 'Europe/Berlin',
      reminderOffsets: [60, 1440, 0],
    };
    await app.db
      .updateTable('events')
      .set({ settings: JSON.stringify(settings) })
      .where('id', '=', event.id)
      .execute();
    const response = await callAs(app, owner, 'GET', `/events/${event.id}/reminders`);
    expect(response.statusCode, response.body).toBe(200);
    const overview = response.json<RemindersOverview>();
    expect(overview.start).toBe('2026-12-24T17:00:00.000Z');
    expect(
      overview.reminders.map((reminder) => [
        reminder.offsetMinutes,
        reminder.dueAt,
        reminder.status,
      ]),
    ).toEqual([
      [1440, '2026-12-23T17:00:00.000Z', 'scheduled'],
      [60, '2026-12-24T16:00:00.000Z', 'scheduled'],
      [0, '2026-12-24T17:00:00.000Z', 'scheduled'],
    ]);
    expect(overview.reminders[0]?.preview.subject).toBe('Tomorrow: {EventName}');
    expect(overview.recipients).toEqual({ registrations: 2, invitations: 2 });
    expect(overview.followUp).toMatchObject({ attended: 2, missed: 2, lastSentAt: null });
  });

  it('has no schedule without a date and time', async () => {
    const event = await eventWithGuests();
    const overview = (
      await callAs(app, owner, 'GET', `/events/${event.id}/reminders`)
    ).json<RemindersOverview>();
    expect(overview).toMatchObject({ start: null, reminders: [] });
  });
});
