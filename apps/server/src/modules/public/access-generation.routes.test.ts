import type { EventSettingsPatch } from '@livent/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, type SignedInUser } from '../../test/accounts.js';
import { callAs, createEvent } from '../../test/events.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { accessCookieSetBy, onEventsHost, type TestEvent } from './public.fixtures.js';

// Changing the access mode, the code or the provider ends the access granted under the old
// setting, through the event's stored access generation; a change that concerns nobody who got
// in keeps it (ADR 044). Saves go through the settings API, as the dashboard's do.

let test: TestApp;
let app: FastifyInstance;
let owner: SignedInUser;

beforeAll(async () => {
  test = await buildTestApp();
  app = test.app;
  owner = await registerVerified(app);
});
afterAll(() => test.cleanup());

const CODE = 'Meteor-Shower-42';
const CONTENT = 'Backstage notes only for guests';

async function save(event: TestEvent, patch: EventSettingsPatch): Promise<void> {
  const response = await callAs(app, owner, 'PATCH', `/event-settings/${event.id}`, patch);
  expect(response.statusCode, response.body).toBe(200);
}

async function protectedEvent(patch: EventSettingsPatch): Promise<TestEvent> {
  const event = await createEvent(app, owner);
  await save(event, { content: CONTENT, accessShowContent: false, ...patch });
  return event;
}

/** The `name=value` of the access cookie an answer sets. */
function accessCookieOf(response: LightMyRequestResponse): string {
  expect(response.statusCode, response.body).toBe(303);
  const cookie = accessCookieSetBy(response);
  expect(cookie).not.toBe('');
  return cookie;
}

const post = (event: TestEvent, form: string, fields: Record<string, string>) =>
  onEventsHost(app, `/${event.slug}/_access/${form}`, {
    method: 'POST',
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

/** Whether the cookie opens the page now (the content behind the gate shows). */
async function opens(event: TestEvent, cookie: string): Promise<boolean> {
  const response = await onEventsHost(app, `/${event.slug}`, { headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.body.includes(CONTENT);
}

describe('the access generation', () => {
  it('ends access granted by a code when the code changes, and does not revive it when changed back', async () => {
    const event = await protectedEvent({ accessMode: 'code', accessCode: CODE });
    const cookie = accessCookieOf(await post(event, 'code', { code: CODE }));
    expect(await opens(event, cookie)).toBe(true);

    await save(event, { accessCode: 'Another-Code-7' });
    expect(await opens(event, cookie)).toBe(false);
    await save(event, { accessCode: CODE });
    expect(await opens(event, cookie)).toBe(false);
  });

  it('ends it when the mode is switched away and back, the code unchanged', async () => {
    const event = await protectedEvent({ accessMode: 'code', accessCode: CODE });
    const cookie = accessCookieOf(await post(event, 'code', { code: CODE }));
    await save(event, { accessMode: 'none' });
    await save(event, { accessMode: 'code' });
    expect(await opens(event, cookie)).toBe(false);
    // The code itself still lets viewers in, with a cookie of the new generation.
    const fresh = accessCookieOf(await post(event, 'code', { code: CODE }));
    expect(await opens(event, fresh)).toBe(true);
  });

  it('keeps access through changes that do not concern it: other settings, a code the mode does not use', async () => {
    const event = await protectedEvent({ accessMode: 'registration', accessCode: CODE });
    const cookie = accessCookieOf(
      await post(event, 'register', { name: 'Grace Hopper', email: 'grace@example.com' }),
    );
    expect(await opens(event, cookie)).toBe(true);
    await save(event, { accessCode: 'Another-Code-7', title: 'Launch, day two' });
    await save(event, { registrationEmailDomains: ['example.com'] });
    expect(await opens(event, cookie)).toBe(true);

    await save(event, { accessMode: 'invitation' });
    await save(event, { accessMode: 'registration' });
    expect(await opens(event, cookie)).toBe(false);
  });

  it('shows the gate at once on this instance when protection is turned on', async () => {
    const event = await createEvent(app, owner);
    await save(event, { content: CONTENT, accessShowContent: false });
    // The open page is in memory and trusted for a few seconds (REVALIDATE_MS).
    expect((await onEventsHost(app, `/${event.slug}`)).body).toContain(CONTENT);
    await save(event, { accessMode: 'code', accessCode: CODE });
    const response = await onEventsHost(app, `/${event.slug}`);
    expect(response.body).not.toContain(CONTENT);
    expect(response.body).toContain('id="lv-access-code"');
  });
});
