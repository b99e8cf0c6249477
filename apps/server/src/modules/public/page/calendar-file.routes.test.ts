import type { EventSettings } from '@livent/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, type SignedInUser } from '../../../test/accounts.js';
import { calendarInstant, parseCalendar } from '../../../test/calendar.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { insertChannel, insertEvent, onEventsHost } from '../public.fixtures.js';

// The pages' "add to calendar" files (ADR 064).

let testApp: TestApp;
let app: FastifyInstance;
let owner: SignedInUser;
let host: string;

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
  host = new URL(app.config.eventsUrl).hostname;
  owner = await registerVerified(app, { name: 'Olivia Owner' });
});
afterAll(() => testApp.cleanup());

const TIMED: Partial<EventSettings> = {
  title: 'Grüße, Köln; live 🎉',
  startMode: 'datetime',
  startDate: '2026-12-03',
  startTime: '18:30',
  timeZone: 'Europe/Berlin',
  durationMinutes: null,
};

function expectCalendarFile(response: LightMyRequestResponse, slug: string) {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
  expect(response.headers['content-disposition']).toBe(`attachment; filename="${slug}.ics"`);
  return parseCalendar(response.body);
}

describe('GET /{slug}/_calendar.ics', () => {
  it("publishes the event's entry without an attendee", async () => {
    const event = await insertEvent(app, owner.user.id, TIMED);
    const response = await onEventsHost(app, `/${event.slug}/_calendar.ics`);
    const { calendar, vevent } = expectCalendarFile(response, event.slug);
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(vevent.getFirstPropertyValue('uid')).toBe(`${event.id}@${host}`);
    expect(vevent.getFirstPropertyValue('summary')).toBe('Grüße, Köln; live 🎉');
    expect(calendarInstant(vevent, 'dtstart')).toBe('2026-12-03T17:30:00.000Z');
    // Open-ended: one hour (ADR 064).
    expect(calendarInstant(vevent, 'dtend')).toBe('2026-12-03T18:30:00.000Z');
    expect(vevent.getFirstPropertyValue('url')).toBe(`${app.config.eventsUrl}/${event.slug}`);
    expect(vevent.getFirstPropertyValue('location')).toBe(`${app.config.eventsUrl}/${event.slug}`);
    expect(vevent.getFirstProperty('organizer')?.getParameter('cn')).toBe('Olivia Owner');
    expect(vevent.getFirstProperty('attendee')).toBeNull();
  });

  it("publishes a channel's entry with its own times and UID", async () => {
    const event = await insertEvent(app, owner.user.id, TIMED);
    const channelId = await insertChannel(app, event.id, {
      slug: 'late',
      title: 'Late',
      overrides: { startTime: '21:00' },
    });
    const response = await onEventsHost(app, `/${event.slug}/late/_calendar.ics`);
    const { vevent } = expectCalendarFile(response, event.slug);
    expect(vevent.getFirstPropertyValue('uid')).toBe(`${event.id}.${channelId}@${host}`);
    expect(calendarInstant(vevent, 'dtstart')).toBe('2026-12-03T20:00:00.000Z');
    expect(vevent.getFirstPropertyValue('url')).toBe(`${app.config.eventsUrl}/${event.slug}/late`);
    await insertChannel(app, event.id, { slug: 'hidden', title: 'Hidden', visible: false });
    expect((await onEventsHost(app, `/${event.slug}/hidden/_calendar.ics`)).statusCode).toBe(404);
  });

  it('is the 404 page without a date as the start, and for an unknown event', async () => {
    const text = await insertEvent(app, owner.user.id, { startMode: 'text', startText: 'Soon' });
    const none = await onEventsHost(app, `/${text.slug}/_calendar.ics`);
    expect(none.statusCode).toBe(404);
    expect(none.headers['content-type']).toBe('text/html; charset=utf-8');
    expect((await onEventsHost(app, '/no-such-event/_calendar.ics')).statusCode).toBe(404);
  });

  it("stays behind a protected event's gate", async () => {
    const event = await insertEvent(app, owner.user.id, { ...TIMED, accessMode: 'registration' });
    expect((await onEventsHost(app, `/${event.slug}/_calendar.ics`)).statusCode).toBe(404);
    const registered = await onEventsHost(app, `/${event.slug}/_access/register`, {
      method: 'POST',
      payload: new URLSearchParams({ name: 'Ada', email: 'ada@example.com' }).toString(),
      remoteAddress: '198.51.100.77',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const setCookie = registered.headers['set-cookie'];
    const cookie = (Array.isArray(setCookie) ? setCookie : [setCookie ?? ''])
      .map((value) => value.split(';')[0] ?? '')
      .join('; ');
    const granted = await onEventsHost(app, `/${event.slug}/_calendar.ics`, {
      headers: { cookie },
    });
    expectCalendarFile(granted, event.slug);
    expect(granted.headers['cache-control']).toBe('private, no-cache');
  });
});
