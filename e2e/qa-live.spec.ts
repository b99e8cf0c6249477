import type { Page } from '@playwright/test';
import { e2ePort } from '../playwright.config.js';
import { createEventByApi, ownAccount } from './event-helpers.js';
import { expect, expectAccessible, test, useLanguage } from './fixtures.js';

// Q&A that reaches the audience (ADR 053): the organiser answers an approved question in the
// dashboard without touching the visibility switch, and pins it; a viewer's open page in another
// browser shows both within 2 s (its live stream says the messages changed), without a reload.

const EVENTS_ORIGIN = `http://events.localhost:${e2ePort}`;
/** Within 2 s; the frame, the request and the redraw take a moment more on a busy machine. */
const WITHIN_TWO_SECONDS = { timeout: 3_000 };

/** A new account's event with the message tool on as Q&A, its page in `language`. */
async function qaEvent(page: Page, title: string, language: 'en' | 'de') {
  const { accessToken } = await ownAccount(page);
  const event = await createEventByApi(page, accessToken, title);
  const settings = await page.request.patch(`/api/event-settings/${event.id}`, {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: { messagesEnabled: true, messagesMode: 'qa', language },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  return event;
}

async function ask(viewer: Page, text: string) {
  await viewer.getByRole('textbox', { name: 'Your question', exact: true }).fill(text);
  await viewer.getByRole('button', { name: 'Send message' }).click();
  await expect(viewer.getByRole('status')).toHaveText('Thank you! Your message has been sent.');
}

test('an answered and a pinned question reach an open viewer page within 2 s', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const event = await qaEvent(page, 'Ask Me Anything', 'en');

  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  await viewer.goto(`${EVENTS_ORIGIN}/${event.slug}`);
  await ask(viewer, 'Is there a recording?');
  await ask(viewer, 'Where are the slides?');
  const questions = viewer.getByRole('region', { name: 'Questions from the audience' });

  await page.goto(`/events/${event.id}/messages`);
  const row = page.getByTestId('message-row').filter({ hasText: 'Is there a recording?' });
  await row.click();
  const detail = page.getByTestId('message-detail');
  await detail.getByRole('button', { name: 'Approve' }).click();
  await expect(row.locator('[data-status]')).toHaveText('Approved');
  await expect(questions.getByText('Is there a recording?')).toBeVisible(WITHIN_TWO_SECONDS);

  // The switch starts on for an approved question and says what each state does.
  await detail.getByRole('button', { name: 'Write an answer' }).click();
  const visibility = detail.getByRole('switch');
  await expect(visibility).toBeChecked();
  await expect(detail.getByText('Answer shown on the page')).toBeVisible();
  await visibility.uncheck();
  await expect(
    detail.getByText('Answer visible only to the organisers and the person who asked'),
  ).toBeVisible();
  await visibility.check();
  await expectAccessible(page);
  await detail.getByLabel('Answer', { exact: true }).fill('Yes, from tomorrow on.');
  await detail.getByRole('button', { name: 'Save answer' }).click();
  await expect(detail.getByTestId('message-answer')).toContainText('Public answer');
  await expect(questions.getByText('Yes, from tomorrow on.')).toBeVisible(WITHIN_TWO_SECONDS);

  await detail.getByRole('button', { name: 'Pin', exact: true }).click();
  await expect(detail.getByRole('button', { name: 'Unpin' })).toBeVisible();
  const pinned = questions.getByRole('listitem').filter({ hasText: 'Is there a recording?' });
  await expect(pinned.getByText('Pinned')).toBeVisible(WITHIN_TWO_SECONDS);

  // The unapproved question never reached the public list.
  await expect(questions.getByText('Where are the slides?')).toHaveCount(0);
  await expectAccessible(viewer);
  await viewerContext.close();
});

test('the answer switch speaks German', async ({ page, browser }) => {
  await useLanguage(page, 'de');
  const event = await qaEvent(page, 'Fragestunde', 'de');
  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  await viewer.goto(`${EVENTS_ORIGIN}/${event.slug}`);
  await viewer.locator('#lv-msg-text').fill('Gibt es eine Aufzeichnung?');
  await viewer.locator('.lv-message-form button[type="submit"]').click();
  await expect(viewer.locator('.lv-message-status')).not.toBeEmpty();
  await viewerContext.close();

  await page.goto(`/events/${event.id}/messages`);
  await page.getByTestId('message-row').first().click();
  const detail = page.getByTestId('message-detail');
  await detail.getByRole('button', { name: 'Freigeben' }).click();
  await detail.getByRole('button', { name: 'Antwort schreiben' }).click();
  await expect(detail.getByText('Antwort wird auf der Seite angezeigt')).toBeVisible();
  await detail.getByRole('switch').uncheck();
  await expect(
    detail.getByText('Antwort nur für Veranstalter und die fragende Person sichtbar'),
  ).toBeVisible();
  await expectAccessible(page);
});
