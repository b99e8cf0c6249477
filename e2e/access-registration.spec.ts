import { createEventByApi, ownAccount } from './event-helpers.js';
import { e2ePort } from '../playwright.config.js';
import { expect, expectAccessible, test } from './fixtures.js';

// The registration gate end to end (ADR 026): the organiser protects the event with registration
// and two additional fields; a viewer in a fresh browser registers and sees the page; the
// organiser's registration list shows them.

const EVENTS_ORIGIN = `http://events.localhost:${e2ePort}`;
const PLAYER_LINK = 'https://player.example.com/embed/registration';
const CONTENT = 'Welcome, registered guests: the stream starts at ten.';

test.describe('access registration', () => {
  test('a viewer registers in a fresh browser and gets in; the organiser lists the registration', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const { accessToken } = await ownAccount(page);
    const event = await createEventByApi(page, accessToken, 'Registration Day');
    const setup = await page.request.patch(`/api/event-settings/${event.id}`, {
      headers: { Authorization: `Bearer ${accessToken}` },
      data: {
        language: 'en',
        playerMode: 'iframe',
        playerLink: PLAYER_LINK,
        content: CONTENT,
        accessMode: 'registration',
        accessText: 'Register to watch the stream.',
        privacyLink: 'https://example.com/privacy',
        registrationFields: [
          { name: 'company', label: 'Company', required: true, options: [] },
          { name: 'role', label: 'Role', required: false, options: ['Press', 'Partner'] },
        ],
      },
    });
    expect(setup.status(), await setup.text()).toBe(200);

    const viewer = await browser.newContext();
    const viewerPage = await viewer.newPage();
    await viewerPage.goto(`${EVENTS_ORIGIN}/${event.slug}`);
    await expect(viewerPage.getByRole('heading', { name: 'Access to this event' })).toBeVisible();
    await expect(viewerPage.getByText('Register to watch the stream.')).toBeVisible();
    await expect(viewerPage.locator(`iframe[src="${PLAYER_LINK}"]`)).toHaveCount(0);
    await expect(viewerPage.getByText(CONTENT)).toHaveCount(0);
    await expect(
      viewerPage
        .getByRole('region', { name: 'Access to this event' })
        .getByRole('link', { name: 'Privacy policy' }),
    ).toBeVisible();
    await expectAccessible(viewerPage);

    // The required field left empty: the browser's own check stops the form, so the server's
    // answer is checked with the field filled with spaces (trimmed to nothing there).
    await viewerPage.getByRole('textbox', { name: 'Name', exact: true }).fill('Grace Hopper');
    await viewerPage.getByRole('textbox', { name: 'Email' }).fill('grace@example.com');
    await viewerPage.getByRole('textbox', { name: 'Company' }).fill('   ');
    await viewerPage.getByRole('button', { name: 'Register' }).click();
    await expect(viewerPage.getByText('Please fill in this field.')).toBeVisible();
    await expect(viewerPage.getByRole('textbox', { name: 'Company' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(viewerPage.getByRole('textbox', { name: 'Email' })).toHaveValue(
      'grace@example.com',
    );
    await expectAccessible(viewerPage);

    await viewerPage.getByRole('textbox', { name: 'Company' }).fill('Navy');
    await viewerPage.getByRole('combobox', { name: 'Role' }).selectOption('Press');
    await viewerPage.getByRole('button', { name: 'Register' }).click();
    await expect(viewerPage).toHaveURL(`${EVENTS_ORIGIN}/${event.slug}`);
    await expect(viewerPage.getByText(CONTENT)).toBeVisible();
    await expect(viewerPage.locator(`iframe[src="${PLAYER_LINK}"]`)).toHaveCount(1);
    await viewerPage.reload();
    await expect(viewerPage.getByText(CONTENT)).toBeVisible();
    await viewer.close();

    await page.goto(`/events/${event.id}/access/registrationlist`);
    const table = page.getByRole('table', { name: 'Registrations' });
    await expect(table.getByRole('columnheader', { name: 'Company' })).toBeVisible();
    const row = table.getByRole('row', { name: /Grace Hopper/ });
    await expect(row).toContainText('grace@example.com');
    await expect(row).toContainText('Navy');
    await expect(row).toContainText('Press');
    await expect(
      row.getByRole('button', { name: 'Copy the personal link of Grace Hopper' }),
    ).toBeVisible();
    await expectAccessible(page);
  });
});
