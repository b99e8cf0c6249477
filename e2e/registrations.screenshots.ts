import type { Page } from '@playwright/test';
import { createEventByApi, ownAccount } from './event-helpers.js';
import { e2ePort } from '../playwright.config.js';
import { expect, saveScreenshot, setPlan, test, useLanguage, VIEWPORTS } from './fixtures.js';

/**
 * Screenshots of the registration gate (the form, and "check your inbox" in the verify mode), the
 * organiser's registration list with its send dialog, and the registration settings with the
 * email text (ADR 026) in both languages and sizes, for people to look at (not compared).
 * `npm run screenshots` runs this file.
 */

const EVENTS_ORIGIN = `http://events.localhost:${e2ePort}`;

const TEXTS = {
  en: 'Register with your company email address to watch the Partner Summit live.',
  de: 'Registrieren Sie sich mit Ihrer Firmen-E-Mail-Adresse, um den Partner Summit live zu sehen.',
} as const;

const PEOPLE = [
  ['Grace Hopper', 'grace@example.com', 'Navy', '251+'],
  ['Ada Lovelace', 'ada@example.com', 'Analytical Engines', '1-10'],
  ['Alan Turing', 'alan@example.com', 'Bletchley Park', '51-250'],
] as const;

async function settle(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

for (const language of ['en', 'de'] as const) {
  for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
    const suffix = `${viewportName}-${language}`;
    test.describe(`registration screenshots ${language} ${viewportName}`, () => {
      test.use({ viewport });

      test('the registration gate and the registration list', async ({ page, browser }) => {
        test.setTimeout(90_000);
        const { account, accessToken } = await ownAccount(page);
        // Sending from the list needs the plan's mail feature.
        await setPlan(account.email, 'professional');
        const event = await createEventByApi(page, accessToken, 'Partner Summit 2027');
        const saved = await page.request.patch(`/api/event-settings/${event.id}`, {
          headers: { Authorization: `Bearer ${accessToken}` },
          data: {
            language,
            headline: 'Partner Summit 2027',
            accessMode: 'registration',
            accessText: TEXTS[language],
            privacyLink: 'https://example.com/privacy',
            registrationFields: [
              {
                name: 'company',
                label: language === 'de' ? 'Unternehmen' : 'Company',
                required: true,
                options: [],
              },
              {
                name: 'size',
                label: language === 'de' ? 'Unternehmensgröße' : 'Company size',
                required: false,
                options: ['1-10', '11-50', '51-250', '251+'],
              },
            ],
          },
        });
        expect(saved.status(), await saved.text()).toBe(200);

        const viewer = await browser.newContext({ viewport });
        const viewerPage = await viewer.newPage();
        await viewerPage.goto(`${EVENTS_ORIGIN}/${event.slug}`);
        await expect(viewerPage.locator('#lv-register-email')).toBeVisible();
        await settle(viewerPage);
        await saveScreenshot(viewerPage, `registration-gate-${suffix}`);
        for (const [name, email, company, size] of PEOPLE) {
          await viewer.clearCookies();
          await viewerPage.goto(`${EVENTS_ORIGIN}/${event.slug}`);
          await viewerPage.locator('#lv-register-name').fill(name);
          await viewerPage.locator('#lv-register-email').fill(email);
          await viewerPage.locator('#lv-register-company').fill(company);
          await viewerPage.locator('#lv-register-size').selectOption(size);
          await viewerPage.locator('.lv-gate-form button').click();
          await expect(viewerPage.locator('#lv-register-email')).toHaveCount(0);
        }
        await viewer.close();

        await useLanguage(page, language);
        await page.goto(`/events/${event.id}/access/registrationlist`);
        await expect(page.getByRole('row')).toHaveCount(PEOPLE.length + 1);
        await settle(page);
        await saveScreenshot(page, `registration-list-${suffix}`);
        await page.getByRole('button', { name: /^(Send emails|E-Mails senden)$/ }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await settle(page);
        await saveScreenshot(page, `registration-send-dialog-${suffix}`);

        await page.goto(`/events/${event.id}/access/registrations`);
        await expect(page.getByRole('region', { name: /^(Preview|Vorschau)$/ })).toContainText(
          'Partner Summit 2027',
        );
        await settle(page);
        await saveScreenshot(page, `registration-settings-${suffix}`);
      });
    });
  }
}
