import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostOf } from '../../../lib/events-origin.js';
import { HSTS_HEADER_VALUE } from '../../../lib/security-headers.js';
import { register } from '../../../test/accounts.js';
import { testClock } from '../../../test/clock.js';
import { rawRequestFacts, type FastifyTrustProxy } from '../../../lib/trust-proxy.js';
import {
  comparableHeaders,
  countEarlyAnswers,
  overSocket as answerOverSocket,
  type ComparableAnswer as Answer,
} from '../../../test/early-answers.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { pageFastPath } from './page-fast-path.js';
import { insertChannel, insertEvent, onEventsHost, saveSettings } from '../public.fixtures.js';
import { ACCESS_COOKIE } from '../viewer-access.js';
import type { RenderedPage } from './page.service.js';

/**
 * The cached page answered before Fastify (ADR 035) must be the answer Fastify gives: over a real
 * socket (where the fast path sits) and through `inject` (which goes to Fastify), the same status,
 * headers and body, for every kind of page it serves; and it must stand aside for everything else.
 */

describe('the cached page before Fastify', () => {
  const clock = testClock();
  let test: TestApp;
  let app: FastifyInstance;
  let ownerId: string;
  let port: number;
  let host: string;
  let early: () => number;

  beforeAll(async () => {
    // A trusted proxy on the loopback: `X-Forwarded-Proto: https` then means HSTS.
    test = await buildTestApp({ TRUST_PROXY: '127.0.0.1' }, { now: clock.now });
    app = test.app;
    ownerId = (await register(app)).user.id;
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
    host = hostOf(app.config.eventsUrl);
    early = countEarlyAnswers(app);
  });
  afterAll(() => test.cleanup());

  function overSocket(
    path: string,
    headers: Record<string, string> = {},
    method = 'GET',
  ): Promise<Answer> {
    return answerOverSocket(port, { path, method, headers: { host, ...headers } });
  }

  async function throughFastify(
    path: string,
    headers: Record<string, string> = {},
    method: 'GET' | 'HEAD' = 'GET',
  ): Promise<Answer> {
    const response = await onEventsHost(app, path, {
      method,
      headers,
      remoteAddress: '127.0.0.1',
    });
    return {
      status: response.statusCode,
      headers: comparableHeaders(response.headers),
      body: response.body,
    };
  }

  /** Loads the page once (Fastify renders and keeps it), then compares the two answers. */
  async function expectSameAnswer(
    path: string,
    headers: Record<string, string> = {},
    { early: answeredEarly }: { early: boolean },
    method: 'GET' | 'HEAD' = 'GET',
  ): Promise<Answer> {
    await overSocket(path, headers, method);
    const before = early();
    const fast = await overSocket(path, headers, method);
    expect(early() - before, `answered before Fastify: ${path}`).toBe(answeredEarly ? 1 : 0);
    expect(fast).toEqual(await throughFastify(path, headers, method));
    return fast;
  }

  it('answers an open page, a channel, a negotiated language and a query exactly as Fastify', async () => {
    const event = await insertEvent(app, ownerId, { headline: 'Launch', language: 'auto' });
    await insertChannel(app, event.id, { slug: 'deutsch', title: 'Deutsch' });
    const page = await expectSameAnswer(
      `/${event.slug}`,
      { 'accept-language': 'de' },
      { early: true },
    );
    expect(page.status).toBe(200);
    expect(page.body).toContain('Launch');
    expect(page.headers).toMatchObject({ vary: 'Accept-Language', etag: expect.any(String) });
    expect(page.headers['strict-transport-security']).toBeUndefined();
    await expectSameAnswer(`/${event.slug}/deutsch`, {}, { early: true });
    await expectSameAnswer(`/${event.slug}?utm_source=mail`, {}, { early: true });
  });

  it('sends the server’s time with a page whose state changes ahead, and never an old state', async () => {
    clock.set('2026-11-22T10:00:00.000Z');
    const event = await insertEvent(app, ownerId, {
      startMode: 'datetime',
      startDate: '2026-11-22',
      startTime: '10:30',
      timeZone: 'UTC',
    });
    const before = await expectSameAnswer(`/${event.slug}`, {}, { early: true });
    expect(before.body).toContain('data-state="before"');
    expect(before.headers['server-timing']).toBe(`now;desc="${String(clock.now().getTime())}"`);
    // At the start the cached page of before is not the answer, early or not.
    clock.set('2026-11-22T10:30:00.000Z');
    const live = await overSocket(`/${event.slug}`);
    expect(live.body).toContain('data-state="live"');
    // Open-ended and live: nothing changes by itself any more.
    expect(live.headers['server-timing']).toBeUndefined();
  });

  it('adds HSTS behind a trusted proxy that says https, as the security hook does', async () => {
    const event = await insertEvent(app, ownerId);
    const page = await expectSameAnswer(
      `/${event.slug}`,
      { 'x-forwarded-proto': 'https' },
      { early: true },
    );
    expect(page.headers['strict-transport-security']).toBe(HSTS_HEADER_VALUE);
  });

  it('answers the gate, and the page behind it for a viewer who got in, exactly as Fastify', async () => {
    const event = await insertEvent(app, ownerId, {
      accessMode: 'code',
      accessCode: 'Open sesame',
    });
    const gate = await expectSameAnswer(`/${event.slug}`, {}, { early: true });
    expect(gate.body).toContain('id="lv-access-code"');
    expect(gate.headers.vary).toContain('Cookie');
    expect(gate.headers['cache-control']).toBe('private, no-cache');
    const entered = await onEventsHost(app, `/${event.slug}/_access/code`, {
      method: 'POST',
      payload: new URLSearchParams({ code: 'Open sesame' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(entered.statusCode).toBe(303);
    const setCookie = [entered.headers['set-cookie'] ?? []].flat();
    const cookie = setCookie.find((value) => value.startsWith(`${ACCESS_COOKIE}=`))?.split(';')[0];
    expect(cookie).toBeDefined();
    const inside = await expectSameAnswer(`/${event.slug}`, { cookie: cookie! }, { early: true });
    expect(inside.body).not.toContain('id="lv-access-code"');
    expect(inside.headers['cache-control']).toBe('private, no-store');
  });

  it('leaves revalidation, HEAD, routing rules, unknown pages and other hosts to Fastify', async () => {
    const event = await insertEvent(app, ownerId);
    const first = await overSocket(`/${event.slug}`);
    const revalidated = await expectSameAnswer(
      `/${event.slug}`,
      { 'if-none-match': first.headers.etag! },
      { early: false },
    );
    expect(revalidated.status).toBe(304);
    await expectSameAnswer(`/${event.slug}`, {}, { early: false }, 'HEAD');
    const routed = await insertEvent(app, ownerId);
    const channelId = await insertChannel(app, routed.id, { slug: 'de', title: 'Deutsch' });
    await saveSettings(app, routed.id, {
      channelRoutingRules: [{ kind: 'language', value: 'de', channelId }],
    });
    await expectSameAnswer(`/${routed.slug}`, { 'accept-language': 'de' }, { early: false });
    const missing = await expectSameAnswer('/no-such-event', {}, { early: false });
    expect(missing.status).toBe(404);
    // Percent-encoded paths are Fastify's to decode.
    await expectSameAnswer(`/${event.slug.replace('l', '%6C')}`, {}, { early: false });
    const before = early();
    const dashboard = await overSocket(`/${event.slug}`, { host: `127.0.0.1:${port}` });
    expect(early()).toBe(before);
    expect(dashboard.body).not.toContain('lv-layout');
  });

  it('stands aside once the app begins to close, so that Fastify answers 503', async () => {
    const other = await buildTestApp();
    try {
      await other.app.ready();
      expect(other.app.earlyResponses.responders).not.toHaveLength(0);
      await other.app.close();
      expect(other.app.earlyResponses.responders).toHaveLength(0);
    } finally {
      await other.cleanup();
    }
  });
});

describe('HSTS on the fast path follows Fastify’s trustProxy', () => {
  const page: RenderedPage = {
    body: Buffer.from('<p>page</p>'),
    etag: '"1"',
    language: 'en',
    negotiated: false,
    access: 'open',
    nextChange: null,
  };

  function answer(trustProxy: FastifyTrustProxy, from: string, proto?: string) {
    const respond = pageFastPath({
      eventsHost: 'events.test',
      cachedPage: () => page,
      headersOf: () => ({ 'content-type': 'text/html' }),
      now: () => new Date(),
      accessCookieIn: () => undefined,
      requestFacts: rawRequestFacts(trustProxy),
    });
    let written: Record<string, string> = {};
    const response = {
      writeHead: (_status: number, headers: Record<string, string>) => {
        written = headers;
      },
      end: () => undefined,
    } as unknown as ServerResponse;
    const request = {
      method: 'GET',
      url: '/launch',
      headers: { host: 'events.test', ...(proto ? { 'x-forwarded-proto': proto } : {}) },
      socket: { remoteAddress: from },
    } as unknown as IncomingMessage;
    expect(respond(request, response)).toBe(true);
    return written['strict-transport-security'];
  }

  it('trusts X-Forwarded-Proto only from a trusted proxy, and takes its last value', () => {
    expect(answer(false, '10.1.2.3', 'https')).toBeUndefined();
    expect(answer(['10.0.0.0/8'], '192.0.2.1', 'https')).toBeUndefined();
    expect(answer(['10.0.0.0/8'], '10.1.2.3', 'https')).toBe(HSTS_HEADER_VALUE);
    expect(answer(['10.0.0.0/8'], '10.1.2.3', 'https, http')).toBeUndefined();
    expect(answer(true, '192.0.2.1', 'http, https')).toBe(HSTS_HEADER_VALUE);
    expect(answer((_address, hop) => hop < 1, '192.0.2.1', 'https')).toBe(HSTS_HEADER_VALUE);
    expect(answer(true, '192.0.2.1')).toBeUndefined();
  });
});
