import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.js';
import { organiser, viewerPage, type Organiser } from './poll-helpers.js';

// Polls on the public page (ADR 061): the organiser (through the API) launches a poll, viewers
// in separate browsers answer it, and the results reach every open page through the page's live
// stream (ADR 057), without a reload.

/** A frame reaches open pages within a second; a busy machine takes a moment more. */
const LIVE = { timeout: 5_000 };

const pollsRegion = (page: Page) => page.getByRole('region', { name: 'Polls' });
const pollCard = (page: Page, question: string) =>
  pollsRegion(page).getByRole('article', { name: question });

async function answer(page: Page, question: string, option: string, button = 'Submit answer') {
  const card = pollCard(page, question);
  await card.getByRole('radio', { name: option }).check();
  await card.getByRole('button', { name: button }).click();
  await expect(card.getByRole('status')).toHaveText('Thank you! Your answer has been counted.');
}

const CITY = 'Which city should host next year?';

/** A single-choice draft asking {@link CITY}. */
const cityPoll = (polls: Organiser, cities: string[]) =>
  polls.create({ kind: 'single', question: CITY, options: cities.map((text) => ({ text })) });

test('two viewers answer a launched poll; the results and a changed answer reach both pages live', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const polls = await organiser(page, 'Product Launch 2027');
  const poll = await cityPoll(polls, ['Berlin', 'Lisbon', 'Vienna']);
  const first = await viewerPage(browser, polls.event.slug);
  const second = await viewerPage(browser, polls.event.slug);
  // A draft is on no page; the region waits hidden.
  await expect(pollsRegion(first)).toBeHidden();

  await polls.launch(poll);
  for (const viewer of [first, second]) {
    await expect(pollCard(viewer, CITY)).toBeVisible(LIVE);
    await expect(viewer.locator('.lv-poll-news')).toHaveText(`New poll: ${CITY}`);
  }
  await answer(first, CITY, 'Berlin');
  await answer(second, CITY, 'Lisbon');
  await expectAccessible(first);

  await polls.patch(poll, { resultsShown: true });
  for (const viewer of [first, second]) {
    const results = pollCard(viewer, CITY).getByRole('listitem');
    await expect(results.filter({ hasText: 'Berlin' })).toContainText('50% · 1 vote', LIVE);
    await expect(results.filter({ hasText: 'Lisbon' })).toContainText('50% · 1 vote');
    await expect(results.filter({ hasText: 'Vienna' })).toContainText('0% · 0 votes');
  }

  // The first viewer changes their answer: both pages follow.
  await answer(first, CITY, 'Lisbon', 'Change answer');
  for (const viewer of [first, second]) {
    const results = pollCard(viewer, CITY).getByRole('listitem');
    await expect(results.filter({ hasText: 'Lisbon' })).toContainText('100% · 2 votes', LIVE);
    await expect(results.filter({ hasText: 'Berlin' })).toContainText('0% · 0 votes');
  }
  await expect(
    pollCard(first, CITY).getByRole('listitem').filter({ hasText: 'Lisbon' }),
  ).toContainText('Your answer');
  await expectAccessible(second);
});

test('a closed quiz reveals its correct answer and the share who got it right', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const polls = await organiser(page, 'Product Launch 2027');
  const question = 'What is the capital of Australia?';
  const quiz = await polls.create({
    kind: 'single',
    question,
    quiz: true,
    options: [{ text: 'Sydney' }, { text: 'Canberra', correct: true }, { text: 'Melbourne' }],
  });
  await polls.launch(quiz);
  const right = await viewerPage(browser, polls.event.slug);
  const wrong = await viewerPage(browser, polls.event.slug);
  await answer(right, question, 'Canberra');
  await answer(wrong, question, 'Sydney');
  // Nothing gives the answer away while the quiz runs.
  await expect(pollCard(right, question)).not.toContainText('Correct');

  await polls.close(quiz);
  await polls.patch(quiz, { resultsShown: true });
  for (const [viewer, verdict] of [
    [right, 'You got it right.'],
    [wrong, 'Not quite: the correct answers are marked.'],
  ] as const) {
    const card = pollCard(viewer, question);
    await expect(card.getByRole('listitem').filter({ hasText: 'Canberra' })).toContainText(
      '✓ Correct',
      LIVE,
    );
    await expect(card).toContainText('2 answers · 50% answered correctly');
    await expect(card).toContainText(verdict);
    await expect(card.getByRole('radio')).toHaveCount(0);
  }
  await expectAccessible(right);
});

