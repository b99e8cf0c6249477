import type { Dialog, Page } from '@playwright/test';
import { createEventByApi, ownAccount } from './event-helpers.js';
import { e2ePort } from '../playwright.config.js';
import { expect, test } from './fixtures.js';

// Messages carry text from strangers to organisers, guests and every viewer (ADR 025): a name,
// a question and an answer written as markup or a script link must show as the characters typed,
// in the inbox, the guest inbox and the public page, and run nothing anywhere.

const EVENTS_ORIGIN = `http://events.localhost:${e2ePort}`;
const NAME = '<img src=x onerror=alert(1)>';
const TEXT = '<script>alert(2)</script><a href="javascript:alert(3)">click</a>';
const ANSWER = '<img src=x onerror=alert(4)> javascript:alert(5)';

/** Records every dialog a page opens (dismissing it, so the page goes on). */
function watchDialogs(page: Page, dialogs: string[]): void {
  page.on('dialog', (dialog: Dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
}

/** No element the payload would have made, and none with a script link. */
async function expectInert(page: Page): Promise<void> {
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator('script:not([src])').filter({ hasText: 'alert(' })).toHaveCount(0);
  await expect(page.locator('a[href^="javascript:"]')).toHaveCount(0);
}

test('a hostile name, question and answer show as text in the inbox, the guest inbox and the public page, and open no dialog', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const dialogs: string[] = [];
  watchDialogs(page, dialogs);
  const { accessToken } = await ownAccount(page);
  const event = await createEventByApi(page, accessToken, 'Hostile Hall');
  const headers = { Authorization: `Bearer ${accessToken}` };
  const saved = await page.request.patch(`/api/event-settings/${event.id}`, {
    headers,
    data: { messagesEnabled: true, messagesMode: 'qa', messagesGuestToken: 'renew' },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const { messagesGuestToken } = (await saved.json()) as { messagesGuestToken: string };

  // A viewer sends the payload through the page's message tool.
  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  watchDialogs(viewer, dialogs);
  await viewer.goto(`${EVENTS_ORIGIN}/${event.slug}`);
  await viewer.getByLabel('Your name (optional)').fill(NAME);
  await viewer.getByRole('textbox', { name: 'Your question', exact: true }).fill(TEXT);
  await viewer.getByRole('button', { name: 'Send message' }).click();
  await expect(viewer.getByRole('status')).toHaveText('Thank you! Your message has been sent.');
  const own = viewer.getByRole('region', { name: 'Your questions' });
  await expect(own.getByText(TEXT, { exact: true })).toBeVisible();

  // The organiser approves it and answers publicly with a payload too.
  const listed = await page.request.get(`/api/events/${event.id}/messages`, { headers });
  const [message] = ((await listed.json()) as { results: { id: string; authorName: string }[] })
    .results;
  expect(message?.authorName).toBe(NAME);
  const answered = await page.request.patch(`/api/events/${event.id}/messages/${message?.id}`, {
    headers,
    data: { status: 'approved', answer: ANSWER, answerPublic: true },
  });
  expect(answered.status(), await answered.text()).toBe(200);

  // The inbox: the list and the detail show the characters.
  await page.goto(`/events/${event.id}/messages`);
  const row = page.getByRole('button').filter({ hasText: TEXT }).first();
  await expect(row).toBeVisible();
  await row.click();
  await expect(page.getByText(ANSWER, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(NAME, { exact: true }).first()).toBeVisible();
  await expectInert(page);

  // The guest inbox, in a fresh browser.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  watchDialogs(guest, dialogs);
  await guest.goto(`/shared/messages/${event.id}?token=${messagesGuestToken}`);
  await expect(guest.getByTestId('shared-title')).toHaveText('Hostile Hall');
  await expect(guest.getByText(TEXT, { exact: true }).first()).toBeVisible();
  await expectInert(guest);

  // The public page: the approved question with its public answer, for every viewer.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  watchDialogs(other, dialogs);
  await other.goto(`${EVENTS_ORIGIN}/${event.slug}`);
  const questions = other.getByRole('region', { name: 'Questions from the audience' });
  await expect(questions.getByText(TEXT, { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(questions.getByText(ANSWER, { exact: true })).toBeVisible();
  await expect(questions.getByText(NAME, { exact: true })).toBeVisible();
  await expectInert(other);
  await viewer.reload();
  await expect(own.getByText(ANSWER, { exact: true })).toBeVisible({ timeout: 15_000 });
  await expectInert(viewer);

  expect(dialogs).toEqual([]);
  await Promise.all([viewerContext.close(), guestContext.close(), otherContext.close()]);
});
