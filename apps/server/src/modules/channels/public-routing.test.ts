import type { Channel } from '@livent/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerVerified, type SignedInUser } from '../../test/accounts.js';
import { testClock } from '../../test/clock.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { callAs, createEvent } from '../../test/events.js';
import { REVALIDATE_MS } from '../public/public-events.js';
import { ROUTED_COOKIE } from './channel-router.js';

/** Routing rules on the real public page (ADR 018): `GET /{slug}` on the events origin. */
describe('channel routing on the public page', () => {
  let testApp: TestApp;
  let owner: SignedInUser;
  let slug: string;
  let eventId: string;
  const host = 'events.example.com';
  const clock = testClock(new Date());

  beforeEach(async () => {
    testApp = await buildTestApp(
      { EVENTS_URL: `https://${host}`, TRUST_PROXY: 'true' },
      { now: clock.now },
    );
    owner = await registerVerified(testApp.app);
    ({ id: eventId, slug } = await createEvent(testApp.app, owner, 'Routing Summit'));
  });
  afterEach(async () => testApp.cleanup());

  const channel = async (channelSlug: string, title: string) => {
    const response = await callAs(testApp.app, owner, 'POST', `/events/${eventId}/channels`, {
      slug: channelSlug,
      title,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Channel>();
  };

  const visit = (path: string, headers: Record<string, string> = {}, cookies = {}) =>
    testApp.app.inject({ method: 'GET', url: path, headers: { host, ...headers }, cookies });

  it('redirects a first-time viewer by language, IP network and country', async () => {
    const german = await channel('deutsch', 'Deutsch');
    const office = await channel('office', 'Office');
    const saved = await callAs(testApp.app, owner, 'PATCH', `/event-settings/${eventId}`, {
      channelRoutingRules: [
        { kind: 'ip', value: '2001:db8::/32', channelId: office.id },
        { kind: 'country', value: 'US', channelId: office.id },
        { kind: 'language', value: 'de', channelId: german.id },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const routed = await visit(`/${slug}`, { 'accept-language': 'de-DE,de;q=0.9' });
    expect(routed.statusCode).toBe(302);
    expect(routed.headers.location).toBe(`/${slug}/deutsch`);
    expect(routed.headers['cache-control']).toBe('private, no-store');
    expect(routed.cookies.find((cookie) => cookie.name === ROUTED_COOKIE)).toMatchObject({
      path: `/${slug}`,
      secure: true,
    });
    const target = await visit(`/${slug}/deutsch`);
    expect(target.statusCode).toBe(200);
    expect(target.body).toContain('Deutsch');

    const fromOffice = await visit(`/${slug}`, { 'x-forwarded-for': '2001:db8:1::5' });
    expect(fromOffice.headers.location).toBe(`/${slug}/office`);
    const fromUs = await visit(`/${slug}`, { 'x-forwarded-for': '8.8.8.8' });
    expect(fromUs.headers.location).toBe(`/${slug}/office`);

    // Back on the main page: it is served, privately (the answer depends on the viewer).
    const back = await visit(`/${slug}`, { 'accept-language': 'de' }, { [ROUTED_COOKIE]: '1' });
    expect(back.statusCode).toBe(200);
    expect(back.headers['cache-control']).toBe('private, no-cache');
    expect(back.headers.vary).toContain('Cookie');
    // Channel pages stay cacheable by a CDN.
    expect(target.headers['cache-control']).toMatch(/^public/);
  });

  it('never routes to hidden channels, and events without rules stay shared-cacheable', async () => {
    const german = await channel('deutsch', 'Deutsch');
    const plain = await visit(`/${slug}`, { 'accept-language': 'de' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toMatch(/^public/);
    expect(plain.cookies).toEqual([]);

    await callAs(testApp.app, owner, 'PATCH', `/event-settings/${eventId}`, {
      channelRoutingRules: [{ kind: 'language', value: 'de', channelId: german.id }],
    });
    await callAs(testApp.app, owner, 'PATCH', `/events/${eventId}/channels/${german.id}`, {
      visible: false,
    });
    // The page model revalidates against the event's version after REVALIDATE_MS.
    clock.advance(REVALIDATE_MS);
    const hidden = await visit(`/${slug}`, { 'accept-language': 'de' });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.headers['cache-control']).toMatch(/^public/);
  });
});
