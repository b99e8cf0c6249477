import type { Browser, Page } from '@playwright/test';
import { createEventByApi, ownAccount, patchSettings } from './event-helpers.js';
import { e2ePort } from '../playwright.config.js';
import {
  expect,
  expectAccessible,
  readMail,
  saveScreenshot,
  setPlan,
  test,
  uniqueEmail,
  useLanguage,
} from './fixtures.js';

// The "Reminders & follow-up" screen (docs/decisions/065-reminders-and-follow-up.md): the organiser
// chooses the offsets and sees the schedule, sends the follow-up after a confirmation with the
// counts, and the registrant receives it; without a start date the screen explains and links to
// General; en and de, axe, and screenshots at 1440 and 390 px.

const EVENTS_ORIGIN = `http://events.localhost:${e2ePort}`;
const SHOTS = '../.tmp/screenshots/reminders';

/** A date some days ahead (UTC), as the settings write it. */
const daysAhead = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function setup(page: Page, browser: Browser) {
  const { account, accessToken } = await ownAccount(page);
  await setPlan(account.email, 'professional');
  const event = await createEventByApi(page, accessToken, 'Partner Summit');
  await patchSettings(page, accessToken, event.id, {
    language: 'en',
    accessMode: 'registration',
    startMode: 'datetime',
    startDate: daysAhead(3),
    startTime: '17:00',
    timeZone: 'Europe/Berlin',
  });
  const guest = uniqueEmail('guest');
  // The guest registers at the gate in a browser of their own.
  const viewer = await browser.newContext();
  const gate = await viewer.newPage();
  await gate.goto(`${EVENTS_ORIGIN}/${event.slug}`);
  await gate.getByRole('textbox', { name: 'Name', exact: true }).fill('Grace Hopper');
  await gate.getByRole('textbox', { name: 'Email' }).fill(guest);
  await gate.getByRole('button', { name: 'Register' }).click();
  await expect(gate).toHaveURL(`${EVENTS_ORIGIN}/${event.slug}`);
  await viewer.close();
  return { account, accessToken, event, guest };
}

async function shoot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  for (const [size, width] of [
    ['1440', 1440],
    ['390', 390],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await saveScreenshot(page, `${SHOTS}/${name}-${size}`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test.describe('reminders and follow-up', () => {
  test('sets the offsets, shows the schedule, and sends the follow-up', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const { event, guest } = await setup(page, browser);

    await page.goto(`/events/${event.id}/reminders`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Reminders & follow-up' }),
    ).toBeVisible();
    const schedule = page.getByRole('region', { name: 'Scheduled reminders' });
    await expect(schedule.getByText('1 day before')).toBeVisible();
    await expect(schedule.getByText('1 hour before')).toBeVisible();
    await expect(schedule.getByText('At the start')).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'At the start' }).click();
    await page.getByLabel('Amount').fill('3');
    await page.getByLabel('Unit').click();
    await page.getByRole('option', { name: 'days before' }).click();
    await page.getByRole('button', { name: 'Add reminder' }).click();
    await page.getByRole('button', { name: 'Save reminders' }).click();
    await expect(page.getByText('Reminders saved.')).toBeVisible();
    await expect(schedule.getByText('At the start', { exact: true })).toBeVisible();
    await expect(schedule.getByText('3 days before')).toBeVisible();
    await shoot(page, 'reminders-en');

    await page.getByRole('button', { name: 'Send follow-up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send the follow-up?' });
    await expect(dialog).toContainText('0 who attended get the thank-you, 1 who missed it');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Send follow-up' }).click();
    await expect(page.getByText('1 follow-up mail queued.')).toBeVisible();
    const mail = await readMail(guest, /Sorry we missed you at Partner Summit/);
    expect(mail.text).toContain('Hello Grace Hopper,');
    expect(mail.links.some((link) => link.includes(`/${event.slug}/_access/r/`))).toBe(true);
  });

  test('explains the empty schedule without a start date, in German', async ({ page }) => {
    const { accessToken } = await ownAccount(page);
    const event = await createEventByApi(page, accessToken, 'Offene Runde');
    await useLanguage(page, 'de');
    await page.goto(`/events/${event.id}/reminders`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Erinnerungen & Nachfassmail' }),
    ).toBeVisible();
    await expect(page.getByText('Noch kein Startdatum mit Uhrzeit')).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'reminders-empty-de');
    await page.getByRole('link', { name: 'Allgemein öffnen' }).click();
    await expect(page).toHaveURL(new RegExp(`/events/${event.id}/general`));
  });

  test('shows the schedule in German', async ({ page, browser }) => {
    const { event } = await setup(page, browser);
    await useLanguage(page, 'de');
    await page.goto(`/events/${event.id}/reminders`);
    await expect(page.getByRole('region', { name: 'Geplante Erinnerungen' })).toContainText(
      '1 Tag vorher',
    );
    await expectAccessible(page);
    await shoot(page, 'reminders-de');
  });
});
