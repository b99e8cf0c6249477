import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { resolve } from 'node:path';
import { e2ePort } from '../playwright.config.js';
import { expect, ownAccount, saveScreenshot, test, useLanguage, VIEWPORTS } from './fixtures.js';

/**
 * Screenshots of the plan and billing screens and the plan banners (ADR 028) in both languages
 * and sizes, for people to look at (not compared). `npm run screenshots` runs this file.
 */

const DAY = 24 * 3600 * 1000;

/** Writes the account's plan columns in the e2e server's database (scripts/e2e-server.mjs). */
function storePlan(email: string, plan: string, inDays: number, status: string | null): void {
  const db = new Database(resolve(`.tmp/e2e/${e2ePort}/livent.db`));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(
      'UPDATE users SET plan = ?, plan_expires = ?, subscription_status = ? WHERE email = ?',
    ).run(plan, new Date(Date.now() + inDays * DAY).toISOString(), status, email);
  } finally {
    db.close();
  }
}

async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

for (const language of ['en', 'de'] as const) {
  for (const size of ['desktop', 'mobile'] as const) {
    test(`plan, billing and banners, ${language}, ${size}`, async ({ page }) => {
      test.setTimeout(90_000);
      const { account } = await ownAccount(page);
      await useLanguage(page, language);
      await page.setViewportSize(VIEWPORTS[size]);

      await page.goto('/account/plan');
      await expect(page.getByTestId('plan-card-business')).toBeVisible();
      await settled(page);
      await saveScreenshot(page, `billing-plan-free-${language}-${size}`);

      // Upgrade through the sandbox checkout, so the plan has a subscription and a payment.
      await page.getByTestId('plan-card-professional').getByRole('button').click();
      await page.getByRole('button', { name: 'Confirm payment' }).click();
      await page.waitForURL('**/account/plan');
      await expect(async () => {
        await page.reload();
        await expect(page.getByTestId('subscription-status')).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      await settled(page);
      await saveScreenshot(page, `billing-plan-professional-${language}-${size}`);

      await page.goto('/account/billing');
      await expect(page.getByTestId('payment')).toHaveCount(1);
      await settled(page);
      await saveScreenshot(page, `billing-payments-${language}-${size}`);

      for (const [name, plan, days, status] of [
        ['renew', 'professional', 3, 'active'],
        ['trial', 'trial', 1, null],
        ['expired', 'professional', -3, null],
      ] as const) {
        storePlan(account.email, plan, days, status);
        await page.goto('/events');
        await expect(page.getByTestId(`plan-banner-${name}`)).toBeVisible();
        await settled(page);
        await page.screenshot({
          path: `screenshots/billing-banner-${name}-${language}-${size}.png`,
        });
      }
    });
  }
}

test('billing screen without payments, en, desktop', async ({ page }) => {
  await ownAccount(page);
  await page.goto('/account/billing');
  await expect(page.getByText('No payments yet')).toBeVisible();
  await settled(page);
  await saveScreenshot(page, 'billing-payments-empty-en-desktop');
});
