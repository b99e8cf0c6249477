import type { EventSettings } from '@livent/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register } from '../../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { insertEvent, onEventsHost } from '../public.fixtures.js';

// The reactions bar on the page (ADR 059): under the player with its setting on, behind the gate,
// its buttons named in the page's language.

let test: TestApp;
let app: FastifyInstance;
let ownerId: string;

beforeAll(async () => {
  test = await buildTestApp();
  app = test.app;
  ownerId = (await register(app)).user.id;
});
afterAll(() => test.cleanup());

async function pageOf(settings: Partial<EventSettings>, language = 'en'): Promise<string> {
  const event = await insertEvent(app, ownerId, settings);
  const response = await onEventsHost(app, `/${event.slug}`, {
    headers: { 'accept-language': language },
  });
  expect(response.statusCode).toBe(200);
  return response.body;
}

const names = (html: string) =>
  [...html.matchAll(/<button[^>]*data-reaction="([a-z]+)"[^>]*aria-label="([^"]+)"/g)].map(
    ([, reaction, label]) => `${String(reaction)}: ${String(label)}`,
  );

describe('the reactions bar', () => {
  it('shows under the player by default, a named button per reaction', async () => {
    const html = await pageOf({});
    expect(html).toMatch(
      /<div class="lv-player-main">.*<div class="lv-reactions" role="group" aria-label="Reactions"><div class="lv-reactions-float" aria-hidden="true"><\/div>/s,
    );
    expect(names(html)).toEqual([
      'heart: Send a heart',
      'applause: Applaud',
      'laugh: Laugh',
      'wow: Be amazed',
      'thumbsup: Give a thumbs up',
    ]);
    expect(html).toContain('data-emoji="❤️"');
  });

  it.each([
    ['de', 'Reaktionen', 'heart: Ein Herz senden'],
    ['es', 'Reacciones', 'heart: Enviar un corazón'],
    ['fr', 'Réactions', 'heart: Envoyer un cœur'],
  ])('names the buttons in %s', async (language, label, heart) => {
    const html = await pageOf({}, language);
    expect(html).toContain(`aria-label="${label}"`);
    expect(names(html)[0]).toBe(heart);
  });

  it('is absent with the setting off and at the gate', async () => {
    expect(await pageOf({ reactionsEnabled: false })).not.toContain('lv-reactions');
    const gate = await pageOf({ accessMode: 'code', accessCode: 'Open-Sesame-42' });
    expect(gate).toContain('lv-gate');
    expect(gate).not.toContain('lv-reactions');
  });
});
