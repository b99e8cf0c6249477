import { randomUUID } from 'node:crypto';
import type { EventSettings } from '@livent/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abuseLimits } from '../../../lib/abuse-limits.js';
import { register } from '../../../test/accounts.js';
import { testClock } from '../../../test/clock.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import {
  insertChannel,
  insertEvent,
  insertHighlight,
  onEventsHost,
  saveSettings,
  type TestEvent,
} from '../public.fixtures.js';
import { REVALIDATE_MS } from '../public-events.js';
import { ACCESS_COOKIE, ViewerAccess, type AccessClaims } from '../viewer-access.js';

// The code gate of a protected event (ADR 026): what the gate shows and hides, the form, the
// signed access cookie, the limits, the caching headers and the routes behind the gate.

const clock = testClock();
let test: TestApp;
let app: FastifyInstance;
let ownerId: string;

beforeAll(async () => {
  test = await buildTestApp(
    {},
    {
      now: clock.now,
      abuseLimits: abuseLimits({ accessCodePerViewer: 3, accessCodePerAddress: 5 }),
    },
  );
  app = test.app;
  ownerId = (await register(app)).user.id;
});
afterAll(() => test.cleanup());

const PLAYER = 'https://player.example.com/live/secret-stream';
const CONTENT = 'Backstage notes only for guests';
const HIGHLIGHT = 'Keynote recording';
const CODE = 'Open Sesame';

let addressCounter = 0;
/** Each test its own address, so that the per-address limit of one does not reach another. */
const newAddress = () => {
  addressCounter += 1;
  return `198.51.100.${String(addressCounter)}`;
};

async function protectedEvent(settings: Partial<EventSettings> = {}): Promise<TestEvent> {
  const event = await insertEvent(app, ownerId, {
    playerMode: 'iframe',
    playerLink: PLAYER,
    content: CONTENT,
    introduction: 'Welcome to the launch',
    messagesEnabled: true,
    customEmbedCode: '<script>window.embedded = 1</script>',
    accessMode: 'code',
    accessCode: CODE,
    accessText: 'Please enter the code from your invitation.',
    ...settings,
  });
  await insertHighlight(app, event.id, 1, { title: HIGHLIGHT });
  return event;
}

const page = (url: string, cookie?: string) =>
  onEventsHost(app, url, { headers: cookie ? { cookie } : {} });

