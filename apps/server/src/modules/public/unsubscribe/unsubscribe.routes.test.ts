import type { EventListItem, Invitation, MailSendMode } from '@livent/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { UnsubscribeLinks } from '../../../lib/mailer/unsubscribe.js';
import { registerVerified, type SignedInUser } from '../../../test/accounts.js';
import { callAs, createEvent, setPlan } from '../../../test/events.js';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { onEventsHost, saveSettings } from '../public.fixtures.js';

// One-click unsubscribe from an event's bulk mails (ADR 049, RFC 8058): the organiser's
// invitation and registration mails carry the signed link in `List-Unsubscribe`; GET only asks,
// POST unsubscribes; later sends skip the address, the viewer's own mails still go; a token that
// is not genuine changes nothing.

let testApp: TestApp;
let app: FastifyInstance;
let owner: SignedInUser;
let event: EventListItem;

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
  owner = await registerVerified(app, { name: 'Olivia Owner' });
  await setPlan(app, owner.user.id, 'professional');
});
afterAll(() => testApp.cleanup());
beforeEach(async () => {
  await app.db.deleteFrom('events').where('owner_id', '=', owner.user.id).execute();
  await app.db.deleteFrom('mails').execute();
  await app.db.deleteFrom('rate_limits').execute();
  event = await createEvent(app, owner, 'Gala');
  await saveSettings(app, event.id, { accessMode: 'invitation', language: 'en' });
});

