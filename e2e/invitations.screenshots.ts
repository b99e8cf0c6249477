import type { Page } from '@playwright/test';
import { createEventByApi, ownAccount } from './event-helpers.js';
import { e2ePort } from '../playwright.config.js';
import { expect, saveScreenshot, setPlan, test, useLanguage, VIEWPORTS } from './fixtures.js';

/**
 * Screenshots of the invitation list with its send dialog, the invitation email screen, the
 * invitation gate and the login list (ADR 026) in both languages and sizes, for people to look at
 * (not compared). `npm run screenshots` runs this file.
 */

const EVENTS_ORIGIN = `http://events.localhost:${e2ePort}`;

const GUESTS = [
  { name: 'Grace Hopper', email: 'grace@example.com', username: 'grace' },
  { name: 'Ada Lovelace', email: 'ada@example.com' },
  { name: 'Alan Turing', email: 'alan@example.org', password: 'Enigma-1936' },
];

const MAIL = {
  en: {
    invitationMailSubject: 'Your seat at {EventName}',
    invitationMailBody:
      'Dear {Name},\n\nwe are glad you can join us. Open your personal link to watch:\n{PersonalLink}\n\nOr sign in at {EventLink} with the username {Username} and the password {Password}.\n\nSee you soon!',
  },
  de: {
    invitationMailSubject: 'Ihr Platz bei {EventName}',
    invitationMailBody:
      'Liebe/r {Name},\n\nschön, dass Sie dabei sind. Öffnen Sie Ihren persönlichen Link, um zuzusehen:\n{PersonalLink}\n\nOder melden Sie sich unter {EventLink} mit dem Benutzernamen {Username} und dem Passwort {Password} an.\n\nBis bald!',
  },
} as const;

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

      test('invitation list, its dialogs, the email screen, the gate and the login list', async ({
        page,
        browser,
      }) => {
        test.setTimeout(120_000);
        const { account, accessToken } = await ownAccount(page);
        // Invitation emails and the login list (CUSTOM_ACCESS) come with this plan.
        await setPlan(account.email, 'enterprise-member');
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
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toBeHidden();
        await page.getByRole('button', { name: /^(Send emails|E-Mails senden)$/ }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await settle(page);
        await saveScreenshot(page, `invitation-send-dialog-${suffix}`);
        await page.getByRole('button', { name: /^(Send|Senden)$/ }).click();
        await expect(page.getByRole('dialog')).toBeHidden();
        await expect(
          page
            .getByRole('row')
            .nth(1)
            .getByText(/^(Not sent|Nicht gesendet)$/),
        ).toHaveCount(0);
        await settle(page);
        await saveScreenshot(page, `invitation-list-sent-${suffix}`);

        const texts = await page.request.patch(`/api/event-settings/${event.id}`, {
          headers,
          data: MAIL[language],
        });
        expect(texts.status(), await texts.text()).toBe(200);
        await page.goto(`/events/${event.id}/access/invitations`);
        await expect(page.getByRole('region', { name: /^(Preview|Vorschau)$/ })).toContainText(
          'Awards Gala',
        );
        await settle(page);
        await saveScreenshot(page, `invitation-email-${suffix}`);

        const viewer = await browser.newContext({ viewport });
        const viewerPage = await viewer.newPage();
        await viewerPage.goto(`${EVENTS_ORIGIN}/${event.slug}`);
        await viewerPage.locator('#lv-access-username').fill('grace');
        await viewerPage.locator('#lv-access-password').fill('wrong');
        await viewerPage.locator('.lv-gate-form button').click();
        await expect(viewerPage.getByRole('alert')).toBeVisible();
        await settle(viewerPage);
        await saveScreenshot(viewerPage, `invitation-gate-${suffix}`);
        await viewerPage.locator('#lv-access-password').fill(GUESTS[2]!.password!);
        await viewerPage.locator('#lv-access-username').fill(GUESTS[2]!.email);
        await viewerPage.locator('.lv-gate-form button').click();
        await expect(viewerPage.locator('.lv-gate-form')).toHaveCount(0);
        await viewer.close();

        await page.goto(`/events/${event.id}/access/loginlist`);
        await expect(page.getByRole('row')).toHaveCount(2);
        await settle(page);
        await saveScreenshot(page, `login-list-${suffix}`);
      });
    });
  }
}