function enter(
  slug: string,
  fields: Record<string, string>,
  options: { cookie?: string; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  return onEventsHost(app, `/${slug}/_access/code`, {
    method: 'POST',
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: options.ip ?? '203.0.113.1',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
  });
}

/** The answer's Set-Cookie headers by cookie name (value and attributes). */
function setCookies(response: LightMyRequestResponse): Map<string, string> {
  const header = response.headers['set-cookie'];
  const list = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return new Map(list.map((cookie) => [cookie.split('=')[0] ?? '', cookie]));
}

/** Enters the right code and answers the `cookie` header that carries the access cookie. */
async function getIn(event: TestEvent, ip = newAddress()): Promise<string> {
  const response = await enter(event.slug, { code: CODE }, { ip });
  expect(response.statusCode, response.body).toBe(303);
  const access = setCookies(response).get(ACCESS_COOKIE);
  expect(access).toBeDefined();
  return (access ?? '').split(';')[0] ?? '';
}

function expectGate(response: LightMyRequestResponse) {
  expect(response.body).toContain('id="lv-access-code"');
  expect(response.body).not.toContain(PLAYER);
  expect(response.body).not.toContain(CONTENT);
  expect(response.body).not.toContain(HIGHLIGHT);
  expect(response.body).not.toContain('window.embedded');
  expect(response.body).not.toContain('lv-messages');
}

describe('the code gate', () => {
  it('shows the gate without what is behind it, for no shared cache and varying by Cookie', async () => {
    const event = await protectedEvent();
    await insertChannel(app, event.id, { slug: 'room-a', title: 'Secret room' });
    const response = await page(`/${event.slug}`);
    expect(response.statusCode).toBe(200);
    expectGate(response);
    expect(response.body).not.toContain('Secret room');
    expect(response.body).toContain('Please enter the code from your invitation.');
    expect(response.body).toContain('Welcome to the launch');
    expect(response.body).toContain(`action="/${event.slug}/_access/code"`);
    // A CDN keeps nothing of a protected event (ADR 044); the browser revalidates by the ETag.
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers.etag).toBeDefined();
    expect(response.headers.vary).toContain('Cookie');
    // The same again from the in-memory cache.
    const again = await page(`/${event.slug}`);
    expectGate(again);
    expect(again.headers['cache-control']).toBe('private, no-cache');
    expect(again.headers.vary).toContain('Cookie');
  });

  it('shows content and highlights before access only when allowed, the introduction unless hidden', async () => {
    const event = await protectedEvent({
      accessShowIntroduction: false,
      accessShowContent: true,
      accessShowHighlights: true,
    });
    const response = await page(`/${event.slug}`);
    expect(response.body).toContain(CONTENT);
    expect(response.body).toContain(HIGHLIGHT);
    expect(response.body).not.toContain('Welcome to the launch');
    expect(response.body).not.toContain(PLAYER);
  });

  it('shows the access image at its placement', async () => {
    const event = await protectedEvent({
      accessImage: '/uploads/gate-image-1.png',
      accessImagePlacement: 'beside',
    });
    const response = await page(`/${event.slug}`);
    expect(response.body).toContain('lv-gate-beside');
    expect(response.body).toContain('src="/uploads/gate-image-1.png"');
  });

  it('lets the right code in: 303 back with a signed cookie for the event, then the full private page', async () => {
    const event = await protectedEvent();
    const response = await enter(event.slug, { code: `  ${CODE} ` }, { ip: newAddress() });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/${event.slug}`);
    const cookie = setCookies(response).get(ACCESS_COOKIE) ?? '';
    expect(cookie).toContain(`Path=/${event.slug}`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Max-Age=2592000');
    expect(cookie).not.toContain(CODE.replace(' ', '%20'));

    const access = cookie.split(';')[0] ?? '';
    for (let round = 0; round < 2; round += 1) {
      const full = await page(`/${event.slug}`, access);
      expect(full.statusCode).toBe(200);
      expect(full.body).toContain(PLAYER);
      expect(full.body).toContain(CONTENT);
      expect(full.body).toContain(HIGHLIGHT);
      expect(full.body).not.toContain('id="lv-access-code"');
      expect(full.headers['cache-control']).toBe('private, no-store');
      expect(full.headers.vary).toContain('Cookie');
      expect(full.headers.etag).toBeUndefined();
    }
    // Viewers without the cookie still get the gate, not the page kept in memory.
    expectGate(await page(`/${event.slug}`));
  });

  it('refuses a wrong code with the gate and a translated error, and sets no access', async () => {
    const event = await protectedEvent();
    const response = await enter(event.slug, { code: 'open sesame' }, { ip: newAddress() });
    expect(response.statusCode).toBe(403);
    expectGate(response);
    expect(response.body).toContain('This access code is not correct.');
    expect(response.body).toContain('aria-invalid="true"');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(setCookies(response).has(ACCESS_COOKIE)).toBe(false);

    const german = await onEventsHost(app, `/${event.slug}/_access/code`, {
      method: 'POST',
      payload: 'code=falsch',
      remoteAddress: newAddress(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'accept-language': 'de',
      },
    });
    expect(german.body).toContain('Dieser Zugangscode ist nicht richtig.');
    // No code at all is a wrong code too, not a bare validation error.
    expect((await enter(event.slug, {}, { ip: newAddress() })).statusCode).toBe(403);
  });

  it('limits guessing per viewer and, more generously, per address: 429 with Retry-After', async () => {
    const event = await protectedEvent();
    const ip = newAddress();
    const first = await enter(event.slug, { code: 'a' }, { ip });
    const viewer = (setCookies(first).get('lvnt.viewer') ?? '').split(';')[0] ?? '';
    expect(viewer).toMatch(/^lvnt\.viewer=/);
    for (const code of ['b', 'c']) {
      expect((await enter(event.slug, { code }, { ip, cookie: viewer })).statusCode).toBe(403);
    }
    // The fourth try of this viewer is refused, the right code as well.
    const limited = await enter(event.slug, { code: CODE }, { ip, cookie: viewer });
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(30 * 60);
    expect(limited.body).toMatch(/Too many attempts\. Please try again in \d+ minutes?\./);
    expect(setCookies(limited).has(ACCESS_COOKIE)).toBe(false);
    // Another viewer behind the address gets in, until the address's limit.
    expect((await enter(event.slug, { code: CODE }, { ip })).statusCode).toBe(303);
    expect((await enter(event.slug, { code: CODE }, { ip })).statusCode).toBe(429);
    // Another address is not affected.
    expect((await enter(event.slug, { code: CODE }, { ip: newAddress() })).statusCode).toBe(303);
  });

  it('ends the access a code gave when the code changes', async () => {
    const event = await protectedEvent();
    const access = await getIn(event);
    expect((await page(`/${event.slug}`, access)).body).toContain(PLAYER);
    await saveSettings(app, event.id, { accessCode: 'New code' });
    clock.advance(REVALIDATE_MS);
    expectGate(await page(`/${event.slug}`, access));
  });

  it("refuses another event's cookie, a tampered one and an expired one", async () => {
    const one = await protectedEvent();
    const other = await protectedEvent();
    const access = await getIn(one);
    const value = access.slice(ACCESS_COOKIE.length + 1);
    // The browser would not send it under the other path, but a copied one must not work.
    expectGate(await page(`/${other.slug}`, access));

    const [payload = '', signature = ''] = value.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as AccessClaims;
    const forged = Buffer.from(JSON.stringify({ ...claims, eventId: other.id })).toString(
      'base64url',
    );
    expectGate(await page(`/${other.slug}`, `${ACCESS_COOKIE}=${forged}.${signature}`));
    expectGate(await page(`/${one.slug}`, `${ACCESS_COOKIE}=${payload}.${signature}x`));
    expectGate(await page(`/${one.slug}`, `${ACCESS_COOKIE}=garbage`));
    // Signed with another secret.
    const foreign = new ViewerAccess('another secret').issue(claims);
    expectGate(await page(`/${one.slug}`, `${ACCESS_COOKIE}=${foreign}`));

    clock.advance(31 * 24 * 3600 * 1000);
    expectGate(await page(`/${one.slug}`, access));
  });

  it('gates channel pages alike and sends a viewer back to the channel they came from', async () => {
    const event = await protectedEvent();
    await insertChannel(app, event.id, { slug: 'room-b', title: 'Room B' });
    const gate = await page(`/${event.slug}/room-b`);
    expectGate(gate);
    expect(gate.body).toContain('name="channel" value="room-b"');
    const response = await enter(
      event.slug,
      { code: CODE, channel: 'room-b' },
      { ip: newAddress() },
    );
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/${event.slug}/room-b`);
    const access = (setCookies(response).get(ACCESS_COOKIE) ?? '').split(';')[0] ?? '';
    // One gate per event: the cookie opens every channel and the main page.
    expect((await page(`/${event.slug}/room-b`, access)).body).toContain(PLAYER);
    expect((await page(`/${event.slug}`, access)).body).toContain(PLAYER);
    // An unknown channel in the form goes back to the main page.
    const unknown = await enter(event.slug, { code: CODE, channel: 'nope' }, { ip: newAddress() });
    expect(unknown.headers.location).toBe(`/${event.slug}`);
  });

  it('refuses the message tool and the page state without access, allows them with it', async () => {
    const event = await protectedEvent();
    const submit = (cookie?: string) =>
      onEventsHost(app, `/${event.slug}/_messages`, {
        method: 'POST',
        payload: { text: 'Hello', key: randomUUID() },
        headers: cookie ? { cookie } : {},
      });
    expect((await submit()).statusCode).toBe(403);
    expect((await page(`/${event.slug}/_messages`)).statusCode).toBe(403);
    const voteWithout = await onEventsHost(app, `/${event.slug}/_messages/${randomUUID()}/vote`, {
      method: 'POST',
    });
    expect(voteWithout.statusCode).toBe(403);
    expect((await page(`/${event.slug}/_state`)).statusCode).toBe(403);

    const access = await getIn(event);
    expect((await submit(access)).statusCode).toBe(201);
    expect((await page(`/${event.slug}/_messages`, access)).statusCode).toBe(200);
    const state = await page(`/${event.slug}/_state`, access);
    expect(state.statusCode).toBe(200);
    expect(state.headers['cache-control']).toBe('private, no-store');
    expect(state.headers.vary).toContain('Cookie');
  });

  it('leaves unprotected events as they were and sends a code for them back to the page', async () => {
    const event = await insertEvent(app, ownerId, { playerLink: PLAYER });
    const response = await page(`/${event.slug}`);
    expect(response.body).toContain(PLAYER);
    expect(response.headers['cache-control']).toMatch(/^public/);
    expect(response.headers.vary ?? '').not.toContain('Cookie');
    const posted = await enter(event.slug, { code: 'anything' }, { ip: newAddress() });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe(`/${event.slug}`);
    expect(setCookies(posted).has(ACCESS_COOKIE)).toBe(false);
    expect((await enter('no-such-event', { code: 'x' })).statusCode).toBe(404);
  });

  it('offers no code form in another mode, and a code sent anyway grants nothing', async () => {
    const event = await protectedEvent({ accessMode: 'cip' });
    const response = await page(`/${event.slug}`);
    expect(response.body).not.toContain(PLAYER);
    expect(response.body).not.toContain('id="lv-access-code"');
    const entered = await enter(event.slug, { code: CODE }, { ip: newAddress() });
    expect(entered.statusCode).toBe(303);
    expect(String(entered.headers['set-cookie'] ?? '')).not.toContain('lvnt.access=');
  });
});
