import { randomUUID } from 'node:crypto';
import type {
  Invitation,
  InvitationsPage,
  Registration,
  RegistrationsPage,
  Stats,
} from '@livent/shared';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, register, type SignedInUser } from '../../test/accounts.js';
import { testClock } from '../../test/clock.js';
import { callAs } from '../../test/events.js';
import { addPoll, movePoll } from '../../test/polls.js';
import { sendBeacon, tokenInPage } from '../../test/stats-beacons.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { insertEvent, onEventsHost, type TestEvent } from '../public/public.fixtures.js';
import { ACCESS_COOKIE } from '../public/viewer-access.js';

// Attendance from a scripted viewer session (ADR 066): a registrant and an invitee open the page,
// send a pageview and heartbeats over (fake) minutes, ask a question and answer a poll; the
// organiser sees it in the lists, their CSV exports and the stats' attendance rate.

const clock = testClock('2026-11-22T10:00:05.000Z');
let test: TestApp;
let app: FastifyInstance;
let owner: SignedInUser;

beforeAll(async () => {
  test = await buildTestApp({}, { now: clock.now });
  app = test.app;
  owner = await register(app);
});
afterAll(() => test.cleanup());

/** Moves the clock, and signs in again: access tokens live a few minutes. */
async function setClock(time: string): Promise<void> {
  clock.set(time);
  owner = await login(app, owner.email);
}

function cookiesOf(response: LightMyRequestResponse): string[] {
  const header = response.headers['set-cookie'];
  const list = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return list.map((cookie) => cookie.split(';')[0]!);
}

/** The access cookie a registration or a personal link set, as a `cookie` header. */
function accessOf(response: LightMyRequestResponse): string {
  expect(response.statusCode, response.body).toBe(303);
  const access = cookiesOf(response).find((cookie) => cookie.startsWith(`${ACCESS_COOKIE}=`));
  expect(access).toBeDefined();
  return access!;
}

/** A viewer's page past the gate: its view token, and a pageview's view id. */
async function watch(event: TestEvent, cookie: string): Promise<{ token: string; view: string }> {
  const page = await onEventsHost(app, `/${event.slug}`, { headers: { cookie } });
  expect(page.headers['cache-control']).toBe('private, no-store');
  const token = tokenInPage(page.body);
  expect(token).toBeDefined();
  const answer = await sendBeacon(app, event, 'view', { t: token });
  expect(answer.statusCode, answer.body).toBe(200);
  return { token: token!, view: answer.json<{ v: string }>().v };
}

async function beatAt(event: TestEvent, view: string, time: string): Promise<void> {
  clock.set(time);
  expect((await sendBeacon(app, event, 'beat', { v: view })).statusCode).toBe(204);
  await app.services.statsCollector.flush();
}

const attendanceRows = (eventId: string) =>
  app.db.selectFrom('attendance').selectAll().where('event_id', '=', eventId).execute();

