import { AUDIT_MASK, AUDIT_RETENTION_DAYS, type AuditEntry, type AuditPage } from '@livent/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  latestMail,
  login,
  register,
  registerVerified,
  tokenOf,
  type SignedInUser,
} from '../../test/accounts.js';
import { testClock } from '../../test/clock.js';
import { callAs, createEvent, setPlan } from '../../test/events.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { AUDIT_TEXT_MAX } from './audit-diff.js';
import { SYSTEM_ACTOR } from './audit-log.js';

// The audit log (ADR 069): each change of the existing modules is recorded once, in its
// transaction; settings field by field with secrets masked; read per event and per account,
// paged and as CSV, by nobody else; deleted after a year.

const clock = testClock();
let test: TestApp;
let app: FastifyInstance;
let owner: SignedInUser;
let colleague: SignedInUser;
let stranger: SignedInUser;

beforeAll(async () => {
  test = await buildTestApp({}, { now: clock.now });
  app = test.app;
  [owner, colleague, stranger] = await Promise.all([
    registerVerified(app),
    registerVerified(app),
    registerVerified(app),
  ]);
  await setPlan(app, owner.user.id, 'enterprise-member');
});
afterAll(() => test.cleanup());

async function page(user: SignedInUser, path: string): Promise<AuditPage> {
  const response = await callAs(app, user, 'GET', path);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditPage>();
}

const eventLog = (eventId: string, query = '', as = owner) =>
  page(as, `/events/${eventId}/audit${query}`);
const actionsOf = (entries: AuditEntry[]) => entries.map((entry) => entry.action);

/** An event, the clock moved on so that its entries come in the order they were made. */
async function newEvent(title: string, as = owner) {
  const event = await createEvent(app, as, title);
  clock.advance(1_000);
  return event;
}

async function patch(eventId: string, body: object, as = owner): Promise<void> {
  const response = await callAs(app, as, 'PATCH', `/event-settings/${eventId}`, body);
  expect(response.statusCode, response.body).toBe(200);
  clock.advance(1_000);
}

describe('events', () => {
  it('records the creation, each save field by field and the deletion once each', async () => {
    const event = await newEvent('Before');
    await patch(event.id, {
      title: 'After',
      menuItems: [{ name: 'Agenda', link: '#agenda', newWindow: false }],
      introduction: 'x'.repeat(AUDIT_TEXT_MAX + 50),
    });
    await patch(event.id, { menuItems: [{ name: 'Program', link: '#agenda', newWindow: false }] });
    // A save that changes nothing is no entry.
    await patch(event.id, { title: 'After' });

    const log = await eventLog(event.id);
    expect(actionsOf(log.results)).toEqual([
      'event.settings_changed',
      'event.settings_changed',
      'event.created',
    ]);
    expect(log.results[2]).toMatchObject({
      actor: owner.email,
      via: 'session',
      details: { title: 'Before' },
    });
    // In the order of the settings' fields.
    expect(log.results[1]!.details.changes).toEqual([
      { field: 'introduction', from: '', to: `${'x'.repeat(AUDIT_TEXT_MAX)}…` },
      // An item added shows field by field.
      { field: 'menuItems.0.name', from: null, to: 'Agenda' },
      { field: 'menuItems.0.link', from: null, to: '#agenda' },
      { field: 'menuItems.0.newWindow', from: null, to: false },
      { field: 'title', from: 'Before', to: 'After' },
    ]);
    expect(log.results[0]!.details.changes).toEqual([
      { field: 'menuItems.0.name', from: 'Agenda', to: 'Program' },
    ]);

    const deleted = await callAs(app, owner, 'DELETE', `/events/${event.id}`);
    expect(deleted.statusCode).toBe(204);
    const account = await page(owner, '/account/audit?pageSize=1');
    expect(account.results[0]).toMatchObject({
      action: 'event.deleted',
      eventId: event.id,
      // Its title outlives it in the entry.
      eventTitle: 'After',
      details: { title: 'After' },
    });
  });

  it('records access changes apart, secrets masked, and never a save twice', async () => {
    const event = await newEvent('Gated');
    await patch(event.id, { accessMode: 'code', accessCode: 'Kx9!mQ2#pL7v', title: 'Gated 2' });
    await patch(event.id, { accessCode: 'Zr4$wT8&nB3q' });
    await patch(event.id, { messagesGuestToken: 'renew' });

    const log = await eventLog(event.id);
    expect(actionsOf(log.results)).toEqual([
      'event.settings_changed',
      'event.access_changed',
      // One save, two entries at one time: in no particular order.
      expect.stringMatching(/^event\.(settings|access)_changed$/),
      expect.stringMatching(/^event\.(settings|access)_changed$/),
      'event.created',
    ]);
    const firstSave = (action: string) =>
      log.results.slice(2, 4).find((entry) => entry.action === action)!.details.changes;
    expect(firstSave('event.settings_changed')).toEqual([
      { field: 'title', from: 'Gated', to: 'Gated 2' },
    ]);
    expect(log.results[0]!.details.changes).toEqual([
      { field: 'messagesGuestToken', from: null, to: AUDIT_MASK },
    ]);
    expect(log.results[1]!.details.changes).toEqual([
      { field: 'accessCode', from: AUDIT_MASK, to: AUDIT_MASK },
    ]);
    expect(firstSave('event.access_changed')).toEqual([
      { field: 'accessMode', from: 'none', to: 'code' },
      { field: 'accessCode', from: null, to: AUDIT_MASK },
    ]);
    expect(JSON.stringify(log)).not.toContain('Kx9!mQ2#pL7v');
    expect(JSON.stringify(log)).not.toContain('Zr4$wT8&nB3q');
  });
});

