import {
  ERROR_MESSAGES,
  type AccessMailTexts,
  type EventListItem,
  type Invitation,
  type InvitationsPage,
  type MailSendMode,
  type RegistrationsPage,
} from '@livent/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { abuseLimits } from '../../lib/abuse-limits.js';
import { registerVerified, type SignedInUser } from '../../test/accounts.js';
import { testClock } from '../../test/clock.js';
import { callAs, createEvent, setPlan } from '../../test/events.js';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { saveSettings } from '../public/public.fixtures.js';

// Invitation mails (ADR 026, "Invitation and registration emails"): the default texts, the send
// modes, the plan check and limits, the rendering of the organiser's text, and the mail status
// in the list. Without SMTP_URL mails stay queued; the last block sends over a real SMTP server.

const clock = testClock();
let testApp: TestApp;
let app: FastifyInstance;
let owner: SignedInUser;
let other: SignedInUser;
let event: EventListItem;

beforeAll(async () => {
  testApp = await buildTestApp(
    {},
    { now: clock.now, abuseLimits: abuseLimits({ accessMailSendPerEvent: 5 }) },
  );
  app = testApp.app;
  owner = await registerVerified(app, { name: 'Olivia Owner' });
  other = await registerVerified(app, { name: 'Other Person' });
});
afterAll(() => testApp.cleanup());
beforeEach(async () => {
  await app.db.deleteFrom('events').where('owner_id', '=', owner.user.id).execute();
  await app.db.deleteFrom('mails').execute();
  await setPlan(app, owner.user.id, 'professional');
  event = await createEvent(app, owner, 'Gala');
  await saveSettings(app, event.id, { accessMode: 'invitation' });
  // Each test starts with fresh send limits.
  await app.db.deleteFrom('rate_limits').execute();
});

const send = (mode: MailSendMode, as = owner, eventId = event.id) =>
  callAs(app, as, 'POST', `/events/${eventId}/invitations/send`, { mode });

async function sent(mode: MailSendMode): Promise<number> {
  const response = await send(mode);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ queued: number }>().queued;
}

