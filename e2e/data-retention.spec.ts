import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { createEventByApi, ownAccount, patchSettings } from './event-helpers.js';
import { expect, expectAccessible, test, useLanguage } from './fixtures.js';

// Data retention and the account's export (docs/decisions/073-data-retention-and-privacy.md): the
// organiser sets retention on the compliance screen and sees when the viewer data goes, then
// downloads everything stored for the account; in English and German.

const SCREENSHOTS = '.tmp/screenshots/retention';

async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${String(width)}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** An event on 10 March 2027, 10:00 to 11:00 UTC. */
async function datedEvent(page: Page, accessToken: string, title: string) {
  const event = await createEventByApi(page, accessToken, title);
  await patchSettings(page, accessToken, event.id, {
    startMode: 'datetime',
    startDate: '2027-03-10',
    startTime: '10:00',
    timeZone: 'UTC',
    durationMinutes: 60,
  });
  return event;
}

test.describe('data retention', () => {
  test('sets retention on the compliance screen and downloads the account data', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const { account, accessToken } = await ownAccount(page);
    const event = await datedEvent(page, accessToken, 'Retention Day');

    await page.goto(`/events/${event.id}/compliance`);
    await page.getByLabel('Keep viewer data').selectOption('90');
    await expect(page.getByText('Viewer data will be deleted on Jun 8, 2027.')).toBeVisible();
    await page.getByRole('radio', { name: /Anonymise it/ }).check();
    await expect(page.getByText('Viewer data will be anonymised on Jun 8, 2027.')).toBeVisible();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('All changes saved.')).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'compliance-en');

    await page.goto('/account/profile');
    const button = page.getByRole('button', { name: 'Download my data' });
    const download = page.waitForEvent('download');
    await button.click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^livent-export-\d{4}-\d{2}-\d{2}\.json$/);
    const archive = JSON.parse(await readFile(await file.path(), 'utf8')) as {
      account: { email: string };
      events: { event: { id: string; settings: { retentionDays: number } } }[];
    };
    expect(archive.account.email).toBe(account.email);
    expect(archive.events.map((entry) => entry.event.id)).toEqual([event.id]);
    expect(archive.events[0]?.event.settings.retentionDays).toBe(90);
    await expect(button).toBeEnabled();
    await expectAccessible(page);
    await shoot(page, 'profile-en');
  });

  test('in German, and asks before data that is due goes at once', async ({ page }) => {
    test.setTimeout(90_000);
    const { accessToken } = await ownAccount(page);
    const event = await datedEvent(page, accessToken, 'Aufbewahrung');
    await patchSettings(page, accessToken, event.id, { startDate: '2025-01-10' });
    await useLanguage(page, 'de');

    await page.goto(`/events/${event.id}/compliance`);
    await page.getByLabel('Zuschauerdaten aufbewahren').selectOption('30');
    await expect(
      page.getByText(/^Die Zuschauerdaten werden am 09\.02\.2025 gelöscht\./),
    ).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'compliance-de');
    await page.getByRole('button', { name: 'Änderungen speichern' }).click();
    const dialog = page.getByRole('dialog', { name: 'Zuschauerdaten jetzt entfernen?' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'confirm-de');
    await dialog.getByRole('button', { name: 'Speichern und entfernen' }).click();
    await expect(page.getByText('Alle Änderungen gespeichert.')).toBeVisible();

    await page.goto('/account/profile');
    await expect(page.getByRole('button', { name: 'Meine Daten herunterladen' })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'profile-de');
  });
});
