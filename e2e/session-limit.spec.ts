import type { Page } from '@playwright/test';
import { createEventByApi, ownAccount, patchSettings } from './event-helpers.js';
import { e2ePort } from '../playwright.config.js';
import { expect, expectAccessible, keepScreenshot, test, useLanguage } from './fixtures.js';

// Simultaneous sessions per personal link (docs/decisions/067-session-limits.md): the organiser
// allows one browser at a time; a second browser opening the same personal link ends the first
// one's session, whose open page (its live stream re-checked) reloads into the gate saying why.

const EVENTS_ORIGIN = `http://events.localhost:${e2ePort}`;
const CONTENT = 'Welcome to the shareholders’ meeting.';
const SHOTS = '.tmp/screenshots/sessions';

const TEXTS = {
  en: {
    limit: 'Simultaneous sessions per personal link or login',
    save: 'Save changes',
    saved: 'Your changes have been saved.',
    ended:
      'This link was opened in another browser, so this session ended. Open your personal link again to continue here.',
    gate: 'Access to this event',
  },
  de: {
    limit: 'Gleichzeitige Sitzungen pro persönlichem Link oder Login',
    save: 'Änderungen speichern',
    saved: 'Ihre Änderungen wurden gespeichert.',
    ended:
      'Dieser Link wurde in einem anderen Browser geöffnet, deshalb wurde diese Sitzung beendet. Öffnen Sie Ihren persönlichen Link erneut, um hier fortzufahren.',
    gate: 'Zugang zu dieser Veranstaltung',
  },
} as const;

async function screenshots(page: Page, name: string): Promise<void> {
  for (const [label, width] of [
    ['1440', 1440],
    ['390', 390],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await keepScreenshot(page, `${SHOTS}/${name}-${label}.png`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

for (const language of ['en', 'de'] as const) {
  const text = TEXTS[language];

  test(`a second browser on the same personal link ends the first one's session (${language})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const { accessToken } = await ownAccount(page);
    const event = await createEventByApi(page, accessToken, 'Annual Meeting');
    await patchSettings(page, accessToken, event.id, {
      language,
      content: CONTENT,
      accessMode: 'invitation',
    });

    // The organiser allows one browser at a time.
    await useLanguage(page, language);
    await page.goto(`/events/${event.id}/access/settings`);
    const limit = page.getByLabel(text.limit);
    await expect(limit).toHaveValue('');
    await limit.selectOption('1');
    await page.getByRole('button', { name: text.save }).click();
    await expect(page.getByText(text.saved)).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, `access-settings-${language}`);

    const added = await page.request.post(`/api/events/${event.id}/invitations`, {
      headers: { Authorization: `Bearer ${accessToken}` },
      data: { name: 'Ada Lovelace', email: 'ada@example.com' },
    });
    expect(added.status(), await added.text()).toBe(201);
    const { personalLink } = (await added.json()) as { personalLink: string };

    const first = await browser.newContext();
    const firstPage = await first.newPage();
    await firstPage.goto(personalLink);
    await expect(firstPage).toHaveURL(`${EVENTS_ORIGIN}/${event.slug}`);
    await expect(firstPage.getByText(CONTENT)).toBeVisible();
    // Its live stream is open before the other browser comes.
    await firstPage.waitForFunction(() =>
      performance.getEntriesByType('resource').some((entry) => entry.name.includes('/_live')),
    );

    const second = await browser.newContext();
    const secondPage = await second.newPage();
    await secondPage.goto(personalLink);
    await expect(secondPage.getByText(CONTENT)).toBeVisible();

    // The first page, left open, ends within the stream's access re-check (15 s) and reloads.
    const message = firstPage.getByRole('status').filter({ hasText: text.ended });
    await expect(message).toBeVisible({ timeout: 30_000 });
    await expect(firstPage.getByRole('heading', { name: text.gate })).toBeVisible();
    await expect(firstPage.getByText(CONTENT)).toHaveCount(0);
    await expectAccessible(firstPage);
    await screenshots(firstPage, `session-ended-${language}`);

    // Still ended after a reload; the second browser keeps watching.
    await firstPage.reload();
    await expect(message).toBeVisible();
    await secondPage.reload();
    await expect(secondPage.getByText(CONTENT)).toBeVisible();

    // Opening the personal link again continues here, and ends the other browser's session.
    await firstPage.goto(personalLink);
    await expect(firstPage.getByText(CONTENT)).toBeVisible();
    await secondPage.reload();
    await expect(secondPage.getByRole('status').filter({ hasText: text.ended })).toBeVisible();
    await expect(secondPage.getByText(CONTENT)).toHaveCount(0);

    await first.close();
    await second.close();
  });
}
