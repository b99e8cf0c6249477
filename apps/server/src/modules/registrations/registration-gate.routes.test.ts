import type { EventSettings, RegistrationsPage } from '@livent/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abuseLimits } from '../../lib/abuse-limits.js';
import { registerVerified, type SignedInUser } from '../../test/accounts.js';
import { testClock } from '../../test/clock.js';
import { callAs } from '../../test/events.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { insertEvent, onEventsHost, type TestEvent } from '../public/public.fixtures.js';
import { ACCESS_COOKIE } from '../public/viewer-access.js';
import { REGISTRATION_CHECK_TTL_MS } from './registrations.service.js';

// The registration gate (ADR 026): the form, the modes default, send and verify, the personal
// link, the allowed email domains, the limits, and that a deleted registration's access ends.

const clock = testClock();
let test: TestApp;
let app: FastifyInstance;
let owner: SignedInUser;

beforeAll(async () => {
  test = await buildTestApp(
    {},
    {
      now: clock.now,
      abuseLimits: abuseLimits({ registrationPerViewer: 3, registrationMailPerEmail: 2 }),
    },
  );
  app = test.app;
  owner = await registerVerified(app);
});
afterAll(() => test.cleanup());

const PLAYER = 'https://player.example.com/live/secret-stream';
const FIELDS: EventSettings['registrationFields'] = [
  { name: 'company', label: 'Company name', required: true, options: [] },
  { name: 'role', label: 'Your role', required: false, options: ['Press', 'Partner'] },
];

let addressCounter = 0;
const newAddress = () => {
  addressCounter += 1;
  return `198.51.100.${String(addressCounter)}`;
};

function registrationEvent(settings: Partial<EventSettings> = {}): Promise<TestEvent> {
  return insertEvent(app, owner.user.id, {
    title: 'Launch Day',
    playerMode: 'iframe',
    playerLink: PLAYER,
    accessMode: 'registration',
    registrationFields: FIELDS,
    ...settings,
  });
}

const page = (url: string, cookie?: string) =>
  onEventsHost(app, url, { headers: cookie ? { cookie } : {} });

