import { randomUUID } from 'node:crypto';
import type { Stats } from '@livent/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, register, type SignedInUser } from '../../test/accounts.js';
import { testClock } from '../../test/clock.js';
import { callAs } from '../../test/events.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import {
  insertChannel,
  insertEvent,
  onEventsHost,
  type TestEvent,
} from '../public/public.fixtures.js';
import { ACCESS_COOKIE } from '../public/viewer-access.js';
import { NEW_VIEWS_PER_ADDRESS } from './new-view-cap.js';
import {
  loadToken,
  sendBeacon,
  tokenInPage,
  type BeaconOptions,
} from '../../test/stats-beacons.js';

// Only page loads the server rendered count (ADR 045): the pageview needs the page's view token,
// heartbeats the signed id of a counted pageview, and one address adds new page views up to a cap.

const clock = testClock('2026-11-22T10:00:10.000Z');
let test: TestApp;
let app: FastifyInstance;
let owner: SignedInUser;

beforeAll(async () => {
  test = await buildTestApp({}, { now: clock.now });
  app = test.app;
  owner = await register(app);
});
afterAll(() => test.cleanup());

/** Moves the clock, and signs in again: access tokens live a few minutes. */
async function setClock(time: string): Promise<void> {
  clock.set(time);
  owner = await login(app, owner.email);
}

const pageview = (event: TestEvent, t: string, options: BeaconOptions = {}) =>
  sendBeacon(app, event, 'view', { t, c: options.channel }, options);
const heartbeat = (event: TestEvent, v: string, options: BeaconOptions = {}) =>
  sendBeacon(app, event, 'beat', { v, c: options.channel }, options);
const viewOf = (response: LightMyRequestResponse) => response.json<{ v: string }>().v;

