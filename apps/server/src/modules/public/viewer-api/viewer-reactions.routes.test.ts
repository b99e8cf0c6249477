import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../../db/database.js';
import { register } from '../../../test/accounts.js';
import { testClock } from '../../../test/clock.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { insertEvent, onEventsHost, type TestEvent } from '../public.fixtures.js';

// Reactions from the page (ADR 059): taps counted in memory and written once a second; the
// bar's setting, the gate and the limits per viewer and address.

const clock = testClock('2026-11-28T10:00:01.000Z');
let test: TestApp;
let app: FastifyInstance;
let ownerId: string;

beforeAll(async () => {
  test = await buildTestApp(
    {},
    { now: clock.now, reactions: { limits: { perViewer: 3, perAddress: 5 } } },
  );
  app = test.app;
  ownerId = (await register(app)).user.id;
});
afterAll(() => test.cleanup());

let address = 0;
/** A request from its own address unless one is given (the limits count per address too). */
const react = (
  event: TestEvent,
  payload: object,
  headers: Record<string, string> = {},
  remoteAddress = `198.51.100.${String((address += 1))}`,
) =>
  onEventsHost(app, `/${event.slug}/_reactions`, {
    method: 'POST',
    payload,
    headers,
    remoteAddress,
  });

async function stored(event: TestEvent): Promise<Record<string, number>> {
  await app.services.reactions.flush();
  const rows = await app.db
    .selectFrom('reaction_counts')
    .select(['reaction', 'count'])
    .where('event_id', '=', event.id)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.reaction, Number(row.count)]));
}

function viewerCookie(response: { headers: Record<string, unknown> }): string {
  const header = response.headers['set-cookie'];
  expect(typeof header).toBe('string');
  return (header as string).split(';')[0] ?? '';
}

describe('POST /{slug}/_reactions', () => {
  it('counts the taps (one by default) and answers 204 without caching', async () => {
    const event = await insertEvent(app, ownerId);
    const first = await react(event, { reaction: 'heart', count: 20 });
    expect(first.statusCode, first.body).toBe(204);
    expect(first.headers['cache-control']).toBe('no-store');
    expect((await react(event, { reaction: 'heart' })).statusCode).toBe(204);
    expect((await react(event, { reaction: 'wow', count: 2 })).statusCode).toBe(204);
    expect(await stored(event)).toEqual({ heart: 21, wow: 2 });
  });

  it.each([
    [{ reaction: 'boo' }],
    [{ reaction: 'heart', count: 21 }],
    [{ reaction: 'heart', count: 0 }],
    [{ reaction: 'heart', count: 1.5 }],
    [{ reaction: 'heart', channel: 'x' }],
    [{}],
  ])('refuses %j', async (payload) => {
    const event = await insertEvent(app, ownerId);
    expect((await react(event, payload)).statusCode).toBe(400);
    expect(await stored(event)).toEqual({});
  });

  it('is not found with the bar switched off or no such event, forbidden at the gate', async () => {
    const off = await insertEvent(app, ownerId, { reactionsEnabled: false });
    expect((await react(off, { reaction: 'heart' })).statusCode).toBe(404);
    expect((await react({ id: '', slug: 'no-such-event' }, { reaction: 'heart' })).statusCode).toBe(
      404,
    );
    const gated = await insertEvent(app, ownerId, {
      accessMode: 'code',
      accessCode: 'Open-Sesame-42',
    });
    expect((await react(gated, { reaction: 'heart' })).statusCode).toBe(403);
    expect(await stored(off)).toEqual({});
    expect(await stored(gated)).toEqual({});
  });

  it('limits each viewer and, generously, each address; refused taps are not counted', async () => {
    const event = await insertEvent(app, ownerId);
    const first = await react(event, { reaction: 'laugh', count: 10 }, {}, '203.0.113.7');
    const cookie = viewerCookie(first);
    for (let i = 0; i < 2; i++) {
      const again = await react(event, { reaction: 'laugh', count: 10 }, { cookie }, '203.0.113.7');
      expect(again.statusCode).toBe(204);
    }
    const refused = await react(event, { reaction: 'laugh', count: 10 }, { cookie }, '203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another viewer behind the address still may, until the address's own limit.
    const other = await react(event, { reaction: 'laugh' }, {}, '203.0.113.7');
    expect(other.statusCode).toBe(204);
    expect((await react(event, { reaction: 'laugh' }, {}, '203.0.113.7')).statusCode).toBe(204);
    expect((await react(event, { reaction: 'laugh' }, {}, '203.0.113.7')).statusCode).toBe(429);
    // The limits count per event.
    const elsewhere = await insertEvent(app, ownerId);
    expect(
      (await react(elsewhere, { reaction: 'laugh' }, { cookie }, '203.0.113.7')).statusCode,
    ).toBe(204);
    expect(await stored(event)).toEqual({ laugh: 32 });
    // A new window lets the viewer tap again.
    clock.advance(10_000);
    expect((await react(event, { reaction: 'laugh' }, { cookie }, '203.0.113.7')).statusCode).toBe(
      204,
    );
    expect(await stored(event)).toEqual({ laugh: 33 });
  });
});

describe('a clean shutdown', () => {
  it('writes the taps still in memory before the database closes', async () => {
    const own = await buildTestApp({}, { reactions: { flushIntervalMs: 3_600_000 } });
    try {
      const owner = (await register(own.app)).user.id;
      const event = await insertEvent(own.app, owner);
      const response = await onEventsHost(own.app, `/${event.slug}/_reactions`, {
        method: 'POST',
        payload: { reaction: 'applause', count: 7 },
      });
      expect(response.statusCode).toBe(204);
      await own.app.close();
      const reader = createDatabase(own.config.databaseUrl);
      const rows = await reader.db
        .selectFrom('reaction_counts')
        .select(['reaction', 'count'])
        .where('event_id', '=', event.id)
        .execute();
      await reader.close();
      expect(rows.map((row) => [row.reaction, Number(row.count)])).toEqual([['applause', 7]]);
    } finally {
      await own.cleanup();
    }
  });
});