function post(
  slug: string,
  fields: Record<string, string>,
  options: { cookie?: string; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  return onEventsHost(app, `/${slug}/_access/register`, {
    method: 'POST',
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: options.ip ?? newAddress(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
  });
}

/** The `name=value` of a cookie the answer sets, or undefined. */
function cookieSet(response: LightMyRequestResponse, name: string): string | undefined {
  const header = response.headers['set-cookie'];
  const list = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return list.find((cookie) => cookie.startsWith(`${name}=`))?.split(';')[0];
}

const valid = (email: string) => ({ name: 'Ada Lovelace', email, field_company: 'ACME' });

async function registrations(event: TestEvent): Promise<RegistrationsPage> {
  const response = await callAs(app, owner, 'GET', `/events/${event.id}/registrations`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RegistrationsPage>();
}

const mailsTo = (to: string) =>
  app.db.selectFrom('mails').selectAll().where('to', '=', to).orderBy('created_at').execute();

const linkIn = (text: string, slug: string) => {
  const link = new RegExp(`${app.config.eventsUrl}(/${slug}/_access/r/[A-Za-z0-9_-]+)`).exec(
    text,
  )?.[1];
  if (!link) throw new Error(`no personal link in ${text}`);
  return link;
};

describe('the registration gate', () => {
  it('shows the form with name, email, the additional fields and the legal links, nothing behind it', async () => {
    const event = await registrationEvent({
      legalTermsLink: 'https://example.com/terms',
      privacyLink: 'https://example.com/privacy',
    });
    const response = await page(`/${event.slug}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(PLAYER);
    expect(response.body).toContain(`action="/${event.slug}/_access/register"`);
    expect(response.body).toContain('name="name"');
    expect(response.body).toContain('name="email"');
    expect(response.body).toContain('Company name');
    const company = /<input[^>]*name="field_company"[^>]*>/.exec(response.body)?.[0] ?? '';
    expect(company).toContain('required');
    expect(response.body).toMatch(/<select[^>]*name="field_role"/);
    expect(response.body).toContain('<option value="Press">Press</option>');
    expect(response.body).toContain('href="https://example.com/terms"');
    expect(response.body).toContain('href="https://example.com/privacy"');
  });

  it("words the access text and the field labels in a channel's own language", async () => {
    const event = await registrationEvent({ accessText: 'Register to watch.' });
    const created = await callAs(app, owner, 'POST', `/events/${event.id}/channels`, {
      slug: 'deutsch',
      title: 'Deutsch',
    });
    expect(created.statusCode, created.body).toBe(201);
    const overrides = {
      language: 'de',
      accessText: 'Registrieren Sie sich, um zuzusehen.',
      registrationFieldLabels: { company: 'Firma', gone: 'Ein Feld, das es nicht mehr gibt' },
    };
    const saved = await callAs(
      app,
      owner,
      'PATCH',
      `/events/${event.id}/channels/${created.json<{ id: string }>().id}`,
      { overrides },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ overrides });

    const german = (await page(`/${event.slug}/deutsch`)).body;
    expect(german).toContain('Registrieren Sie sich, um zuzusehen.');
    expect(german).toContain('Firma');
    expect(german).not.toContain('Company name');
    // A label the channel leaves alone stays the event's; a field the event no longer has, none.
    expect(german).toContain('Your role');
    expect(german).not.toContain('Ein Feld, das es nicht mehr gibt');
    const english = (await page(`/${event.slug}`)).body;
    expect(english).toContain('Register to watch.');
    expect(english).toContain('Company name');
    // The form still asks for the event's fields: the required one is refused when missing.
    const missing = await post(event.slug, {
      name: 'Ada',
      email: 'ada@example.com',
      channel: 'deutsch',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('Firma');
  });

  it('refuses a channel label that is empty or keyed by no valid field name', async () => {
    const event = await registrationEvent();
    const created = await callAs(app, owner, 'POST', `/events/${event.id}/channels`, {
      slug: 'fr',
      title: 'Français',
    });
    const patch = (registrationFieldLabels: unknown) =>
      callAs(
        app,
        owner,
        'PATCH',
        `/events/${event.id}/channels/${created.json<{ id: string }>().id}`,
        { overrides: { registrationFieldLabels } },
      );
    expect((await patch({ company: ' ' })).statusCode).toBe(400);
    expect((await patch({ 'not a name': 'x' })).statusCode).toBe(400);
  });

  it('lets a viewer in at once in the default mode: 303 with the cookie, then the page', async () => {
    const event = await registrationEvent();
    const response = await post(event.slug, { ...valid('Ada@Example.com'), field_role: 'Press' });
    expect(response.statusCode, response.body).toBe(303);
    expect(response.headers.location).toBe(`/${event.slug}`);
    const access = cookieSet(response, ACCESS_COOKIE);
    expect(access).toBeDefined();
    const full = await page(`/${event.slug}`, access);
    expect(full.body).toContain(PLAYER);
    expect(full.headers['cache-control']).toBe('private, no-store');
    const list = await registrations(event);
    expect(list.total).toBe(1);
    expect(list.results[0]).toMatchObject({
      email: 'ada@example.com',
      fields: { company: 'ACME', role: 'Press' },
      verified: true,
      mailStatus: null,
    });
    expect(await mailsTo('ada@example.com')).toHaveLength(0);
    // The same address again: access again, still one registration.
    const again = await post(event.slug, valid('ada@example.com'));
    expect(again.statusCode).toBe(303);
    expect(cookieSet(again, ACCESS_COOKIE)).toBeDefined();
    expect((await registrations(event)).total).toBe(1);
  });

  it('refuses an address outside the allowed domains with "Email not allowed" and stores nothing', async () => {
    const event = await registrationEvent({ registrationEmailDomains: ['acme.example'] });
    const response = await post(event.slug, valid('ada@other.example'));
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Email not allowed');
    expect(response.body).toContain('value="ada@other.example"');
    expect(cookieSet(response, ACCESS_COOKIE)).toBeUndefined();
    expect((await registrations(event)).total).toBe(0);
    const allowed = await post(event.slug, valid('ada@acme.example'));
    expect(allowed.statusCode).toBe(303);
  });

  it('refuses a missing required field, a bad email and an option not offered, in German too', async () => {
    const event = await registrationEvent({ language: 'de' });
    const missing = await post(event.slug, { name: 'Ada', email: 'ada@example.com' });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('Bitte füllen Sie dieses Feld aus.');
    const company = /<input[^>]*name="field_company"[^>]*>/.exec(missing.body)?.[0] ?? '';
    expect(company).toContain('aria-invalid="true"');
    expect(missing.body).toContain('value="ada@example.com"');
    const badEmail = await post(event.slug, { ...valid('not-an-email'), name: 'Ada' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.body).toContain('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
    const badOption = await post(event.slug, { ...valid('ada@example.com'), field_role: 'CEO' });
    expect(badOption.statusCode).toBe(400);
    expect((await registrations(event)).total).toBe(0);
  });

  it('in the verify mode gives access only through the mailed link, which also verifies', async () => {
    const event = await registrationEvent({ registrationEmailMode: 'verify' });
    const response = await post(event.slug, valid('vera@example.com'));
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('We have sent you an email with your personal link');
    expect(cookieSet(response, ACCESS_COOKIE)).toBeUndefined();
    const [listed] = (await registrations(event)).results;
    expect(listed).toMatchObject({ verified: false, mailStatus: 'queued' });
    const [mail] = await mailsTo('vera@example.com');
    expect(mail?.template).toBe('registration-verify');
    expect(mail?.subject).toContain('Launch Day');
    const link = linkIn(mail?.text ?? '', event.slug);
    expect(`${app.config.eventsUrl}${link}`).toBe(listed?.personalLink);

    const opened = await page(link);
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/${event.slug}`);
    const access = cookieSet(opened, ACCESS_COOKIE);
    expect((await page(`/${event.slug}`, access)).body).toContain(PLAYER);
    expect((await registrations(event)).results[0]?.verified).toBe(true);
  });

  it('in the verify mode sends the link again on a second registration, at most as the limit allows', async () => {
    const event = await registrationEvent({ registrationEmailMode: 'verify' });
    for (let i = 0; i < 3; i += 1) {
      const response = await post(event.slug, valid('again@example.com'));
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('We have sent you an email');
      clock.advance(1000);
    }
    // The first mail, one resend, then the per-address limit of this test (2).
    expect(await mailsTo('again@example.com')).toHaveLength(2);
    expect((await registrations(event)).total).toBe(1);
  });

  it('mails the personal link in the send mode and lets the viewer in at once', async () => {
    const event = await registrationEvent({ registrationEmailMode: 'send', language: 'de' });
    const response = await post(event.slug, valid('sam@example.com'));
    expect(response.statusCode).toBe(303);
    const [mail] = await mailsTo('sam@example.com');
    expect(mail?.template).toBe('registration-confirm');
    expect(mail?.language).toBe('de');
    expect(mail?.subject).toBe('Ihre Registrierung für Launch Day');
  });

  it('opens the page with the personal link in another browser; an unknown token gets the gate', async () => {
    const event = await registrationEvent();
    await post(event.slug, valid('link@example.com'));
    const [listed] = (await registrations(event)).results;
    const link = (listed?.personalLink ?? '').slice(app.config.eventsUrl.length);
    const opened = await page(link);
    expect(opened.statusCode).toBe(303);
    expect((await page(`/${event.slug}`, cookieSet(opened, ACCESS_COOKIE))).body).toContain(PLAYER);
    const unknown = await page(`/${event.slug}/_access/r/${'x'.repeat(43)}`);
    expect(unknown.statusCode).toBe(403);
    expect(unknown.body).toContain('This personal link is not valid');
    expect(cookieSet(unknown, ACCESS_COOKIE)).toBeUndefined();
    // Another event's token opens nothing here.
    const other = await registrationEvent();
    expect((await page(`/${other.slug}${link.slice(event.slug.length + 1)}`)).statusCode).toBe(403);
  });

  it('ends the access of a deleted registration', async () => {
    const event = await registrationEvent();
    const response = await post(event.slug, valid('gone@example.com'));
    const access = cookieSet(response, ACCESS_COOKIE);
    expect((await page(`/${event.slug}`, access)).body).toContain(PLAYER);
    const [listed] = (await registrations(event)).results;
    const deleted = await callAs(
      app,
      owner,
      'DELETE',
      `/events/${event.id}/registrations/${listed?.id ?? ''}`,
    );
    expect(deleted.statusCode).toBe(204);
    const after = await page(`/${event.slug}`, access);
    expect(after.body).not.toContain(PLAYER);
    expect(after.body).toContain('_access/register');
    // Also once the existence check's cache time has passed.
    clock.advance(REGISTRATION_CHECK_TTL_MS + 1);
    expect((await page(`/${event.slug}`, access)).body).not.toContain(PLAYER);
    expect(
      (await onEventsHost(app, `/${event.slug}/_state`, { headers: { cookie: access ?? '' } }))
        .statusCode,
    ).toBe(403);
  });

  it('limits registrations per viewer: 429 with Retry-After', async () => {
    const event = await registrationEvent();
    const first = await post(event.slug, { name: '' });
    const viewer = cookieSet(first, 'lvnt.viewer');
    for (let i = 0; i < 2; i += 1) {
      expect((await post(event.slug, { name: '' }, { cookie: viewer })).statusCode).toBe(400);
    }
    const limited = await post(event.slug, valid('late@example.com'), { cookie: viewer });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await registrations(event)).total).toBe(0);
  });

  it('sends a registration for an event without the registration mode back to its page', async () => {
    const event = await registrationEvent({ accessMode: 'none' });
    const response = await post(event.slug, valid('open@example.com'));
    expect(response.statusCode).toBe(303);
    expect(cookieSet(response, ACCESS_COOKIE)).toBeUndefined();
    expect((await post('no-such-event', valid('x@example.com'))).statusCode).toBe(404);
  });
});
