import { expect, expectAccessible, ownAccount, setPlanExpires, test } from './fixtures.js';

/**
 * Plans and billing (ADR 028) in the browser: a free account upgrades through the sandbox
 * provider's checkout, whose signed webhooks the server's worker applies; its plan then shows on
 * the plan screen, in the avatar menu's badge and in the limits; an expired plan shows the
 * expired banner.
 */

test('a free account upgrades in the sandbox, sees the badge and the limits change, then the plan expires', async ({
  page,
}) => {
  const { account } = await ownAccount(page);
  await page.goto('/account/plan');
  await expect(page.getByTestId('current-plan-name')).toHaveText('Free');
  await expect(page.getByTestId('current-plan')).toContainText('of 10 events used');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Annual' }).click();
  await expect(page.getByTestId('plan-card-professional')).toContainText('€294 billed yearly');
  await page.getByRole('button', { name: 'Choose Professional' }).click();

  // The sandbox provider's checkout page, then back to the plan screen.
  await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm payment' }).click();
  await page.waitForURL('**/account/plan');

  // The webhook is stored at once and applied by the worker shortly after.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('current-plan-name')).toHaveText('Professional', {
      timeout: 1_000,
    });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId('current-plan')).toContainText('of 25 events used');
  await expect(page.getByTestId('subscription-status')).toHaveText('Active');
  await expect(page.getByTestId('plan-card-professional')).toContainText('Current plan');

  await page.getByRole('button', { name: 'Account menu' }).click();
  const badge = page.getByRole('menuitem', { name: /Professional/ });
  await expect(badge).toBeVisible();
  await badge.click();
  await expect(page).toHaveURL(/\/account\/plan$/);

  await page.goto('/account/billing');
  await expect(page.getByTestId('payment')).toHaveCount(1);
  await expect(page.getByTestId('payment')).toContainText('Paid');
  await expectAccessible(page);

  // The paid period ends: past its end and the renewal grace, the free plan applies.
  await setPlanExpires(account.email, new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString());
  await page.goto('/events');
  const banner = page.getByTestId('plan-banner-expired');
  await expect(banner).toContainText('Your plan has expired.');
  await page.goto('/account/plan');
  await expect(page.getByTestId('current-plan-name')).toHaveText('Free');
});
