import { createEventByApi, ownAccount } from './event-helpers.js';
import { e2ePort } from '../playwright.config.js';
import { expect, expectAccessible, setPlan, test } from './fixtures.js';

// The invitation gate end to end (ADR 026): the organiser adds an invitation in the invitation
// list, the event takes the invitation mode, and a viewer in a fresh browser is refused a wrong
// password, signs in with the right one, and a second viewer gets in by the personal link.

const EVENTS_ORIGIN = `http://events.localhost:${e2ePort}`;
const CONTENT = 'The gala starts with the award for the best newcomer.';

test.describe('access by invitation', () => {
  test('the organiser invites a viewer; a wrong password is refused, the right one and the personal link let in', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const { account, accessToken } = await ownAccount(page);
    const event = await createEventByApi(page, accessToken, 'Awards Gala');
    const setup = await page.request.patch(`/api/event-settings/${event.id}`, {
      headers: { Authorization: `Bearer ${accessToken}` },
      data: { language: 'en', content: CONTENT, accessMode: 'invitation' },
    });
    expect(setup.status(), await setup.text()).toBe(200);

    await page.goto(`/events/${event.id}/access/invitationlist`);
    await expect(page.getByRole('heading', { name: 'Invitation list' })).toBeVisible();
    await expect(page.getByText('No invitations yet')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Add invitation' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill('Grace Hopper');
    await dialog.getByLabel('Email', { exact: true }).fill('grace@example.com');
    await dialog.getByLabel(/^Username/).fill('grace');
    await dialog.getByLabel(/^Password/).fill('Cobol-1959');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByText('Invitation for Grace Hopper added')).toBeVisible();
    const row = page.getByRole('row', { name: /Grace Hopper/ });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'Show password' }).click();
    await expect(row.getByText('Cobol-1959')).toBeVisible();
    await expectAccessible(page);

    const list = await page.request.get(`/api/events/${event.id}/invitations`, {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    const personalLink = ((await list.json()) as { results: { personalLink: string }[] }).results[0]
      ?.personalLink;
    expect(personalLink).toBeDefined();

    const viewer = await browser.newContext();
    const viewerPage = await viewer.newPage();
    await viewerPage.goto(`${EVENTS_ORIGIN}/${event.slug}`);
    await expect(viewerPage.getByRole('heading', { name: 'Access to this event' })).toBeVisible();
    await expect(viewerPage.getByText(CONTENT)).toHaveCount(0);
    await expectAccessible(viewerPage);

    await viewerPage.getByRole('textbox', { name: 'Username' }).fill('grace');
    await viewerPage.getByLabel('Password').fill('cobol-1959');
    await viewerPage.getByRole('button', { name: 'Sign in' }).click();
    await expect(viewerPage.getByRole('alert')).toHaveText(
      'This username or password is not correct. Please check them and try again.',
    );
    await expect(viewerPage.getByText(CONTENT)).toHaveCount(0);
    await expectAccessible(viewerPage);

    await viewerPage.getByRole('textbox', { name: 'Username' }).fill('Grace');
    await viewerPage.getByLabel('Password').fill('Cobol-1959');
    await viewerPage.getByRole('button', { name: 'Sign in' }).click();
    await expect(viewerPage).toHaveURL(`${EVENTS_ORIGIN}/${event.slug}`);
    await expect(viewerPage.getByText(CONTENT)).toBeVisible();
    await viewerPage.reload();
    await expect(viewerPage.getByText(CONTENT)).toBeVisible();
    await viewer.close();

    const linked = await browser.newContext();
    const linkedPage = await linked.newPage();
    await linkedPage.goto(personalLink ?? '');
    // The token leaves the address at once.
    await expect(linkedPage).toHaveURL(`${EVENTS_ORIGIN}/${event.slug}`);
    await expect(linkedPage.getByText(CONTENT)).toBeVisible();
    await linked.close();

    await page.reload();
    await expect(
      page.getByRole('row', { name: /Grace Hopper/ }).getByRole('cell', { name: '2', exact: true }),
    ).toBeVisible();

    // The login list (CUSTOM_ACCESS): both ways in, each one row with the invitation's name.
    await setPlan(account.email, 'enterprise-member');
    await page.goto(`/events/${event.id}/access/loginlist`);
    await expect(page.getByRole('heading', { name: 'Login list' })).toBeVisible();
    const logins = page.getByRole('table', { name: 'Logins' });
    await expect(logins.getByRole('row', { name: /Grace Hopper \/ grace/ })).toHaveCount(2);
    await expect(logins.getByText('Invitation', { exact: true })).toHaveCount(2);
    await expectAccessible(page);
  });
});
