import type { EventSettings } from '@livent/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerVerified, type SignedInUser } from '../../test/accounts.js';
import { calendarInstant, parseCalendar } from '../../test/calendar.js';
import { callAs, setPlan } from '../../test/events.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { insertEvent, onEventsHost, type TestEvent } from '../public/public.fixtures.js';

// Calendar invitations in the lists' mails (ADR 064): REQUEST per recipient with a stable UID,
// SEQUENCE raised by a time change and its notice, CANCEL when the event is deleted.

let testApp: TestApp;
let app: FastifyInstance;
let owner: SignedInUser;
let other: SignedInUser;
let host: string;

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
  host = new URL(app.config.eventsUrl).hostname;
  owner = await registerVerified(app, { name: 'Olivia Owner' });
  other = await registerVerified(app, { name: 'Other Person' });
});
afterAll(() => testApp.cleanup());
beforeEach(async () => {
  await app.db.deleteFrom('mails').execute();
  await setPlan(app, owner.user.id, 'professional');
});

/** 18:30 in Berlin on 3 December 2026 is 17:30 UTC. */
const TIMED: Partial<EventSettings> = {
  startMode: 'datetime',
  startDate: '2026-12-03',
  startTime: '18:30',
  timeZone: 'Europe/Berlin',
  durationMinutes: 90,
};

const timedEvent = (settings: Partial<EventSettings> = {}) =>
  insertEvent(app, owner.user.id, { title: 'Launch Day', ...TIMED, ...settings });

