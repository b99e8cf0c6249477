import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abuseLimits } from '../../../lib/abuse-limits.js';
import { register } from '../../../test/accounts.js';
import { testClock } from '../../../test/clock.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { insertEvent, onEventsHost, saveSettings, type TestEvent } from '../public.fixtures.js';

// Guessing an event's access code is bounded per event whatever the addresses (ADR 044): wrong
// codes from every viewer and address share one budget, past which no code is checked.

const clock = testClock('2026-11-22T10:00:00.000Z');
const MINUTE = 60_000;
let test: TestApp;
let app: FastifyInstance;
let ownerId: string;

beforeAll(async () => {
  test = await buildTestApp(
    {},
    {
      now: clock.now,
      abuseLimits: abuseLimits({
        accessCodePerViewer: 10,
        accessCodePerAddress: 10,
        accessCodeFailuresPerEvent: 4,
        accessCodeFailuresPerEventDaily: 6,
      }),
    },
  );
  app = test.app;
  ownerId = (await register(app)).user.id;
});
afterAll(() => test.cleanup());

const CODE = 'k7-Meteor-42';
let addressCounter = 0;
/** Every try from an address of its own and without a viewer cookie: a guesser's many machines. */
function tryCode(event: TestEvent, code: string): Promise<LightMyRequestResponse> {
  addressCounter += 1;
  return onEventsHost(app, `/${event.slug}/_access/code`, {
    method: 'POST',
    payload: new URLSearchParams({ code }).toString(),
    remoteAddress: `198.51.100.${String(addressCounter)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
  });
}

describe('the per-event budget of wrong codes', () => {
  it('refuses every try, the right code too, once the event had its wrong codes from anywhere', async () => {
    const event = await insertEvent(app, ownerId, { accessMode: 'code', accessCode: CODE });
    for (let guess = 0; guess < 4; guess += 1) {
      expect((await tryCode(event, `guess-${String(guess)}`)).statusCode).toBe(403);
    }
    const limited = await tryCode(event, CODE);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['cache-control']).toBe('no-store');
    expect(limited.body).toContain('Too many attempts. Please try again in');
    expect(limited.headers['set-cookie']?.toString() ?? '').not.toContain('lvnt.access=');

    // Another event keeps its own budget.
    const other = await insertEvent(app, ownerId, { accessMode: 'code', accessCode: CODE });
    expect((await tryCode(other, CODE)).statusCode).toBe(303);

    // The burst budget frees up as the wrong codes age; the right code gets in again.
    clock.advance(Number(limited.headers['retry-after']) * 1000);
    expect((await tryCode(event, CODE)).statusCode).toBe(303);
  });

  it('keeps a daily budget beyond the burst one', async () => {
    const event = await insertEvent(app, ownerId, { accessMode: 'code', accessCode: CODE });
    for (let round = 0; round < 2; round += 1) {
      for (let guess = 0; guess < 3; guess += 1) {
        expect((await tryCode(event, `guess-${String(round)}-${String(guess)}`)).statusCode).toBe(
          403,
        );
      }
      clock.advance(31 * MINUTE);
    }
    // Six wrong codes today: the burst budget has room, the daily one has not.
    const limited = await tryCode(event, CODE);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(60 * 60);
  });

  it('starts afresh for a new code: the wrong guesses say nothing about it', async () => {
    const event = await insertEvent(app, ownerId, { accessMode: 'code', accessCode: CODE });
    for (let guess = 0; guess < 4; guess += 1) await tryCode(event, `guess-${String(guess)}`);
    expect((await tryCode(event, CODE)).statusCode).toBe(429);
    await saveSettings(app, event.id, { accessCode: 'Another-Code-7' });
    expect((await tryCode(event, 'Another-Code-7')).statusCode).toBe(303);
  });
});
