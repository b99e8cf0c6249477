import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createEventByApi, ownAccount } from './event-helpers.js';
import { expect, expectAccessible, test } from './fixtures.js';

/**
 * The axe check without the preview's frame: that is the public page (another origin, the
 * organiser's colours and code), checked by its own tests.
 */
async function expectDashboardAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('iframe')
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
}

const notification = (page: Page, text: string | RegExp) =>
  page.getByRole('status').filter({ hasText: text });

test.describe('events (/events, /events/add, /events/{id}, admin)', () => {
  test('create an event, find it in the list and the selector, preview it, delete it', async ({
    page,
  }) => {
    await ownAccount(page);
    await page.goto('/events');
    await expect(page.getByRole('heading', { name: 'No events created yet' })).toBeVisible();
    await expect(page.getByText('0 of 10 events')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Create event' }).first().click();
    await expect(page).toHaveURL(/\/events\/add$/);
    await page.getByLabel('Title').fill('Spring Summit 2027');
    await expect(page.getByTestId('slug-preview')).toContainText('spring-summit-2027');
    await page.getByLabel(/Address/).fill('spring-summit');
    await expect(page.getByTestId('slug-preview')).toContainText('spring-summit');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Create event' }).click();

    // The overview of the new event.
    await expect(page).toHaveURL(/\/events\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Spring Summit 2027' })).toBeVisible();
    await expect(page.getByTestId('public-link')).toContainText('/spring-summit');
    const preview = page.locator('iframe[title^="Preview of the event page"]');
    await expect(preview).toHaveAttribute('sandbox', 'allow-scripts allow-popups allow-forms');
    await expect(preview).toHaveAttribute('src', /\/spring-summit$/);
    await expect(page.getByRole('list', { name: 'Status' })).toContainText('Messages off');
    await expectDashboardAccessible(page);

    // The header's selector lists it.
    await page.goto('/events');
    await expect(page.getByRole('link', { name: 'Spring Summit 2027' })).toBeVisible();
    await expect(page.getByText('1 of 10 events')).toBeVisible();
    await expectAccessible(page);

    // Administration: reload, purge, delete after typing the title.
    await page.getByRole('link', { name: 'Spring Summit 2027' }).click();
    const eventUrl = page.url();
    await page.goto(`${eventUrl}/admin`);
    await page.getByRole('button', { name: 'Reload viewer pages' }).click();
    await expect(notification(page, 'reload within a few seconds')).toBeVisible();
    await page.getByRole('button', { name: 'Clear cache' }).click();
    await expect(notification(page, 'within 30 seconds')).toBeVisible();
    await page.getByRole('button', { name: 'Delete event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this event?' });
    const confirm = dialog.getByRole('button', { name: 'Delete event' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Event title').fill('Spring Summit 2027');
    await confirm.click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(notification(page, 'The event has been deleted.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No events created yet' })).toBeVisible();

    // Gone: its pages say it is not available to this account.
    await page.goto(eventUrl);
    await expect(page.getByText('This event is not available to this account')).toBeVisible();
  });

  test('the free plan\'s 11th event shows "Event limit reached"', async ({ page }) => {
    const { accessToken } = await ownAccount(page);
    for (let index = 1; index <= 10; index += 1) {
      await createEventByApi(page, accessToken, `Limit event ${index}`);
    }
    await page.goto('/events');
    await expect(page.getByText('10 of 10 events')).toBeVisible();
    await page.goto('/events/add');
    await page.getByLabel('Title').fill('One too many');
    await page.getByRole('button', { name: 'Create event' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Event limit reached');
    await expect(alert.getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/account/plan',
    );
    await expect(page).toHaveURL(/\/events\/add$/);
  });
});