test('a poll closed while the page did not hear of it refuses the answer with a clear message', async ({
  page,
  browser,
}) => {
  const polls = await organiser(page, 'Product Launch 2027');
  const poll = await polls.launch(await cityPoll(polls, ['Berlin', 'Lisbon']));
  // The page hears nothing after it opened (a dropped connection), so its form stays open.
  const viewer = await viewerPage(browser, polls.event.slug, { offline: true });
  await expect(pollCard(viewer, CITY)).toBeVisible();
  await polls.close(poll);

  const card = pollCard(viewer, CITY);
  await card.getByRole('radio', { name: 'Berlin' }).check();
  await card.getByRole('button', { name: 'Submit answer' }).click();
  await expect(card.getByRole('status')).toHaveText(
    'This poll has closed. Your answer was not counted.',
  );
  // The poll shows as closed now, without its form.
  await expect(card).toContainText('Closed');
  await expect(card.getByRole('radio')).toHaveCount(0);
});

test('a viewer still at the gate sees no poll', async ({ page, browser }) => {
  const polls = await organiser(page, 'Partner Summit', {
    accessMode: 'code',
    accessCode: 'Summit-2027',
  });
  await polls.launch(await cityPoll(polls, ['Berlin', 'Lisbon']));
  const viewer = await viewerPage(browser, polls.event.slug);
  await expect(viewer.getByRole('heading', { name: 'Access to this event' })).toBeVisible();
  await expect(viewer.locator('.lv-polls')).toHaveCount(0);
  await expect(viewer.getByText(CITY)).toHaveCount(0);
  // Nor does asking for the polls directly: they are behind the gate (403).
  const direct = await viewer.evaluate(async (url) => {
    const response = await fetch(url);
    return { status: response.status, body: await response.text() };
  }, `/${polls.event.slug}/_polls`);
  expect(direct.status).toBe(403);
  expect(direct.body).not.toContain(CITY);

  await viewer.getByRole('textbox', { name: 'Access code' }).fill('Summit-2027');
  await viewer.getByRole('button', { name: 'Enter' }).click();
  await expect(pollCard(viewer, CITY)).toBeVisible();
});

test('launched from the control room, the poll reaches two viewers and their answers reach the control room without a reload', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const polls = await organiser(page, 'Town Hall Live');
  await cityPoll(polls, ['Berlin', 'Lisbon', 'Vienna']);
  const first = await viewerPage(browser, polls.event.slug);
  const second = await viewerPage(browser, polls.event.slug);

  await page.goto(`/events/${polls.event.id}/live`);
  await page.getByRole('button', { name: `Launch “${CITY}”` }).click();
  for (const viewer of [first, second]) {
    await expect(pollCard(viewer, CITY)).toBeVisible(LIVE);
  }
  await answer(first, CITY, 'Berlin');
  await answer(second, CITY, 'Berlin');

  const results = page.getByRole('region', { name: 'Results' });
  await expect(results).toContainText('2 responses', LIVE);
  await expect(results).toContainText('2 votes · 100%');
  await page.getByRole('switch', { name: `Show the results of “${CITY}” to viewers` }).check();
  for (const viewer of [first, second]) {
    const options = pollCard(viewer, CITY).getByRole('listitem');
    await expect(options.filter({ hasText: 'Berlin' })).toContainText('100% · 2 votes', LIVE);
  }
});
