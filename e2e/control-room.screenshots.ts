import type { Page } from '@playwright/test';
import type { Poll, PollResultsDetail } from '@livent/shared';
import { mkdirSync } from 'node:fs';
import { createEventByApi, ownAccount } from './event-helpers.js';
import { expect, test, useLanguage } from './fixtures.js';

/**
 * Screenshots of the control room (ADR 060) in both languages at desktop, tablet and phone
 * widths, for people to look at (not compared). The polls' answers are stubbed in the browser
 * (`page.route`) so that every kind of result shows filled, whatever votes the server holds.
 */

const SIZES = {
  desktop: { width: 1440, height: 1000 },
  tablet: { width: 1024, height: 1366 },
  mobile: { width: 390, height: 844 },
} as const;

const AT = '2026-11-28T10:00:00.000Z';
const poll = (fields: Partial<Poll> & Pick<Poll, 'id' | 'question'>): Poll => ({
  kind: 'single',
  options: [],
  quiz: false,
  channelId: null,
  status: 'draft',
  resultsShown: false,
  position: 0,
  responses: 0,
  launchedAt: null,
  closedAt: null,
  createdAt: AT,
  updatedAt: AT,
  ...fields,
});

const POLLS: Poll[] = [
  poll({
    id: 'p1',
    question: 'Which city should host the next launch?',
    status: 'live',
    responses: 412,
    options: [
      { id: 'o1', text: 'Berlin', correct: false },
      { id: 'o2', text: 'Lisbon', correct: false },
      { id: 'o3', text: 'Tokyo', correct: false },
      { id: 'o4', text: 'Toronto', correct: false },
    ],
    launchedAt: AT,
  }),
  poll({
    id: 'p2',
    kind: 'multiple',
    quiz: true,
    question: 'Which of these ship in the 2027 release?',
    status: 'closed',
    resultsShown: true,
    responses: 356,
    options: [
      { id: 'q1', text: 'Offline mode', correct: true },
      { id: 'q2', text: 'Dark theme', correct: true },
      { id: 'q3', text: 'Time travel', correct: false },
    ],
  }),
  poll({ id: 'p3', kind: 'rating', question: 'How do you like the keynote so far?', responses: 0 }),
  poll({
    id: 'p4',
    kind: 'text',
    question: 'One word for today?',
    status: 'closed',
    responses: 64,
  }),
];

const RESULTS: Record<string, PollResultsDetail> = {
  p1: {
    pollId: 'p1',
    responses: 412,
    options: [
      { id: 'o1', votes: 168 },
      { id: 'o2', votes: 121 },
      { id: 'o3', votes: 87 },
      { id: 'o4', votes: 36 },
    ],
    rating: null,
    correctShare: null,
    words: [],
    answers: [],
  },
  p2: {
    pollId: 'p2',
    responses: 356,
    options: [
      { id: 'q1', votes: 290 },
      { id: 'q2', votes: 241 },
      { id: 'q3', votes: 37 },
    ],
    rating: null,
    correctShare: 0.58,
    words: [],
    answers: [],
  },
  p4: {
    pollId: 'p4',
    responses: 64,
    options: [],
    rating: null,
    correctShare: null,
    words: [
      { word: 'inspiring', count: 14 },
      { word: 'fast', count: 9 },
      { word: 'ambitious', count: 7 },
      { word: 'fun', count: 6 },
      { word: 'clear', count: 4 },
      { word: 'bold', count: 3 },
      { word: 'long', count: 2 },
    ],
    answers: [
      { id: 'a1', text: 'Inspiring!', status: 'pending', createdAt: AT },
      { id: 'a2', text: 'Fast and fun', status: 'approved', createdAt: AT },
      { id: 'a3', text: 'Too long', status: 'rejected', createdAt: AT },
    ],
  },
};

async function stubPolls(page: Page, eventId: string): Promise<void> {
  await page.route(`**/api/events/${eventId}/polls`, (route) =>
    route.fulfill({ json: { polls: POLLS } }),
  );
  await page.route(`**/api/events/${eventId}/polls/*/results`, (route) => {
    const pollId = new URL(route.request().url()).pathname.split('/').at(-2)!;
    return route.fulfill({ json: RESULTS[pollId] });
  });
}

for (const language of ['en', 'de'] as const) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    test(`control room, ${language}, ${size}`, async ({ page }) => {
      test.setTimeout(60_000);
      const { accessToken } = await ownAccount(page);
      const event = await createEventByApi(page, accessToken, 'Product Launch 2027');
      await stubPolls(page, event.id);
      await useLanguage(page, language);
      await page.setViewportSize(viewport);
      await page.goto(`/events/${event.id}/live`);
      await expect(page.getByText('Berlin', { exact: true }).first()).toBeVisible();
      await expect(
        page.getByText(language === 'en' ? '168 votes · 41%' : '168 Stimmen · 41 %'),
      ).toBeVisible();
      await page.waitForFunction(() =>
        document.getAnimations().every((animation) => animation.playState !== 'running'),
      );
      const shoot = (name: string) =>
        page.screenshot({
          path: `.tmp/screenshots/control/control-room-${language}-${size}${name}.png`,
          fullPage: true,
        });
      mkdirSync('.tmp/screenshots/control', { recursive: true });
      await shoot('');
      if (size === 'tablet') return;
      for (const [pollId, name] of [
        ['p2', '-quiz'],
        ['p4', '-text'],
      ] as const) {
        const question = POLLS.find((item) => item.id === pollId)!.question;
        await page
          .getByRole('listitem')
          .filter({ hasText: question })
          .getByRole('button')
          .first()
          .click();
        await expect(page.getByRole('region', { name: /Results|Ergebnisse/ })).toContainText(
          question,
        );
        await page.waitForTimeout(600);
        await shoot(name);
      }
      await page
        .getByRole('button', { name: /New poll|Neue Umfrage/ })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.waitForTimeout(400);
      await page.screenshot({
        path: `.tmp/screenshots/control/control-room-${language}-${size}-dialog.png`,
      });
    });
  }
}
