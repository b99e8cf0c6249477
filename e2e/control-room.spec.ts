import type { Page } from '@playwright/test';
import { createEventByApi, ownAccount } from './event-helpers.js';
import { expect, expectAccessible, setPlan, test } from './fixtures.js';

// The control room (ADR 060): the organiser prepares a poll of each kind, launches and closes
// one, shows its results to viewers and downloads the CSV; a quiz needs a correct option, the
// free plan's fourth poll is refused with a link to the plans; the guest link launches a poll.

/** Fills the "New poll" dialog and submits it; returns the dialog. */
async function createPoll(
  page: Page,
  poll: { kind?: string; question: string; options?: string[]; quiz?: boolean },
) {
  await page.getByRole('button', { name: 'New poll' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New poll' });
  if (poll.kind) await dialog.getByLabel('Kind').selectOption({ label: poll.kind });
  await dialog.getByLabel('Question').fill(poll.question);
  for (const [index, option] of (poll.options ?? []).entries()) {
    if (index >= 2) await dialog.getByRole('button', { name: 'Add option' }).click();
    await dialog.getByLabel(`Option ${index + 1}`, { exact: true }).fill(option);
  }
  if (poll.quiz) await dialog.getByRole('switch', { name: 'Quiz mode' }).check();
  await dialog.getByRole('button', { name: 'Create poll' }).click();
  return dialog;
}

const pollRow = (page: Page, question: string) =>
  page.getByRole('listitem').filter({ hasText: question });

test.describe('the control room', () => {
  test('polls of every kind: launch, close, results to viewers, CSV', async ({ page }) => {
    test.setTimeout(120_000);
    const { account, accessToken } = await ownAccount(page);
    await setPlan(account.email, 'professional');
    const event = await createEventByApi(page, accessToken, 'Town Hall');

    await page.goto(`/events/${event.id}/live`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Control room');
    await expect(page.getByText(/No polls yet — prepare one before the event/)).toBeVisible();
    await expectAccessible(page);

    await createPoll(page, { question: 'Which city next?', options: ['Berlin', 'Lisbon'] });
    await expect(pollRow(page, 'Which city next?')).toBeVisible();

    // A quiz without a correct option is refused at the form, then accepted with one.
    const quiz = await createPoll(page, {
      kind: 'Multiple choice',
      question: 'Which ship in 2027?',
      options: ['Offline mode', 'Time travel'],
      quiz: true,
    });
    await expect(quiz.getByText('Mark at least one option as correct')).toBeVisible();
    await quiz.getByRole('checkbox', { name: 'Correct' }).first().check();
    await quiz.getByRole('button', { name: 'Create poll' }).click();
    await expect(quiz).toBeHidden();
    await expect(pollRow(page, 'Which ship in 2027?')).toContainText('Quiz');

    await createPoll(page, { kind: 'Rating (1–5)', question: 'How was the keynote?' });
    await createPoll(page, { kind: 'Open text', question: 'One word for today?' });
    await expect(pollRow(page, 'One word for today?')).toContainText('Open text');

    // Launch: the poll goes live and its results follow it.
    await page.getByRole('button', { name: 'Launch “Which city next?”' }).click();
    await expect(pollRow(page, 'Which city next?')).toContainText('Live');
    const results = page.getByRole('region', { name: 'Results' });
    await expect(results).toContainText('Which city next?');
    await expect(results).toContainText('0 responses');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Close “Which city next?”' }).click();
    await expect(
      page.getByRole('button', { name: 'Launch “Which city next?” again' }),
    ).toBeVisible();
    const shown = page.getByRole('switch', {
      name: 'Show the results of “Which city next?” to viewers',
    });
    await shown.check();
    await expect(shown).toBeChecked();
    await page.reload();
    await expect(shown).toBeChecked();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.csv$/);
  });

  test("the free plan's fourth poll is refused with a link to the plans", async ({ page }) => {
    const { accessToken } = await ownAccount(page);
    const event = await createEventByApi(page, accessToken, 'Free Town Hall');
    for (const question of ['One?', 'Two?', 'Three?']) {
      const created = await page.request.post(`/api/events/${event.id}/polls`, {
        headers: { Authorization: `Bearer ${accessToken}` },
        data: { kind: 'rating', question },
      });
      expect(created.status(), await created.text()).toBe(201);
    }
    await page.goto(`/events/${event.id}/live`);
    await expect(pollRow(page, 'Three?')).toBeVisible();
    const dialog = await createPoll(page, { kind: 'Rating (1–5)', question: 'Four?' });
    const alert = dialog.getByRole('alert');
    await expect(alert).toBeVisible();
    await expect(alert.getByRole('link', { name: 'See the plans' })).toHaveAttribute(
      'href',
      '/account/plan',
    );
    await expectAccessible(page);
  });

  test('the guest link launches a poll', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const { accessToken } = await ownAccount(page);
    const event = await createEventByApi(page, accessToken, 'Guest Town Hall');
    const created = await page.request.post(`/api/events/${event.id}/polls`, {
      headers: { Authorization: `Bearer ${accessToken}` },
      data: {
        kind: 'single',
        question: 'Coffee or tea?',
        options: [{ text: 'Coffee' }, { text: 'Tea' }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    await page.goto(`/events/${event.id}/interaction`);
    await page.getByRole('switch', { name: 'Let viewers send messages' }).check();
    await page.getByRole('button', { name: 'Enable guest link' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    const linkField = page.getByTestId('guest-inbox-link');
    await expect(linkField).toHaveValue(/#token=.+/);
    const guestLink = new URL(await linkField.inputValue());

    const guestContext = await browser.newContext();
    const guest = await guestContext.newPage();
    await guest.goto(`${guestLink.pathname}${guestLink.hash}`);
    await guest.getByRole('button', { name: 'Launch “Coffee or tea?”' }).click();
    await expect(pollRow(guest, 'Coffee or tea?')).toContainText('Live');
    await expect(guest.getByRole('button', { name: 'Download CSV' })).toHaveCount(0);
    await expectAccessible(guest);
    await guestContext.close();

    // The organiser's control room sees the launch.
    await page.goto(`/events/${event.id}/live`);
    await expect(pollRow(page, 'Coffee or tea?')).toContainText('Live');
  });
});
