import { createEventByApi } from './event-helpers.js';
import { expect, expectAccessible, registerAccount, setPlan, signIn, test } from './fixtures.js';

// The enterprise overview and administration (ADR 028, "Enterprise"): an enterprise admin
// invites a second account by email; that account accepts in its own browser and gets the
// member plan; the admin then sees the member and its event on /enterprise.

test.describe('enterprise', () => {
  test('an admin invites an account, it accepts, and the admin sees it and its events', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const admin = await registerAccount({ name: 'Ada Admin' });
    // Before signing in, so no cached session holds the old plan.
    await setPlan(admin.email, 'enterprise-admin');
    await signIn(page, admin);
    const member = await registerAccount({ name: 'Mia Member' });

    await page.goto('/account/admin');
    await expect(page.getByRole('heading', { name: 'Invite a member' })).toBeVisible();
    await expect(page.getByText('No members yet. Invite someone by email.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Email address' }).fill(member.email);
    await page.getByRole('button', { name: 'Invite' }).click();
    const pending = page.getByRole('list', { name: 'Open invitations' });
    await expect(pending.getByText(member.email)).toBeVisible();
    await expectAccessible(page);

    const memberContext = await browser.newContext();
    try {
      const memberPage = await memberContext.newPage();
      const memberToken = await signIn(memberPage, member);
      await createEventByApi(memberPage, memberToken, 'Member launch');
      await memberPage.goto('/account/admin');
      await expect(memberPage.getByText('Ada Admin invites you to join')).toBeVisible();
      await expectAccessible(memberPage);
      await memberPage.getByRole('button', { name: 'Accept' }).click();
      await expect(memberPage.getByText('This account is a member of Ada Admin.')).toBeVisible();
    } finally {
      await memberContext.close();
    }

    await page.goto('/enterprise');
    const members = page.getByRole('table', { name: 'Members of the enterprise' });
    await expect(members.getByText(member.email)).toBeVisible();
    const events = page.getByRole('table', { name: 'Events of the enterprise' });
    await expect(events.getByText('Member launch')).toBeVisible();
    await expect(events.getByText('Mia Member')).toBeVisible();
    await expectAccessible(page);

    await page.goto('/account/admin');
    const list = page.getByRole('list', { name: 'Members' });
    await list.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('No members yet. Invite someone by email.')).toBeVisible();
  });

  test('an account without the admin plan cannot open the overview', async ({ page }) => {
    const account = await registerAccount();
    const token = await signIn(page, account);
    const response = await page.request.get('/api/enterprise', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status()).toBe(403);
  });
});
