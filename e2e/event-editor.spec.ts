import type { Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { createEventByApi, ownAccount } from './event-helpers.js';
import {
  expect,
  expectAccessible,
  saveScreenshot,
  test,
  useLanguage,
  VIEWPORTS,
} from './fixtures.js';

async function eventOfOwnAccount(page: Page, title = 'Editor event') {
  const { accessToken } = await ownAccount(page);
  return { event: await createEventByApi(page, accessToken, title) };
}

const saved = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'Your changes have been saved.' });

async function save(page: Page) {
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(saved(page).last()).toBeVisible();
  await expect(page.getByText('All changes saved.')).toBeVisible();
}

test.describe('event editor sections', () => {
  test('general: title, language, start, website; the address after unlocking', async ({
    page,
  }) => {
    const { event } = await eventOfOwnAccount(page);
    await page.goto(`/events/${event.id}/general`);
    await page.getByLabel('Title', { exact: true }).fill('Renamed event');
    await page.getByLabel('Language').selectOption('de');
    await page.getByLabel('Start shown as').selectOption('datetime');
    await page.getByLabel('Date').fill('2027-03-14');
    await page.getByLabel(/^Time(?! zone)/).fill('18:30');
    await page.getByLabel(/Website/).fill('https://example.com');
    await expect(page.getByLabel(/Contact name/)).toBeDisabled();
    await expect(page.getByText('Not available on your plan.')).toBeVisible();
    await expectAccessible(page);
    await save(page);

    // The address: read-only until unlocked and confirmed.
    const slug = page.getByLabel(/Address \(slug\)/);
    await expect(slug).toHaveAttribute('readonly', '');
    await page.getByRole('button', { name: 'Unlock' }).click();
    const dialog = page.getByRole('dialog', { name: "Change the event's address?" });
    await expect(dialog).toContainText('old link stops working');
    await dialog.getByRole('button', { name: 'Unlock address' }).click();
    await expect(slug).not.toHaveAttribute('readonly', '');
    await slug.fill(`renamed-${event.slug}`);
    await save(page);

    await page.reload();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Renamed event');
    await expect(page.getByLabel('Language')).toHaveValue('de');
    await expect(page.getByLabel('Date')).toHaveValue('2027-03-14');
    await expect(page.getByLabel(/^Time(?! zone)/)).toHaveValue('18:30');
    await expect(page.getByLabel(/Website/)).toHaveValue('https://example.com');
    await expect(slug).toHaveValue(`renamed-${event.slug}`);
    // The header's selector follows the new title.
    await expect(page.getByRole('combobox', { name: /event/i })).toHaveValue('Renamed event');
  });

  test('player, text, interaction, compliance, advanced: saved and found after reload', async ({
    page,
  }) => {
    // Five sections, each saved and reloaded: more than one screen's worth of the time budget.
    test.slow();
    const { event } = await eventOfOwnAccount(page);

    await page.goto(`/events/${event.id}/player`);
    await page.getByLabel('Player type').selectOption('iframe');
    await page
      .getByLabel('Stream link')
      .fill('<iframe src="https://player.example.com/embed/7?x=1&amp;y=2" width="640"></iframe>');
    await expect(page.getByLabel('Stream link')).toHaveValue(
      'https://player.example.com/embed/7?x=1&y=2',
    );
    await expect(page.getByText('Only its link was kept.')).toBeVisible();
    await save(page);
    await page.reload();
    await expect(page.getByLabel('Stream link')).toHaveValue(
      'https://player.example.com/embed/7?x=1&y=2',
    );

    await page.goto(`/events/${event.id}/text`);
    await page.getByLabel(/Headline/).fill('Live from Berlin');
    await page.getByLabel(/^Agenda/).fill('10:00 Welcome\n10:15 Keynote');
    await page.getByLabel(/Button text/).fill('Slides');
    await page.getByLabel(/Button link/).fill('https://example.com/slides');
    await save(page);
    await page.reload();
    await expect(page.getByLabel(/Headline/)).toHaveValue('Live from Berlin');
    await expect(page.getByLabel(/^Agenda/)).toHaveValue('10:00 Welcome\n10:15 Keynote');

    await page.goto(`/events/${event.id}/interaction`);
    await page.getByLabel('Let viewers send messages').check();
    await page.getByLabel(/^Prompt/).fill('Ask a question');
    await page.getByLabel('Show the extra frame').check();
    await page.getByLabel('Extra frame link').fill('https://poll.example.com');
    await page.getByRole('button', { name: '640 px' }).click();
    await expect(page.getByLabel('Extra frame height (px)')).toHaveValue('640');
    await expectAccessible(page);
    await save(page);
    await page.reload();
    await expect(page.getByLabel('Let viewers send messages')).toBeChecked();
    await expect(page.getByLabel(/^Prompt/)).toHaveValue('Ask a question');
    await expect(page.getByLabel('Extra frame height (px)')).toHaveValue('640');

    await page.goto(`/events/${event.id}/compliance`);
    await page.getByLabel(/Privacy policy link/).fill('https://example.com/privacy');
    await page.getByLabel('Show the consent banner').check();
    await expect(page.getByLabel('Compliance confirmed')).toBeDisabled();
    await save(page);
    await page.reload();
    await expect(page.getByLabel(/Privacy policy link/)).toHaveValue('https://example.com/privacy');
    await expect(page.getByLabel('Show the consent banner')).toBeChecked();

    await page.goto(`/events/${event.id}/advanced`);
    await expect(page.getByLabel(/^Embed code/)).toBeDisabled();
    await page.getByLabel('Hide from search engines').check();
    await save(page);
    await page.reload();
    await expect(page.getByLabel('Hide from search engines')).toBeChecked();

    // The overview's status follows.
    await page.goto(`/events/${event.id}`);
    await expect(page.getByRole('list', { name: 'Status' })).toContainText('Messages on');
  });

  test('images: a large one is resized to JPG in the browser, uploaded, saved and removed', async ({
    page,
  }) => {
    const { event } = await eventOfOwnAccount(page);
    // Noise does not compress: a PNG well over the 600 KB threshold (docs/product-spec.md section 5).
    const { default: sharp } = await import('sharp');
    const width = 1600;
    const height = 1000;
    const noise = randomBytes(width * height * 3);
    const png = await sharp(noise, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer();
    expect(png.length).toBeGreaterThan(600 * 1024);

    await page.goto(`/events/${event.id}/text`);
    const upload = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && response.url().endsWith('/api/uploads'),
    );
    await page
      .getByRole('region', { name: 'Extra image' })
      .locator('input[type=file]')
      .setInputFiles({ name: 'stage.png', mimeType: 'image/png', buffer: png });
    // The server keeps the format it receives (re-encoded): a .jpg answer for a PNG means the
    // browser converted it.
    const stored = (await (await upload).json()) as { url: string; bytes: number };
    expect(stored.url).toMatch(/\.jpg$/);
    expect(stored.bytes).toBeLessThan(png.length);
    const preview = page.getByRole('img', { name: 'Preview of Extra image' });
    await expect(preview).toHaveAttribute('src', /^\/uploads\/.+\.jpg$/);
    await save(page);
    await page.reload();
    await expect(preview).toBeVisible();

    await page.getByRole('button', { name: 'Remove image: Extra image' }).click();
    await expect(preview).toBeHidden();
    await save(page);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Choose image: Extra image' })).toBeVisible();
  });

  test('leaving with unsaved changes asks first: stay, then discard', async ({ page }) => {
    const { event } = await eventOfOwnAccount(page);
    await page.goto(`/events/${event.id}/text`);
    await page.getByLabel(/Headline/).fill('Not saved yet');
    await page.getByRole('link', { name: 'Player', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Unsaved changes' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(/\/text$/);
    await expect(page.getByLabel(/Headline/)).toHaveValue('Not saved yet');

    await page.getByRole('link', { name: 'Player', exact: true }).first().click();
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(/\/player$/);
    await page.goto(`/events/${event.id}/text`);
    await expect(page.getByLabel(/Headline/)).toHaveValue('');
  });

  test('German screenshots of the editor', async ({ page }) => {
    await useLanguage(page, 'de');
    const { event } = await eventOfOwnAccount(page, 'Frühjahrskonferenz');
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      await page.goto(`/events/${event.id}/general`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText('In Ihrem Tarif nicht verfügbar.')).toBeVisible();
      await saveScreenshot(page, `event-editor-general-de-${name}`);
      await page.goto(`/events/${event.id}/player`);
      await expect(page.getByLabel('Player-Typ')).toBeVisible();
      await saveScreenshot(page, `event-editor-player-de-${name}`);
      await page.goto(`/events/${event.id}`);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Frühjahrskonferenz' }),
      ).toBeVisible();
      await saveScreenshot(page, `event-overview-de-${name}`);
      await page.goto('/events');
      await saveScreenshot(page, `events-list-de-${name}`);
    }
  });
});