describe('single sign-on', () => {
  it('records a saved provider as an access change, its client secret masked', async () => {
    const event = await newEvent('Provider');
    const saved = await callAs(app, owner, 'PATCH', `/events/${event.id}/sso`, {
      clientSecret: 'very-secret-value',
      buttonLabel: 'Company account',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const log = await eventLog(event.id, '?group=sharing');
    expect(log.results.map(({ action, details }) => ({ action, details }))).toEqual([
      {
        action: 'event.access_changed',
        details: {
          changes: [
            { field: 'sso.clientSecret', from: null, to: AUDIT_MASK },
            { field: 'sso.buttonLabel', from: '', to: 'Company account' },
          ],
        },
      },
    ]);
  });
});

describe('sharing', () => {
  it('records sharing, its acceptance, its end and an owner change', async () => {
    const event = await newEvent('Shared');
    const shared = await callAs(app, owner, 'POST', '/permissions', {
      eventId: event.id,
      email: colleague.email,
    });
    expect(shared.statusCode, shared.body).toBe(201);
    const permissionId = shared.json<{ id: string }>().id;
    clock.advance(1_000);
    expect(
      (await callAs(app, colleague, 'POST', `/permissions/${permissionId}/accept`)).statusCode,
    ).toBe(204);
    clock.advance(1_000);
    // The colleague administers the event too: its log is theirs to read.
    const seen = await eventLog(event.id, '', colleague);
    expect(actionsOf(seen.results)).toEqual([
      'event.share_changed',
      'event.shared',
      'event.created',
    ]);
    expect(seen.results[0]).toMatchObject({
      actor: colleague.email,
      details: { email: colleague.email, status: 'accepted' },
    });
    expect((await callAs(app, owner, 'DELETE', `/permissions/${permissionId}`)).statusCode).toBe(
      204,
    );
    clock.advance(1_000);

    const change = await callAs(app, owner, 'POST', `/events/${event.id}/owner-change`, {
      email: colleague.email,
    });
    expect(change.statusCode, change.body).toBe(201);
    const changeId = change.json<{ id: string }>().id;
    const accepted = await callAs(app, colleague, 'POST', `/owner-changes/${changeId}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(204);

    const log = await eventLog(event.id, '', colleague);
    expect(actionsOf(log.results).slice(0, 2)).toEqual(['event.owner_changed', 'event.unshared']);
    expect(log.results[0]!.details).toEqual({ from: owner.email, to: colleague.email });
    // The new owner's account log holds it; the previous owner reads the event no more.
    const theirs = await page(colleague, '/account/audit?group=events');
    expect(theirs.results[0]).toMatchObject({ action: 'event.owner_changed', eventId: event.id });
    expect((await callAs(app, owner, 'GET', `/events/${event.id}/audit`)).statusCode).toBe(404);
  });
});

describe('account', () => {
  it('records password and email changes and sign-ins from a new browser only', async () => {
    const user = await register(app);
    const changed = await callAs(app, user, 'POST', '/account/password', {
      oldPassword: user.password,
      newPassword: 'Another123',
      confirmPassword: 'Another123',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    clock.advance(1_000);
    const again = {
      ...user,
      headers: {
        authorization: `Bearer ${changed.json<{ tokens: { access: { token: string } } }>().tokens.access.token}`,
      },
    };
    const newEmail = `new-${user.email}`;
    const requested = await callAs(app, again, 'POST', '/account/email', {
      email: newEmail,
      password: 'Another123',
    });
    expect(requested.statusCode, requested.body).toBe(200);
    const token = tokenOf(await latestMail(app, newEmail));
    const verified = await app.inject({
      method: 'POST',
      url: `/api/auth/verify-email?token=${token}`,
    });
    expect(verified.statusCode, verified.body).toBe(204);
    clock.advance(1_000);

    // A sign-in without the account's browser cookie is from a new browser; with it, not.
    const fresh = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: newEmail, password: 'Another123' },
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0' },
    });
    expect(fresh.statusCode).toBe(200);
    const browser = fresh.cookies.find((cookie) => cookie.name === 'lvnt.auth.browser');
    expect(browser?.httpOnly).toBe(true);
    await login(app, newEmail, 'Another123', {
      cookies: { 'lvnt.auth.browser': browser!.value },
    });

    const log = await page(again, '/account/audit');
    expect(actionsOf(log.results)).toEqual([
      'account.signed_in_new_browser',
      'account.email_changed',
      'account.password_changed',
    ]);
    expect(log.results[0]!.details).toEqual({
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0',
    });
    expect(log.results[1]!.details).toEqual({ from: user.email, to: newEmail });
  });
});

describe('reading', () => {
  let eventId: string;

  beforeAll(async () => {
    const event = await newEvent('Zero', stranger);
    eventId = event.id;
    for (const title of ['One', 'Two', '=1+1']) await patch(eventId, { title }, stranger);
  });

  it('pages newest first and filters by group', async () => {
    const first = await eventLog(eventId, '?pageSize=2', stranger);
    expect(first).toMatchObject({ page: 1, pageSize: 2, total: 4 });
    expect(first.results.map((entry) => entry.details.changes)).toEqual([
      [{ field: 'title', from: 'Two', to: '=1+1' }],
      [{ field: 'title', from: 'One', to: 'Two' }],
    ]);
    const second = await eventLog(eventId, '?pageSize=2&page=2', stranger);
    expect(actionsOf(second.results)).toEqual(['event.settings_changed', 'event.created']);
    expect((await eventLog(eventId, '?group=sharing', stranger)).total).toBe(0);
    // Searched in the details, without case.
    expect((await eventLog(eventId, '?q=two', stranger)).total).toBe(2);
  });

  it('keeps other accounts out: their events are not found, their entries not listed', async () => {
    const foreign = await callAs(app, owner, 'GET', `/events/${eventId}/audit`);
    expect(foreign.statusCode).toBe(404);
    const csv = await callAs(app, owner, 'GET', `/events/${eventId}/audit.csv`);
    expect(csv.statusCode).toBe(404);
    const mine = await page(owner, '/account/audit?pageSize=100');
    expect(mine.results.some((entry) => entry.eventId === eventId)).toBe(false);
  });

  it('exports CSV with readable details and formulas neutralised', async () => {
    const response = await callAs(app, stranger, 'GET', `/events/${eventId}/audit.csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Time,Who,Via,Action,Event,Details,IP address');
    // The event's title now, in a cell a spreadsheet would have read as a formula.
    expect(lines[1]).toContain(",Dashboard,event.settings_changed,'=1+1,title: Two → =1+1,");
    expect(lines[4]).toContain(',event.created,');
    const account = await callAs(app, stranger, 'GET', '/account/audit.csv', undefined);
    expect(account.body.split('\r\n').length).toBeGreaterThan(4);
  });
});

describe('purge', () => {
  it('deletes entries older than the retention and keeps the rest', async () => {
    const purgeClock = testClock('2027-01-01T00:00:00.000Z');
    const purgeTest = await buildTestApp({}, { now: purgeClock.now });
    try {
      const { audit } = purgeTest.app.services;
      const user = await registerVerified(purgeTest.app);
      const entry = (eventId: string) => ({
        accountId: user.user.id,
        eventId,
        actor: SYSTEM_ACTOR,
        action: 'event.created' as const,
      });
      await audit.record(entry('old'));
      purgeClock.advance(2 * 86_400_000);
      await audit.record(entry('recent'));
      purgeClock.advance((AUDIT_RETENTION_DAYS - 1) * 86_400_000);
      expect(await purgeTest.app.services.auditPurge.purge()).toBe(1);
      const left = await purgeTest.app.db
        .selectFrom('audit_log')
        .select('event_id')
        .where('account_id', '=', user.user.id)
        .execute();
      expect(left.map((row) => row.event_id)).toEqual(['recent']);
    } finally {
      await purgeTest.cleanup();
    }
  });
});
