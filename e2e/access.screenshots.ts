import type { Page } from '@playwright/test';
import { createEventByApi, ownAccount } from './event-helpers.js';
import { e2ePort } from '../playwright.config.js';
import { expect, saveScreenshot, test, useLanguage, VIEWPORTS } from './fixtures.js';

/**
 * Screenshots of the access settings screen and the code gate (ADR 026) in both languages and
 * sizes, for people to look at (not compared). `npm run screenshots` runs this file.
 */

const EVENTS_ORIGIN = `http://events.localhost:${e2ePort}`;

const TEXTS = {
  en: 'Welcome to the Partner Summit. Please enter the access code from your invitation email.',
  de: 'Willkommen zum Partner Summit. Bitte geben Sie den Zugangscode aus Ihrer Einladung ein.',
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
    test.describe(`access screenshots ${language} ${viewportName}`, () => {
      test.use({ viewport });

      test('access settings, registration settings and the gate', async ({ page, browser }) => {
        test.setTimeout(90_000);
        const { accessToken } = await ownAccount(page);
        const event = await createEventByApi(page, accessToken, 'Partner Summit 2027');
        const saved = await page.request.patch(`/api/event-settings/${event.id}`, {
          headers: { Authorization: `Bearer ${accessToken}` },
          data: {
            language,
            headline: 'Partner Summit 2027',
            introduction: TEXTS[language],
            accessMode: 'code',
            accessCode: 'Summit-2027',
            accessText: TEXTS[language],
            registrationEmailDomains: ['example.com', 'partner.example.org'],
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
                options: ['1-10', '11-50', '51-250', '250+'],
              },
            ],
          },
        });
        expect(saved.status(), await saved.text()).toBe(200);

        await useLanguage(page, language);
        await page.goto(`/events/${event.id}/access/settings`);
        await expect(page.getByLabel(/^(Access mode|Zugangsart)/)).toBeVisible();
        await settle(page);
        await saveScreenshot(page, `access-settings-${suffix}`);
        await page.goto(`/events/${event.id}/access/registrations`);
        await expect(page.getByTestId('registration-field')).toHaveCount(2);
        await settle(page);
        await saveScreenshot(page, `access-registrations-${suffix}`);

        const viewer = await browser.newContext({ viewport });
        const viewerPage = await viewer.newPage();
        await viewerPage.goto(`${EVENTS_ORIGIN}/${event.slug}`);
        await viewerPage.locator('#lv-access-code').fill('wrong');
        await viewerPage.locator('.lv-gate-form button').click();
        await expect(viewerPage.getByRole('alert')).toBeVisible();
        await settle(viewerPage);
        await saveScreenshot(viewerPage, `access-gate-${suffix}`);
        await viewer.close();
      });
    });
  }
}
