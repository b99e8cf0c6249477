import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostOf } from '../../lib/events-origin.js';
import { HSTS_HEADER_VALUE } from '../../lib/security-headers.js';
import { register } from '../../test/accounts.js';
import {
  comparableHeaders,
  countEarlyAnswers,
  overSocket as answerOverSocket,
  type ComparableAnswer as Answer,
} from '../../test/early-answers.js';
import { BROWSER, pageTokenOf } from '../../test/stats-beacons.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import {
  insertChannel,
  insertEvent,
  onEventsHost,
  type TestEvent,
} from '../public/public.fixtures.js';

/**
 * The beacons answered before Fastify (ADR 035) must be the answers the routes give: over a real
 * socket (where the fast path sits) and through `inject` (which goes to Fastify), the same status,
 * headers and body for every outcome; and the fast path must stand aside for everything else.
 */

interface Beacon {
  path: string;
  body: string;
  headers?: Record<string, string>;
}

/** The proxy the app trusts; its `X-Forwarded-For` names the viewer. */
const PROXY = '127.0.0.1';

describe('the beacons before Fastify', () => {
  let test: TestApp;
  let app: FastifyInstance;
  let port: number;
  let host: string;
  let early: () => number;
  let event: TestEvent;
  let viewer = 0;

  beforeAll(async () => {
    // A trusted proxy on the loopback: `X-Forwarded-Proto: https` then means HSTS, and
    // `X-Forwarded-For` names the viewer whose new page views the cap counts.
    test = await buildTestApp({ TRUST_PROXY: PROXY, STATS_VIEWS_PER_ADDRESS: '2' });
    app = test.app;
    const ownerId = (await register(app)).user.id;
    event = await insertEvent(app, ownerId);
    await insertChannel(app, event.id, { slug: 'deutsch', title: 'Deutsch' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
    host = hostOf(app.config.eventsUrl);
    early = countEarlyAnswers(app);
  });
  afterAll(() => test.cleanup());

  /** A new viewer's address each time, so that the cap counts only where a test means it to. */
  const nextViewer = () => `203.0.113.${String((viewer += 1))}`;

  function withDefaults(beacon: Beacon, address: string) {
    return {
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': BROWSER,
      'x-forwarded-for': address,
      ...beacon.headers,
    };
  }

  function overSocket(beacon: Beacon, address = nextViewer()): Promise<Answer> {
    const headers = { host, ...withDefaults(beacon, address) };
    return answerOverSocket(port, {
      path: beacon.path,
      method: 'POST',
      headers,
      body: beacon.body,
    });
  }

  async function throughFastify(beacon: Beacon, address = nextViewer()): Promise<Answer> {
    const response = await onEventsHost(app, beacon.path, {
      method: 'POST',
      payload: beacon.body,
      headers: withDefaults(beacon, address),
      remoteAddress: PROXY,
    });
    return {
      status: response.statusCode,
      headers: comparableHeaders(response.headers),
      body: response.body,
    };
  }

  /** Sends the beacon both ways and compares; `body` false compares the shape, not the text. */
  async function expectSameAnswer(
    beacon: Beacon,
    { early: answeredEarly, sameBody = true }: { early: boolean; sameBody?: boolean },
  ): Promise<Answer> {
    const before = early();
    const fast = await overSocket(beacon);
    expect(early() - before, `answered before Fastify: ${beacon.path}`).toBe(answeredEarly ? 1 : 0);
    const routed = await throughFastify(beacon);
    expect(fast.status).toBe(routed.status);
    expect(fast.headers).toEqual(routed.headers);
    if (sameBody) expect(fast.body).toBe(routed.body);
    return fast;
  }

  const view = (body: object | string) => ({
    path: `/${event.slug}/_stats/view`,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const beat = (body: object | string) => ({
    path: `/${event.slug}/_stats/beat`,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

  it('counts a pageview and its heartbeats, answering what the routes answer', async () => {
    const counted = await expectSameAnswer(view({ t: pageTokenOf(app, event) }), {
      early: true,
      sameBody: false,
    });
    expect(counted.status).toBe(200);
    expect(counted.headers['cache-control']).toBe('no-store');
    const { v } = JSON.parse(counted.body) as { v: string };
    expect(v).toMatch(/^[0-9a-f-]{36}\./);

    const answered = await expectSameAnswer(beat({ v }), { early: true });
    expect(answered.status).toBe(204);
    expect(answered.body).toBe('');
  });

  it('answers every refusal in the one error shape, as the routes do', async () => {
    const token = pageTokenOf(app, event);
    const refusals: Array<[Beacon, number]> = [
      [view({ t: `${token.split('.')[0]!}.${'A'.repeat(22)}` }), 400],
      [view('{"t":'), 400],
      [view({ token }), 400],
      [view({ t: token, c: 'no-such-channel' }), 404],
      // The channel's page has a token of its own.
      [view({ t: token, c: 'deutsch' }), 400],
      [{ ...view({ t: token }), path: '/no-such-event/_stats/view' }, 404],
      [beat({ v: `${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}.abc.${'A'.repeat(22)}` }), 400],
      [beat('[]'), 400],
    ];
    for (const [beacon, status] of refusals) {
      const answer = await expectSameAnswer(beacon, { early: true });
      expect(answer.status, beacon.body).toBe(status);
      expect(JSON.parse(answer.body)).toMatchObject({ code: status });
    }
  });

  it('reads the viewer’s address as Fastify does: the cap counts the address the proxy names', async () => {
    const token = pageTokenOf(app, event);
    const viewerAddress = nextViewer();
    const statuses = [];
    for (let sent = 0; sent < 3; sent++) {
      statuses.push((await overSocket(view({ t: token }), viewerAddress)).status);
    }
    // STATS_VIEWS_PER_ADDRESS is 2: the third new page view from that address is not counted.
    expect(statuses).toEqual([200, 200, 204]);
    expect((await overSocket(view({ t: token }), nextViewer())).status).toBe(200);
  });

  it('sends HSTS when a trusted proxy says https, as Fastify does', async () => {
    const answer = await expectSameAnswer(
      { ...beat('{}'), headers: { 'x-forwarded-proto': 'https' } },
      { early: true },
    );
    expect(answer.headers['strict-transport-security']).toBe(HSTS_HEADER_VALUE);
  });

  it('does not count a bot', async () => {
    const answer = await expectSameAnswer(
      { ...view({ t: pageTokenOf(app, event) }), headers: { 'user-agent': 'curl/8.0' } },
      { early: true },
    );
    expect(answer.status).toBe(204);
  });

  it('stands aside for what only Fastify answers', async () => {
    const token = JSON.stringify({ t: pageTokenOf(app, event) });
    const path = `/${event.slug}/_stats/view`;
    // Another content type, a query string, an empty and an oversized body.
    await expectSameAnswer(
      { path, body: token, headers: { 'content-type': 'application/json' } },
      { early: false, sameBody: false },
    );
    await expectSameAnswer({ path: `${path}?x=1`, body: token }, { early: false, sameBody: false });
    await expectSameAnswer({ path, body: '' }, { early: false });
    const oversized = await expectSameAnswer(
      { path, body: JSON.stringify({ t: 'x'.repeat(2_000) }) },
      { early: false },
    );
    expect(oversized.status).toBe(413);
    // The dashboard's host: not a beacon at all.
    const before = early();
    const elsewhere = await answerOverSocket(port, {
      path,
      method: 'POST',
      headers: { host: `127.0.0.1:${String(port)}`, 'content-type': 'text/plain' },
      body: token,
    });
    expect(early()).toBe(before);
    expect(elsewhere.status).toBe(404);
  });
});
