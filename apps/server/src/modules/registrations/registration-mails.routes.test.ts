import {
  ERROR_MESSAGES,
  type EventSettings,
  type MailSendMode,
  type RegistrationsPage,
} from '@livent/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerVerified, type SignedInUser } from '../../test/accounts.js';
import { callAs, setPlan } from '../../test/events.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import {
  insertChannel,
  insertEvent,
  onEventsHost,
  type TestEvent,
} from '../public/public.fixtures.js';
import { ACCESS_COOKIE } from '../public/viewer-access.js';

// Registration mails (ADR 026, "Invitation and registration emails"): the list's send modes,
// and the gate's own mails in the send and verify modes with the organiser's text.

let testApp: TestApp;
let app: FastifyInstance;
let owner: SignedInUser;
let other: SignedInUser;

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
  owner = await registerVerified(app, { name: 'Olivia Owner' });
  other = await registerVerified(app, { name: 'Other Person' });
});
afterAll(() => testApp.cleanup());
beforeEach(async () => {
  await app.db.deleteFrom('mails').execute();
  await setPlan(app, owner.user.id, 'professional');
});

let addressCounter = 0;
function register(
  event: TestEvent,
  name: string,
  email: string,
  channel?: string,
): Promise<LightMyRequestResponse> {
  addressCounter += 1;
  return onEventsHost(app, `/${event.slug}/_access/register`, {
    method: 'POST',
    payload: new URLSearchParams({ name, email, ...(channel ? { channel } : {}) }).toString(),
    remoteAddress: `198.51.100.${String(addressCounter)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

const registrationEvent = (settings: Partial<EventSettings> = {}) =>
  insertEvent(app, owner.user.id, {
    title: 'Launch Day',
    accessMode: 'registration',
    ...settings,
  });

const send = (event: TestEvent, mode: MailSendMode, as = owner) =>
  callAs(app, as, 'POST', `/events/${event.id}/registrations/send`, { mode });

async function list(event: TestEvent): Promise<RegistrationsPage['results']> {
  const response = await callAs(app, owner, 'GET', `/events/${event.id}/registrations?sort=email`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RegistrationsPage>().results;
}

const mailsTo = (to: string) =>
  app.db.selectFrom('mails').selectAll().where('to', '=', to).orderBy('created_at').execute();

describe('sending from the list', () => {
  it('sends the unsent ones, all, and a test to the user alone', async () => {
    const event = await registrationEvent();
    expect((await send(event, 'unsent')).json()).toEqual({ queued: 0, skipped: 0 });
    await register(event, 'Ada', 'ada@example.com');
    await register(event, 'Bob', 'bob@example.com');
    expect((await list(event)).map((row) => row.mailStatus)).toEqual([null, null]);

    expect((await send(event, 'unsent')).json()).toEqual({ queued: 2, skipped: 0 });
    const rows = await list(event);
    expect(rows.map((row) => row.mailStatus)).toEqual(['queued', 'queued']);
    const [ada] = await mailsTo('ada@example.com');
    expect(ada?.subject).toBe('Your registration for Launch Day');
    expect(ada?.text).toContain('Hello Ada,');
    expect(ada?.text).toContain('with ada@example.com.');
    expect(ada?.text).toContain(rows[0]?.personalLink ?? '-');
    expect(ada?.html).toContain(`<a href="${rows[0]?.personalLink ?? '-'}"`);
    expect((await send(event, 'unsent')).json()).toEqual({ queued: 0, skipped: 0 });
    expect((await send(event, 'all')).json()).toEqual({ queued: 2, skipped: 0 });
    expect(await mailsTo('bob@example.com')).toHaveLength(2);

    expect((await send(event, 'test')).json()).toEqual({ queued: 1, skipped: 0 });
    const [test] = await mailsTo(owner.user.email);
    expect(test?.subject).toBe('[Test] Your registration for Launch Day');
    expect(test?.text).toContain('Hello Ada,');
    expect(await mailsTo('ada@example.com')).toHaveLength(2);
  });

  it('needs INVITATION_EMAILS (403), and another account gets 404', async () => {
    const event = await registrationEvent();
    await register(event, 'Ada', 'ada@example.com');
    await setPlan(app, owner.user.id, 'free');
    const refused = await send(event, 'all');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ERROR_MESSAGES.featureNotAvailable);
    await setPlan(app, other.user.id, 'professional');
    const stranger = await send(event, 'all', other);
    expect(stranger.statusCode).toBe(404);
    expect(await mailsTo('ada@example.com')).toEqual([]);
  });
});

describe("the gate's mails", () => {
  it("use the organiser's text in the send mode", async () => {
    const event = await registrationEvent({
      registrationEmailMode: 'send',
      registrationMailSubject: 'Welcome to {EventName}, {Name}',
      registrationMailBody: 'Your link: {PersonalLink}\n<b>see you</b>',
    });
    const response = await register(event, 'Ada', 'ada@example.com');
    expect(response.statusCode).toBe(303);
    const [mail] = await mailsTo('ada@example.com');
    expect(mail?.subject).toBe('Welcome to Launch Day, Ada');
    expect(mail?.template).toBe('registration');
    const [row] = await list(event);
    expect(mail?.text).toContain(`Your link: ${row?.personalLink ?? '-'}\n<b>see you</b>`);
    expect(mail?.html).toContain('&lt;b&gt;see you&lt;/b&gt;');
    expect(row?.mailStatus).toBe('queued');
  });

  it('keep the built-in mail while the organiser wrote no text', async () => {
    const event = await registrationEvent({ registrationEmailMode: 'send' });
    await register(event, 'Ada', 'ada@example.com');
    const [mail] = await mailsTo('ada@example.com');
    expect(mail?.template).toBe('registration-confirm');
  });

  it("verify through the personal link of the organiser's text", async () => {
    await setPlan(app, owner.user.id, 'professional');
    const event = await registrationEvent({
      registrationEmailMode: 'verify',
      registrationMailBody: 'Confirm here: {PersonalLink}',
    });
    const response = await register(event, 'Ada', 'ada@example.com');
    expect(response.statusCode).toBe(200);
    const [mail] = await mailsTo('ada@example.com');
    expect(mail?.subject).toBe('Your registration for Launch Day');
    const link = new RegExp(
      `${app.config.eventsUrl}(/${event.slug}/_access/r/[A-Za-z0-9_-]+)`,
    ).exec(mail?.text ?? '')?.[1];
    expect(link).toBeDefined();
    expect((await list(event))[0]?.verified).toBe(false);
    const opened = await onEventsHost(app, link ?? '-');
    expect(opened.statusCode).toBe(303);
    const cookies = opened.headers['set-cookie'];
    expect(String(cookies)).toContain(`${ACCESS_COOKIE}=`);
    expect((await list(event))[0]?.verified).toBe(true);
  });

  it("lead back to the channel page the viewer registered on, in the mail's language", async () => {
    const event = await registrationEvent({ registrationEmailMode: 'verify', language: 'en' });
    await insertChannel(app, event.id, {
      slug: 'deutsch',
      title: 'Deutsch',
      overrides: { language: 'de' },
    });
    expect((await register(event, 'Ada', 'ada@example.com', 'deutsch')).statusCode).toBe(200);
    const [mail] = await mailsTo('ada@example.com');
    expect(mail).toMatchObject({ language: 'de', template: 'registration-verify' });
    const link = new RegExp(
      `${app.config.eventsUrl}(/${event.slug}/_access/r/[A-Za-z0-9_-]+\\?channel=deutsch)"`,
    ).exec(mail?.html ?? '')?.[1];
    expect(link).toBeDefined();
    const opened = await onEventsHost(app, link ?? '-', {
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/${event.slug}/deutsch`);
    const cookie = String(opened.headers['set-cookie']).split(';')[0] ?? '';
    const page = await onEventsHost(app, `/${event.slug}/deutsch`, {
      headers: { cookie, 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(page.body).toContain('<html lang="de"');
    // A channel that is not (or no longer) shown: the event's page.
    const hidden = await onEventsHost(app, link?.replace('deutsch', 'gone') ?? '-');
    expect(hidden.headers.location).toBe(`/${event.slug}`);
  });

  it('refuse a text for the verify mode without the personal link, saving nothing', async () => {
    const event = await registrationEvent();
    const before = (await callAs(app, owner, 'GET', `/event-settings/${event.id}`)).json();
    const response = await callAs(app, owner, 'PATCH', `/event-settings/${event.id}`, {
      registrationEmailMode: 'verify',
      registrationMailBody: 'Welcome, {Name}!',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      registrationMailBody: 'validation.placeholderRequired?placeholder=%7BPersonalLink%7D',
    });
    expect((await callAs(app, owner, 'GET', `/event-settings/${event.id}`)).json()).toEqual(before);
  });
});
