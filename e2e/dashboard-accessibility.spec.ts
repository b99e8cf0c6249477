import type { Page } from '@playwright/test';
import {
  eventPath,
  expect,
  expectAccessible,
  mailLink,
  readMail,
  registerAccount,
  signIn,
  test,
  uniqueEmail,
  VIEWPORTS,
  type DemoEvent,
} from './fixtures.js';

/** One page per layout and navigation variant (docs/product-spec.md section 2, "Layouts"), signed in. */
const SIGNED_IN_PAGES = [
  ['default layout with event navigation', '/events/$event/general', 'General'],
  ['default layout with account navigation', '/account/profile', 'Profile'],
  ['default layout without side navigation', '/events', 'Events'],
  // The shared layout with a real guest link: e2e/messages.spec.ts.
  [
    'shared inbox with an unknown token',
    '/shared/messages/demo?token=abc',
    "You are lost. This page doesn't exist.",
  ],
  [
    'error page inside the default layout',
    '/events/$event/unknown',
    'This page could not be found',
  ],
  ['start page', '/home', /^Hello, Ada$/],
  ['account overview', '/account', 'Account'],
  ['security', '/account/security', 'Security'],
  ['settings', '/settings', 'Settings'],
  ['feedback', '/feedback', 'Feedback'],
] as const;

/** The guest pages of the centered layout. */
const GUEST_PAGES = [
  ['login', '/login', 'Sign in'],
  ['sign-up', '/register', 'Sign up'],
  ['password reset request', '/reset-password', 'Reset password'],
  ['error page', '/this/does/not/exist', 'This page could not be found'],
] as const;

type PageCheck = readonly [name: string, path: string, heading: string | RegExp];

async function checkPages(
  page: Page,
  pages: readonly PageCheck[],
  event?: DemoEvent,
): Promise<void> {
  for (const [name, template, heading] of pages) {
    const path = event ? eventPath(template, event) : template;
    await test.step(`${name} (${path})`, async () => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expectAccessible(page);
    });
  }
}

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`accessibility (${viewportName})`, () => {
    test.use({ viewport });

    test.describe('signed in', () => {
      test.use({ signedIn: true });

      // A few pages per test: one sign-in and browser context for several checks.
      for (const [index, batch] of [
        SIGNED_IN_PAGES.slice(0, 5),
        SIGNED_IN_PAGES.slice(5),
      ].entries()) {
        test(`pages ${index + 1} pass axe`, async ({ page, demoEvent }) => {
          await checkPages(page, batch, demoEvent);
        });
      }

      test('open menus and drawers pass axe', async ({ page }) => {
        await page.goto('/settings');
        await page.getByRole('button', { name: 'Toggle navigation' }).click();
        await expect(page.getByTestId('navigation-drawer')).toBeVisible();
        await expectAccessible(page);
        await page.keyboard.press('Escape');
        await expect(page.getByTestId('navigation-drawer')).toBeHidden();

        await page.getByRole('button', { name: 'Account menu' }).click();
        await expect(page.getByRole('menu')).toBeVisible();
        await expectAccessible(page);
      });

      test('forms with errors pass axe', async ({ page }) => {
        await page.goto('/account/security');
        await page.getByRole('button', { name: 'Change password' }).click();
        await expect(page.getByText('This field is required').first()).toBeVisible();
        await page.getByRole('button', { name: 'Delete account…' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Delete for good' }).click();
        await expect(page.getByRole('dialog').getByText('This field is required')).toBeVisible();
        await expectAccessible(page);
      });
    });

    test.describe('signed out', () => {
      test('guest pages pass axe', async ({ page }) => {
        await checkPages(page, GUEST_PAGES);
      });

      test('the login form with its error passes axe', async ({ page }) => {
        await page.goto('/login');
        await page.getByRole('button', { name: 'Sign in' }).click();
        await expect(page.getByText('Email not valid')).toBeVisible();
        await expectAccessible(page);
      });
    });
  });
}

test.describe('accessibility of the mail flows', () => {
  test('verify email (waiting) and reset password (new password) pass axe', async ({ page }) => {
    const account = await registerAccount({ verified: false });
    await signIn(page, account);
    await page.goto('/verify-email');
    await expect(page.getByTestId('verify-email-address')).toHaveText(account.email);
    await expectAccessible(page);

    await page.context().clearCookies();
    const email = uniqueEmail('reset');
    await registerAccount({ email });
    await page.goto('/reset-password');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.goto(
      mailLink(await readMail(email, /Reset your Livent password/), '/reset-password'),
    );
    await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('skip link', () => {
  test.use({ signedIn: true });

  test('the skip link moves focus to the content', async ({ page }) => {
    await page.goto('/events');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Events');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  });
});
