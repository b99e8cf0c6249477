import { expect, saveScreenshot, test, useLanguage, VIEWPORTS } from './fixtures.js';

/** Screenshots for people to look at (not compared): each layout in both languages and sizes. */
const SHOTS = [
  ['login', '/login'],
  ['events', '/events'],
  ['event-general', '/events/demo/general'],
  ['account-profile', '/account/profile'],
  ['shared-inbox', '/shared/messages/demo?token=x'],
  ['not-found', '/this/does/not/exist'],
] as const;

for (const language of ['en', 'de'] as const) {
  for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
    test.describe(`screenshots ${language} ${viewportName}`, () => {
      test.use({ viewport });

      for (const [name, path] of SHOTS) {
        test(name, async ({ page }) => {
          await useLanguage(page, language);
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await page.evaluate(() => document.fonts.ready);
          await saveScreenshot(page, `${name}-${viewportName}-${language}`);
        });
      }
    });
  }
}