async function download(path: string, language = 'en'): Promise<string> {
  owner = await login(app, owner.email);
  const response = await app.inject({
    url: `/api${path}`,
    headers: { ...owner.headers, 'accept-language': language },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

async function get<T>(path: string): Promise<{ json: T }> {
  return { json: JSON.parse(await download(path)) as T };
}

describe('a registrant’s attendance', () => {
  let event: TestEvent;
  let cookie: string;

  beforeAll(async () => {
    await setClock('2026-11-22T10:00:05Z');
    event = await insertEvent(app, owner.user.id, {
      accessMode: 'registration',
      messagesEnabled: true,
    });
    const registered = await onEventsHost(app, `/${event.slug}/_access/register`, {
      method: 'POST',
      payload: new URLSearchParams({ name: 'Ada Lovelace', email: 'ada@example.com' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    cookie = accessOf(registered);
    // Someone else registers a second later (the lists and the export order by that) and never
    // watches.
    clock.set('2026-11-22T10:00:06Z');
    accessOf(
      await onEventsHost(app, `/${event.slug}/_access/register`, {
        method: 'POST',
        payload: new URLSearchParams({ name: 'Bob', email: 'bob@example.com' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        remoteAddress: '198.51.100.99',
      }),
    );
  });

  it('records the join, the minutes with heartbeats, a question and a first poll answer', async () => {
    const [ada] = (await get<RegistrationsPage>(`/events/${event.id}/registrations?sort=oldest`))
      .json.results as [Registration];
    expect(ada.attendance).toBeNull();

    clock.set('2026-11-22T10:00:05Z');
    const { token, view } = await watch(event, cookie);
    expect(token).toMatch(new RegExp(`\\.r:${ada.id}$`));
    expect(view.endsWith(`.r:${ada.id}`)).toBe(true);
    // Two heartbeats in the first minute, one in the next, none for two minutes, one after.
    await beatAt(event, view, '2026-11-22T10:00:35Z');
    await beatAt(event, view, '2026-11-22T10:00:55Z');
    await beatAt(event, view, '2026-11-22T10:01:25Z');
    await beatAt(event, view, '2026-11-22T10:04:15Z');

    const asked = await onEventsHost(app, `/${event.slug}/_messages`, {
      method: 'POST',
      payload: { text: 'Will there be a replay?', key: randomUUID() },
      headers: { cookie },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const viewer = cookiesOf(asked).find((value) => value.startsWith('lvnt.viewer='))!;
    owner = await login(app, owner.email);
    const poll = await addPoll(app, owner, event.id);
    await movePoll(app, owner, event.id, poll.id, 'launch');
    for (const option of [poll.options[0]!, poll.options[1]!]) {
      const voted = await onEventsHost(app, `/${event.slug}/_polls/${poll.id}/vote`, {
        method: 'POST',
        payload: { choices: [option.id] },
        headers: { cookie: `${cookie}; ${viewer}` },
      });
      expect(voted.statusCode, voted.body).toBe(200);
    }

    const list = await get<RegistrationsPage>(`/events/${event.id}/registrations?sort=oldest`);
    expect(list.json.results.map((row) => row.attendance)).toEqual([
      {
        firstJoinAt: '2026-11-22T10:00:05.000Z',
        lastSeenAt: '2026-11-22T10:04:15.000Z',
        minutesWatched: 3,
        questions: 1,
        // Changing the answer is not answering another poll.
        polls: 1,
      },
      null,
    ]);

    const csv = await download(`/events/${event.id}/registrations/export`);
    const rows = parse(csv, { delimiter: ',', bom: true }) as string[][];
    expect(rows[0]?.slice(-5)).toEqual([
      'First join',
      'Last seen',
      'Minutes watched',
      'Questions asked',
      'Polls answered',
    ]);
    expect(rows[1]?.slice(-5)).toEqual([
      '2026-11-22T10:00:05.000Z',
      '2026-11-22T10:04:15.000Z',
      '3',
      '1',
      '1',
    ]);
    expect(rows[2]?.slice(-5)).toEqual(['', '', '', '', '']);

    const stats = await get<Stats>(`/events/${event.id}/stats`);
    expect(stats.json.attendance).toEqual({ people: 2, attended: 1 });
  });

  it('goes with the registration', async () => {
    const [ada] = (await get<RegistrationsPage>(`/events/${event.id}/registrations?sort=oldest`))
      .json.results as [Registration];
    const removed = await callAs(
      app,
      owner,
      'DELETE',
      `/events/${event.id}/registrations/${ada.id}`,
    );
    expect(removed.statusCode, removed.body).toBe(204);
    const rows = await attendanceRows(event.id);
    expect(rows).toEqual([]);
    expect((await get<Stats>(`/events/${event.id}/stats`)).json.attendance).toEqual({
      people: 1,
      attended: 0,
    });
  });
});

describe('an invitee’s attendance', () => {
  it('comes through the personal link’s page, shows in the list and the export, and goes with the invitation', async () => {
    await setClock('2026-11-23T09:00:05Z');
    const event = await insertEvent(app, owner.user.id, { accessMode: 'invitation' });
    const created = await callAs(app, owner, 'POST', `/events/${event.id}/invitations`, {
      name: 'Grace Hopper',
      email: 'grace@example.com',
    });
    expect(created.statusCode, created.body).toBe(201);
    const invitation = created.json<Invitation>();
    expect(invitation.attendance).toBeNull();
    const link = new URL(invitation.personalLink);
    const cookie = accessOf(await onEventsHost(app, link.pathname));

    const { view } = await watch(event, cookie);
    expect(view.endsWith(`.i:${invitation.id}`)).toBe(true);
    await beatAt(event, view, '2026-11-23T09:00:35Z');
    await beatAt(event, view, '2026-11-23T09:01:05Z');

    const list = await get<InvitationsPage>(`/events/${event.id}/invitations`);
    expect(list.json.results[0]?.attendance).toEqual({
      firstJoinAt: '2026-11-23T09:00:05.000Z',
      lastSeenAt: '2026-11-23T09:01:05.000Z',
      minutesWatched: 2,
      questions: 0,
      polls: 0,
    });
    const csv = await download(`/events/${event.id}/invitations/export`, 'de');
    const rows = parse(csv, { delimiter: ',', bom: true }) as string[][];
    expect(rows[0]?.slice(-5)).toEqual([
      'Erstmals dabei',
      'Zuletzt gesehen',
      'Minuten zugesehen',
      'Gestellte Fragen',
      'Beantwortete Umfragen',
    ]);
    expect(rows[1]?.slice(-3)).toEqual(['2', '0', '0']);
    expect((await get<Stats>(`/events/${event.id}/stats`)).json.attendance).toEqual({
      people: 1,
      attended: 1,
    });

    owner = await login(app, owner.email);
    const removed = await callAs(
      app,
      owner,
      'DELETE',
      `/events/${event.id}/invitations/${invitation.id}`,
    );
    expect(removed.statusCode, removed.body).toBe(204);
    const left = await attendanceRows(event.id);
    expect(left).toEqual([]);
  });

  it('binds nobody on an open page, nor on a page entered with the access code', async () => {
    await setClock('2026-11-23T10:00:05Z');
    const event = await insertEvent(app, owner.user.id, {
      accessMode: 'code',
      accessCode: 'Open sesame 2026',
    });
    const entered = await onEventsHost(app, `/${event.slug}/_access/code`, {
      method: 'POST',
      payload: new URLSearchParams({ code: 'Open sesame 2026' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const { token, view } = await watch(event, accessOf(entered));
    expect(token.split('.')).toHaveLength(2);
    expect(view.split('.')).toHaveLength(3);
    await beatAt(event, view, '2026-11-23T10:00:35Z');
    const rows = await attendanceRows(event.id);
    expect(rows).toEqual([]);
  });
});
