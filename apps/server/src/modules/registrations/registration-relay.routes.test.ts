import { randomUUID } from 'node:crypto';
import type { EventSettings, RegistrationsPage } from '@livent/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abuseLimits } from '../../lib/abuse-limits.js';
import { registerVerified, type SignedInUser } from '../../test/accounts.js';
import { callAs, setPlan } from '../../test/events.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { insertEvent, onEventsHost, type TestEvent } from '../public/public.fixtures.js';

// The registration gate is no relay for mail (ADR 047): its mails are capped per address, per
// recipient across events, per client and per event, always with the same answer to the viewer;
// a name that reads as a link never reaches a mail; control characters are never stored.

let test: TestApp;
let app: FastifyInstance;
let owner: SignedInUser;

beforeAll(async () => {
  test = await buildTestApp(
    {},
    {
      abuseLimits: abuseLimits({
        registrationMailPerRecipient: 4,
        registrationMailPerClient: 3,
        registrationMailPerEvent: 5,
      }),
    },
  );
  app = test.app;
  owner = await registerVerified(app);
  await setPlan(app, owner.user.id, 'professional');
});
afterAll(() => test.cleanup());

let addressCounter = 0;
const newAddress = () => {
  addressCounter += 1;
  return `203.0.${String(Math.floor(addressCounter / 250))}.${String(addressCounter % 250)}`;
};

const verifyEvent = (settings: Partial<EventSettings> = {}): Promise<TestEvent> =>
  insertEvent(app, owner.user.id, {
    title: 'Launch Day',
    accessMode: 'registration',
    registrationEmailMode: 'verify',
    registrationFields: [{ name: 'company', label: 'Company', required: false, options: [] }],
    ...settings,
  });