let addressCounter = 0;
function registerAtGate(event: TestEvent, name: string, email: string) {
  addressCounter += 1;
  return onEventsHost(app, `/${event.slug}/_access/register`, {
    method: 'POST',
    payload: new URLSearchParams({ name, email }).toString(),
    remoteAddress: `198.51.100.${String(addressCounter)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

const mailsTo = (to: string) =>
  app.db.selectFrom('mails').selectAll().where('to', '=', to).orderBy('created_at').execute();
/** The newest mail to `to` (mails stay: the lists point at theirs). */
const lastMailTo = async (to: string) => (await mailsTo(to)).at(-1);

async function onlyCalendarTo(to: string): Promise<string> {
  const mails = await mailsTo(to);
  expect(mails).toHaveLength(1);
  const calendar = mails[0]?.calendar;
  expect(calendar).toBeTruthy();
  return calendar ?? '';
}

async function addInvitation(event: TestEvent, name: string, email: string): Promise<string> {
  const response = await callAs(app, owner, 'POST', `/events/${event.id}/invitations`, {
    name,
    email,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

const registrationId = async (event: TestEvent, email: string) =>
  (
    await app.db
      .selectFrom('registrations')
      .select('id')
      .where('event_id', '=', event.id)
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
  ).id;

describe('invitations in the mails', () => {
  it("a registration's confirmation carries a REQUEST for the registrant", async () => {
    const event = await timedEvent({
      accessMode: 'registration',
      registrationEmailMode: 'send',
    });
    await registerAtGate(event, 'Ada Lovelace', 'ada@example.com');
    const { calendar, vevent } = parseCalendar(await onlyCalendarTo('ada@example.com'));
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    const id = await registrationId(event, 'ada@example.com');
    expect(vevent.getFirstPropertyValue('uid')).toBe(`${event.id}.registration.${id}@${host}`);
    expect(vevent.getFirstPropertyValue('sequence')).toBe(0);
    expect(vevent.getFirstPropertyValue('summary')).toBe('Launch Day');
    expect(calendarInstant(vevent, 'dtstart')).toBe('2026-12-03T17:30:00.000Z');
    expect(calendarInstant(vevent, 'dtend')).toBe('2026-12-03T19:00:00.000Z');
    const attendee = vevent.getFirstProperty('attendee');
    expect(attendee?.getFirstValue()).toBe('mailto:ada@example.com');
    expect(attendee?.getParameter('cn')).toBe('Ada Lovelace');
    const organizer = vevent.getFirstProperty('organizer');
    expect(organizer?.getParameter('cn')).toBe('Olivia Owner');
    expect(organizer?.getFirstValue()).toBe(`mailto:${addressOf(app.config.mailFrom)}`);
    const link = String(vevent.getFirstPropertyValue('url'));
    expect(link).toMatch(new RegExp(`/${event.slug}/_access/r/[\\w-]+$`));
    expect(vevent.getFirstPropertyValue('description')).toBe(link);
    // The mail's own personal link is the one in the invitation.
    expect((await mailsTo('ada@example.com'))[0]?.text).toContain(link);

    // The dev mailbox shows that the mail carries an invitation, and its text.
    const listed = await app.inject({ method: 'GET', url: '/api/dev/mails?to=ada@example.com' });
    expect(listed.json<{ calendar: string | null }[]>()[0]?.calendar).toContain('METHOD:REQUEST');
    const mailbox = await app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(mailbox.body).toContain('<dd>REQUEST (.ics attached)</dd>');
  });

  it('the verify mode and the list send carry it too, with the same UID', async () => {
    const event = await timedEvent({
      accessMode: 'registration',
      registrationEmailMode: 'verify',
    });
    await registerAtGate(event, 'Ada', 'ada@example.com');
    const first = parseCalendar(await onlyCalendarTo('ada@example.com')).vevent;
    const sent = await callAs(app, owner, 'POST', `/events/${event.id}/registrations/send`, {
      mode: 'all',
    });
    expect(sent.json()).toEqual({ queued: 1, skipped: 0 });
    const mails = await mailsTo('ada@example.com');
    expect(mails).toHaveLength(2);
    const second = parseCalendar(mails[1]?.calendar ?? '').vevent;
    expect(second.getFirstPropertyValue('uid')).toBe(first.getFirstPropertyValue('uid'));
  });

  it('an invitation mail carries a REQUEST for the invitee', async () => {
    const event = await timedEvent({ accessMode: 'invitation' });
    const id = await addInvitation(event, 'Grace Hopper', 'grace@example.com');
    const sent = await callAs(app, owner, 'POST', `/events/${event.id}/invitations/send`, {
      mode: 'unsent',
    });
    expect(sent.json()).toEqual({ queued: 1, skipped: 0 });
    const { calendar, vevent } = parseCalendar(await onlyCalendarTo('grace@example.com'));
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(vevent.getFirstPropertyValue('uid')).toBe(`${event.id}.invitation.${id}@${host}`);
    expect(vevent.getFirstProperty('attendee')?.getFirstValue()).toBe('mailto:grace@example.com');
    expect(String(vevent.getFirstPropertyValue('url'))).toContain(`/${event.slug}/_access/i/`);
  });

  it('no invitation while the start is not a date', async () => {
    const event = await insertEvent(app, owner.user.id, {
      accessMode: 'invitation',
      startMode: 'text',
    });
    await addInvitation(event, 'Grace', 'grace@example.com');
    await callAs(app, owner, 'POST', `/events/${event.id}/invitations/send`, { mode: 'unsent' });
    const mails = await mailsTo('grace@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.calendar).toBeNull();
  });
});

describe('a new time', () => {
  const notice = (event: TestEvent, as = owner) =>
    callAs(app, as, 'GET', `/events/${event.id}/time-change-notices`);
  const notify = (event: TestEvent, as = owner) =>
    callAs(app, as, 'POST', `/events/${event.id}/time-change-notices`);
  const save = (event: TestEvent, patch: Partial<EventSettings>) =>
    callAs(app, owner, 'PATCH', `/event-settings/${event.id}`, patch);

  it('raises SEQUENCE on a time change and mails everyone the new time', async () => {
    const event = await timedEvent({
      accessMode: 'registration',
      registrationEmailMode: 'send',
    });
    await registerAtGate(event, 'Ada', 'ada@example.com');
    await addInvitation(event, 'Grace', 'grace@example.com');
    await callAs(app, owner, 'POST', `/events/${event.id}/invitations/send`, { mode: 'all' });
    // An invitee not mailed yet knows nothing of the event: no notice.
    await addInvitation(event, 'Never Mailed', 'never@example.com');
    expect((await notice(event)).json()).toEqual({ pending: false, recipients: 2 });

    // A save that does not move the time leaves the SEQUENCE.
    expect((await save(event, { description: 'Now with slides' })).statusCode).toBe(200);
    expect((await notice(event)).json()).toMatchObject({ pending: false });
    expect((await save(event, { startTime: '19:00' })).statusCode).toBe(200);
    expect((await notice(event)).json()).toEqual({ pending: true, recipients: 2 });

    const sent = await notify(event);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ queued: 2, skipped: 0 });
    expect((await notice(event)).json()).toMatchObject({ pending: false });
    const mail = await lastMailTo('ada@example.com');
    expect(mail?.subject).toBe('New time: Launch Day');
    expect(mail?.text).toContain('Thursday, 3 December 2026 at 19:00 (Europe/Berlin)');
    const { calendar, vevent } = parseCalendar(mail?.calendar ?? '');
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(vevent.getFirstPropertyValue('sequence')).toBe(1);
    expect(calendarInstant(vevent, 'dtstart')).toBe('2026-12-03T18:00:00.000Z');
    const id = await registrationId(event, 'ada@example.com');
    expect(vevent.getFirstPropertyValue('uid')).toBe(`${event.id}.registration.${id}@${host}`);
    expect(await mailsTo('grace@example.com')).toHaveLength(2);
    expect(await mailsTo('never@example.com')).toHaveLength(0);
  });

  it('takes a first date for no move, and the end of a date for one', async () => {
    const event = await insertEvent(app, owner.user.id, { accessMode: 'invitation' });
    await addInvitation(event, 'Grace', 'grace@example.com');
    await callAs(app, owner, 'POST', `/events/${event.id}/invitations/send`, { mode: 'all' });
    expect((await save(event, TIMED)).statusCode).toBe(200);
    expect((await notice(event)).json()).toEqual({ pending: false, recipients: 1 });
    const sequence = async () =>
      (
        await app.db
          .selectFrom('events')
          .select('calendar_sequence')
          .where('id', '=', event.id)
          .executeTakeFirstOrThrow()
      ).calendar_sequence;
    expect(await sequence()).toBe(0);
    expect((await save(event, { durationMinutes: 120 })).statusCode).toBe(200);
    expect(await sequence()).toBe(1);
    // No date, no time to tell of.
    expect((await save(event, { startMode: 'text', startText: 'Soon' })).statusCode).toBe(200);
    expect(await sequence()).toBe(2);
    expect((await notice(event)).json()).toEqual({ pending: false, recipients: 1 });
    expect((await notify(event)).json()).toEqual({ queued: 0, skipped: 0 });
  });

  it('writes the notice in German for a German event and skips unsubscribed addresses', async () => {
    const event = await timedEvent({ accessMode: 'invitation', language: 'de' });
    await addInvitation(event, 'Grace', 'grace@example.com');
    await addInvitation(event, 'Ute', 'ute@example.com');
    await callAs(app, owner, 'POST', `/events/${event.id}/invitations/send`, { mode: 'all' });
    await app.db
      .insertInto('mail_unsubscribes')
      .values({
        event_id: event.id,
        email: 'ute@example.com',
        created_at: new Date().toISOString(),
      })
      .execute();
    await save(event, { timeZone: 'Europe/London' });
    expect((await notify(event)).json()).toEqual({ queued: 1, skipped: 1 });
    const mail = await lastMailTo('grace@example.com');
    expect(mail?.subject).toBe('Neuer Termin: Launch Day');
    expect(mail?.text).toContain('Donnerstag, 3. Dezember 2026 um 18:30 (Europe/London)');
    expect(await mailsTo('ute@example.com')).toHaveLength(1);
  });

  it('is for the owner and shared users with the mail feature, and limited', async () => {
    const event = await timedEvent({ accessMode: 'invitation' });
    expect((await notice(event, other)).statusCode).toBe(404);
    expect((await notify(event, other)).statusCode).toBe(404);
    await setPlan(app, owner.user.id, 'free');
    expect((await notify(event)).statusCode).toBe(403);
  });
});

describe('deleting the event', () => {
  it('sends everyone who was mailed a CANCEL with the same UID and a higher SEQUENCE', async () => {
    const event = await timedEvent({ accessMode: 'invitation' });
    const id = await addInvitation(event, 'Grace', 'grace@example.com');
    await callAs(app, owner, 'POST', `/events/${event.id}/invitations/send`, { mode: 'unsent' });
    // Only Grace had her mail when the event goes.
    await addInvitation(event, 'Never Mailed', 'never@example.com');

    const deleted = await callAs(app, owner, 'DELETE', `/events/${event.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(await mailsTo('grace@example.com')).toHaveLength(2);
    const mail = await lastMailTo('grace@example.com');
    expect(mail?.subject).toBe('Cancelled: Launch Day');
    expect(mail?.user_id).toBe(owner.user.id);
    const { calendar, vevent } = parseCalendar(mail?.calendar ?? '');
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(vevent.getFirstPropertyValue('uid')).toBe(`${event.id}.invitation.${id}@${host}`);
    expect(vevent.getFirstPropertyValue('sequence')).toBe(1);
    expect(await mailsTo('never@example.com')).toHaveLength(0);
  });

  it('sends nothing for an event without a date', async () => {
    const event = await insertEvent(app, owner.user.id, { accessMode: 'invitation' });
    await addInvitation(event, 'Grace', 'grace@example.com');
    await callAs(app, owner, 'POST', `/events/${event.id}/invitations/send`, { mode: 'unsent' });
    expect((await callAs(app, owner, 'DELETE', `/events/${event.id}`)).statusCode).toBe(204);
    expect(await mailsTo('grace@example.com')).toHaveLength(1);
  });
});

function addressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from;
}
