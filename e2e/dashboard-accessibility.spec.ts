import { expect, expectAccessible, test, VIEWPORTS } from './fixtures.js';

/** One page per layout and navigation variant (spec section 2, "Layouts"). */
const PAGES = [
  ['centered layout', '/login', 'Login'],
  ['default layout with event navigation', '/events/demo/general', 'General'],
  ['default layout with account navigation', '/account/profile', 'Profile'],
  ['default layout without side navigation', '/events', 'Events'],
  ['shared layout', '/shared/messages/demo?token=abc', 'Message Inbox'],
  ['error page', '/this/does/not/exist', 'This page could not be found'],
  ['error page inside the default layout', '/events/demo/unknown', 'This page could not be found'],
] as const;

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`accessibility (${viewportName})`, () => {
    test.use({ viewport });

    for (const [name, path, heading] of PAGES) {
      test(`${name} passes axe`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
        await expectAccessible(page);
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
  });
}

test('the skip link moves focus to the content', async ({ page }) => {
  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Events');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});
