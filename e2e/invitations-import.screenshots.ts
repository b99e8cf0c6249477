import type { Page } from '@playwright/test';
import { createEventByApi, ownAccount } from './event-helpers.js';
import { expect, saveScreenshot, test, useLanguage, VIEWPORTS } from './fixtures.js';

/**
 * Screenshots of each step of the invitations CSV import (ADR 026) in both languages and sizes,
 * for people to look at (not compared). `npm run screenshots` runs this file.
 */

// Windows-1252 as a spreadsheet on Windows saves it: umlauts as single bytes, and 0x81, which
// is no character there, so that the columns step shows its warning; one address is refused.
const FILE = Buffer.concat([
  Buffer.from('Name;E-Mail;Kennwort\r\n', 'latin1'),
  Buffer.from('Jürgen Müller;juergen@example.com;Tulpe-4711\r\n', 'latin1'),
  Buffer.from('Grace Hopper;grace@example.com;Cobol-1959\r\n', 'latin1'),
  Buffer.from('Zo', 'latin1'),
  Buffer.from([0x81]),
  Buffer.from(' Schmidt;zoe@example;\r\n', 'latin1'),
  Buffer.from('Alan Turing;alan@example.org;\r\n', 'latin1'),
]);

const WORDS = {
  en: {
    open: 'Import CSV',
    dialog: 'Import invitations',
    next: 'Next',
    replace: /^Replace/,
    import: 'Import 4 rows',
    confirm: 'Replace',
  },
  de: {
    open: 'CSV importieren',
    dialog: 'Einladungen importieren',
    next: 'Weiter',
    replace: /^Ersetzen/,
    import: '4 Zeilen importieren',
    confirm: 'Ersetzen',
  },
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
    const words = WORDS[language];
    test.describe(`invitation import screenshots ${language} ${viewportName}`, () => {
      test.use({ viewport });

      test('each step of the import dialog', async ({ page }) => {
        test.setTimeout(90_000);
        const { accessToken } = await ownAccount(page);
        const event = await createEventByApi(page, accessToken, 'Awards Gala');
        const added = await page.request.post(`/api/events/${event.id}/invitations`, {
          headers: { Authorization: `Bearer ${accessToken}` },
          data: { name: 'Ada Lovelace', email: 'ada@example.com' },
        });
        expect(added.status(), await added.text()).toBe(201);

        await useLanguage(page, language);
        await page.goto(`/events/${event.id}/access/invitationlist`);
        await page.getByRole('button', { name: words.open }).click();
        const dialog = page.getByRole('dialog', { name: words.dialog });
        await expect(dialog).toBeVisible();
        await settle(page);
        await saveScreenshot(page, `invitations-import-1-file-${suffix}`);

        await dialog
          .locator('input[type="file"]')
          .setInputFiles({ name: 'gaeste.csv', mimeType: 'text/csv', buffer: FILE });
        await expect(dialog.getByRole('table')).toBeVisible();
        await settle(page);
        await saveScreenshot(page, `invitations-import-2-columns-${suffix}`);

        await dialog.getByRole('button', { name: words.next }).click();
        await dialog.getByRole('radio', { name: words.replace }).check();
        await settle(page);
        await saveScreenshot(page, `invitations-import-3-options-${suffix}`);

        await dialog.getByRole('button', { name: words.import }).click();
        const confirm = page.getByRole('dialog').filter({ hasNotText: words.dialog });
        await expect(confirm).toBeVisible();
        await settle(page);
        await saveScreenshot(page, `invitations-import-3-confirm-${suffix}`);
        await confirm.getByRole('button', { name: words.confirm }).click();

        await expect(dialog.locator('dd').first()).toBeVisible();
        await settle(page);
        await saveScreenshot(page, `invitations-import-4-report-${suffix}`);
      });
    });
  }
}
