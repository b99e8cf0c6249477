import fastifyCookie from '@fastify/cookie';
import type { RoutingRule } from '@livent/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ChannelRouter,
  PRIVATE_PAGE_HEADERS,
  ROUTED_COOKIE,
  type RoutableEvent,
} from './channel-router.js';
import { createCountryLookup } from './geo.js';

const event = (rules: RoutingRule[]): RoutableEvent => ({
  slug: 'launch',
  rules,
  channels: [
    { id: 'ch-de', slug: 'deutsch' },
    { id: 'ch-office', slug: 'office' },
  ],
});

describe('ChannelRouter on the main page', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  async function serve(routable: RoutableEvent, countryHeader?: string) {
    app = Fastify({ trustProxy: true });
    await app.register(fastifyCookie);
    const router = new ChannelRouter(createCountryLookup(countryHeader), true);
    app.get('/launch', async (request, reply) => {
      const outcome = router.route(request, reply, routable);
      if (outcome === 'redirected') return reply;
      if (outcome === 'private') reply.headers(PRIVATE_PAGE_HEADERS);
      return reply.send('main page');
    });
    return app;
  }

  const visit = (headers: Record<string, string> = {}, cookies: Record<string, string> = {}) =>
    app!.inject({ method: 'GET', url: '/launch', headers, cookies });

  it('sends a first-time viewer to the channel of the first matching rule, once', async () => {
    await serve(
      event([
        { kind: 'ip', value: '203.0.113.0/24', channelId: 'ch-office' },
        { kind: 'language', value: 'de', channelId: 'ch-de' },
      ]),
    );
    const german = await visit({ 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' });
    expect(german.statusCode).toBe(302);
    expect(german.headers.location).toBe('/launch/deutsch');
    expect(german.headers['cache-control']).toBe('private, no-store');
    const cookie = german.cookies.find((candidate) => candidate.name === ROUTED_COOKIE);
    expect(cookie).toMatchObject({
      value: '1',
      path: '/launch',
      httpOnly: true,
      secure: true,
      sameSite: 'Lax',
    });

    const office = await visit({ 'x-forwarded-for': '203.0.113.9', 'accept-language': 'de' });
    expect(office.headers.location).toBe('/launch/office');

    // With the cookie (they were routed before, or chose the main event), the page is served.
    const back = await visit({ 'accept-language': 'de' }, { [ROUTED_COOKIE]: '1' });
    expect(back.statusCode).toBe(200);
    expect(back.body).toBe('main page');
    expect(back.headers['cache-control']).toBe('private, no-cache');
    expect(back.headers.vary).toContain('Cookie');
  });

  it('keeps a viewer who chose the main event in the channel menu on it', async () => {
    await serve(event([{ kind: 'language', value: 'de', channelId: 'ch-de' }]));
    const chosen = await visit({ 'accept-language': 'de', 'sec-fetch-site': 'same-origin' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.cookies.map((cookie) => cookie.name)).toContain(ROUTED_COOKIE);
  });

  it('serves the page to viewers no rule matches, and marks them as decided', async () => {
    await serve(event([{ kind: 'language', value: 'de', channelId: 'ch-de' }]));
    const english = await visit({ 'accept-language': 'en-US' });
    expect(english.statusCode).toBe(200);
    expect(english.cookies.map((cookie) => cookie.name)).toContain(ROUTED_COOKIE);
  });

  it('routes by country from the trusted CDN header when configured', async () => {
    await serve(event([{ kind: 'country', value: 'AT', channelId: 'ch-de' }]), 'cf-ipcountry');
    expect((await visit({ 'cf-ipcountry': 'AT' })).headers.location).toBe('/launch/deutsch');
    expect((await visit({ 'cf-ipcountry': 'US' })).statusCode).toBe(200);
  });

  it('routes by country from GeoIP otherwise', async () => {
    await serve(event([{ kind: 'country', value: 'DE', channelId: 'ch-de' }]));
    const german = await visit({ 'x-forwarded-for': '81.169.145.1', 'cf-ipcountry': 'US' });
    expect(german.headers.location).toBe('/launch/deutsch');
    expect((await visit({ 'x-forwarded-for': '8.8.8.8' })).statusCode).toBe(200);
  });

  it('leaves pages without rules (or with rules to hidden channels) to the shared cache', async () => {
    const hidden = event([{ kind: 'language', value: 'de', channelId: 'ch-hidden' }]);
    await serve(hidden);
    const page = await visit({ 'accept-language': 'de' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBeUndefined();
    expect(page.cookies).toEqual([]);
    expect(new ChannelRouter(createCountryLookup(undefined), false).routes(hidden)).toBe(false);
  });
});
