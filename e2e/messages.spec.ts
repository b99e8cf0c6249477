import type { Page } from '@playwright/test';
import { createEventByApi, ownAccount } from './event-helpers.js';
import { e2ePort } from '../playwright.config.js';
import { expect, expectAccessible, test } from './fixtures.js';

// The message inbox (ADR 025): the organiser turns on moderated Q&A and the guest link, a viewer
// asks on the public page, the open inbox shows it live, the organiser approves and answers
// publicly, the viewer sees the answer; the guest link opens the inbox without an account and
// stops working once renewed.

const EVENTS_ORIGIN = `http://events.localhost:${e2ePort}`;
/**
 * The public page reads its lists when its live stream says so (ADR 057); generous, as this
 * spec is not about the delay.
 */
const POLL_WAIT = { timeout: 15_000 };

async function ask(viewer: Page, text: string) {
  await viewer.getByRole('textbox', { name: 'Your question', exact: true }).fill(text);
  await viewer.getByRole('button', { name: 'Send message' }).click();
  await expect(viewer.getByRole('status')).toHaveText('Thank you! Your message has been sent.');
}

test.describe('message inbox', () => {
  test('live inbox, moderation and a public answer; the guest link and its renewal', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const { accessToken } = await ownAccount(page);
    const event = await createEventByApi(page, accessToken, 'Town Hall');

    // The organiser turns on the message tool as moderated Q&A, with the guest link.
    await page.goto(`/events/${event.id}/interaction`);
    await page.getByRole('switch', { name: 'Let viewers send messages' }).check();
    await page.getByRole('radio', { name: /Moderated Q&A/ }).check();
    await page.getByRole('button', { name: 'Enable guest link' }).click();
    await expect(page.getByText('The guest link will be created when you save.')).toBeVisible();
    await page.getByRole('button', { name: 'Save changes' }).click();
    const linkField = page.getByTestId('guest-inbox-link');
    await expect(linkField).toHaveValue(/\/shared\/messages\/[^?]+#token=.+/);
    const guestLink = new URL(await linkField.inputValue());
    await expectAccessible(page);

    // The inbox is open and empty; a viewer asks on the public page.
    await page.goto(`/events/${event.id}/messages`);
    await expect(page.getByRole('heading', { name: 'No messages yet' })).toBeVisible();
    const viewerContext = await browser.newContext();
    const viewer = await viewerContext.newPage();
    await viewer.goto(`${EVENTS_ORIGIN}/${event.slug}`);
    await ask(viewer, 'Will the demos be recorded?');

    // It appears in the open inbox without a reload, unread, and counted in the navigation.
    const row = page.getByTestId('message-row').filter({ hasText: 'Will the demos be recorded?' });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Unread');
    await expect(row).toContainText('Anonymous');
    await expect(page.getByRole('link', { name: 'Message inbox 1 unread' })).toBeVisible();
    await expectAccessible(page);

    // Opening it reads it; approve (with its undo), then answer publicly.
    await row.click();
    const detail = page.getByTestId('message-detail');
    await expect(detail.getByTestId('message-text')).toHaveText('Will the demos be recorded?');
    await expect(row).not.toContainText('Unread');
    await expect(page.getByRole('link', { name: 'Message inbox', exact: true })).toBeVisible();
    await detail.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Approved' })).toBeVisible();
    await expect(row.locator('[data-status]')).toHaveText('Approved');
    await detail.getByRole('button', { name: 'Write an answer' }).click();
    await detail.getByLabel('Answer', { exact: true }).fill('Yes, all of them.');
    await detail.getByRole('switch').check();
    await detail.getByRole('button', { name: 'Save answer' }).click();
    await expect(detail.getByTestId('message-answer')).toContainText('Public answer');
    await expect(row.locator('[data-status]')).toHaveText('Answered');
    await expect(detail.getByRole('region', { name: 'History' })).toContainText(
      'Moved to Answered',
    );

    // The CSV export downloads with the organiser's credentials.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/^messages-.+\.csv$/);

    // The viewer sees the public answer on the page.
    const questions = viewer.getByRole('region', { name: 'Questions from the audience' });
    await expect(questions.getByText('Yes, all of them.')).toBeVisible(POLL_WAIT);
    await viewerContext.close();

    // The guest link works in a fresh browser without an account; its token is in the fragment,
    // which no request carries (ADR 056; reload and requests: e2e/tour-dashboard.spec.ts).
    const guestContext = await browser.newContext();
    const guest = await guestContext.newPage();
    expect(guestLink.search).toBe('');
    await guest.goto(`${guestLink.pathname}${guestLink.hash}`);
    await expect(guest.getByTestId('shared-title')).toHaveText('Town Hall');
    const guestRow = guest
      .getByTestId('message-row')
      .filter({ hasText: 'Will the demos be recorded?' });
    await expect(guestRow).toBeVisible();
    await expect(guest.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
    await expect(guest.getByRole('button', { name: 'Note to organisers' })).toHaveCount(0);
    await guestRow.click();
    await expect(guest.getByRole('button', { name: 'Delete message' })).toHaveCount(0);
    await expectAccessible(guest);

    // Renewing the link ends the old one: "Token expired".
    await page.goto(`/events/${event.id}/interaction`);
    await page.getByRole('button', { name: 'Renew link' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Renew link' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(linkField).not.toHaveValue(guestLink.toString());
    await guest.reload();
    await expect(guest.getByRole('heading', { level: 1 })).toHaveText(
      "You are lost. This page doesn't exist.",
    );
    await expect(guest.getByTestId('error-hint')).toHaveText(
      'Token expired: this link is no longer valid.',
    );
    const stranger = await (await browser.newContext()).newPage();
    await stranger.goto(`${guestLink.pathname}?token=not-a-token`);
    await expect(stranger.getByTestId('error-hint')).toHaveText(
      'Token not found: this link is not valid or has already been used.',
    );
    await guestContext.close();
  });
});
