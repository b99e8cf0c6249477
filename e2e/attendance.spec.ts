import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createEventByApi, ownAccount } from './event-helpers.js';
import { expect, expectAccessible, keepScreenshot, test, useLanguage } from './fixtures.js';
import { EVENTS_ORIGIN, VIEWER_USER_AGENT } from './stats-helpers.js';

// Attendance end to end (ADR 066): a registrant watches in a real page, which sends its pageview
// with the token bound to them; the viewer script's heartbeat comes every 30 s, so the test
// sends one beat itself with the page's own token, as the script would, and asks a question.
// The organiser then sees the row, the detail and the attendance rate, in English and German.

const SCREENSHOTS = '.tmp/screenshots/attendance';

async function shoot(page: Page, name: string): Promise<void> {
  for (const [label, width] of [
    ['1440', 1440],
    ['390', 390],
  ] as const) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await keepScreenshot(page, `${SCREENSHOTS}/${name}-${label}.png`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test.describe('attendance', () => {
  test('a registrant watches; the organiser sees the row, the detail and the rate', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const { accessToken } = await ownAccount(page);
    const event = await createEventByApi(page, accessToken, 'Attendance Day');
    const setup = await page.request.patch(`/api/event-settings/${event.id}`, {
      headers: { Authorization: `Bearer ${accessToken}` },
      data: { language: 'en', accessMode: 'registration', messagesEnabled: true },
    });
    expect(setup.status(), await setup.text()).toBe(200);

    const viewer = await browser.newContext({ userAgent: VIEWER_USER_AGENT });
    const viewerPage = await viewer.newPage();
    await viewerPage.goto(`${EVENTS_ORIGIN}/${event.slug}`);
    await viewerPage.getByRole('textbox', { name: 'Name', exact: true }).fill('Grace Hopper');
    await viewerPage.getByRole('textbox', { name: 'Email' }).fill('grace@example.com');
    const counted = viewerPage.waitForResponse(
      (response) => response.url().endsWith('/_stats/view') && response.status() === 200,
    );
    await viewerPage.getByRole('button', { name: 'Register' }).click();
    await expect(viewerPage).toHaveURL(`${EVENTS_ORIGIN}/${event.slug}`);
    // The page's own pageview: its view id is bound to the registrant.
    const view = (await (await counted).json()) as { v: string };
    expect(view.v).toMatch(/\.r:[0-9a-f-]{36}$/);
    // From the page itself, as its script sends them (Node cannot resolve events.localhost).
    const sent = await viewerPage.evaluate(
      async ({ slug, v, key }) => {
        const beat = await fetch(`/${slug}/_stats/beat`, {
          method: 'POST',
          headers: { 'content-type': 'text/plain;charset=UTF-8' },
          body: JSON.stringify({ v }),
        });
        const asked = await fetch(`/${slug}/_messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ text: 'Will there be a replay?', key }),
        });
        return [beat.status, asked.status];
      },
      { slug: event.slug, v: view.v, key: randomUUID() },
    );
    expect(sent).toEqual([204, 201]);
    await viewer.close();

    // Someone else registers and opens the page, but sends no heartbeat: joined, 0 minutes.
    const other = await browser.newContext({ userAgent: VIEWER_USER_AGENT });
    const otherPage = await other.newPage();
    await otherPage.goto(`${EVENTS_ORIGIN}/${event.slug}`);
    await otherPage.getByRole('textbox', { name: 'Name', exact: true }).fill('Alan Turing');
    await otherPage.getByRole('textbox', { name: 'Email' }).fill('alan@example.com');
    await otherPage.getByRole('button', { name: 'Register' }).click();
    await expect(otherPage).toHaveURL(`${EVENTS_ORIGIN}/${event.slug}`);
    await other.close();

    await page.goto(`/events/${event.id}/access/registrationlist`);
    const table = page.getByRole('table', { name: 'Registrations' });
    await expect(table.getByRole('columnheader', { name: 'Watched' })).toBeVisible();
    const grace = table.getByRole('row', { name: /Grace Hopper/ });
    // The collector writes within a second; the list is read again on a reload.
    await expect(async () => {
      await page.reload();
      await expect(grace).toContainText('1 min', { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(table.getByRole('row', { name: /Alan Turing/ })).toContainText('0 min');
    await expectAccessible(page);
    await shoot(page, 'registrations-en');

    await grace.getByRole('button', { name: 'Attendance of Grace Hopper' }).click();
    const dialog = page.getByRole('dialog', { name: 'Attendance of Grace Hopper' });
    await expect(dialog).toContainText('grace@example.com');
    await expect(dialog).toContainText('Questions asked1');
    await expect(dialog).toContainText('Polls answered0');
    await expectAccessible(page);
    await shoot(page, 'detail-en');
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.goto(`/events/${event.id}/stats`);
    const rate = page.getByTestId('attendance-rate');
    await expect(rate).toContainText('50%');
    await expect(rate).toContainText('1 of 2 registered or invited watched');
    await expectAccessible(page);
    await shoot(page, 'stats-en');

    await useLanguage(page, 'de');
    await page.goto(`/events/${event.id}/access/registrationlist`);
    const germanTable = page.getByRole('table', { name: 'Registrierungen' });
    await expect(germanTable.getByRole('columnheader', { name: 'Zugesehen' })).toBeVisible();
    await expect(germanTable.getByRole('row', { name: /Grace Hopper/ })).toContainText('1 Min.');
    await expectAccessible(page);
    await shoot(page, 'registrations-de');
    await germanTable.getByRole('button', { name: 'Teilnahme von Grace Hopper' }).click();
    await expect(page.getByRole('dialog', { name: 'Teilnahme von Grace Hopper' })).toContainText(
      'Gestellte Fragen1',
    );
    await shoot(page, 'detail-de');
    await page.keyboard.press('Escape');
    await page.goto(`/events/${event.id}/stats`);
    await expect(page.getByTestId('attendance-rate')).toContainText('Teilnahmequote');
    await expectAccessible(page);
    await shoot(page, 'stats-de');
  });
});
