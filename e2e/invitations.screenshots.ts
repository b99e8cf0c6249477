import type { Page } from '@playwright/test';
import { createEventByApi, ownAccount } from './event-helpers.js';
import { e2ePort } from '../playwright.config.js';
import { expect, saveScreenshot, test, useLanguage, VIEWPORTS } from './fixtures.js';

/**
 * Screenshots of the invitation list and the invitation gate (ADR 026) in both languages and
 * sizes, for people to look at (not compared). `npm run screenshots` runs this file.
 */

const EVENTS_ORIGIN = `http://events.localhost:${e2ePort}`;

const GUESTS = [
  { name: 'Grace Hopper', email: 'grace@example.com', username: 'grace' },
  { name: 'Ada Lovelace', email: 'ada@example.com' },
  { name: 'Alan Turing', email: 'alan@example.org', password: 'Enigma-1936' },
];

const TEXTS = {
  en: 'Welcome to the Awards Gala. Please sign in with the username and password from your invitation.',
  de: 'Willkommen zur Preisverleihung. Bitte melden Sie sich mit Benutzername und Passwort aus Ihrer Einladung an.',
} as const;

async function settle(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

for (const language of ['en', 'de'] as const) {
  for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
    const suffix = `${viewportName}-${language}`;
    test.describe(`invitation screenshots ${language} ${viewportName}`, () => {
      test.use({ viewport });

      test('invitation list, the add dialog and the gate', async ({ page, browser }) => {
        test.setTimeout(90_000);
        const { accessToken } = await ownAccount(page);
        const headers = { Authorization: `Bearer ${accessToken}` };
        const event = await createEventByApi(page, accessToken, 'Awards Gala');
        const saved = await page.request.patch(`/api/event-settings/${event.id}`, {
          headers,
          data: { language, accessMode: 'invitation', accessText: TEXTS[language] },
        });
        expect(saved.status(), await saved.text()).toBe(200);
        for (const guest of GUESTS) {
          const added = await page.request.post(`/api/events/${event.id}/invitations`, {
            headers,
            data: guest,
          });
          expect(added.status(), await added.text()).toBe(201);
        }

        await useLanguage(page, language);
        await page.goto(`/events/${event.id}/access/invitationlist`);
        await expect(page.getByRole('row')).toHaveCount(GUESTS.length + 1);
        await settle(page);
        await saveScreenshot(page, `invitation-list-${suffix}`);
        await page.getByRole('button', { name: /^(Add invitation|Einladung hinzufügen)$/ }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await settle(page);
        await saveScreenshot(page, `invitation-dialog-${suffix}`);

        const viewer = await browser.newContext({ viewport });
        const viewerPage = await viewer.newPage();
        await viewerPage.goto(`${EVENTS_ORIGIN}/${event.slug}`);
        await viewerPage.locator('#lv-access-username').fill('grace');
        await viewerPage.locator('#lv-access-password').fill('wrong');
        await viewerPage.locator('.lv-gate-form button').click();
        await expect(viewerPage.getByRole('alert')).toBeVisible();
        await settle(viewerPage);
        await saveScreenshot(viewerPage, `invitation-gate-${suffix}`);
        await viewer.close();
      });
    });
  }
}
