import type { Page } from '@playwright/test';
import { createEventByApi, ownAccount, patchSettings } from './event-helpers.js';
import { expect, expectAccessible, test, useLanguage } from './fixtures.js';

// The audit log (ADR 069): a setting changed in the editor shows on the event's admin screen
// field by field, and in the account's log on the security page, in English and German.

const auditLog = (page: Page, name: string) =>
  page.getByRole('region', { name }).getByRole('table', { name });

test.describe('audit log', () => {
  test('a changed title shows in the event’s and the account’s log', async ({ page }) => {
    const { accessToken } = await ownAccount(page);
    const event = await createEventByApi(page, accessToken, 'Audit launch');
    await page.goto(`/events/${event.id}/general`);
    await page.getByLabel('Title', { exact: true }).fill('Audit relaunch');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('All changes saved.')).toBeVisible();

    await page.goto(`/events/${event.id}/admin`);
    const eventLog = auditLog(page, 'Audit log');
    const change = eventLog.getByRole('row').filter({ hasText: 'Settings changed' });
    await expect(change).toContainText("Title: 'Audit launch' → 'Audit relaunch'");
    await expect(eventLog.getByRole('row').filter({ hasText: 'Event created' })).toBeVisible();
    await expectAccessible(page);

    await page.goto('/account/security');
    const accountLog = auditLog(page, 'Audit log');
    await expect(accountLog.getByRole('row').filter({ hasText: 'Settings changed' })).toContainText(
      'Audit relaunch',
    );
    // The test signed in without the browser cookie: a new browser.
    await expect(
      accountLog.getByRole('row').filter({ hasText: 'Signed in from a new browser' }),
    ).toBeVisible();
    await expectAccessible(page);
  });

  test('in German', async ({ page }) => {
    await useLanguage(page, 'de');
    const { accessToken } = await ownAccount(page);
    const event = await createEventByApi(page, accessToken, 'Protokoll');
    await patchSettings(page, accessToken, event.id, { title: 'Protokoll 2' });

    await page.goto(`/events/${event.id}/admin`);
    const eventLog = auditLog(page, 'Änderungsprotokoll');
    await expect(
      eventLog.getByRole('row').filter({ hasText: 'Einstellungen geändert' }),
    ).toContainText("Titel: 'Protokoll' → 'Protokoll 2'");
    await expectAccessible(page);

    await page.goto('/account/security');
    const accountLog = auditLog(page, 'Änderungsprotokoll');
    await accountLog.page().getByRole('combobox', { name: 'Art' }).click();
    await page.getByRole('option', { name: 'Veranstaltungen und Einstellungen' }).click();
    await expect(
      accountLog.getByRole('row').filter({ hasText: 'Veranstaltung erstellt' }),
    ).toBeVisible();
    await expect(accountLog.getByText('Anmeldung aus einem neuen Browser')).toHaveCount(0);
    await expectAccessible(page);
  });
});
