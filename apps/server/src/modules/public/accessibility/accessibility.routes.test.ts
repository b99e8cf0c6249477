import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerVerified, type SignedInUser } from '../../../test/accounts.js';
import { abuseLimits } from '../../../lib/abuse-limits.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { insertEvent, onEventsHost, type TestEvent } from '../public.fixtures.js';

// The accessibility statement of an event's pages and its feedback channel (ADR 052): every page
// links it; it is open before a gate; a report is mailed to the event's owner only, with the
// viewer's address as Reply-To; a bad report comes back with what is wrong; reports are limited.

let testApp: TestApp;
let app: FastifyInstance;
let owner: SignedInUser;
let event: TestEvent;

beforeAll(async () => {
  testApp = await buildTestApp(
    {},
    { abuseLimits: abuseLimits({ accessibilityFeedbackPerViewer: 3 }) },
  );
  app = testApp.app;
  owner = await registerVerified(app, { name: 'Olivia Owner' });
});
afterAll(() => testApp.cleanup());
beforeEach(async () => {
  await app.db.deleteFrom('mails').execute();
  await app.db.deleteFrom('rate_limits').execute();
  event = await insertEvent(app, owner.user.id, { title: 'Gala Night', language: 'en' });
});

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const reportsTo = (to: string) =>
  app.db
    .selectFrom('mails')
    .selectAll()
    .where('to', '=', to)
    .where('template', '=', 'accessibility-feedback')
    .execute();

function post(slug: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return onEventsHost(app, `/${slug}/_accessibility`, {
    method: 'POST',
    headers: { ...FORM, ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
}

describe('accessibility statement', () => {
  it('is linked from the footer of every page, and of the gate', async () => {
    const page = await onEventsHost(app, `/${event.slug}`);
    expect(page.body).toContain(`<a href="/${event.slug}/_accessibility">Accessibility</a>`);
    const gated = await insertEvent(app, owner.user.id, { accessMode: 'code', accessCode: 'x1' });
    const gate = await onEventsHost(app, `/${gated.slug}`);
    expect(gate.body).toContain('lv-gate');
    expect(gate.body).toContain(`<a href="/${gated.slug}/_accessibility">`);
  });

  it('shows the statement and the form in the page language, open also for a protected event', async () => {
    const response = await onEventsHost(app, `/${event.slug}/_accessibility`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toBeDefined();
    expect(response.body).toContain('<title>Accessibility – Gala Night</title>');
    expect(response.body).toContain('WCAG');
    expect(response.body).toContain('<label for="lv-feedback-message">What did not work?');
    expect(response.body).toContain(`action="/${event.slug}/_accessibility"`);

    const german = await insertEvent(app, owner.user.id, {
      language: 'de',
      accessMode: 'code',
      accessCode: 'x1',
    });
    const statement = await onEventsHost(app, `/${german.slug}/_accessibility`);
    expect(statement.statusCode).toBe(200);
    expect(statement.body).toContain('<html lang="de">');
    expect(statement.body).toContain('Eine Barriere melden');

    const unknown = await onEventsHost(app, '/no-such-event/_accessibility');
    expect(unknown.statusCode).toBe(404);
  });

  it("mails a report to the event's owner with the viewer's address as Reply-To, then says so", async () => {
    const response = await post(event.slug, {
      message: 'The player cannot be paused with the keyboard.',
      name: 'Vera Viewer',
      email: 'Vera@Example.com',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(
      `/${event.slug}/_accessibility?sent=1#lv-feedback-title`,
    );
    const [mail, ...more] = await reportsTo(owner.user.email);
    expect(more).toEqual([]);
    expect(mail?.reply_to).toBe('vera@example.com');
    expect(mail?.subject).toBe('Accessibility feedback on Gala Night');
    expect(mail?.text).toContain('The player cannot be paused with the keyboard.');
    expect(mail?.text).toContain(`/${event.slug}`);
    expect(mail?.text).toContain('From: Vera Viewer');

    const thanks = await onEventsHost(app, response.headers.location as string);
    expect(thanks.body).toContain('Your message has been sent to the organiser.');
  });

  it('sends a report without name or address, which the mail says cannot be answered', async () => {
    const response = await post(event.slug, { message: 'Low contrast in the agenda.' });
    expect(response.statusCode).toBe(303);
    const [mail] = await reportsTo(owner.user.email);
    expect(mail?.reply_to).toBeNull();
    expect(mail?.text).toContain('No email address was given');
  });

  it('gives a bad report back with what is wrong, and sends nothing', async () => {
    const response = await post(event.slug, {
      message: '   ',
      name: 'Vera',
      email: 'not an address',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Please check the marked fields.');
    expect(response.body).toContain('id="lv-feedback-message-error"');
    expect(response.body).toContain('Please fill in this field.');
    expect(response.body).toContain('Please enter a valid email address.');
    // What was typed stays in the form.
    expect(response.body).toContain('value="Vera"');
    const tooLong = await post(event.slug, { message: 'x'.repeat(5001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain('This is too long.');
    expect(await reportsTo(owner.user.email)).toEqual([]);
  });

  it('limits the reports of one viewer, and answers 429 with when to retry', async () => {
    const cookie = 'lvnt.viewer=00000000-0000-4000-8000-000000000001';
    for (let i = 0; i < 3; i += 1) {
      const sent = await post(event.slug, { message: `Report ${String(i)}` }, { cookie });
      expect(sent.statusCode).toBe(303);
    }
    const limited = await post(event.slug, { message: 'One more' }, { cookie });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body).toContain('Too many attempts.');
    expect(await reportsTo(owner.user.email)).toHaveLength(3);
    // Another viewer still gets through.
    const other = 'lvnt.viewer=00000000-0000-4000-8000-000000000002';
    expect((await post(event.slug, { message: 'Mine' }, { cookie: other })).statusCode).toBe(303);
  });
});
