import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  ownAccount,
  setPlan,
  setPlanExpires,
  test,
  useLanguage,
} from './fixtures.js';

/**
 * The buyer's path (ADR 053): a free account starts its one trial from the plan page (the e2e
 * server offers the default 14 days), a second start says why not; the plan banner's states as
 * the days left change; and the plan page of an installation without a billing provider.
 */

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/** The plan answer as an installation without a billing provider gives it. */
async function withoutProvider(page: Page): Promise<void> {
  await page.route('**/api/account/plan', async (route) => {
    const response = await route.fetch();
    const plan = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ status: response.status(), json: { ...plan, checkout: false } });
  });
}

test('a free account starts its trial once from the plan page', async ({ page }) => {
  test.setTimeout(60_000);
  await ownAccount(page);
  await page.goto('/account/plan');
  await expect(page.getByRole('heading', { name: 'Try Livent free for 14 days' })).toBeVisible();
  await expectAccessible(page);

  // A second tab has the plan page open from before the start.
  const second = await page.context().newPage();
  await second.goto('/account/plan');
  const secondStart = second.getByRole('button', { name: 'Start the 14-day trial' });
  await expect(secondStart).toBeVisible();

  await page.getByRole('button', { name: 'Start the 14-day trial' }).click();
  await expect(page.getByTestId('current-plan-name')).toHaveText('Trial');
  await expect(page.getByTestId('plan-banner-trial')).toContainText('Your trial ends in 14 days.');
  await expect(page.getByRole('heading', { name: 'Try Livent free for 14 days' })).toHaveCount(0);
  await expectAccessible(page);

  await secondStart.click();
  await expect(second.getByRole('alert')).toContainText(
    'You have already used your trial. Choose a plan to continue.',
  );
  await expect(second.getByTestId('current-plan-name')).toHaveText('Trial');
  await second.close();
});

test('the plan banner follows the calendar days left; a custom plan is offered no renewal', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const { account } = await ownAccount(page);
  await setPlan(account.email, 'trial');
  await setPlanExpires(account.email, inDays(1));
  await page.goto('/account/profile');
  await expect(page.getByTestId('plan-banner-trial')).toContainText('Your trial ends tomorrow.');

  await setPlanExpires(account.email, inDays(3));
  await page.reload();
  await expect(page.getByTestId('plan-banner-trial')).toContainText('Your trial ends in 3 days.');

  await setPlan(account.email, 'custom');
  await page.reload();
  const ends = page.getByTestId('plan-banner-ends');
  await expect(ends).toContainText('Your plan ends in 3 days. Please contact us to extend it.');
  await expect(page.getByRole('link', { name: 'Renew' })).toHaveCount(0);
  await expectAccessible(page);

  // Expired: the button leads to the events, and on the events list to the plans.
  await setPlanExpires(account.email, inDays(-2));
  await page.reload();
  const expired = page.getByTestId('plan-banner-expired');
  await expect(expired).toContainText('Your plan has expired.');
  await expired.getByRole('link', { name: 'Go to events' }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(expired.getByRole('link', { name: 'Choose a plan' })).toBeVisible();
  await expectAccessible(page);
  await expired.getByRole('link', { name: 'Choose a plan' }).click();
  await expect(page).toHaveURL(/\/account\/plan$/);
});

test('without a billing provider the plan page says who changes plans, in English and German', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await withoutProvider(page);
  await ownAccount(page);
  await page.goto('/account/plan');
  await expect(page.getByText(/Plans on this installation are not bought online/)).toContainText(
    'please contact your administrator',
  );
  await expect(page.getByTestId('plan-card-professional')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Choose/ })).toHaveCount(0);
  await expectAccessible(page);

  await useLanguage(page, 'de');
  await page.reload();
  await expect(
    page.getByText(/Tarife werden in dieser Installation nicht online gekauft/),
  ).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Livent 14 Tage kostenlos testen' }),
  ).toBeVisible();
  await expectAccessible(page);
});