/** A form post from a new viewer (no cookie), from a new client address unless one is given. */
const post = (
  event: TestEvent,
  fields: Record<string, string>,
  ip = newAddress(),
): Promise<LightMyRequestResponse> =>
  onEventsHost(app, `/${event.slug}/_access/register`, {
    method: 'POST',
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

const mailsTo = (to: string) =>
  app.db.selectFrom('mails').selectAll().where('to', '=', to).execute();

async function registrations(event: TestEvent): Promise<RegistrationsPage['results']> {
  const response = await callAs(app, owner, 'GET', `/events/${event.id}/registrations`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RegistrationsPage>().results;
}

const CHECK_INBOX = 'We have sent you an email with your personal link';

describe('the caps on the gate’s mails', () => {
  it('sends one address at most 3 mails per event however often it is registered', async () => {
    const event = await verifyEvent();
    for (let i = 0; i < 8; i += 1) {
      const response = await post(event, { name: 'Vera', email: 'flood@example.com' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(CHECK_INBOX);
    }
    expect(await mailsTo('flood@example.com')).toHaveLength(3);
  });

  it('sends one recipient at most the cap across events', async () => {
    for (let i = 0; i < 6; i += 1) {
      const response = await post(await verifyEvent(), {
        name: 'Vic',
        email: 'victim@example.com',
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(CHECK_INBOX);
    }
    expect(await mailsTo('victim@example.com')).toHaveLength(4);
  });

  it('sends at most the cap from one client to one event, other clients still get theirs', async () => {
    const event = await verifyEvent();
    const ip = newAddress();
    for (let i = 0; i < 5; i += 1) {
      const response = await post(
        event,
        { name: 'Cat', email: `client-${String(i)}@example.com` },
        ip,
      );
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(CHECK_INBOX);
    }
    const sent = await Promise.all(
      [0, 1, 2, 3, 4].map((i) => mailsTo(`client-${String(i)}@example.com`)),
    );
    expect(sent.map((mails) => mails.length)).toEqual([1, 1, 1, 0, 0]);
    await post(event, { name: 'Dan', email: 'other-client@example.com' });
    expect(await mailsTo('other-client@example.com')).toHaveLength(1);
  });

  it('sends at most the cap from one event; the send to the unsent ones reaches the rest', async () => {
    const event = await verifyEvent();
    const answers = [];
    for (let i = 0; i < 7; i += 1) {
      answers.push(await post(event, { name: 'Eve', email: `event-${String(i)}@example.com` }));
    }
    // Past the cap the viewer gets the same answer, and the organiser no mail about it.
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(7).fill(200));
    expect(answers.every((answer) => answer.body.includes(CHECK_INBOX))).toBe(true);
    const rows = await registrations(event);
    expect(rows).toHaveLength(7);
    expect(rows.filter((row) => row.mailStatus === null)).toHaveLength(2);
    const toOwner = await mailsTo(owner.user.email);
    expect(toOwner.filter((mail) => mail.template !== 'verify-email')).toEqual([]);

    const sent = await callAs(app, owner, 'POST', `/events/${event.id}/registrations/send`, {
      mode: 'unsent',
    });
    expect(sent.json()).toEqual({ queued: 2, skipped: 0 });
  });
});

describe('viewer-typed links', () => {
  it.each([
    'https://evil.example',
    'Ada evil.example/x',
    'Ada www.evil.example',
    'ada@evil.example',
  ])('refuses the name %j with a field error, stores and mails nothing', async (name) => {
    const event = await verifyEvent();
    const email = `link-${randomUUID()}@example.com`;
    const response = await post(event, { name, email });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Please enter no web or email address here');
    expect(await registrations(event)).toEqual([]);
    expect(await mailsTo(email)).toEqual([]);
  });

  it('says so in German', async () => {
    const event = await verifyEvent({ language: 'de' });
    const response = await post(event, { name: 'evil.example/x', email: 'de@example.com' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Bitte geben Sie hier keine Web- oder E-Mail-Adresse ein');
  });

  it('leaves a link-like name stored before out of every mail', async () => {
    const event = await verifyEvent();
    const email = 'stored@example.com';
    await app.db
      .insertInto('registrations')
      .values({
        id: randomUUID(),
        event_id: event.id,
        name: 'Win at https://evil.example and evil.example/x',
        email,
        fields: '{}',
        token: randomUUID().replaceAll('-', ''),
        verified_at: null,
        mail_id: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    // The gate's mail on registering again, and the organiser's send from the list.
    expect((await post(event, { name: 'Sam', email })).statusCode).toBe(200);
    const sent = await callAs(app, owner, 'POST', `/events/${event.id}/registrations/send`, {
      mode: 'all',
    });
    expect(sent.json()).toEqual({ queued: 1, skipped: 0 });
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toContain('evil');
    }
  });
});

describe('control characters in the form', () => {
  it.each([
    ['NUL', 'name', 'Ada\u0000Lovelace'],
    ['BEL', 'name', 'Ada\u0007Lovelace'],
    ['DEL', 'name', 'Ada\u007FLovelace'],
    ['a C1 control', 'name', 'Ada\u009BLovelace'],
    ['NUL', 'field_company', 'AC\u0000ME'],
    ['ESC', 'field_company', 'AC\u001BME'],
  ])('refuses %s in %s and stores nothing', async (_label, field, value) => {
    const event = await verifyEvent();
    const response = await post(event, { name: 'Ada', email: 'ctl@example.com', [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Contains characters that are not allowed');
    expect(await registrations(event)).toEqual([]);
  });

  const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

  it('stores no lone surrogate: a form decodes broken UTF-8 as replacement characters', async () => {
    const event = await verifyEvent();
    const response = await onEventsHost(app, `/${event.slug}/_access/register`, {
      method: 'POST',
      payload: 'name=Ada%ED%A0%80&email=surrogate%40example.com&field_company=%ED%B0%80',
      remoteAddress: newAddress(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(200);
    const [row] = await registrations(event);
    expect(row?.name).toMatch(/^Ada\uFFFD+$/);
    expect(LONE.test(`${row?.name ?? ''}${row?.fields.company ?? ''}`)).toBe(false);
  });

  it('refuses a lone surrogate that a JSON body escapes', async () => {
    const event = await verifyEvent();
    for (const fields of [{ name: 'Ada\uD800' }, { name: 'Ada', field_company: '\uDC00ACME' }]) {
      const response = await onEventsHost(app, `/${event.slug}/_access/register`, {
        method: 'POST',
        payload: JSON.stringify({ email: 'json@example.com', ...fields }),
        remoteAddress: newAddress(),
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('Contains characters that are not allowed');
    }
    expect(await registrations(event)).toEqual([]);
  });
});
