import type { Page } from '@playwright/test';
import { baseURL, expect, expectAccessible, registerAccount, signIn, test } from './fixtures.js';

/**
 * What a new organiser's tour tripped over, on the screens it changed: a channel's gate in its
 * own language (access text and registration field labels per channel), and embed code pasted
 * into the frame links reduced to its source as the player link's is.
 */

/** The public pages' origin of the e2e server (EVENTS_URL's default). */
const e2eEventsUrl = baseURL.replace('//localhost', '//events.localhost');

interface OwnEvent {
  eventId: string;
  slug: string;
  token: string;
}

/** A fresh account, signed in, with one event whose settings are `settings`. */
async function ownEvent(page: Page, settings: object): Promise<OwnEvent> {
  const account = await registerAccount();
  const token = await signIn(page, account);
  const headers = { Authorization: `Bearer ${token}` };
  const created = await page.request.post('/api/events', {
    headers,
    data: { title: 'Tour Summit' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, slug } = (await created.json()) as { id: string; slug: string };
  const patched = await page.request.patch(`/api/event-settings/${id}`, {
    headers,
    data: settings,
  });
  expect(patched.status(), await patched.text()).toBe(200);
  return { eventId: id, slug, token };
}

const saved = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'Your changes have been saved.' });

test.describe('a channel gate in its own language', () => {
  test('translates the access text and the field labels on the channel and keeps the event’s', async ({
    page,
    browser,
  }) => {
    const event = await ownEvent(page, {
      language: 'en',
      accessMode: 'registration',
      accessText: 'Register to watch the summit.',
      registrationFields: [{ name: 'company', label: 'Company', required: true, options: [] }],
    });
    const created = await page.request.post(`/api/events/${event.eventId}/channels`, {
      headers: { Authorization: `Bearer ${event.token}` },
      data: { slug: 'deutsch', title: 'Deutsch' },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await page.goto(`/events/${event.eventId}/channels/${id}`);

    const language = page.getByTestId('override-language');
    await language.getByRole('checkbox', { name: 'Override Language' }).check();
    await language.getByLabel('Language of the page').selectOption('de');
    const access = page.getByTestId('override-access');
    await expect(access).toContainText('Event: Register to watch the summit.');
    await access
      .getByRole('checkbox', { name: 'Override Access text and registration fields' })
      .check();
    await access.getByLabel('Text on the access page').fill('Registrieren Sie sich zum Gipfel.');
    await access.getByLabel('Label of “Company”').fill('Firma');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(saved(page)).toBeVisible();

    await page.reload();
    await expect(access.getByLabel('Label of “Company”')).toHaveValue('Firma');

    const viewer = await browser.newContext({ locale: 'en-US' });
    try {
      const gate = await viewer.newPage();
      await gate.goto(`${e2eEventsUrl}/${event.slug}/deutsch`);
      await expect(gate.getByText('Registrieren Sie sich zum Gipfel.')).toBeVisible();
      await expect(gate.getByLabel(/^Firma/)).toBeVisible();
      await expectAccessible(gate);
      // The required field is still the event's: leaving it empty is refused, in German.
      await gate.getByLabel(/^Name/).fill('Ada Lovelace');
      await gate.getByLabel(/^E-Mail/).fill('ada@example.com');
      await gate.getByLabel(/^Firma/).evaluate((input) => input.removeAttribute('required'));
      await gate.getByRole('button', { name: /Registrieren/ }).click();
      await expect(gate.getByLabel(/^Firma/)).toHaveAttribute('aria-invalid', 'true');

      await gate.goto(`${e2eEventsUrl}/${event.slug}`);
      await expect(gate.getByText('Register to watch the summit.')).toBeVisible();
      await expect(gate.getByLabel(/^Company/)).toBeVisible();
    } finally {
      await viewer.close();
    }
  });
});

test.describe('frame links', () => {
  test('keep only the source of pasted embed code and say so', async ({ page }) => {
    const event = await ownEvent(page, { sideFrameVisible: true });
    await page.goto(`/events/${event.eventId}/interaction`);
    const side = page.getByLabel('Side frame link');
    await side.fill('<iframe src="https://chat.example.com/room/7" width="400"></iframe>');
    await expect(side).toHaveValue('https://chat.example.com/room/7');
    await expect(page.getByText('You pasted embed code. Only its link was kept.')).toBeVisible();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(saved(page)).toBeVisible();
    await expectAccessible(page);
  });
});
