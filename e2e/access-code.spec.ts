import { createEventByApi, ownAccount } from './event-helpers.js';
import { e2ePort } from '../playwright.config.js';
import { expect, expectAccessible, test } from './fixtures.js';

// The code gate end to end (ADR 026): the organiser protects the event with a code in the access
// settings screen; a viewer in a fresh browser sees the gate without the player, is refused a
// wrong code and gets in with the right one.

const EVENTS_ORIGIN = `http://events.localhost:${e2ePort}`;
const PLAYER_LINK = 'https://player.example.com/embed/launch';
const CONTENT = 'The keynote starts with a live demo of the new release.';

test.describe('access code', () => {
  test('the organiser sets a code; a viewer sees the gate, a wrong code refused, the right one lets in', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const { accessToken } = await ownAccount(page);
    const event = await createEventByApi(page, accessToken, 'Partner Summit');
    const setup = await page.request.patch(`/api/event-settings/${event.id}`, {
      headers: { Authorization: `Bearer ${accessToken}` },
      data: { language: 'en', playerMode: 'iframe', playerLink: PLAYER_LINK, content: CONTENT },
    });
    expect(setup.status(), await setup.text()).toBe(200);

    await page.goto(`/events/${event.id}/access/settings`);
    await expect(page.getByRole('heading', { name: 'Access settings' })).toBeVisible();
    await expect(page.getByLabel('Access code')).toHaveCount(0);
    await page.getByLabel('Access mode').selectOption('code');
    await page.getByLabel('Access code').fill('Summit-2027');
    await page
      .getByLabel('Access text')
      .fill('Please enter the access code from your invitation email.');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Your changes have been saved.')).toBeVisible();

    const viewer = await browser.newContext();
    const viewerPage = await viewer.newPage();
    await viewerPage.goto(`${EVENTS_ORIGIN}/${event.slug}`);
    await expect(viewerPage.getByRole('heading', { name: 'Access to this event' })).toBeVisible();
    await expect(
      viewerPage.getByText('Please enter the access code from your invitation email.'),
    ).toBeVisible();
    await expect(viewerPage.locator(`iframe[src="${PLAYER_LINK}"]`)).toHaveCount(0);
    await expect(viewerPage.getByText(CONTENT)).toHaveCount(0);
    await expectAccessible(viewerPage);

    const code = viewerPage.getByRole('textbox', { name: 'Access code' });
    await code.fill('summit-2026');
    await viewerPage.getByRole('button', { name: 'Enter' }).click();
    await expect(viewerPage.getByRole('alert')).toHaveText(
      'This access code is not correct. Please check it and try again.',
    );
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(viewerPage.locator(`iframe[src="${PLAYER_LINK}"]`)).toHaveCount(0);
    await expectAccessible(viewerPage);

    await viewerPage.getByRole('textbox', { name: 'Access code' }).fill('Summit-2027');
    await viewerPage.getByRole('button', { name: 'Enter' }).click();
    await expect(viewerPage).toHaveURL(`${EVENTS_ORIGIN}/${event.slug}`);
    await expect(viewerPage.getByText(CONTENT)).toBeVisible();
    await expect(viewerPage.locator(`iframe[src="${PLAYER_LINK}"]`)).toHaveCount(1);
    await expect(viewerPage.getByRole('textbox', { name: 'Access code' })).toHaveCount(0);
    // Remembered: the page opens again without the gate.
    await viewerPage.reload();
    await expect(viewerPage.getByText(CONTENT)).toBeVisible();
    await viewer.close();
  });
});