async function add(name: string, email: string, password = 'Secret-1'): Promise<Invitation> {
  const response = await callAs(app, owner, 'POST', `/events/${event.id}/invitations`, {
    name,
    email,
    password,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Invitation>();
}

async function list(): Promise<Invitation[]> {
  const response = await callAs(app, owner, 'GET', `/events/${event.id}/invitations?sort=email`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<InvitationsPage>().results.sort((a, b) => a.email.localeCompare(b.email));
}

const mailsTo = (to: string) =>
  app.db.selectFrom('mails').selectAll().where('to', '=', to).orderBy('created_at').execute();
const mailCount = async () =>
  Number(
    (
      await app.db
        .selectFrom('mails')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('default texts', () => {
  it("answer the defaults in the event's language, German or else English", async () => {
    const english = await callAs(app, owner, 'GET', `/events/${event.id}/mail-texts`);
    expect(english.statusCode).toBe(200);
    const texts = english.json<AccessMailTexts>();
    expect(texts.language).toBe('en');
    expect(texts.invitation.subject).toBe('Your invitation to {EventName}');
    expect(texts.invitation.body).toContain('Password: {Password}');
    expect(texts.registration.body).toContain('{PersonalLink}');

    await saveSettings(app, event.id, { language: 'de' });
    const german = (
      await callAs(app, owner, 'GET', `/events/${event.id}/mail-texts`)
    ).json<AccessMailTexts>();
    expect(german.language).toBe('de');
    expect(german.invitation.subject).toBe('Ihre Einladung zu {EventName}');
    await saveSettings(app, event.id, { language: 'fr' });
    expect(
      (await callAs(app, owner, 'GET', `/events/${event.id}/mail-texts`)).json<AccessMailTexts>()
        .language,
    ).toBe('en');
  });

  it("are another account's event's only as a 404", async () => {
    const response = await callAs(app, other, 'GET', `/events/${event.id}/mail-texts`);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(ERROR_MESSAGES.eventNotFound);
  });
});

describe('the texts as settings', () => {
  it('refuse an unknown placeholder by name and change nothing', async () => {
    const before = (await callAs(app, owner, 'GET', `/event-settings/${event.id}`)).json();
    const response = await callAs(app, owner, 'PATCH', `/event-settings/${event.id}`, {
      headline: 'Would change',
      invitationMailBody: 'Hello {Name}, your code is {Code}',
    });
    expect(response.statusCode).toBe(400);
    const message = response.json<{ errors: Record<string, string> }>().errors.invitationMailBody;
    expect(decodeURIComponent(message ?? '').replaceAll('+', ' ')).toContain(
      'validation.unknownPlaceholder?placeholder={Code}&allowed={Name}, {Username}',
    );
    expect((await callAs(app, owner, 'GET', `/event-settings/${event.id}`)).json()).toEqual(before);
  });

  it('are saved with known placeholders and read back', async () => {
    const response = await callAs(app, owner, 'PATCH', `/event-settings/${event.id}`, {
      invitationMailSubject: 'Come to {EventName}',
      invitationMailBody: 'Dear {Name}\n{PersonalLink}',
    });
    expect(response.statusCode, response.body).toBe(200);
    const settings = (await callAs(app, owner, 'GET', `/event-settings/${event.id}`)).json();
    expect(settings).toMatchObject({
      invitationMailSubject: 'Come to {EventName}',
      invitationMailBody: 'Dear {Name}\n{PersonalLink}',
      registrationMailSubject: '',
    });
  });
});

describe('sending', () => {
  it('needs INVITATION_EMAILS on the owner’s plan (403) and queues nothing', async () => {
    await add('Ada', 'ada@example.com');
    await setPlan(app, owner.user.id, 'free');
    for (const mode of ['unsent', 'all', 'test'] as const) {
      const response = await send(mode);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        code: 403,
        message: ERROR_MESSAGES.featureNotAvailable,
      });
    }
    expect(await mailCount()).toBe(0);
  });

  it('refuses a plan that lapsed (ADR 028) like the free one', async () => {
    await add('Ada', 'ada@example.com');
    await app.db
      .updateTable('users')
      .set({ plan_expires: new Date(clock.now().getTime() - 60_000).toISOString() })
      .where('id', '=', owner.user.id)
      .execute();
    try {
      const response = await send('all');
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(ERROR_MESSAGES.featureNotAvailable);
      expect(await mailCount()).toBe(0);
    } finally {
      await app.db
        .updateTable('users')
        .set({ plan_expires: null })
        .where('id', '=', owner.user.id)
        .execute();
    }
  });

  it("answers another account's event with 404 and a bad mode with 400", async () => {
    await add('Ada', 'ada@example.com');
    await setPlan(app, other.user.id, 'professional');
    const stranger = await send('all', other);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe(ERROR_MESSAGES.eventNotFound);
    const bad = await callAs(app, owner, 'POST', `/events/${event.id}/invitations/send`, {
      mode: 'some',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ mode: 'validation.invalid' });
    expect(await mailCount()).toBe(0);
  });

  it('sends the unsent ones once, all of them on request, each with its own values', async () => {
    expect(await sent('unsent')).toBe(0);
    await add('Ada', 'ada@example.com', 'Pw-Ada-1');
    await add('Bob', 'bob@example.com', 'Pw-Bob-1');
    expect((await list()).map((row) => row.mailStatus)).toEqual([null, null]);

    expect(await sent('unsent')).toBe(2);
    const rows = await list();
    expect(rows.map((row) => row.mailStatus)).toEqual(['queued', 'queued']);
    const [ada] = await mailsTo('ada@example.com');
    expect(ada).toMatchObject({
      subject: 'Your invitation to Gala',
      template: 'invitation',
      language: 'en',
      status: 'queued',
      user_id: owner.user.id,
    });
    expect(ada?.text).toContain('Hello Ada,');
    expect(ada?.text).toContain(`:\n${rows[0]?.personalLink ?? '-'}\n`);
    expect(ada?.text).toContain('Username: ada@example.com\nPassword: Pw-Ada-1\n');
    expect(ada?.text).not.toContain('Pw-Bob-1');
    expect(ada?.html).toContain(`<a href="${rows[0]?.personalLink ?? '-'}"`);
    expect((await mailsTo('bob@example.com'))[0]?.text).toContain('Password: Pw-Bob-1');

    expect(await sent('unsent')).toBe(0);
    await add('Cy', 'cy@example.com');
    expect(await sent('unsent')).toBe(1);
    expect(await mailCount()).toBe(3);
    expect(await sent('all')).toBe(3);
    expect(await mailCount()).toBe(6);
    expect(await mailsTo('ada@example.com')).toHaveLength(2);
  });

  it("fills the organiser's text, in the event's language, and shows its markup as text", async () => {
    await saveSettings(app, event.id, {
      language: 'de',
      invitationMailSubject: 'Willkommen {Name}',
      invitationMailBody:
        'Hallo {Name} ({Username}),\n<script>alert(1)</script>\n\nLink: {PersonalLink}\nSeite: {EventLink}',
    });
    const invitation = await add('Ada <b>', 'ada@example.com');
    expect(await sent('all')).toBe(1);
    const [mail] = await mailsTo('ada@example.com');
    expect(mail?.subject).toBe('Willkommen Ada <b>');
    expect(mail?.language).toBe('de');
    expect(mail?.text).toContain(
      'Hallo Ada <b> (ada@example.com),\n<script>alert(1)</script>\n\nLink: ',
    );
    expect(mail?.text).toContain(invitation.personalLink);
    expect(mail?.html).not.toContain('<script');
    expect(mail?.html).not.toContain('<b>');
    expect(mail?.html).toContain('Hallo Ada &lt;b&gt; (ada@example.com),<br/>&lt;script&gt;');
    expect(mail?.html).toContain(`<a href="${invitation.personalLink}"`);
    // The footer in the event's language.
    expect(mail?.html).toContain('weil der Veranstalter');
  });

  it('sends a test only to the signed-in user, with the first invitation’s values', async () => {
    const response = await send('test');
    expect(response.json()).toEqual({ queued: 1, skipped: 0 });
    const [empty] = await mailsTo(owner.user.email);
    expect(empty?.subject).toBe('[Test] Your invitation to Gala');
    expect(empty?.text).toContain('Hello Olivia Owner,');

    await add('Ada', 'ada@example.com', 'Pw-Ada-1');
    clock.advance(1000);
    await add('Bob', 'bob@example.com');
    expect(await sent('test')).toBe(1);
    const mails = await mailsTo(owner.user.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text).toContain('Hello Ada,');
    expect(mails[1]?.text).toContain('Password: Pw-Ada-1');
    expect(await mailsTo('ada@example.com')).toEqual([]);
    // A test is no invitation's mail: the list still shows them unsent.
    expect((await list()).map((row) => row.mailStatus)).toEqual([null, null]);
    expect(await sent('unsent')).toBe(2);
  });

  it('keeps the mail when the invitation is deleted after sending', async () => {
    const invitation = await add('Ada', 'ada@example.com');
    expect(await sent('all')).toBe(1);
    const response = await callAs(
      app,
      owner,
      'DELETE',
      `/events/${event.id}/invitations/${invitation.id}`,
    );
    expect(response.statusCode).toBe(204);
    expect(await mailsTo('ada@example.com')).toHaveLength(1);
  });

  it('limits sends per event with a 429 and Retry-After', async () => {
    await add('Ada', 'ada@example.com');
    for (let index = 0; index < 5; index += 1) expect(await sent('all')).toBe(1);
    const limited = await send('all');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(ERROR_MESSAGES.tooManyRequests);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mailsTo('ada@example.com')).toHaveLength(5);
    // The registrations of the same event have a limit of their own.
    const registrations = await callAs(
      app,
      owner,
      'POST',
      `/events/${event.id}/registrations/send`,
      { mode: 'all' },
    );
    expect(registrations.json()).toEqual({ queued: 0, skipped: 0 });
  });

  it('sends to more invitations than one batch holds, each once', async () => {
    const now = new Date().toISOString();
    await app.db
      .insertInto('invitations')
      .values(
        Array.from({ length: 1203 }, (_, index) => ({
          id: `bulk-${String(index).padStart(5, '0')}`,
          event_id: event.id,
          name: `Guest ${String(index)}`,
          email: `guest${String(index)}@example.com`,
          username: `guest${String(index)}@example.com`,
          password: `pw${String(index)}`,
          token: `bulk-token-${String(index).padStart(20, '0')}`,
          created_at: now,
          last_login_at: null,
          mail_id: null,
        })),
      )
      .execute();
    expect(await sent('unsent')).toBe(1203);
    expect(await mailCount()).toBe(1203);
    const guest = await mailsTo('guest1202@example.com');
    expect(guest).toHaveLength(1);
    expect(guest[0]?.text).toContain('Password: pw1202');
    const unsent = await app.db
      .selectFrom('invitations')
      .select('id')
      .where('event_id', '=', event.id)
      .where('mail_id', 'is', null)
      .execute();
    expect(unsent).toEqual([]);
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

  async function start(options: { rejectRecipientsWith?: number } = {}) {
    smtp = await startSmtpServer(options);
    smtpApp = await buildTestApp(
      { SMTP_URL: smtp.url, MAIL_FROM: 'Livent <no-reply@example.test>' },
      { mailWorker: { pollIntervalMs: 50 } },
    );
    const user = await registerVerified(smtpApp.app, { name: 'Sam Sender' });
    await setPlan(smtpApp.app, user.user.id, 'professional');
    const created = await createEvent(smtpApp.app, user, 'Summit');
    return { app: smtpApp.app, user, eventId: created.id, slug: created.slug };
  }

  it('shows accepted in both lists once the worker sent them, and the mail carries the personal link', async () => {
    const { app: sending, user, eventId, slug } = await start();
    const added = await callAs(sending, user, 'POST', `/events/${eventId}/invitations`, {
      name: 'Ada',
      email: 'ada@example.com',
    });
    const invitation = added.json<Invitation>();
    await sending.services.registrations.register(
      {
        id: eventId,
        slug,
        title: 'Summit',
        settings: {
          ...(await callAs(sending, user, 'GET', `/event-settings/${eventId}`)).json(),
          accessMode: 'registration',
          registrationEmailMode: 'default',
        },
        language: 'en',
      },
      { name: 'Reg', email: 'reg@example.com' },
      { id: 'viewer-1', ip: '192.0.2.1' },
    );

    const invitations = callAs(sending, user, 'POST', `/events/${eventId}/invitations/send`, {
      mode: 'unsent',
    });
    const registrations = callAs(sending, user, 'POST', `/events/${eventId}/registrations/send`, {
      mode: 'unsent',
    });
    expect((await invitations).json()).toEqual({ queued: 1, skipped: 0 });
    expect((await registrations).json()).toEqual({ queued: 1, skipped: 0 });

    const recipients = () => smtp?.received.flatMap((mail) => mail.to) ?? [];
    await vi.waitFor(
      () =>
        expect(recipients()).toEqual(
          expect.arrayContaining(['ada@example.com', 'reg@example.com']),
        ),
      WAIT,
    );
    const received = smtp?.received.find((mail) => mail.to.includes('ada@example.com'));
    expect(received?.subject).toBe('Your invitation to Summit');
    expect(received?.text).toContain(invitation.personalLink);
    expect(received?.html).toContain(`href="${invitation.personalLink}"`);

    const statuses = async () => ({
      invitation: (
        await callAs(sending, user, 'GET', `/events/${eventId}/invitations`)
      ).json<InvitationsPage>().results[0]?.mailStatus,
      registration: (
        await callAs(sending, user, 'GET', `/events/${eventId}/registrations`)
      ).json<RegistrationsPage>().results[0]?.mailStatus,
    });
    await vi.waitFor(
      async () =>
        expect(await statuses()).toEqual({ invitation: 'accepted', registration: 'accepted' }),
      WAIT,
    );
  });

  it('shows rejected when the SMTP server refuses the recipient', async () => {
    const { app: sending, user, eventId } = await start({ rejectRecipientsWith: 550 });
    await callAs(sending, user, 'POST', `/events/${eventId}/invitations`, {
      name: 'Ada',
      email: 'ada@example.com',
    });
    const response = await callAs(sending, user, 'POST', `/events/${eventId}/invitations/send`, {
      mode: 'all',
    });
    expect(response.json()).toEqual({ queued: 1, skipped: 0 });
    await vi.waitFor(
      async () =>
        expect(
          (
            await callAs(sending, user, 'GET', `/events/${eventId}/invitations`)
          ).json<InvitationsPage>().results[0]?.mailStatus,
        ).toBe('rejected'),
      WAIT,
    );
  });
});
