import { request, type Page } from '@playwright/test';
import type { Poll, ViewerVote } from '@livent/shared';
import { e2ePort } from '../playwright.config.js';
import { expect, saveScreenshot, test } from './fixtures.js';
import { EVENTS_ORIGIN, organiser, type Organiser } from './poll-helpers.js';

/**
 * Screenshots of the polls on the public page (ADR 061) in English and German, at 1440 and 390
 * px, with live polls and with their results, for people to look at (not compared).
 * `npm run screenshots` runs this file; `npm test` does not.
 */

interface Texts {
  title: string;
  city: string;
  keynote: string;
  word: string;
  quiz: string;
  words: readonly string[];
}

const TEXTS: Record<'en' | 'de', Texts> = {
  en: {
    title: 'Product Launch 2027',
    city: 'Which city should host next year?',
    keynote: 'How do you like the keynote?',
    word: 'One word for today?',
    quiz: 'What is the capital of Australia?',
    words: ['inspiring', 'inspiring', 'long', 'fun', 'inspiring'],
  },
  de: {
    title: 'Produktstart 2027',
    city: 'Welche Stadt soll nächstes Jahr Gastgeber sein?',
    keynote: 'Wie gefällt Ihnen die Keynote?',
    word: 'Ein Wort für heute?',
    quiz: 'Was ist die Hauptstadt von Australien?',
    words: ['inspirierend', 'inspirierend', 'lang', 'spannend', 'inspirierend'],
  },
};

/** Viewers who answer through the events host, each with a viewer cookie of their own. */
async function answerAs(
  slug: string,
  viewers: number,
  votes: (index: number) => [Poll, ViewerVote][],
) {
  for (let index = 0; index < viewers; index += 1) {
    // Node does not resolve events.localhost as Chromium does: the events host by its header.
    const viewer = await request.newContext({
      baseURL: `http://127.0.0.1:${e2ePort}`,
      extraHTTPHeaders: { Host: new URL(EVENTS_ORIGIN).host },
    });
    for (const [poll, vote] of votes(index)) {
      const sent = await viewer.post(`/${slug}/_polls/${poll.id}/vote`, { data: vote });
      expect(sent.ok(), await sent.text()).toBe(true);
    }
    await viewer.dispose();
  }
}

async function seed(polls: Organiser, texts: Texts) {
  const city = await polls.create({
    kind: 'single',
    question: texts.city,
    options: [{ text: 'Berlin' }, { text: 'Lisbon' }, { text: 'Vienna' }],
  });
  const keynote = await polls.create({ kind: 'rating', question: texts.keynote });
  const word = await polls.create({ kind: 'text', question: texts.word });
  const quiz = await polls.create({
    kind: 'single',
    question: texts.quiz,
    quiz: true,
    options: [{ text: 'Sydney' }, { text: 'Canberra', correct: true }, { text: 'Melbourne' }],
  });
  const all = [city, keynote, word, quiz];
  for (const poll of all) await polls.launch(poll);
  await answerAs(polls.event.slug, 5, (index) => [
    [city, { choices: [city.options[index % 3 === 2 ? 2 : index % 2]!.id] }],
    [keynote, { rating: 5 - (index % 3) }],
    [word, { text: texts.words[index]! }],
    [quiz, { choices: [quiz.options[index % 2 ? 0 : 1]!.id] }],
  ]);
  return all;
}

async function shoot(page: Page, slug: string, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${EVENTS_ORIGIN}/${slug}`);
    await expect(page.locator('.lv-poll').first()).toBeVisible();
    await saveScreenshot(page, `${name}-${String(width)}`);
  }
}

for (const language of ['en', 'de'] as const) {
  test(`polls on the page (${language})`, async ({ page }) => {
    test.setTimeout(120_000);
    const texts = TEXTS[language];
    const polls = await organiser(page, texts.title, {
      language,
      messagesEnabled: true,
      messagesMode: 'qa',
    });
    const [city, keynote, word, quiz] = await seed(polls, texts);
    await shoot(page, polls.event.slug, `polls-live-${language}`);

    await polls.approveAll(word!);
    await polls.close(quiz!);
    for (const poll of [city!, keynote!, word!, quiz!]) {
      await polls.patch(poll, { resultsShown: true });
    }
    await shoot(page, polls.event.slug, `polls-results-${language}`);
  });
}
