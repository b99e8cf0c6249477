import type { EventSettings } from '@livent/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register } from '../../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { insertChannel, insertEvent, onEventsHost } from '../public.fixtures.js';

// The polls block (ADR 061): an empty, hidden region with the texts the viewer script builds the
// polls with, right after the player in every layout, and nothing of it at a gate.

let test: TestApp;
let app: FastifyInstance;
let ownerId: string;

beforeAll(async () => {
  test = await buildTestApp();
  app = test.app;
  ownerId = (await register(app)).user.id;
});
afterAll(() => test.cleanup());

async function pageOf(settings: Partial<EventSettings>, path = '') {
  const event = await insertEvent(app, ownerId, settings);
  const response = await onEventsHost(app, `/${event.slug}${path}`);
  expect(response.statusCode).toBe(200);
  // Without the stylesheet, whose selectors name every block.
  return { event, body: response.body.replace(/<style>[\s\S]*?<\/style>/, '') };
}

/** The block's opening tag, with its attributes. */
const blockTag = (body: string) => /<section class="lv-block lv-polls"[^>]*>/.exec(body)?.[0] ?? '';

describe('public page: the polls block', () => {
  it.each([
    [
      'en',
      'Polls',
      [
        'data-submit="Submit answer"',
        'data-change="Change answer"',
        'data-pending="Thanks, your answer waits for moderation."',
        'data-correct="Correct"',
        'data-your-answer="Your answer"',
        'data-closed-refused="This poll has closed. Your answer was not counted."',
        'data-rating1="1 – Poor"',
        'data-rating5="5 – Excellent"',
        'data-votes-other="%s votes"',
        'data-new-poll="New poll: %s"',
        'data-text-count="%s of 200 characters"',
      ],
    ],
    [
      'de',
      'Umfragen',
      [
        'data-submit="Antwort senden"',
        'data-change="Antwort ändern"',
        'data-pending="Danke, Ihre Antwort wartet auf die Freigabe."',
        'data-correct="Richtig"',
        'data-your-answer="Ihre Antwort"',
        'data-closed-refused="Diese Umfrage ist beendet. Ihre Antwort wurde nicht gezählt."',
        'data-rating1="1 – Schlecht"',
        'data-rating5="5 – Hervorragend"',
        'data-votes-other="%s Stimmen"',
        'data-new-poll="Neue Umfrage: %s"',
        'data-text-count="%s von 200 Zeichen"',
      ],
    ],
  ] as const)(
    'renders a hidden region with its heading and texts in %s',
    async (language, title, texts) => {
      const { event, body } = await pageOf({ language });
      const tag = blockTag(body);
      expect(tag).toContain('aria-labelledby="lv-polls-title"');
      expect(tag).toContain(`data-url="/${event.slug}/_polls"`);
      expect(tag).toContain('data-channel=""');
      expect(tag).toContain('hidden=""');
      for (const text of texts) expect(tag).toContain(text);
      expect(body).toContain(`<h2 id="lv-polls-title">${title}</h2>`);
      // The announcements' live region is outside the hidden region, so it is heard as it appears.
      expect(body).toMatch(
        /<p class="lv-poll-news lv-visually-hidden" aria-live="polite"><\/p><section class="lv-block lv-polls"/,
      );
    },
  );

  it.each(['classic', 'modern', 'tube'] as const)(
    '%s: comes right after the player, before the message tool and the text',
    async (layout) => {
      const { body } = await pageOf({ layout, messagesEnabled: true, content: 'Organiser text' });
      const main = body.slice(body.indexOf('<main'), body.indexOf('</main>'));
      const player = main.indexOf('lv-player');
      const polls = main.indexOf('class="lv-block lv-polls"');
      expect(player).toBeGreaterThan(-1);
      expect(polls).toBeGreaterThan(player);
      expect(main.indexOf('lv-message-form')).toBeGreaterThan(polls);
      expect(main.indexOf('Organiser text')).toBeGreaterThan(polls);
      // Nothing but the player's own markup between the two.
      expect(main.slice(player, polls)).not.toMatch(/lv-messages|lv-content|lv-intro/);
    },
  );

  it('names the channel of a channel page', async () => {
    const event = await insertEvent(app, ownerId);
    await insertChannel(app, event.id, { slug: 'hall-b', title: 'Hall B' });
    const response = await onEventsHost(app, `/${event.slug}/hall-b`);
    expect(blockTag(response.body)).toContain('data-channel="hall-b"');
  });

  it('is not on a gate: a viewer still at the gate gets no polls', async () => {
    const { body } = await pageOf({ accessMode: 'code', accessCode: 'open sesame 42' });
    expect(body).toContain('lv-gate');
    expect(body).not.toContain('lv-polls');
    expect(body).not.toContain('lv-poll-news');
  });
});
