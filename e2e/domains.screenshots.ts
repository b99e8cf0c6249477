import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { resolve } from 'node:path';
import { e2ePort } from '../playwright.config.js';
import {
  expect,
  expectAccessible,
  registerAccount,
  saveScreenshot,
  setPlan,
  signIn,
  test,
  useLanguage,
  VIEWPORTS,
} from './fixtures.js';

/**
 * Screenshots of the custom domains screen (docs/decisions/030-custom-domains.md) in both
 * languages and sizes, for people to look at (not compared). `npm run screenshots` runs this file.
 * The e2e server resolves no DNS, so the states other than pending are written to its database.
 */

const DAY = 24 * 3600 * 1000;

/** Puts a domain into a state in the e2e server's database (scripts/e2e-server.mjs). */
function storeState(name: string, fields: Record<string, string | number | null>): void {
  const db = new Database(resolve(`.tmp/e2e/${e2ePort}/livent.db`));
  try {
    db.pragma('busy_timeout = 5000');
    const columns = Object.keys(fields);
    db.prepare(
      `UPDATE custom_domains SET ${columns.map((column) => `${column} = ?`).join(', ')} WHERE name = ?`,
    ).run(...Object.values(fields), name);
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
    test(`custom domains, ${language}, ${size}`, async ({ page }) => {
      test.setTimeout(60_000);
      const suffix = `${process.pid}${language}${size}`;
      const account = await registerAccount();
      // The enterprise admin's plan: room for every state, and the shared switch.
      await setPlan(account.email, 'enterprise-admin');
      const token = await signIn(page, account);
      await useLanguage(page, language);
      await page.setViewportSize(VIEWPORTS[size]);

      const names = ['events', 'live', 'secure', 'old', 'stream'].map(
        (label) => `${label}.acme-${suffix}.example.org`,
      );
      for (const name of names) {
        const response = await page.request.post('/api/domains', {
          headers: { Authorization: `Bearer ${token}` },
          data: { name },
        });
        expect(response.status(), await response.text()).toBe(201);
      }
      const now = Date.now();
      // Far-off next checks keep the server's worker from checking them again meanwhile.
      storeState(names[0]!, {
        status: 'active',
        is_default: 1,
        redirect_url: 'https://acme.example.org/',
        activated_at: new Date(now - 3 * DAY).toISOString(),
        last_checked_at: new Date(now - 2 * 3600 * 1000).toISOString(),
        next_check_at: new Date(now + 22 * 3600 * 1000).toISOString(),
      });
      storeState(names[1]!, {
        status: 'wrong_target',
        status_detail: 'old-cdn.example.net',
        last_checked_at: new Date(now - 5 * 60 * 1000).toISOString(),
        next_check_at: new Date(now + DAY).toISOString(),
      });
      storeState(names[2]!, {
        status: 'caa_blocked',
        status_detail: 'digicert.com',
        last_checked_at: new Date(now - 60 * 1000).toISOString(),
        next_check_at: new Date(now + DAY).toISOString(),
      });
      storeState(names[3]!, {
        status: 'disabled',
        disabled_reason: 'plan',
        last_checked_at: new Date(now - 8 * DAY).toISOString(),
        next_check_at: null,
      });

      await page.goto('/account/domains');
      await expect(page.getByTestId('domain')).toHaveCount(5);
      await settled(page);
      await saveScreenshot(page, `domains-list-${language}-${size}`);
      // Every state's chip and message at once: the spec sees only pending and the empty list.
      await expectAccessible(page);

      await page
        .getByRole('button', { name: language === 'en' ? 'Add domain' : 'Domain hinzufügen' })
        .first()
        .click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox').fill('not a domain');
      await dialog
        .getByRole('button', { name: language === 'en' ? 'Add domain' : 'Domain hinzufügen' })
        .click();
      await expect(dialog.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
      await settled(page);
      await page.screenshot({ path: `screenshots/domains-add-${language}-${size}.png` });
    });
  }
}

test('custom domains on the free plan, en and de, desktop', async ({ page }) => {
  const account = await registerAccount();
  await signIn(page, account);
  for (const language of ['en', 'de'] as const) {
    await useLanguage(page, language);
    await page.goto('/account/domains');
    await expect(
      page.getByRole('link', { name: language === 'en' ? 'See plans' : 'Tarife ansehen' }),
    ).toBeVisible();
    await settled(page);
    await saveScreenshot(page, `domains-free-${language}-desktop`);
  }
});