/** The totals since an hour before the clock, once what is in memory is written. */
async function totalsOf(event: TestEvent): Promise<Stats['totals']> {
  await app.services.statsCollector.flush();
  const from = new Date(clock.now().getTime() - 3_600_000).toISOString();
  const response = await callAs(
    app,
    owner,
    'GET',
    `/events/${event.id}/stats?from=${encodeURIComponent(from)}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Stats>().totals;
}

/** A token or id of the right shape whose signature is made up. */
const forgedMac = () => randomUUID().replaceAll('-', '').slice(0, 22);

describe('the view token', () => {
  it('counts no pageview without the page’s token, with a forged, another page’s or an expired one', async () => {
    await setClock('2026-11-23T10:00:10Z');
    const event = await insertEvent(app, owner.user.id);
    const other = await insertEvent(app, owner.user.id);
    await insertChannel(app, event.id, { slug: 'de', title: 'Deutsch' });
    const token = await loadToken(app, event);
    const [issued] = token.split('.');

    expect((await sendBeacon(app, event, 'view', {})).statusCode).toBe(400);
    expect((await pageview(event, `${issued!}.${forgedMac()}`)).statusCode).toBe(400);
    expect((await pageview(event, await loadToken(app, other))).statusCode).toBe(400);
    // The main page's token is not the channel page's.
    expect((await pageview(event, token, { channel: 'de' })).statusCode).toBe(400);
    // An answer that tells nothing about why.
    const refused = await pageview(event, `${issued!}.${forgedMac()}`);
    expect(refused.json()).toEqual({ code: 400, message: 'Bad request' });
    expect(await totalsOf(event)).toMatchObject({ pageviews: 0, viewersNow: 0 });

    expect((await pageview(event, token)).statusCode).toBe(200);
    const channelToken = await loadToken(app, event, 'de');
    expect((await pageview(event, channelToken, { channel: 'de' })).statusCode).toBe(200);
    expect(await totalsOf(event)).toMatchObject({ pageviews: 2 });

    // Hours later the cached page carries a new token; the old one has expired.
    await setClock('2026-11-23T13:00:20Z');
    const fresh = await loadToken(app, event);
    expect(fresh).not.toBe(token);
    expect((await pageview(event, token)).statusCode).toBe(400);
    expect((await pageview(event, fresh)).statusCode).toBe(200);
    expect(await totalsOf(event)).toMatchObject({ pageviews: 1 });
  });

  it('counts heartbeats only with the signed id of a counted pageview of this page, for a day', async () => {
    await setClock('2026-11-24T10:00:10Z');
    const event = await insertEvent(app, owner.user.id);
    const other = await insertEvent(app, owner.user.id);
    const view = viewOf(await pageview(event, await loadToken(app, event)));
    const otherView = viewOf(await pageview(other, await loadToken(app, other)));
    const [id, issued] = view.split('.');

    expect((await heartbeat(event, randomUUID())).statusCode).toBe(400);
    expect((await heartbeat(event, `${randomUUID()}.${issued!}.${forgedMac()}`)).statusCode).toBe(
      400,
    );
    expect((await heartbeat(event, `${id!}.${issued!}.${forgedMac()}`)).statusCode).toBe(400);
    expect((await heartbeat(event, otherView)).statusCode).toBe(400);
    // A long stream: the page view still counts as present hours later.
    await setClock('2026-11-24T20:00:10Z');
    expect((await heartbeat(event, view)).statusCode).toBe(204);
    expect(await totalsOf(event)).toMatchObject({ viewersNow: 1 });
    await setClock('2026-11-25T10:05:10Z');
    expect((await heartbeat(event, view)).statusCode).toBe(400);
    expect(await totalsOf(event)).toMatchObject({ viewersNow: 0 });
  });

  it('is not in a protected event’s gate, and is in the page behind it', async () => {
    await setClock('2026-11-25T12:00:10Z');
    const event = await insertEvent(app, owner.user.id, {
      accessMode: 'code',
      accessCode: 'Open sesame 2026',
    });
    const gate = await onEventsHost(app, `/${event.slug}`);
    expect(gate.statusCode).toBe(200);
    expect(gate.body).toContain('id="lv-access-code"');
    expect(gate.body).not.toContain('data-stats');
    const entered = await onEventsHost(app, `/${event.slug}/_access/code`, {
      method: 'POST',
      payload: new URLSearchParams({ code: 'Open sesame 2026' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(entered.statusCode).toBe(303);
    const cookie = [entered.headers['set-cookie'] ?? []]
      .flat()
      .find((value) => value.startsWith(`${ACCESS_COOKIE}=`))
      ?.split(';')[0];
    const inside = await onEventsHost(app, `/${event.slug}`, { headers: { cookie: cookie! } });
    expect(inside.body).not.toContain('id="lv-access-code"');
    const token = tokenInPage(inside.body);
    expect(token).toBeDefined();
    expect((await pageview(event, token!)).statusCode).toBe(200);
    expect(await totalsOf(event)).toMatchObject({ pageviews: 1 });
  });
});

describe('new page views per address', () => {
  it(`counts at most ${String(NEW_VIEWS_PER_ADDRESS)} from one address per event in 10 minutes`, async () => {
    await setClock('2026-11-26T10:00:10Z');
    const event = await insertEvent(app, owner.user.id);
    const token = await loadToken(app, event);
    const codes: number[] = [];
    for (let batch = 0; batch < 8; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => pageview(event, token, { ip: '203.0.113.77' })),
      );
      codes.push(...answers.map((answer) => answer.statusCode));
    }
    expect(codes.filter((code) => code === 200)).toHaveLength(NEW_VIEWS_PER_ADDRESS);
    expect(codes.filter((code) => code === 204)).toHaveLength(400 - NEW_VIEWS_PER_ADDRESS);
    // Another address behind the same event, and the same address ten minutes later, count.
    expect((await pageview(event, token, { ip: '203.0.113.78' })).statusCode).toBe(200);
    expect(await totalsOf(event)).toMatchObject({
      pageviews: NEW_VIEWS_PER_ADDRESS + 1,
      viewersNow: NEW_VIEWS_PER_ADDRESS + 1,
    });
    expect(app.services.statsCollector.counters.dropped.overCap).toBe(400 - NEW_VIEWS_PER_ADDRESS);
    await setClock('2026-11-26T10:10:10Z');
    expect((await pageview(event, token, { ip: '203.0.113.77' })).statusCode).toBe(200);
  });

  it('does not raise viewers now with 2,000 heartbeats of fresh ids', async () => {
    await setClock('2026-11-27T10:00:10Z');
    const event = await insertEvent(app, owner.user.id);
    const token = await loadToken(app, event);
    const view = viewOf(await pageview(event, token));
    const [, issued] = view.split('.');
    const codes: number[] = [];
    for (let batch = 0; batch < 20; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, index) =>
          heartbeat(
            event,
            index % 2 === 0 ? randomUUID() : `${randomUUID()}.${issued!}.${forgedMac()}`,
          ),
        ),
      );
      codes.push(...answers.map((answer) => answer.statusCode));
    }
    expect(new Set(codes)).toEqual(new Set([400]));
    expect((await heartbeat(event, view)).statusCode).toBe(204);
    expect(await totalsOf(event)).toMatchObject({ pageviews: 1, viewersNow: 1, peakViewers: 1 });
  }, 60_000);
});

describe('the operator’s cap of new page views per address (STATS_VIEWS_PER_ADDRESS)', () => {
  it('counts as many new page views from one address as the setting allows', async () => {
    const own = await buildTestApp({ STATS_VIEWS_PER_ADDRESS: '3' });
    try {
      const someone = await register(own.app);
      const event = await insertEvent(own.app, someone.user.id);
      const token = await loadToken(own.app, event);
      const codes: number[] = [];
      for (let index = 0; index < 5; index++) {
        const answer = await sendBeacon(
          own.app,
          event,
          'view',
          { t: token },
          { ip: '203.0.113.9' },
        );
        codes.push(answer.statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 204, 204]);
    } finally {
      await own.cleanup();
    }
  });
});