async function invite(email: string, eventId = event.id): Promise<Invitation> {
  const response = await callAs(app, owner, 'POST', `/events/${eventId}/invitations`, {
    name: 'Guest',
    email,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Invitation>();
}

async function send(mode: MailSendMode, list = 'invitations', eventId = event.id) {
  const response = await callAs(app, owner, 'POST', `/events/${eventId}/${list}/send`, { mode });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ queued: number; skipped: number }>();
}

const mailsTo = (to: string) =>
  app.db.selectFrom('mails').selectAll().where('to', '=', to).orderBy('created_at').execute();
const unsubscribes = () => app.db.selectFrom('mail_unsubscribes').selectAll().execute();

/** The unsubscribe link of the last mail to `to`, as its header will carry it. */
async function linkOf(to: string): Promise<string> {
  const url = (await mailsTo(to)).at(-1)?.unsubscribe_url;
  expect(url).toMatch(/^http:\/\/events\.localhost:\d+\/_unsubscribe\?t=[\w-]+\.[\w-]+$/);
  return url ?? '';
}

/** The path and query a request to the link asks for. */
const ORIGIN = 'https://events.example.com';

const pathOf = (url: string) => `${new URL(url).pathname}${new URL(url).search}`;
const tokenOf = (url: string) => new URL(url).searchParams.get('t') ?? '';

const oneClick = (url: string) =>
  onEventsHost(app, pathOf(url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });

describe('bulk mails', () => {
  it('carry a link of their own per recipient; test mails to the organiser carry none', async () => {
    await invite('ada@example.com');
    await invite('bob@example.com');
    expect(await send('unsent')).toEqual({ queued: 2, skipped: 0 });
    const ada = await linkOf('ada@example.com');
    const bob = await linkOf('bob@example.com');
    expect(ada).not.toBe(bob);
    expect(new UnsubscribeLinks('x'.repeat(48), ORIGIN).verify(tokenOf(ada))).toBe(undefined);
    expect(app.services.mailer.unsubscribeLinks.verify(tokenOf(ada))).toEqual({
      eventId: event.id,
      email: 'ada@example.com',
    });

    expect(await send('test')).toEqual({ queued: 1, skipped: 0 });
    expect((await mailsTo(owner.user.email)).map((mail) => mail.unsubscribe_url)).toEqual([null]);
  });
});

describe('the unsubscribe link', () => {
  it('asks on GET and changes nothing (mail scanners open links)', async () => {
    await invite('ada@example.com');
    await send('unsent');
    const link = await linkOf('ada@example.com');
    const page = await onEventsHost(app, pathOf(link), { headers: { 'accept-language': 'de' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('E-Mails zu dieser Veranstaltung abbestellen');
    expect(page.body).toContain('ada@example.com');
    expect(page.body).toContain('<form method="post">');
    expect(page.body).toContain('name="List-Unsubscribe" value="One-Click"');
    expect(await unsubscribes()).toEqual([]);
  });

  it('unsubscribes on the one-click POST, and later sends skip the address', async () => {
    await invite('ada@example.com');
    await invite('bob@example.com');
    await send('unsent');
    const response = await oneClick(await linkOf('ada@example.com'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toContain('You are unsubscribed');
    expect(await unsubscribes()).toEqual([
      expect.objectContaining({ event_id: event.id, email: 'ada@example.com' }),
    ]);
    // Again: the same answer, one row.
    expect((await oneClick(await linkOf('ada@example.com'))).statusCode).toBe(200);
    expect(await unsubscribes()).toHaveLength(1);

    expect(await send('all')).toEqual({ queued: 1, skipped: 1 });
    expect(await mailsTo('ada@example.com')).toHaveLength(1);
    expect(await mailsTo('bob@example.com')).toHaveLength(2);
    // Still without a mail, so each send of the unsent ones counts it skipped.
    await invite('cy@example.com');
    expect(await send('unsent')).toEqual({ queued: 1, skipped: 0 });
  });

  it('takes the body as multipart too, or none', async () => {
    await invite('ada@example.com');
    await invite('bob@example.com');
    await send('unsent');
    const boundary = 'livent-boundary';
    const multipart = await onEventsHost(app, pathOf(await linkOf('ada@example.com')), {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode, multipart.body).toBe(200);
    const empty = await onEventsHost(app, pathOf(await linkOf('bob@example.com')), {
      method: 'POST',
    });
    expect(empty.statusCode, empty.body).toBe(200);
    expect((await unsubscribes()).map((row) => row.email).sort()).toEqual([
      'ada@example.com',
      'bob@example.com',
    ]);
  });

  it('holds for its event only: the same address still gets another event’s mails', async () => {
    const other = await createEvent(app, owner, 'Other');
    await saveSettings(app, other.id, { accessMode: 'invitation' });
    await invite('ada@example.com');
    await invite('ada@example.com', other.id);
    await send('unsent');
    await oneClick(await linkOf('ada@example.com'));
    expect(await send('all', 'invitations', other.id)).toEqual({ queued: 1, skipped: 0 });
  });

  it('refuses a forged, altered or foreign token with the 404 page and records nothing', async () => {
    await invite('ada@example.com');
    await send('unsent');
    const token = tokenOf(await linkOf('ada@example.com'));
    const [payload = '', signature = ''] = token.split('.');
    const otherPayload = Buffer.from(`${event.id}\nmallory@example.com`).toString('base64url');
    const foreign = new UnsubscribeLinks('another-secret-of-another-installation-000', ORIGIN);
    const forged = [
      `${otherPayload}.${signature}`,
      `${payload}.${signature.slice(0, -2)}AA`,
      payload,
      `${token}.x`,
      tokenOf(foreign.url(event.id, 'ada@example.com')),
      'x'.repeat(700),
      '',
    ];
    for (const bad of forged) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await onEventsHost(app, `/_unsubscribe?t=${bad}`, { method });
        expect(response.statusCode, `${method} ${bad}`).toBe(404);
        expect(response.body).toContain('Event not found');
      }
    }
    expect(await unsubscribes()).toEqual([]);
  });

  it('answers the 404 page once the event is deleted', async () => {
    await invite('ada@example.com');
    await send('unsent');
    const link = await linkOf('ada@example.com');
    await app.db.deleteFrom('events').where('id', '=', event.id).execute();
    expect((await oneClick(link)).statusCode).toBe(404);
    expect(await unsubscribes()).toEqual([]);
  });

  it('is not on the dashboard’s host', async () => {
    await invite('ada@example.com');
    await send('unsent');
    const response = await app.inject({
      method: 'POST',
      url: pathOf(await linkOf('ada@example.com')),
    });
    expect(response.statusCode).not.toBe(200);
    expect(await unsubscribes()).toEqual([]);
  });
});

describe('registrations', () => {
  it('the list’s sends skip the address; the viewer’s own confirmation still goes', async () => {
    await saveSettings(app, event.id, {
      accessMode: 'registration',
      registrationEmailMode: 'send',
    });
    const register = (email: string) =>
      onEventsHost(app, `/${event.slug}/_access/register`, {
        method: 'POST',
        payload: new URLSearchParams({ name: 'Ada', email }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    expect((await register('ada@example.com')).statusCode).toBe(303);
    // The viewer's own mail: no unsubscribe link, it answers what they asked for.
    expect((await mailsTo('ada@example.com')).map((mail) => mail.unsubscribe_url)).toEqual([null]);
    expect(await send('all', 'registrations')).toEqual({ queued: 1, skipped: 0 });
    await oneClick(await linkOf('ada@example.com'));
    expect(await send('all', 'registrations')).toEqual({ queued: 0, skipped: 1 });

    // Registering again sends the personal link again, unsubscribed or not.
    await app.db.deleteFrom('rate_limits').execute();
    expect((await register('ada@example.com')).statusCode).toBe(303);
    expect(await mailsTo('ada@example.com')).toHaveLength(3);
  });
});

describe('over SMTP', () => {
  // The worker's first round on a busy machine: generous, as only the outcome is asserted.
  const WAIT = { timeout: 15_000, interval: 50 };
  let smtp: TestSmtpServer | undefined;
  let smtpApp: TestApp | undefined;
  afterEach(async () => {
    await smtpApp?.cleanup();
    await smtp?.close();
    smtp = smtpApp = undefined;
  });

  it('a bulk mail carries List-Unsubscribe, List-Unsubscribe-Post and Auto-Submitted; others Auto-Submitted', async () => {
    smtp = await startSmtpServer();
    smtpApp = await buildTestApp(
      { SMTP_URL: smtp.url, MAIL_FROM: 'Livent <no-reply@example.test>' },
      { mailWorker: { pollIntervalMs: 50 } },
    );
    const sending = smtpApp.app;
    const user = await registerVerified(sending, { name: 'Sam Sender' });
    await setPlan(sending, user.user.id, 'professional');
    const created = await createEvent(sending, user, 'Summit');
    await callAs(sending, user, 'POST', `/events/${created.id}/invitations`, {
      name: 'Ada',
      email: 'ada@example.com',
    });
    await callAs(sending, user, 'POST', `/events/${created.id}/invitations/send`, {
      mode: 'unsent',
    });
    const link = (
      await sending.db
        .selectFrom('mails')
        .select('unsubscribe_url')
        .where('to', '=', 'ada@example.com')
        .executeTakeFirstOrThrow()
    ).unsubscribe_url;
    const received = () => smtp?.received.find((mail) => mail.to.includes('ada@example.com'));
    await vi.waitFor(() => expect(received()).toBeDefined(), WAIT);
    const headers = received()?.headers;
    expect(headers?.get('list')).toEqual({
      unsubscribe: { url: link },
      'unsubscribe-post': { name: 'List-Unsubscribe=One-Click' },
    });
    expect(headers?.get('auto-submitted')).toBe('auto-generated');

    // The sign-up mail (registerVerified's) is automatic too, and no list's.
    const signUp = smtp.received.find((mail) => mail.to.includes(user.user.email));
    expect(signUp?.headers.get('auto-submitted')).toBe('auto-generated');
    expect(signUp?.headers.get('list')).toBeUndefined();
  });
});
