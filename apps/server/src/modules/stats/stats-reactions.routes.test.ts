import type { Stats } from '@livent/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, type SignedInUser } from '../../test/accounts.js';
import { testClock } from '../../test/clock.js';
import { callAs } from '../../test/events.js';
import { isSseStream, openSse } from '../../test/sse.js';
import { buildTestApp, dashboardHost, type TestApp } from '../../test/test-app.js';
import { insertEvent, onEventsHost, type TestEvent } from '../public/public.fixtures.js';

// Reactions in the organiser's statistics (ADR 059): per hour and in total over the range, the
// last 60 s on the live stream, and minute rows as CSV.

const clock = testClock('2026-11-28T10:00:30.000Z');
let test: TestApp;
let app: FastifyInstance;
let owner: SignedInUser;

beforeAll(async () => {
  test = await buildTestApp({}, { now: clock.now });
  app = test.app;
  owner = await register(app);
});
afterAll(() => test.cleanup());

let address = 0;
async function react(event: TestEvent, reaction: string, count: number): Promise<void> {
  const response = await onEventsHost(app, `/${event.slug}/_reactions`, {
    method: 'POST',
    payload: { reaction, count },
    remoteAddress: `198.51.100.${String((address += 1))}`,
  });
  expect(response.statusCode, response.body).toBe(204);
}

describe('reactions in the statistics', () => {
  it('answers taps per hour and in total over the range', async () => {
    const event = await insertEvent(app, owner.user.id);
    await react(event, 'heart', 20);
    await react(event, 'heart', 5);
    await react(event, 'applause', 3);
    await app.services.reactions.flush();
    const response = await callAs(
      app,
      owner,
      'GET',
      `/events/${event.id}/stats?from=2026-11-28T08:30:00Z&to=2026-11-28T10:30:00Z`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const { reactions } = response.json<Stats>();
    expect(reactions.totals).toEqual({ heart: 25, applause: 3, laugh: 0, wow: 0, thumbsup: 0 });
    expect(reactions.series.map((point) => [point.t, point.counts.heart])).toEqual([
      ['2026-11-28T08:00:00.000Z', 0],
      ['2026-11-28T09:00:00.000Z', 0],
      ['2026-11-28T10:00:00.000Z', 25],
    ]);
  });

  it('sends the last minute’s reactions on the live stream', async () => {
    const event = await insertEvent(app, owner.user.id);
    await react(event, 'wow', 7);
    await app.services.reactions.flush();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openSse(`${address}/api/events/${event.id}/stats/live`, {
      ...dashboardHost(test),
      ...owner.headers,
    });
    if (!isSseStream(stream)) throw new Error(`refused: ${String(stream.status)} ${stream.body}`);
    const frame = await stream.next();
    expect(JSON.parse(frame.data)).toMatchObject({
      reactions: { heart: 0, applause: 0, laugh: 0, wow: 7, thumbsup: 0 },
    });
    stream.close();
  });

  it('exports minute rows of the last 14 days, one column per reaction, in the user’s language', async () => {
    const event = await insertEvent(app, owner.user.id);
    await react(event, 'thumbsup', 4);
    await app.services.reactions.flush();
    const response = await callAs(app, owner, 'GET', `/events/${event.id}/stats/reactions.csv`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain(`reactions-${event.slug}.csv`);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"Minute (UTC, start)",Heart ❤️ (reactions),Applause 👏 (reactions),Laughing 😂 (reactions),Surprised 😮 (reactions),Thumbs up 👍 (reactions)',
    );
    expect(lines).toHaveLength(1 + 14 * 24 * 60);
    expect(lines.at(-1)).toBe('2026-11-28 10:00,0,0,0,0,4');
    const german = await app.inject({
      url: `/api/events/${event.id}/stats/reactions.csv`,
      headers: { ...owner.headers, 'accept-language': 'de' },
    });
    expect(german.body).toContain('Minute (UTC, Beginn)');
    const other = await register(app);
    expect(
      (await callAs(app, other, 'GET', `/events/${event.id}/stats/reactions.csv`)).statusCode,
    ).toBe(404);
  });
});
